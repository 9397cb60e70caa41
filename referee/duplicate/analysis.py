"""Each board's double-dummy table (issue 23: ``scoring.dd``): for each hand as declarer and
each strain the most tricks he takes with his best discard against the best defence, and
whether his misère holds; computed once per board and kept on its cards (``Board.layout``,
``tables.Layout``: the one store of double-dummy results, which the evidence of the deals
that play the board reads too).

A session's boards are analysed by the queue's workers (``referee.jobs``, ``manage.py
worker``): one job a board, made in the transaction that creates the session, retried on
failure, queued again when its worker dies, and idempotent (a board is written once, however
often its job runs). A board takes about half a second; the pages say "being computed"
meanwhile and the chief's page shows the progress; the pages never compute one themselves."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction

from referee.core import versions
from referee.jobs import queue
from referee.jobs.models import Job
from referee.jobs.queue import handler
from referee.tables.layouts import table_of
from referee.tables.models import Layout

from .models import Board, Session

JOB_KIND = "duplicate.analyse_board"

logger = logging.getLogger("referee.duplicate.analysis")


def analysis_of(text: str) -> dict[str, Any]:
    """The board's table as kept: ``tables.layouts.table_of``, the one function that works
    out a layout's double-dummy results."""
    return table_of(text)


def analyse_board(board_id: int) -> int:
    """Compute one board's table and keep it on its layout, unless it is kept already: 1 if
    written, else 0 (the same board analysed twice writes once)."""
    layout = Layout.objects.filter(board__pk=board_id, analysis__isnull=True).first()
    if layout is None:
        return 0
    found = analysis_of(layout.text)
    written = Layout.objects.filter(pk=layout.pk, analysis__isnull=True).update(analysis=found)
    board = Board.objects.filter(pk=board_id).values_list("session__tournament__slug")
    if written and (slug := board.first()):
        # the pages that show it (the session's downloads, the protocols of the tables that
        # played the board) are kept by the tournament's counters; the queue's rows bump none
        versions.bump([f"data:{slug[0]}", f"struct:{slug[0]}"])
    return written


@handler(JOB_KIND)
def _analyse_job(args: dict[str, Any]) -> int:
    return analyse_board(int(args["board"]))


def analyse_boards(session_id: int | None = None) -> int:
    """Analyse every board (of one session, or of all) that has no table yet; how many."""
    boards = Board.objects.filter(layout__analysis__isnull=True)
    if session_id is not None:
        boards = boards.filter(session_id=session_id)
    return sum(analyse_board(pk) for pk in boards.order_by("pk").values_list("pk", flat=True))


def group_of(session_id: int) -> str:
    return f"duplicate.session:{session_id}"


def enqueue_boards(session_id: int) -> int:
    """One job a board of the session not analysed yet (``referee.jobs``); how many new."""
    boards = Board.objects.filter(session_id=session_id, layout__analysis__isnull=True).order_by(
        "pk"
    )
    return queue.submit_many(
        JOB_KIND,
        ((f"{JOB_KIND}:{pk}", {"board": pk}) for pk in boards.values_list("pk", flat=True)),
        group=group_of(session_id),
    )


@dataclass(frozen=True)
class SessionAnalysis:
    """How far a session's boards are analysed, and the jobs that failed (their reasons)."""

    boards: int
    analysed: int
    failed: list[dict[str, Any]]

    @property
    def done(self) -> bool:
        return self.analysed == self.boards

    def as_json(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "analysed": self.analysed,
            "done": self.done,
            "failed": self.failed,
        }


def session_analysis(session: Session) -> SessionAnalysis:
    boards = dict(Board.objects.filter(session=session).values_list("pk", "number"))
    analysed = Board.objects.filter(session=session, layout__analysis__isnull=False).count()
    failed: list[dict[str, Any]] = [
        {
            "board": boards.get(job.args.get("board"), 0),
            "job": job.pk,
            "error": job.error,
            "attempts": job.attempts,
        }
        for job in Job.objects.filter(group=group_of(session.pk), status=Job.Status.FAILED)
    ]
    failed.sort(key=lambda row: int(row["board"]))
    return SessionAnalysis(len(boards), analysed, failed)


def retry_board(session: Session, job_id: int) -> bool:
    """Queue a failed board's job again (the chief's *Retry*)."""
    if not Job.objects.filter(pk=job_id, group=group_of(session.pk)).exists():
        return False
    return queue.retry(job_id)


def schedule_analysis(session: Session) -> None:
    """Analyse the session's boards: one job a board on the queue, made in the session's
    transaction (``DUPLICATE_ANALYSIS = "queue"``, the default; a worker does them), at once
    on commit (``"now"``), or not (``"off"``: ``manage.py analyse_boards`` does it)."""
    mode = getattr(settings, "DUPLICATE_ANALYSIS", "queue")
    if mode == "now":
        transaction.on_commit(lambda: analyse_boards(session.pk))
    elif mode in ("queue", "background"):
        enqueue_boards(session.pk)
