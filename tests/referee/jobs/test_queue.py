"""The job queue (``referee.jobs``) in one process: a job made once per key, run once however
often its task is delivered, retried on failure and *failed* after three attempts with its
reason until retried, and queued again when its worker stops beating."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from referee.jobs import queue
from referee.jobs.models import Beat, Job, Run

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_retry_wait(settings):
    settings.JOB_RETRY_SECONDS = 0


def test_a_key_is_one_job_and_one_task_and_runs_once():
    first = queue.submit("jobs.noop", "noop:1", group="g")
    again = queue.submit("jobs.noop", "noop:1", group="g")
    assert first.pk == again.pk
    assert DBTaskResult.objects.count() == 1
    assert queue.progress("g").queued == 1
    assert queue.drain() == 1
    job = Job.objects.get()
    assert (job.status, job.attempts, job.error) == ("done", 1, "")
    assert list(Run.objects.values_list("outcome", "wrote")) == [("done", 1)]
    assert queue.progress("g") == queue.Progress(1, 1, 0, 0, 0)
    # the same task delivered twice, or the key submitted after it is done: nothing more
    assert queue.execute(job.pk, "another") == "skipped"
    queue.submit("jobs.noop", "noop:1")
    assert queue.drain() == 0 and Run.objects.count() == 1


def test_a_job_failing_three_times_is_failed_with_its_reason_until_retried():
    job = queue.submit("jobs.noop", "noop:bad", {"fail": "the solver ran out of memory"})
    assert queue.drain() == 3  # the first attempt and two retries
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("failed", 3)
    assert job.error == "RuntimeError: the solver ran out of memory"
    assert list(Run.objects.values_list("attempt", "outcome")) == [
        (1, "failed"),
        (2, "failed"),
        (3, "failed"),
    ]
    assert queue.progress("").failed == 1
    Job.objects.filter(pk=job.pk).update(args={})  # mended
    assert queue.retry(job.pk) is True
    assert queue.retry(job.pk) is False  # queued already: not failed
    assert queue.drain() == 1
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error) == ("done", 1, "")


def test_a_retry_waits_its_delay(settings):
    settings.JOB_RETRY_SECONDS = 60
    queue.submit("jobs.noop", "noop:later", {"fail": "once"})
    assert queue.drain() == 1
    task = DBTaskResult.objects.get(status="READY")
    assert task.run_after > timezone.now() + timedelta(seconds=50)
    assert queue.drain() == 0


def test_a_job_whose_worker_stopped_beating_is_queued_again(settings):
    settings.JOB_WORKER_TIMEOUT = 10
    job = queue.submit("jobs.noop", "noop:lost")
    task = DBTaskResult.objects.get()
    task.claim("dead")
    long_ago = timezone.now() - timedelta(seconds=60)
    Beat.objects.create(worker="dead", started_at=long_ago, seen_at=long_ago)
    queue.beat("alive")
    # the dead worker had claimed the job and begun it
    Job.objects.filter(pk=job.pk).update(status="running", worker="dead", attempts=1)
    Run.objects.create(job=job, attempt=1, worker="dead", started_at=long_ago)
    assert queue.recover() == 1
    job.refresh_from_db()
    assert (job.status, job.worker) == ("queued", "")
    assert "stopped" in job.error
    assert Run.objects.get().outcome == "lost"
    task.refresh_from_db()
    assert task.status == "FAILED"  # the queue's row of the lost task is closed
    assert queue.recover() == 0  # once
    assert queue.drain() == 1
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)


def test_a_running_job_of_a_live_worker_is_left_alone():
    job = queue.submit("jobs.noop", "noop:busy")
    queue.beat("busy")
    Job.objects.filter(pk=job.pk).update(status="running", worker="busy", attempts=1)
    assert queue.recover() == 0
    assert Job.objects.get().status == "running"


def test_a_queued_job_whose_task_is_gone_is_enqueued_again(settings):
    settings.JOB_WORKER_TIMEOUT = 10
    job = queue.submit("jobs.noop", "noop:orphan")
    DBTaskResult.objects.all().delete()  # a backend lost it
    assert queue.recover() == 0  # young: its task may be on the way
    Job.objects.filter(pk=job.pk).update(queued_at=timezone.now() - timedelta(seconds=60))
    assert queue.recover() == 1
    assert queue.drain() == 1
    assert Job.objects.get().status == "done"


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        queue.submit("nobody.does.this", "x")


@pytest.mark.django_db(transaction=True)
def test_a_worker_stopped_inside_a_statement_still_says_so():
    """The stop signal landed in the queue's ``BEGIN`` (SQLite): the connection holds a
    transaction Django does not know of, and the worker's beat is deleted all the same."""
    from django.db import connection

    from referee.jobs.management.commands.worker import stop

    now = timezone.now()
    Beat.objects.create(worker="w1", started_at=now, seen_at=now)
    connection.ensure_connection()
    raw = connection.connection.cursor()  # past Django: it still thinks autocommit
    raw.execute("BEGIN")
    raw.close()
    stop("w1")
    assert not Beat.objects.filter(worker="w1").exists()


def test_the_queue_renews_no_public_page(django_capture_on_commit_callbacks):
    """A worker beats every two seconds; each beat renewed every page of every tournament
    (the "meta" counter) before the queue's rows were its own."""
    from referee.core import versions

    before = versions.tokens(["meta", "players"])
    with django_capture_on_commit_callbacks(execute=True):
        queue.beat("w1")
        queue.beat("w1")
        queue.submit("jobs.noop", "noop:renews", {})
        assert queue.drain() == 1
    assert versions.tokens(["meta", "players"]) == before
