"""Where the queue's one task was first defined: tasks queued by an earlier version name
``referee.jobs.tasks.run_job``, so the name stays importable here. The task is
``queue.run_job`` (defined beside what it runs, so the queue and its task do not import each
other)."""

from __future__ import annotations

from .queue import run_job

__all__ = ["run_job"]
