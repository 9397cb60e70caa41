"""A finished tournament's public result, as the cups read it, computed by a background job
(issue 32) and kept, so that a series page reads it rather than working out every
tournament's standings again.

When anything is logged about a finished tournament that belongs to a series (finishing it,
a correction, publishing), a job (``series.tournament_results``) computes its result
(``published.published_results``) once the change commits, keyed by the tournament and the
data's version (its latest action-log entry), and keeps it as JSON (``jobs.JobFile``), the
older versions' going. A series page reads the kept results of the current versions and
works out in the request only those it lacks (a running tournament, a result not made
yet): the page is always right, and fast once the workers have done their part. A GET
changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.db.models.signals import post_save
from django.utils import timezone

from referee.jobs import queue
from referee.jobs.models import Job, JobFile
from referee.jobs.queue import handler
from referee.tournaments.models import ActionLog, Tournament

from .models import SeriesTournament
from .published import Published, published_results

JOB_KIND = "series.tournament_results"
Compute = Callable[[Sequence[Tournament]], dict[int, Any]]


def versions(tournaments: Sequence[Tournament]) -> dict[int, int]:
    """Each tournament's latest action-log entry (0: none), in one query."""
    log = ActionLog.objects.filter(tournament__in=[t.pk for t in tournaments])
    log = log.exclude(action__startswith="export.")
    found = dict(
        log.values("tournament").annotate(last=Max("pk")).values_list("tournament", "last")
    )
    return {t.pk: int(found.get(t.pk) or 0) for t in tournaments}


def key_of(tournament_id: int, version: int) -> str:
    return f"{JOB_KIND}:{tournament_id}:{version}"


def group_of(tournament_id: int) -> str:
    return f"series.results:{tournament_id}"


def dumps(found: Any) -> bytes:
    """A ``published.Published`` as JSON (None: the tournament shows no result yet)."""
    if found is None:
        return b"null"
    body = {
        "places": {str(k): list(v) for k, v in found.places.items()},
        "points": {str(k): str(v) for k, v in found.points.items()},
        "players": {str(k): v for k, v in found.players.items()},
    }
    return json.dumps(body, sort_keys=True).encode()


def loads(raw: bytes) -> Any:
    body = json.loads(raw)
    if body is None:
        return None
    return Published(
        {int(k): (int(v[0]), int(v[1])) for k, v in body["places"].items()},
        {int(k): Fraction(v) for k, v in body["points"].items()},
        {int(k): int(v) for k, v in body["players"].items()},
    )


def results_of(tournaments: Sequence[Tournament], compute: Compute) -> dict[int, Any]:
    """Each tournament's public result, by id (left out while it shows none): kept ones as
    kept, the others by ``compute`` in the request."""
    current = versions(tournaments)
    keys = {key_of(pk, version): pk for pk, version in current.items()}
    kept: dict[int, Any] = {}
    for file in (
        JobFile.objects.filter(job__key__in=list(keys), job__status=Job.Status.DONE)
        .only("content", "job__key")
        .select_related("job")
    ):
        kept[keys[file.job.key]] = loads(bytes(file.content))
    missing = [t for t in tournaments if t.pk not in kept]
    out = {pk: found for pk, found in kept.items() if found is not None}
    out.update(compute(missing) if missing else {})
    return out


@handler(JOB_KIND)
def _compute(args: dict[str, Any]) -> int:
    """Compute and keep one tournament's result at one version; the older versions go."""
    job = Job.objects.get(key=args["key"])
    if JobFile.objects.filter(job=job).exists():
        return 0
    tournament = Tournament.objects.get(pk=args["tournament"])
    found = published_results([tournament]).get(tournament.pk)
    JobFile.objects.get_or_create(
        job=job,
        defaults={
            "name": f"{tournament.slug}-series-result.json",
            "content_type": "application/json",
            "content": dumps(found),
            "made_at": timezone.now(),
        },
    )
    older = Job.objects.filter(kind=JOB_KIND, group=group_of(tournament.pk)).exclude(pk=job.pk)
    older.filter(status=Job.Status.DONE).delete()
    return 1


def recompute(tournament_id: int) -> Job | None:
    """Queue the tournament's result at its current version if it counts for a series."""
    if not SeriesTournament.objects.filter(tournament_id=tournament_id).exists():
        return None
    tournament = Tournament(pk=tournament_id)
    key = key_of(tournament_id, versions([tournament])[tournament_id])
    args = {"tournament": tournament_id, "key": key}
    return queue.submit(JOB_KIND, key, args, group=group_of(tournament_id))


def _logged(sender: Any, instance: ActionLog, created: bool, **kwargs: Any) -> None:
    """A change of a finished tournament: its result again, once the change commits (a
    running tournament's is worked out on read; its deals cost nothing more here)."""
    if not created or instance.action.startswith("export."):
        return
    tournament = instance.tournament  # the service's own object: no query
    if tournament.status != Tournament.Status.FINISHED:
        return
    pk = tournament.pk
    transaction.on_commit(lambda: recompute(pk))


def connect() -> None:
    post_save.connect(_logged, sender=ActionLog, dispatch_uid="series.stored")
