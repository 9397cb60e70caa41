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

from .draw import draw_first_dealer
from .history import tally
from .values import Note, P, RoundSeating, SeatedTable, SeatingError


def check_round(
    number: int, tables: Sequence[Sequence[P]], byes: Sequence[P], players: Collection[P]
) -> list[str]:
    """Every problem of round ``number`` of the schedule against the active ``players``, in
    plain English (the site says the same in the reader's language); empty: it is sound."""
    problems = []
    for index, table in enumerate(tables, start=1):
        if len(table) not in (3, 4):
            problems.append(f"round {number}, table {index}: {len(table)} players, not 3 or 4")
    listed = Counter(p for table in tables for p in table) + Counter(byes)
    twice = [str(p) for p, n in listed.items() if n > 1]
    if twice:
        problems.append(f"round {number}: listed more than once: {', '.join(twice)}")
    unknown = [str(p) for p in listed if p not in players]
    if unknown:
        problems.append(f"round {number}: not playing in the tournament: {', '.join(unknown)}")
    missing = [str(p) for p in players if p not in listed]
    if missing:
        problems.append(f"round {number}: missing: {', '.join(missing)}")
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
            raise SeatingError("; ".join(problems))
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
