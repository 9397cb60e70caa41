"""The table page's panel on a duplicate session's table: the board the next deal is, and
who holds which hand of it (the cards themselves stay with the officials)."""

from __future__ import annotations

from typing import Any

from referee.tables.models import Deal, Seat, Table

from .results import ROLE_NAMES
from .sealing import session_of
from .services import table_plan


def next_board(table: Table) -> tuple[str, dict[str, Any]] | None:
    """Each board of the table's set: played (its deal on the sheet), struck (its deal
    struck from the sheet: restore or correct it, the next deal is the next board), or the
    next deal's."""
    session = session_of(table.round)
    if session is None:
        return None
    plan = table_plan(session, table.round.number, table.number)
    recorded = dict(Deal.objects.filter(table=table).values_list("number", "deleted"))
    position = max(recorded, default=0) + 1  # deal numbers are board places (tables.extensions)
    names = dict(
        Seat.objects.filter(table=table).values_list(
            "registration_id", "registration__player__name"
        )
    )
    boards = [
        {
            "number": board,
            "current": i + 1 == position,
            "done": recorded.get(i + 1) is False,
            "struck": recorded.get(i + 1) is True,
            "hands": [
                (role, names.get(r, ""))
                for role, r in zip(ROLE_NAMES[session.size], holders, strict=True)
            ],
        }
        for i, (board, holders) in enumerate(plan["boards"])
    ]
    context = {"session": session, "boards": boards, "set": plan["set"]}
    return "duplicate/_table_panel.html", context
