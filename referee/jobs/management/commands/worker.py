"""``python manage.py worker``: a queue worker (``django_tasks_db``'s ``db_worker``) with a
heartbeat: every ``JOB_BEAT_SECONDS`` (2) a thread records that the worker is alive and
recovers the jobs of workers that are not (``queue.recover``). ``make run`` starts one beside
gunicorn; start more on any machine that reaches the database (README, *Scaling out*)."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django_tasks_db.management.commands import db_worker

from referee.jobs import queue

logger = logging.getLogger("referee.jobs")


class Heart(threading.Thread):
    def __init__(self, worker: str) -> None:
        super().__init__(name="job-heartbeat", daemon=True)
        self.worker = worker
        self.started_at = timezone.now()
        self.stopping = threading.Event()

    def run(self) -> None:
        every = float(getattr(settings, "JOB_BEAT_SECONDS", 2))
        try:
            while True:
                try:
                    queue.beat(self.worker, self.started_at)
                    again = queue.recover()
                    if again:
                        logger.info("%s job(s) queued again", again)
                except Exception:  # the database away for a moment: beat again later
                    logger.exception("heartbeat of worker %s", self.worker)
                    connection.close()
                if self.stopping.wait(every):
                    return
        finally:
            connection.close()


class Command(db_worker.Command):
    help = "Run background jobs (duplicate boards' analysis, notifications) as they come."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.set_defaults(interval=float(getattr(settings, "JOB_POLL", 0.5)))

    def handle(self, *args: Any, **options: Any) -> None:
        worker = options["worker_id"]
        heart = Heart(worker)
        queue.beat(worker, heart.started_at)
        heart.start()
        try:
            super().handle(*args, **options)
        finally:
            heart.stopping.set()
            heart.join(timeout=5)
            stop(worker)


def stop(worker: str) -> None:
    """Say the worker stopped. The stop signal may have landed inside a statement (SQLite's
    ``BEGIN`` when the queue's worker takes its next task), leaving the connection in a
    transaction Django does not know of: the beat is deleted on a fresh connection (it
    failed with "cannot start a transaction within a transaction", the beat left behind)."""
    if not connection.in_atomic_block:
        connection.close()
    queue.stopped(worker)
