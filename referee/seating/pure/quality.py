"""How good a seating is, and whether it is valid at all (TOURNAMENTS.md §6).

``assess`` reports repeated pairs (§6.3), seat balance and first deals (§6.1) and byes (§6.2),
counted over the history plus the seating. ``check_seating`` lists what breaks the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic

from .history import SEATS, tally
from .values import Note, P, RoundSeating, pair_label


@dataclass(frozen=True, slots=True)
class RepeatPair(Generic[P]):
    """Two players at one table of the seating who had met ``met_before`` times."""

    first: P
    second: P
    table: int
    met_before: int

    def __str__(self) -> str:
        pair = pair_label(self.first, self.second)
        return f"{pair} (table {self.table}, met {self.met_before}× before)"


@dataclass(frozen=True, slots=True)
class PlayerBalance(Generic[P]):
    """One player's seats 1..4, first deals and byes, this round included."""

    player: P
    seat_counts: tuple[int, ...]
    first_deals: int
    byes: int

    @property
    def seat_spread(self) -> int:
        """Most-used seat minus least-used, over seats 1..3, or 1..4 after any 4-table."""
        seats = self.seat_counts if self.seat_counts[SEATS - 1] else self.seat_counts[: SEATS - 1]
        return max(seats) - min(seats)


@dataclass(frozen=True, slots=True)
class SeatingQuality(Generic[P]):
    repeated_pairs: tuple[RepeatPair[P], ...]
    players: tuple[PlayerBalance[P], ...]
    notes: tuple[Note, ...]  # the report, one coded line each

    @property
    def explanations(self) -> tuple[str, ...]:
        """The report as plain English lines."""
        return tuple(str(note) for note in self.notes)

    @property
    def max_seat_spread(self) -> int:
        return max((p.seat_spread for p in self.players), default=0)

    @property
    def first_deal_range(self) -> tuple[int, int]:
        counts = [p.first_deals for p in self.players]
        return (min(counts, default=0), max(counts, default=0))


def assess(seating: RoundSeating[P], history: Sequence[RoundSeating[P]] = ()) -> SeatingQuality[P]:
    """The quality of ``seating`` after ``history``; players in order of first appearance."""
    before = tally(history)
    after = tally([*history, seating])
    repeats = tuple(
        RepeatPair(a, b, table.number, before.times_met(a, b))
        for table in seating.tables
        for k, a in enumerate(table.seats)
        for b in table.seats[k + 1 :]
        if before.times_met(a, b)
    )
    seen = dict.fromkeys(
        p for past in (*history, seating) for p in (*past.seated, *past.byes)
    )  # an ordered set
    players = tuple(
        PlayerBalance(p, after.seat_counts(p), after.first_deals.get(p, 0), after.byes.get(p, 0))
        for p in seen
    )
    quality = SeatingQuality(repeats, players, ())
    return SeatingQuality(repeats, players, _explain(quality))


def _explain(quality: SeatingQuality[P]) -> tuple[Note, ...]:
    repeats = tuple((r.first, r.second, r.table, r.met_before) for r in quality.repeated_pairs)
    lines = [Note("quality_repeats", {"pairs": repeats}) if repeats else Note("quality_no_repeats")]
    spread = quality.max_seat_spread
    worst = tuple(p.player for p in quality.players if p.seat_spread == spread)
    lines.append(
        Note(
            "quality_seat_spread",
            {"spread": spread, "players": worst[:5], "more": max(len(worst) - 5, 0)},
        )
    )
    low, high = quality.first_deal_range
    lines.append(Note("quality_first_deals", {"low": low, "high": high}))
    byes = tuple((p.player, p.byes) for p in quality.players if p.byes)
    if byes:
        lines.append(Note("quality_byes", {"byes": byes}))
    return tuple(lines)


def check_seating(
    seating: RoundSeating[P],
    players: Collection[P],
    forbidden: Collection[frozenset[P]] = frozenset(),
) -> tuple[str, ...]:
    """What is wrong with ``seating`` for the active ``players``; empty when it is valid.

    Every active player sits exactly once or has a bye; nobody else sits; tables are numbered
    1, 2, … and seat 3 or 4; the first dealer sits at his table; forbidden pairs are apart.
    """
    problems = []
    numbers = [table.number for table in seating.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"tables are numbered {numbers}, not 1..{len(numbers)}")
    for table in seating.tables:
        if len(table.seats) not in (3, 4):
            problems.append(f"table {table.number} seats {len(table.seats)}; a table seats 3 or 4")
        if table.first_dealer not in table.seats:
            problems.append(
                f"table {table.number}: first dealer {table.first_dealer} is not seated there"
            )
        problems += sorted(
            f"table {table.number}: forbidden pair {pair_label(*sorted(map(str, pair)))} together"
            for pair in forbidden
            if len(pair) == 2 and pair <= set(table.seats)
        )
    counts = Counter((*seating.seated, *seating.byes))
    active = set(players)
    problems += [f"{p} is placed {n} times" for p, n in counts.items() if n > 1]
    problems += [f"{p} is not an active player" for p in counts if p not in active]
    problems += [f"{p} is neither seated nor on a bye" for p in players if p not in counts]
    return tuple(problems)
