"""Seating a round: random draw or Swiss, fewest repeats, forbidden pairs apart (§6.3).

``seat_round`` follows TOURNAMENTS.md: the table plan of §6.2 (a bye at N = 5, rotating), the
grouping of §6.3 (``random_no_repeat`` when no standings are given, ``swiss`` blocks 1-2-3-4,
5-6-7-8, … when they are), then the seat draw and the first dealer of §6.1. Every table and
the round carry short notes saying why, like the flags of Tabbycat's draw.

>>> import random
>>> round_1 = seat_round(["A", "B", "C", "D", "E", "F", "G"], random.Random(1))
>>> [len(table.seats) for table in round_1.tables]
[4, 3]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .draw import draw_first_dealer, draw_seats
from .grouping import FORBIDDEN, Layout, Problem, arrange
from .history import Tally, tally
from .plan import Prefer, TablePlan, table_plan
from .values import ForbiddenPairError, Note, P, RoundSeating, SeatedTable, SeatingError, pair_label


@dataclass(frozen=True, slots=True)
class Weights:
    """How the penalty trades repeats against standings in a Swiss round (§6.3).

    With the defaults a repeat is worth moving two players up to 22 places each (2 × 22² < 1000).
    """

    repeat: int = 1000  # per earlier meeting of two players seated together
    standing: int = 1  # Swiss: per squared place a player sits outside his table's block
    team: int = 500  # per pair of team mates seated together (when kept apart, §2.5)


DEFAULT_WEIGHTS = Weights()


def seat_round(
    players: Sequence[P],
    rng: random.Random,
    *,
    history: Sequence[RoundSeating[P]] = (),
    standings: Sequence[P] | None = None,
    forbidden: Collection[frozenset[P]] = frozenset(),
    prefer: Prefer = 4,
    weights: Weights = DEFAULT_WEIGHTS,
    sat_out: Mapping[P, int] | None = None,
    apart: Collection[frozenset[P]] = frozenset(),
) -> RoundSeating[P]:
    """Seat the active ``players`` for the next round.

    ``sat_out``: rounds a player missed outside the history's byes (a late entry's rounds
    before he joined, a substitute's inherited byes): the bye rotation counts them as byes.
    ``apart``: pairs kept apart when possible (team mates, §2.5), at ``weights.team`` each.

    ``history``: the earlier rounds (a past round is a ``RoundSeating``; notes may be empty).
    ``standings``: best first, for a Swiss round; ``None`` draws at random. ``forbidden``:
    pairs who must never share a table. Raises ``SeatingError`` for bad input,
    ``NoTablePlanError`` below 3 players, ``ForbiddenPairError`` when no seating found keeps
    the forbidden pairs apart.
    """
    _check_input(players, weights)
    plan = table_plan(len(players), prefer)
    past = tally(history, sat_out)
    never = _forbidden_pairs(forbidden, players)
    byes, bye_note = _draw_byes(players, plan, past, never, rng)
    playing = [p for p in players if p not in byes]
    at_tables = [(a, b) for a, b in never if a in playing and b in playing]
    mates = [(a, b) for a, b in _forbidden_pairs(apart, playing) if (a, b) not in at_tables]
    order = playing if standings is None else _by_standings(playing, standings)
    problem = _problem(order, plan, past, at_tables, weights, swiss=standings is not None)
    _soften(problem, order, mates, weights.team)
    layout = arrange(problem, rng)
    _refuse_forbidden_together(layout, order, at_tables)
    tables = tuple(
        _table(number, layout, order, problem, past, rng, mates)
        for number in range(1, len(plan.sizes) + 1)
    )
    plan_note = {
        "sizes": plan.sizes,
        "sitting_out": plan.byes,
        "count": len(players),
        "prefer": prefer,
    }
    notes = [Note("plan", plan_note), *bye_note]
    notes += _round_notes(layout, order, past, swiss=problem.swiss)
    notes += _apart_notes(layout, order, never, mates)
    return RoundSeating(tables=tables, notes=tuple(notes), byes=byes)


def _check_input(players: Sequence[P], weights: Weights) -> None:
    """Refuse a player listed twice, or weights the penalty cannot work with."""
    if len(set(players)) != len(players):
        raise SeatingError("a player is listed twice among the active players")
    if weights.repeat < 0 or weights.standing < 1:
        raise SeatingError("weights: repeat must be ≥ 0 and standing ≥ 1")


def _refuse_forbidden_together(
    layout: Layout, order: Sequence[P], forbidden: list[tuple[P, P]]
) -> None:
    """``ForbiddenPairError`` naming the forbidden pairs the layout still seats together."""
    kept = [(a, b) for a, b in forbidden if _together(layout, order, a, b)]
    if kept:
        listed = ", ".join(pair_label(a, b) for a, b in kept)
        raise ForbiddenPairError(
            f"no seating found keeping these pairs apart: {listed}", tuple(kept)
        )


def _apart_notes(
    layout: Layout, order: Sequence[P], never: list[tuple[P, P]], mates: list[tuple[P, P]]
) -> list[Note]:
    """The round's notes on the pairs kept apart: the forbidden ones (always, or the round
    was refused), the team mates (as many as could be)."""
    notes: list[Note] = []
    if never:
        notes.append(Note("forbidden_apart", {"count": len(never)}))
    if mates:
        kept_apart = sum(not _together(layout, order, a, b) for a, b in mates)
        notes.append(Note("teammates_apart", {"pairs": kept_apart, "of": len(mates)}))
    return notes


def _soften(problem: Problem, order: Sequence[P], mates: list[tuple[P, P]], weight: int) -> None:
    """Team mates: a pair seated together costs ``weight`` (less than a repeat by default)."""
    index = {p: i for i, p in enumerate(order)}
    for a, b in mates:
        i, j = index[a], index[b]
        problem.pen[i][j] = problem.pen[j][i] = problem.pen[i].get(j, 0) + weight


def _forbidden_pairs(
    forbidden: Collection[frozenset[P]], players: Sequence[P]
) -> list[tuple[P, P]]:
    """The forbidden pairs among the active players, in the players' order."""
    place = {p: i for i, p in enumerate(players)}
    pairs = []
    for pair in forbidden:
        if len(pair) != 2:
            raise SeatingError(f"a forbidden pair names two players, not {sorted(map(str, pair))}")
        if all(p in place for p in pair):
            first, second = sorted(pair, key=place.__getitem__)
            pairs.append((first, second))
    return sorted(pairs, key=lambda pair: (place[pair[0]], place[pair[1]]))


def _draw_byes(
    players: Sequence[P],
    plan: TablePlan,
    past: Tally[P],
    apart: list[tuple[P, P]],
    rng: random.Random,
) -> tuple[tuple[P, ...], list[Note]]:
    """N = 5: the bye goes by lot to a player with the fewest byes (§6.2), so nobody sits out
    twice before everybody has sat out once; a forbidden pair may force someone else."""
    if not plan.byes:
        return (), []
    drawn = list(players)
    rng.shuffle(drawn)
    drawn.sort(key=lambda p: past.byes.get(p, 0))  # stable: the lot breaks ties
    for p in drawn:
        if all(p in pair for pair in apart):  # everyone else can play at one table
            bye = {"player": p, "before": past.byes.get(p, 0), "forced": p != drawn[0]}
            return (p,), [Note("bye", bye)]
    raise ForbiddenPairError(
        "no single bye keeps every forbidden pair apart", tuple(apart), code="no_bye"
    )


def _by_standings(playing: Sequence[P], standings: Sequence[P]) -> list[P]:
    active = set(playing)
    ranked = [p for p in standings if p in active]
    if len(set(ranked)) != len(ranked):
        raise SeatingError("standings list a player twice")
    listed = set(ranked)
    missing = [str(p) for p in playing if p not in listed]
    if missing:
        raise SeatingError(f"standings miss active players: {', '.join(missing)}")
    return ranked


def _problem(
    order: Sequence[P],
    plan: TablePlan,
    past: Tally[P],
    apart: list[tuple[P, P]],
    weights: Weights,
    *,
    swiss: bool,
) -> Problem:
    index = {p: i for i, p in enumerate(order)}
    pen: tuple[dict[int, int], ...] = tuple({} for _ in order)
    for pair, times in past.met.items():
        i, j = (index.get(p, -1) for p in pair)
        if i >= 0 and j >= 0 and weights.repeat:
            pen[i][j] = pen[j][i] = weights.repeat * times
    for a, b in apart:
        i, j = index[a], index[b]
        pen[i][j] = pen[j][i] = pen[i].get(j, 0) + FORBIDDEN
    return Problem(plan.sizes, pen, weights.standing if swiss else 0)


def _together(layout: Layout, order: Sequence[P], a: P, b: P) -> bool:
    return any({a, b} <= {order[i] for i in members} for members in layout.tables)


def _repeats(members: Sequence[P], past: Tally[P]) -> list[tuple[P, P, int]]:
    """The pairs among ``members`` who met before, with how often: (first, second, met)."""
    return [
        (a, b, past.times_met(a, b))
        for k, a in enumerate(members)
        for b in members[k + 1 :]
        if past.times_met(a, b)
    ]


def _table(
    number: int,
    layout: Layout,
    order: Sequence[P],
    problem: Problem,
    past: Tally[P],
    rng: random.Random,
    mates: Sequence[tuple[P, P]] = (),
) -> SeatedTable[P]:
    t = number - 1
    members = [order[i] for i in layout.tables[t]]
    notes = [
        Note("teammates_together", {"first": a, "second": b})
        for a, b in mates
        if a in members and b in members
    ]
    if problem.swiss:
        block = problem.blocks()[t]
        notes.append(Note("block", {"top": block[0] + 1, "bottom": block[-1] + 1}))
        for i in layout.tables[t]:
            if i < block[0]:
                notes.append(Note("moved_down", {"player": order[i], "place": i + 1}))
            elif i > block[-1]:
                notes.append(Note("pulled_up", {"player": order[i], "place": i + 1}))
    for swap in layout.swaps:
        if t in swap.tables:
            x, y = order[swap.first], order[swap.second]
            notes.append(Note("swapped", {"first": x, "second": y, "reason": swap.reason}))
    notes += [
        Note("repeat_kept", {"first": a, "second": b, "met": met})
        for a, b, met in _repeats(members, past)
    ]
    seats, seat_note = draw_seats(members, past, rng)
    dealer, dealer_note = draw_first_dealer(seats, past, rng)
    return SeatedTable(number, seats, dealer, (*notes, seat_note, dealer_note))


def _round_notes(layout: Layout, order: Sequence[P], past: Tally[P], *, swiss: bool) -> list[Note]:
    notes = [Note("draw_swiss" if swiss else "draw_random", {"starts": layout.attempts})]
    kept = [r for members in layout.tables for r in _repeats([order[i] for i in members], past)]
    before = sum(len(_repeats([order[i] for i in members], past)) for members in layout.start)
    notes.append(Note("repeats_kept", {"pairs": tuple(kept)}) if kept else Note("no_repeats"))
    if layout.swaps:
        notes.append(Note("swaps", {"swaps": len(layout.swaps), "before": before}))
    return notes
