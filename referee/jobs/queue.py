"""Submitting, running and recovering jobs (``models.Job``) on Django's tasks API.

* ``submit(kind, key, args, group)`` makes the job once per key and enqueues its task in the
  same transaction (the database backend: the job and its task commit together or not at all).
* The task (``run_job``) claims the job with a conditional update, so a task delivered
  twice, or two workers, run it once; the handler (``handler(kind)``) does the work and says
  how many rows it wrote. Handlers are idempotent: the same board analysed twice writes once.
* A failure is retried after ``JOB_RETRY_SECONDS`` × attempt, up to ``JOB_ATTEMPTS`` (3)
  attempts; then the job is *failed* with its reason until ``retry`` queues it again, and its
  kind's ``gave_up`` hook, if any, is told.
* ``recover()`` (each worker calls it every beat) queues again a job whose worker stopped
  beating (killed, its machine lost) and a queued job whose task is gone: nothing to run by hand.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django_tasks import TaskContext, task

from .models import Beat, Job, Run

logger = logging.getLogger("referee.jobs")

Handler = Callable[[dict[str, Any]], int]
_HANDLERS: dict[str, Handler] = {}
GiveUp = Callable[[dict[str, Any], str, int], None]
_GAVE_UP: dict[str, GiveUp] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    """Register the function that does jobs of ``kind``: it takes the job's args and returns
    how many rows it wrote (0 when the work was already done)."""

    def register(function: Handler) -> Handler:
        _HANDLERS[kind] = function
        return function

    return register


def gave_up(kind: str) -> Callable[[GiveUp], GiveUp]:
    """Register what to do when a job of ``kind`` fails for good (its last attempt failed,
    or its worker was lost on it): called with the job's args, the reason and the attempts,
    e.g. the letters mark theirs *failed* for the chief."""

    def register(function: GiveUp) -> GiveUp:
        _GAVE_UP[kind] = function
        return function

    return register


def _give_up(job: Job, reason: str) -> None:
    function = _GAVE_UP.get(job.kind)
    if function is None:
        return
    try:
        function(job.args, reason, job.attempts)
    except Exception:  # the job is failed whatever its owner makes of it
        logger.exception("job %s: its give-up hook failed", job.key)


@handler("jobs.noop")
def _noop(args: dict[str, Any]) -> int:
    """A trivial job for the benchmark and the tests (``bench/queue.py``)."""
    if args.get("fail"):
        raise RuntimeError(str(args["fail"]))
    if args.get("seconds"):
        import time

        time.sleep(float(args["seconds"]))
    return 1


def attempts_allowed() -> int:
    return int(getattr(settings, "JOB_ATTEMPTS", 3))


def worker_timeout() -> float:
    return float(getattr(settings, "JOB_WORKER_TIMEOUT", 15))


def _enqueue(job: Job, delay: float = 0) -> None:
    task = run_job
    if delay > 0:
        task = run_job.using(run_after=timezone.now() + timedelta(seconds=delay))
    result = task.enqueue(job.pk)
    Job.objects.filter(pk=job.pk).update(task_id=str(result.id), queued_at=timezone.now())
    job.task_id = str(result.id)


def submit(kind: str, key: str, args: dict[str, Any] | None = None, group: str = "") -> Job:
    """The job of ``key``, made and enqueued if it is new (the same key again is the same
    job, whatever its state: a done job is not done again)."""
    if kind not in _HANDLERS:
        raise ValueError(f"no handler for jobs of kind {kind!r}")
    with transaction.atomic():
        job, created = Job.objects.get_or_create(
            key=key,
            defaults={
                "kind": kind,
                "args": args or {},
                "group": group,
                "queued_at": timezone.now(),
            },
        )
        if created:
            _enqueue(job)
    return job


def submit_many(kind: str, jobs: Iterable[tuple[str, dict[str, Any]]], group: str = "") -> int:
    """Several jobs of one kind; how many were new."""
    made = 0
    for key, args in jobs:
        before = Job.objects.filter(key=key).exists()
        submit(kind, key, args, group)
        made += not before
    return made


def retry(job_id: int) -> bool:
    """Queue a failed job again, its attempts counted afresh (the chief's *Retry*)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id, status=Job.Status.FAILED).first()
        if job is None:
            return False
        Job.objects.filter(pk=job.pk).update(status=Job.Status.QUEUED, attempts=0, worker="")
        _enqueue(job)
    return True


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def execute(job_id: int, worker: str) -> str:
    """Run the job once if it is queued: claim, do, record. What happened, in a word."""
    now = timezone.now()
    with transaction.atomic():
        claimed = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, worker=worker, attempts=F("attempts") + 1
        )
        if not claimed:
            return "skipped"  # done, running elsewhere or failed: the task was a duplicate
        job = Job.objects.get(pk=job_id)
        run = Run.objects.create(job=job, attempt=job.attempts, worker=worker, started_at=now)
    try:
        function = _HANDLERS[job.kind]
        wrote = function(job.args)
    except Exception as error:
        reason = _reason(error)
        logger.warning("job %s attempt %s failed: %s", job.key, job.attempts, reason)
        with transaction.atomic():
            Run.objects.filter(pk=run.pk).update(
                outcome=Run.Outcome.FAILED, finished_at=timezone.now(), error=reason
            )
            mine = Job.objects.filter(pk=job.pk, status=Job.Status.RUNNING, worker=worker)
            if job.attempts >= attempts_allowed():
                if mine.update(
                    status=Job.Status.FAILED, error=reason, worker="", finished_at=timezone.now()
                ):
                    _give_up(job, reason)
            elif mine.update(status=Job.Status.QUEUED, error=reason, worker=""):
                delay = float(getattr(settings, "JOB_RETRY_SECONDS", 5)) * job.attempts
                _enqueue(job, delay)
        return "failed"
    with transaction.atomic():
        Run.objects.filter(pk=run.pk).update(
            outcome=Run.Outcome.DONE, finished_at=timezone.now(), wrote=wrote
        )
        Job.objects.filter(pk=job.pk, status=Job.Status.RUNNING, worker=worker).update(
            status=Job.Status.DONE, error="", worker="", finished_at=timezone.now()
        )
    return "done"


def beat(worker: str, started_at: Any = None) -> None:
    """The worker is alive (``Beat``)."""
    now = timezone.now()
    Beat.objects.update_or_create(
        worker=worker,
        defaults={"seen_at": now, "host": socket.gethostname()[:255], "pid": os.getpid()},
        create_defaults={
            "seen_at": now,
            "started_at": started_at or now,
            "host": socket.gethostname()[:255],
            "pid": os.getpid(),
        },
    )


def stopped(worker: str) -> None:
    """The worker stopped cleanly: its beat goes."""
    Beat.objects.filter(worker=worker).delete()


def _lost_task(task_id: str) -> None:
    """The queue's row of a task whose worker died stays *running*: close it as failed."""
    from django_tasks_db.models import DBTaskResult

    if task_id:
        DBTaskResult.objects.filter(id=task_id, status="RUNNING").update(
            status="FAILED",
            finished_at=timezone.now(),
            exception_class_path="referee.jobs.WorkerLost",
            traceback="the worker stopped beating while it ran this task",
        )


def recover() -> int:
    """Queue again the jobs of workers that stopped beating, and queued jobs whose task is
    no longer waiting in the queue; how many. Safe to run from every worker at once."""
    from django_tasks_db.models import DBTaskResult

    now = timezone.now()
    cutoff = now - timedelta(seconds=worker_timeout())
    live = set(Beat.objects.filter(seen_at__gte=cutoff).values_list("worker", flat=True))
    again = 0
    for job in Job.objects.filter(status=Job.Status.RUNNING).exclude(worker__in=live):
        with transaction.atomic():
            mine = Job.objects.filter(pk=job.pk, status=Job.Status.RUNNING, worker=job.worker)
            reason = f"the worker {job.worker} stopped (killed or its machine lost)"
            Run.objects.filter(job=job, worker=job.worker, outcome=Run.Outcome.RUNNING).update(
                outcome=Run.Outcome.LOST, finished_at=now, error=reason
            )
            _lost_task(job.task_id)
            if job.attempts >= attempts_allowed():
                if mine.update(status=Job.Status.FAILED, error=reason, worker="", finished_at=now):
                    _give_up(job, reason)
            elif mine.update(status=Job.Status.QUEUED, worker="", error=reason):
                _enqueue(job)
                again += 1
    waiting = set(
        DBTaskResult.objects.filter(status="READY").values_list("id", flat=True).iterator()
    )
    waiting_ids = {str(w) for w in waiting}
    stale = Job.objects.filter(status=Job.Status.QUEUED, queued_at__lt=cutoff)
    for job in stale.exclude(task_id__in=waiting_ids):
        with transaction.atomic():
            if Job.objects.filter(
                pk=job.pk, status=Job.Status.QUEUED, task_id=job.task_id
            ).exists():
                _enqueue(job)
                again += 1
    Beat.objects.filter(seen_at__lt=now - timedelta(days=1)).delete()
    return again


def drain(worker: str = "inline") -> int:
    """Run every task waiting in the queue in this process, until none is left; how many.
    For the tests and ``manage.py run_jobs --now``: workers do this in production."""
    from django_tasks_db.management.commands.db_worker import Worker
    from django_tasks_db.models import DBTaskResult

    runner = Worker(
        queue_names=["*"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker,
        excluded_queue_names=[],
    )
    done = 0
    while True:
        with transaction.atomic():
            found = DBTaskResult.objects.ready().get_locked()
            if found is None:
                return done
            found.claim(worker)
        runner.run_task(found)
        done += 1


@dataclass(frozen=True)
class Progress:
    """A group's jobs by state."""

    total: int
    done: int
    failed: int
    running: int
    queued: int

    @property
    def finished(self) -> bool:
        return self.done + self.failed == self.total


def progress(group: str) -> Progress:
    counts = Job.objects.filter(group=group).aggregate(
        total=Count("pk"),
        done=Count("pk", filter=Q(status=Job.Status.DONE)),
        failed=Count("pk", filter=Q(status=Job.Status.FAILED)),
        running=Count("pk", filter=Q(status=Job.Status.RUNNING)),
        queued=Count("pk", filter=Q(status=Job.Status.QUEUED)),
    )
    return Progress(**counts)


@task(takes_context=True)
def run_job(context: TaskContext, job_id: int) -> str:
    """The one task on the queue: "run job N" (``execute``). Everything a job is lives in
    ``models.Job``; the queue only carries its id to a worker."""
    ids = context.task_result.worker_ids
    return execute(job_id, ids[-1] if ids else "unknown")
