"""A deal that plays a board has its cards: the board's (``tables.extensions``' boards hook).
The referee's evidence page of such a deal reads the board's cards and double-dummy table
(``tables.evidence``), its declarer's hand as the movement's plan dealt it, and never asks
for the cards again. A sealed board reaches only whom ``sealing.sight`` shows it to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.tables.dealdata import LETTERS
from referee.tables.extensions import PlayedBoard
from referee.tables.models import Deal, Table

from .models import Board
from .sealing import session_of, sight
from .services import table_plan


def played_boards(
    table: Table, deals: Sequence[Deal], viewer: Any
) -> dict[int, PlayedBoard] | None:
    """Deal j of a session's table plays board j of its set: each such deal's board, the
    hand each seat letter holds on it (the plan's seat roles: first, second, third), and
    whether ``viewer`` sees it (None: a service, which sees every board). None for a table
    of an ordinary round."""
    session = session_of(table.round)
    if session is None:
        return None
    plan = table_plan(session, table.round.number, table.number)
    letter = {registration: LETTERS[i] for i, registration in enumerate(plan["seats"])}
    wanted = {
        deal.pk: plan["boards"][deal.number - 1]
        for deal in deals
        if 1 <= deal.number <= len(plan["boards"])
    }
    numbers = {board for board, _held in wanted.values()}
    boards = {b.number: b for b in Board.objects.filter(session=session, number__in=numbers)}
    if viewer is None:
        seen = frozenset(numbers)
    else:
        session.tournament = table.round.tournament
        seen = sight(session, viewer).boards
    return {
        pk: PlayedBoard(
            number,
            boards[number].layout,
            {letter[r]: hand for hand, r in enumerate(held[:3], start=1)},
            number in seen,
        )
        for pk, (number, held) in wanted.items()
        if number in boards
    }
