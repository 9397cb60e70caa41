"""A worker killed (SIGKILL) in the middle of a session's analysis: a worker started again
finds the board that was being analysed (its worker stopped beating) and the rest, with no
command run by hand, and every board is analysed and written exactly once."""

from __future__ import annotations

import signal

import pytest

from referee.duplicate import analysis, services
from referee.duplicate.models import Board
from referee.jobs.models import Job, Run

from ..duplicate.test_session import tournament_of
from .workers import start_worker, stop, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_a_killed_worker_loses_no_board_and_none_is_written_twice(settings):
    settings.DUPLICATE_ANALYSIS = "queue"
    tournament, chief = tournament_of(12)
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=2, seed=7)
    jobs = Job.objects.filter(group=analysis.group_of(session.pk))
    assert jobs.count() == 8
    boards = Board.objects.filter(session=session)

    first = start_worker("first")
    try:
        # in the middle: some boards done, one being analysed
        assert wait_for(
            lambda: (
                jobs.filter(status="done").count() >= 2 and jobs.filter(status="running").exists()
            ),
            120,
        ), "the first worker never got going"
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    finally:
        if first.poll() is None:
            first.kill()
    interrupted = jobs.get(status="running")
    left = boards.filter(layout__analysis__isnull=True).count()
    assert 0 < left < 8

    second = start_worker("second")
    try:
        assert wait_for(lambda: jobs.filter(status="done").count() == 8, 120, 0.2), list(
            jobs.values_list("status", "error")
        )
    finally:
        log = stop(second)
    assert not boards.filter(layout__analysis__isnull=True).exists()
    assert analysis.session_analysis(session).done
    # exactly once: each board's runs wrote it once between them
    for job in jobs:
        assert sum(job.runs.values_list("wrote", flat=True)) == 1, job.key
    interrupted.refresh_from_db()
    outcomes = list(interrupted.runs.values_list("worker", "outcome"))
    assert outcomes == [("first", "lost"), ("second", "done")], outcomes
    assert Run.objects.filter(job__in=jobs, outcome="done", worker="second").count() >= left
    assert "Traceback" not in log, log
