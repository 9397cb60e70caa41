"""A seated round and its tables' seats as they are written: the one way the seating of a
round, a duplicate stanza and the seat draw put players at tables. Their services lock,
check and work the seating out; this writes the rows (and the log of a round seated)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.tournaments.log import log_action
from referee.tournaments.models import Round, Tournament

from .models import Seat, Table
from .results import summary


def seat_players(table: Table, registrations: Sequence[int], first_dealer: int) -> None:
    """``registrations`` (ids) at ``table`` from seat 1 clockwise, the registration
    ``first_dealer`` dealing first."""
    Seat.objects.bulk_create(
        Seat(
            table=table,
            registration_id=registration,
            position=position,
            first_dealer=registration == first_dealer,
        )
        for position, registration in enumerate(registrations, start=1)
    )


@dataclass(frozen=True)
class NewTable:
    """A table of a round being seated: its number, its players (registration ids) from seat
    1 clockwise, the one who deals first, and the seating's notes on it."""

    number: int
    registrations: Sequence[int]
    first_dealer: int
    notes: Sequence[Any] = ()


def seated_round(
    tournament: Tournament,
    user: Any,
    number: int,
    method: str,
    seed: int,
    tables: Iterable[NewTable],
    *,
    notes: Sequence[Any] = (),
    byes: Sequence[int] = (),
    stage: Any = None,
) -> Round:
    """Round ``number`` seated at ``tables``, open with no deals (``byes``: who sits it out),
    and logged."""
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        method=method,
        seed=seed,
        notes=list(notes),
        byes=list(byes),
        stage=stage,
    )
    for new in tables:
        table = Table.objects.create(
            round=round_, number=new.number, notes=list(new.notes), result=summary(None, 0)
        )
        seat_players(table, new.registrations, new.first_dealer)
    data = {"seed": seed, "method": method, "byes": list(byes)}
    log_action(tournament, user, "round.seated", str(number), about=round_, data=data)
    return round_
