"""The table page's panel on a duplicate session's table: the board the next deal is, and
who holds which hand of it (the cards themselves stay with the officials)."""

from __future__ import annotations

from typing import Any

from referee.tables.models import Seat, Table

from .results import ROLE_NAMES
from .services import session_of_round, table_plan


def next_board(table: Table, position: int) -> tuple[str, dict[str, Any]] | None:
    session = session_of_round(table.round)
    if session is None:
        return None
    plan = table_plan(session, table.round.number, table.number)
    names = dict(
        Seat.objects.filter(table=table).values_list(
            "registration_id", "registration__player__name"
        )
    )
    boards = [
        {
            "number": board,
            "current": i + 1 == position,
            "done": i + 1 < position,
            "hands": [
                (role, names.get(r, ""))
                for role, r in zip(ROLE_NAMES[session.size], holders, strict=True)
            ],
        }
        for i, (board, holders) in enumerate(plan["boards"])
    ]
    context = {"session": session, "boards": boards, "set": plan["set"]}
    return "duplicate/_table_panel.html", context
