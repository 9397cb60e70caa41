"""The one task on the queue: "run job N" (``queue.execute``). Everything a job is lives in
``models.Job``; the queue only carries its id to a worker."""

from __future__ import annotations

from django_tasks import TaskContext, task

from . import queue


@task(takes_context=True)
def run_job(context: TaskContext, job_id: int) -> str:
    ids = context.task_result.worker_ids
    return queue.execute(job_id, ids[-1] if ids else "unknown")
