"""Each board's double-dummy table (issue 23: ``scoring.dd``): for each hand as declarer and
each strain the most tricks he takes with his best discard against the best defence, and
whether his misère holds; computed once per board and kept on it (``Board.analysis``).

A session's boards are analysed after its creation commits, in a thread of the process that
created it (a board takes about half a second; the pages say "being analysed" meanwhile);
``python manage.py analyse_boards`` does any the thread did not finish (a restart between),
and the pages never compute one themselves."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from scoring.board import parse_board
from scoring.cards import cards_text
from scoring.dd import board_table
from scoring.model import STRAINS

from .models import Board, Session

logger = logging.getLogger("referee.duplicate.analysis")


def analysis_of(text: str) -> dict[str, Any]:
    """The board's table as kept: per hand ("1"-"3"), tricks and best discard per strain,
    and the misère (holds, with which discard)."""
    table = board_table(parse_board(text))
    return {
        "tricks": {
            str(hand): {strain: table.tricks[(hand, strain)].tricks for strain in STRAINS}
            for hand in (1, 2, 3)
        },
        "discards": {
            str(hand): {
                strain: cards_text(table.tricks[(hand, strain)].discard) for strain in STRAINS
            }
            for hand in (1, 2, 3)
        },
        "misere": {str(hand): table.misere[hand].tricks == 0 for hand in (1, 2, 3)},
    }


def analyse_boards(session_id: int | None = None) -> int:
    """Analyse every board (of one session, or of all) that has no table yet; how many."""
    boards = Board.objects.filter(analysis__isnull=True)
    if session_id is not None:
        boards = boards.filter(session_id=session_id)
    done = 0
    for board in boards.order_by("pk").only("pk", "text"):
        found = analysis_of(board.text)
        Board.objects.filter(pk=board.pk, analysis__isnull=True).update(analysis=found)
        done += 1
    return done


def _in_thread(session_id: int) -> None:
    try:
        analyse_boards(session_id)
    except Exception:  # the command finishes what the thread could not
        logger.exception("boards of duplicate session %s not analysed", session_id)
    finally:
        connection.close()  # this thread's own connection


def after_commit(session: Session) -> None:
    """Analyse the session's boards once its creation commits: in a thread (the setting
    ``DUPLICATE_ANALYSIS = "background"``, the default), at once on commit (``"now"``), or
    not (``"off"``: the command does it; the suite's default)."""
    mode = getattr(settings, "DUPLICATE_ANALYSIS", "background")
    if mode == "now":
        transaction.on_commit(lambda: analyse_boards(session.pk))
        return
    if mode != "background":
        return

    def start() -> None:
        threading.Thread(
            target=_in_thread, args=(session.pk,), name="board-analysis", daemon=True
        ).start()

    transaction.on_commit(start)
