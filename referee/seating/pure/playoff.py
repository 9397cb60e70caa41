"""Play-off tables by standings: places 1–4, 5–8, … (TOURNAMENTS.md §6.3 ``standing_playoff``).

The tables take the currently best-placed players in blocks of the §6.2 table plan, regardless
of earlier meetings (the Serbian league's closing rounds [S32]); seats and the first dealer are
drawn as in every round (§6.1). At N = 5 the bye goes to the player with the fewest byes, the
lowest placed among them (so the top four play while the rotation allows it).

>>> import random
>>> seating = seat_playoff(["A", "B", "C", "D", "E", "F", "G"], random.Random(1))
>>> [sorted(t.seats) for t in seating.tables]
[['A', 'B', 'C', 'D'], ['E', 'F', 'G']]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .draw import draw_first_dealer, draw_seats
from .history import tally
from .plan import Prefer, table_plan
from .values import Note, P, RoundSeating, SeatedTable, SeatingError


def seat_playoff(
    standings: Sequence[P],
    rng: random.Random,
    *,
    history: Sequence[RoundSeating[P]] = (),
    prefer: Prefer = 4,
    sat_out: Mapping[P, int] | None = None,
) -> RoundSeating[P]:
    """Seat the active players, listed best first in ``standings``."""
    if len(set(standings)) != len(standings):
        raise SeatingError("standings list a player twice")
    plan = table_plan(len(standings), prefer)
    past = tally(history, sat_out)
    notes = [
        Note(
            "plan",
            {
                "sizes": plan.sizes,
                "sitting_out": plan.byes,
                "count": len(standings),
                "prefer": prefer,
            },
        )
    ]
    byes: tuple[P, ...] = ()
    if plan.byes:
        fewest = min(past.byes.get(p, 0) for p in standings)
        bye = [p for p in standings if past.byes.get(p, 0) == fewest][-1]
        byes = (bye,)
        notes.append(Note("bye", {"player": bye, "before": fewest, "forced": False}))
    playing = [p for p in standings if p not in byes]
    tables = []
    start = 0
    for number, size in enumerate(plan.sizes, start=1):
        members = playing[start : start + size]
        block = Note("block", {"top": start + 1, "bottom": start + size})
        seats, seat_note = draw_seats(members, past, rng)
        dealer, dealer_note = draw_first_dealer(seats, past, rng)
        met = [
            Note("repeat_kept", {"first": a, "second": b, "met": past.times_met(a, b)})
            for k, a in enumerate(members)
            for b in members[k + 1 :]
            if past.times_met(a, b)
        ]
        tables.append(SeatedTable(number, seats, dealer, (block, *met, seat_note, dealer_note)))
        start += size
    notes.append(Note("playoff"))
    return RoundSeating(tables=tuple(tables), notes=tuple(notes), byes=byes)
