"""A job: one unit of background work with a key that makes it once-only, its state as the
pages show it, and each attempt at it (``Run``); and each worker's heartbeat (``Beat``).

The queue (``django_tasks_db``'s ``DBTaskResult``) only carries "run job 17" to a worker;
what the job is, whether it is done, how often it was tried and why it failed is here, so a
task lost with a killed worker, or enqueued twice, never loses the job nor does it twice."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Job(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    #: the handler's name (``queue.handler``), e.g. ``duplicate.analyse_board``
    kind = models.CharField(max_length=40)
    #: unique: submitting the same key again is the same job (``duplicate.analyse_board:17``)
    key = models.CharField(max_length=120, unique=True)
    #: what the job belongs to, for progress (``duplicate.session:3``)
    group = models.CharField(max_length=120, db_index=True, blank=True)
    args = models.JSONField(default=dict)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    #: the last failure's reason (the exception's class and message)
    error = models.TextField(blank=True)
    #: the worker running it (``Beat.worker``) while running
    worker = models.CharField(max_length=64, blank=True)
    #: the queue's task carrying it (a ``DBTaskResult`` id)
    task_id = models.CharField(max_length=64, blank=True)
    queued_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")
        indexes = [models.Index(fields=["status", "queued_at"])]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"


class Run(models.Model):
    """One attempt at a job by one worker: how it ended and what it wrote."""

    class Outcome(models.TextChoices):
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")
        LOST = "lost", _("worker lost")

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="runs")
    attempt = models.PositiveSmallIntegerField()
    worker = models.CharField(max_length=64)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, default=Outcome.RUNNING)
    #: rows the handler wrote (0 when it found its work already done)
    wrote = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["job", "attempt"]

    def __str__(self) -> str:
        return f"{self.job_id}#{self.attempt} {self.outcome}"


class Beat(models.Model):
    """A worker's heartbeat: a running job whose worker has not beaten for
    ``JOB_WORKER_TIMEOUT`` seconds is queued again (``queue.recover``)."""

    worker = models.CharField(max_length=64, primary_key=True)
    host = models.CharField(max_length=255, blank=True)
    pid = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField()
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.worker}@{self.host}:{self.pid}"


class JobFile(models.Model):
    """The file a job made (a long export, ``referee.exports.jobs``): its bytes, its name
    and kind, until it expires (``EXPORT_KEEP_SECONDS``: the job goes with it)."""

    job = models.OneToOneField(Job, on_delete=models.CASCADE, related_name="file")
    name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    content = models.BinaryField()
    made_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.name} ({len(self.content)} bytes)"
