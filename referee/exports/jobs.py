"""Long exports (issue 32): a file that takes longer than a page should wait (a large
tournament's workbook, its standings and federation printouts) is rendered by the queue's
workers (``referee.jobs``) and kept (``JobFile``) for its readers.

One job per key: the exporter, its format, the tournament, the parameters, who reads it
(the public all share one file; an official's file is his own, holding what only the
officials see), the data's version (the tournament's latest action-log entry: any change —
a deal, a correction, publishing a round — makes a new file) and the day (a printout says
the day it was printed). Asking again for the same file is the same job; once done, its
download is the file. A job failing three times is *failed* with its reason until the chief
retries it. Files expire after ``EXPORT_KEEP_SECONDS`` (a day), their jobs with them."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone

from referee.core.errors import NotAllowed
from referee.core.permissions import is_official, may_manage
from referee.jobs import queue
from referee.jobs.models import Job, JobFile
from referee.jobs.queue import handler
from referee.tournaments.log import log_action
from referee.tournaments.models import ActionLog, Tournament

from . import registry
from .refusals import CHIEF_ONLY
from .registry import Exporter, Reading

JOB_KIND = "exports.render"
#: how far a job's bar stands in each state (one job has no finer progress)
PERCENT: dict[str, int] = {"queued": 10, "running": 50, "done": 100}


def data_version(tournament: Tournament) -> int:
    """The tournament's latest action-log entry: every service logs each change (retrying
    an export is no change of its data)."""
    log = ActionLog.objects.filter(tournament=tournament).exclude(action__startswith="export.")
    latest = log.order_by("-pk").values("pk").first()
    return int(latest["pk"]) if latest else 0


def sight(user: Any, tournament: Tournament) -> str:
    """Whose file: the public's (one for all) or this official's own."""
    return f"user:{user.pk}" if is_official(user, tournament) else "public"


def _plain(objects: Any) -> dict[str, int]:
    return {k: v for k, v in objects.items() if isinstance(v, int)}


def job_key(exporter: Exporter, reading: Reading) -> str:
    tournament = reading.subject
    described = json.dumps(
        [
            exporter.identifier,
            reading.format,
            tournament.pk,
            _plain(reading.objects),
            dict(sorted(reading.query.items())),
            sight(reading.user, tournament),
            data_version(tournament),
            timezone.localdate().isoformat(),  # a printout says the day it was printed
        ],
        sort_keys=True,
    )
    return "export:" + hashlib.sha256(described.encode()).hexdigest()[:40]


def group_of(tournament: Tournament) -> str:
    return f"exports:{tournament.pk}"


def expire() -> int:
    """Delete the export jobs finished longer than ``EXPORT_KEEP_SECONDS`` ago, with their
    files; how many."""
    keep = float(getattr(settings, "EXPORT_KEEP_SECONDS", 24 * 3600))
    cutoff = timezone.now() - timedelta(seconds=keep)
    old = Job.objects.filter(kind=JOB_KIND, finished_at__lt=cutoff)
    return int(old.delete()[1].get("jobs.Job", 0))


def current(exporter: Exporter, reading: Reading) -> Job | None:
    """This reader's job for this file and data, if one was started."""
    return Job.objects.filter(key=job_key(exporter, reading)).first()


def start(exporter: Exporter, reading: Reading, url: str) -> Job:
    """The job rendering this file for this reader, started unless it exists (the same
    file asked again is the same job, whatever its state); ``url`` is its download."""
    expire()
    user = reading.user
    args = {
        "exporter": exporter.identifier,
        "format": reading.format,
        "tournament": reading.subject.pk,
        "user": user.pk if getattr(user, "is_authenticated", False) else None,
        "objects": _plain(reading.objects),
        "query": dict(reading.query),
        "url": url,
    }
    args["key"] = key = job_key(exporter, reading)
    return queue.submit(JOB_KIND, key, args, group=group_of(reading.subject))


def _reading_of(args: dict[str, Any]) -> tuple[Exporter, Reading]:
    exporter = registry.find(args["exporter"])
    if exporter is None:
        raise LookupError(f"no exporter {args['exporter']!r}")
    tournament = Tournament.objects.select_related("chief_referee").get(pk=args["tournament"])
    user: Any = AnonymousUser()
    if args.get("user"):
        user = get_user_model().objects.get(pk=args["user"])
    reading = Reading(tournament, user, args["format"], args["objects"], args["query"])
    return exporter, reading


@handler(JOB_KIND)
def render(args: dict[str, Any]) -> int:
    """Render the file and keep it: 1 if written, 0 if its job had one already."""
    exporter, reading = _reading_of(args)
    job = Job.objects.get(key=args["key"])
    if JobFile.objects.filter(job=job).exists():
        return 0
    output = exporter.build(reading)
    content_type = registry.FORMATS[reading.format].content_type
    _, made = JobFile.objects.get_or_create(
        job=job,
        defaults={
            "name": output.name,
            "content_type": content_type,
            "content": output.content,
            "made_at": timezone.now(),
        },
    )
    return int(made)


def file_of(job: Job) -> JobFile | None:
    if job.status != Job.Status.DONE:
        return None
    return JobFile.objects.filter(job=job).first()


def state(job: Job, user: Any, tournament: Tournament, retry_url: str) -> dict[str, Any]:
    """What the waiting page and the API show: the state, how far, the download once done,
    and a failure's reason (to the officials) with the chief's retry."""
    failed = job.status == Job.Status.FAILED
    official = is_official(user, tournament)
    return {
        "status": job.status,
        "percent": PERCENT.get(job.status, 0),
        "attempts": job.attempts,
        "done": job.status == Job.Status.DONE,
        "download": job.args.get("url", "") if job.status == Job.Status.DONE else "",
        "error": job.error if failed and official else "",
        "retry": retry_url if failed and may_manage(user, tournament) else "",
    }


def retry(tournament: Tournament, user: Any, job_id: int) -> bool:
    """The chief queues a failed export of his tournament again (False: no such failed
    job: nothing changes)."""
    if not may_manage(user, tournament):
        raise NotAllowed(str(CHIEF_ONLY))
    with transaction.atomic():
        job = Job.objects.filter(pk=job_id, kind=JOB_KIND, group=group_of(tournament)).first()
        if job is None or job.status != Job.Status.FAILED:
            return False
        log_action(tournament, user, "export.retried", str(job.args.get("exporter", "")))
        return queue.retry(job.pk)
