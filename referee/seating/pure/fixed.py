"""A fixed schedule: the tables of each round given in advance (TOURNAMENTS.md §6.3
``fixed_schedule``, e.g. the DC league's matrices [S33], or any organiser's plan).

``check_round`` refuses a round in which a player is missing, listed twice or unknown, or a
table is not of 3 or 4; ``seat_fixed`` seats it: the seats in the listed order, the first dealer
drawn among those who dealt first least often (§6.1). Players listed as sitting out are the
round's byes.

>>> import random
>>> seating = seat_fixed(1, [["A", "B", "C"], ["D", "E", "F", "G"]], [], random.Random(1))
>>> [t.seats for t in seating.tables]
[('A', 'B', 'C'), ('D', 'E', 'F', 'G')]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .draw import draw_first_dealer
from .history import tally
from .values import Note, P, RoundSeating, SeatedTable, SeatingError


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault of a scheduled round: ``code`` (``table_size``, ``twice``, ``unknown``,
    ``missing``), the round, the table (``table_size`` only) and the players concerned."""

    code: str
    round: int
    table: int = 0
    players: tuple[object, ...] = ()
    size: int = 0

    def __str__(self) -> str:
        listed = ", ".join(map(str, self.players))
        return {
            "table_size": f"round {self.round}, table {self.table}: {self.size} players, "
            "not 3 or 4",
            "twice": f"round {self.round}: listed more than once: {listed}",
            "unknown": f"round {self.round}: not playing in the tournament: {listed}",
            "missing": f"round {self.round}: missing: {listed}",
        }[self.code]


class ScheduleError(SeatingError):
    """A scheduled round that cannot be seated; ``problems`` lists every fault."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(map(str, problems)))


def check_round(
    number: int,
    tables: Sequence[Sequence[P]],
    byes: Sequence[P],
    players: Collection[P] | None,
    registered: Collection[P] | None = None,
) -> list[Problem]:
    """Every fault of round ``number`` of the schedule: a table not of 3 or 4, a player listed
    twice, one not in ``registered`` (when given), or an active one of ``players`` missing
    (when given). Empty: it is sound."""
    problems = []
    for index, table in enumerate(tables, start=1):
        if len(table) not in (3, 4):
            problems.append(Problem("table_size", number, index, size=len(table)))
    listed = Counter(p for table in tables for p in table) + Counter(byes)
    twice = tuple(p for p, n in listed.items() if n > 1)
    if twice:
        problems.append(Problem("twice", number, players=twice))
    known = registered if registered is not None else players
    unknown = tuple(p for p in listed if known is not None and p not in known)
    if unknown:
        problems.append(Problem("unknown", number, players=unknown))
    missing = tuple(p for p in players or () if p not in listed)
    if missing:
        problems.append(Problem("missing", number, players=missing))
    return problems


def seat_fixed(
    number: int,
    tables: Sequence[Sequence[P]],
    byes: Sequence[P],
    rng: random.Random,
    *,
    history: Sequence[RoundSeating[P]] = (),
    players: Collection[P] | None = None,
) -> RoundSeating[P]:
    """Round ``number`` as the schedule lists it; ``players`` (when given) must be exactly
    the players listed, else ``SeatingError`` with every problem."""
    if players is not None:
        problems = check_round(number, tables, byes, players)
        if problems:
            raise ScheduleError(problems)
    past = tally(history)
    seated = []
    for index, table in enumerate(tables, start=1):
        seats = tuple(table)
        dealer, dealer_note = draw_first_dealer(seats, past, rng)
        seated.append(SeatedTable(index, seats, dealer, (Note("seats_as_listed"), dealer_note)))
    notes = [Note("fixed_schedule", {"round": number})]
    notes += [
        Note("bye", {"player": p, "before": past.byes.get(p, 0), "forced": False}) for p in byes
    ]
    return RoundSeating(tables=tuple(seated), notes=tuple(notes), byes=tuple(byes))
