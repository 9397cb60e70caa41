"""What earlier rounds leave for the next draw: meetings, seats, first deals, byes (§6.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic

from .values import P, RoundSeating

SEATS = 4  # seat numbers 1..4; a 3-table uses 1..3


@dataclass(frozen=True, slots=True)
class Tally(Generic[P]):
    """Counts over past rounds; a player or pair never seen counts 0."""

    met: Mapping[frozenset[P], int]
    seats: Mapping[P, tuple[int, ...]]
    first_deals: Mapping[P, int]
    byes: Mapping[P, int]

    def times_met(self, first: P, second: P) -> int:
        return self.met.get(frozenset((first, second)), 0)

    def seat_counts(self, player: P) -> tuple[int, ...]:
        """How often ``player`` had seat 1, 2, 3 and 4."""
        return self.seats.get(player, (0,) * SEATS)

    def played_four(self, player: P) -> bool:
        return self.seat_counts(player)[SEATS - 1] > 0


def tally(history: Iterable[RoundSeating[P]], sat_out: Mapping[P, int] | None = None) -> Tally[P]:
    """Count the history; ``sat_out`` adds rounds missed outside it to the players' byes
    (a late entry's rounds before he joined, §6.2: the bye rotation counts them)."""
    met: Counter[frozenset[P]] = Counter()
    seats: dict[P, list[int]] = {}
    first_deals: Counter[P] = Counter()
    byes: Counter[P] = Counter(sat_out or {})
    for seating in history:
        byes.update(seating.byes)
        for table in seating.tables:
            first_deals[table.first_dealer] += 1
            for seat, player in enumerate(table.seats):
                seats.setdefault(player, [0] * SEATS)[seat] += 1
                for other in table.seats[seat + 1 :]:
                    met[frozenset((player, other))] += 1
    return Tally(
        met=met,
        seats={player: tuple(counts) for player, counts in seats.items()},
        first_deals=first_deals,
        byes=byes,
    )
