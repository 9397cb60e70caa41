"""No "certain" verdict is ever wrong (issue 29 point 4): hypothesis draws small fields — a
history of finished rounds, players no longer in play (withdrawn with points, or removed),
a round in play with its seating fixed, rounds still planned with any seating, byes worth
nothing or a fixed number — and a brute force plays every way the remaining tables can end.

In every outcome a tie on points may go either way (the chain's later levels and the lot are
still to come), so a player called "through" must end within the cut even when every tie goes
against him, and one called "out" beyond it even when every tie goes his way. The rivals are
the contenders only, as the seating of the next stage counts them (``pure.cut``)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.standings.pure.cut import cut_at
from referee.standings.pure.outlook import outlook
from referee.standings.pure.points import PlacementPoints, RoundScoring
from referee.standings.pure.ranking import standings

F = Fraction
METHODS = [
    PlacementPoints(
        three_table=(F(4), F(2), F(0)),
        three_table_if_negative=(F(4), F(2), F(0)),
        sole_winner_bonus=F(0),
    ),
    PlacementPoints(),
    PlacementPoints(ties="split"),
]
Vector = tuple[Fraction, ...]


def outcomes(method: PlacementPoints) -> list[Vector]:
    """Every points vector a table of 3 can give its seats in order: whists −4…4, zero-sum,
    hold every order, tie and sign of three results."""
    found = set()
    for a, b in product(range(-4, 5), repeat=2):
        points = method.points({"0": F(a), "1": F(b), "2": F(-a - b)})
        found.add((points["0"], points["1"], points["2"]))
    return sorted(found)


def seatings(players: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to seat ``players`` (by index) at tables of 3, the rest sitting out."""
    if players < 6:
        for table in combinations(range(players), 3):
            yield (table,)
        return
    for mates in combinations(range(1, 6), 2):
        first = (0, *mates)
        yield first, tuple(p for p in range(6) if p not in first)


def play(
    states: set[Vector], tables: tuple[tuple[int, ...], ...], table: list[Vector], bye: Fraction
) -> set[Vector]:
    """Every points vector after one more round seated at ``tables``, from each of ``states``."""
    seated = {p for t in tables for p in t}
    out = set()
    for state in states:
        base = [v if i in seated else v + bye for i, v in enumerate(state)]
        for results in product(table, repeat=len(tables)):
            new = list(base)
            for seats, points in zip(tables, results, strict=True):
                for seat, gained in zip(seats, points, strict=True):
                    new[seat] += gained
            out.add(tuple(new))
    return out


@st.composite
def fields(draw: st.DrawFn):
    """A small field: contenders c0…, players out of play, a history, what is left."""
    count = draw(st.sampled_from([3, 4, 4, 5, 5, 6]))  # mostly with somebody sitting out
    names = [f"c{i}" for i in range(count)]
    method = draw(st.sampled_from(METHODS))
    scoring = RoundScoring(method)
    history = []
    for _ in range(draw(st.integers(1, 2))):
        order = draw(st.permutations(names))
        tables = []
        for number in range(count // 3):
            a, b = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
            tables.append(
                scoring.score_table(number + 1, order[3 * number : 3 * number + 3], [a, b, -a - b])
            )
        history.append(tables)
    # players out of play keep their rows and points: a withdrawal, or a removal
    gone = draw(st.lists(st.tuples(st.integers(-2, 12), st.booleans()), max_size=2))
    extra = {1: {f"w{i}": F(points) for i, (points, _) in enumerate(gone)}}
    extra[1].update(dict.fromkeys(names, F(0)))  # a row for a contender who sat out
    removed = {f"w{i}": 1 for i, (_, by_rule) in enumerate(gone) if by_rule}
    rows = standings(history, extra=extra, removed=removed)
    in_play = draw(st.booleans())
    # two rounds left only below 6 players: the brute force stays within a second
    planned = draw(st.integers(0 if in_play else 1, (2 if count < 6 else 1) - in_play))
    fixed = draw(st.sampled_from(list(seatings(count)))) if in_play else None
    bye = draw(st.sampled_from([F(0), F(2), F(-1), F(6)]))
    cut = draw(st.integers(1, count))
    return names, method, rows, fixed, planned, bye, cut


@settings(max_examples=150, deadline=None)
@given(fields())
def test_no_certain_verdict_is_ever_wrong(field):
    names, method, rows, fixed, planned, bye, cut = field
    rounds_left = (fixed is not None) + planned
    verdicts = outlook(
        rows, RoundScoring(method), rounds_left, cut, (3,), eligible=set(names), outside=(bye,)
    )
    points = {r.player: r.points for r in rows}
    states = {tuple(points[n] for n in names)}
    table = outcomes(method)
    if fixed is not None:  # the round in play: its seating is known, its tables can end anyhow
        states = play(states, fixed, table, bye)
    for _ in range(planned):
        states = {s for tables in seatings(len(names)) for s in play(states, tables, table, bye)}
    best = dict.fromkeys(names, len(names))
    worst = dict.fromkeys(names, 1)
    for state in states:
        for i, name in enumerate(names):
            above = sum(v > state[i] for v in state)
            level = sum(v == state[i] for v in state)
            best[name] = min(best[name], above + 1)
            worst[name] = max(worst[name], above + level)
    for o in verdicts:
        if o.player not in names:  # out of play: never a rival, never through
            assert (o.verdict, o.best, o.worst) == ("eliminated", None, None)
            continue
        assert o.best is not None and o.worst is not None
        assert o.best <= best[o.player] and worst[o.player] <= o.worst
        if o.verdict == "qualified":
            assert worst[o.player] <= cut, (o, worst[o.player])
        if o.verdict == "eliminated":
            assert best[o.player] > cut, (o, best[o.player])


@settings(max_examples=100, deadline=None)
@given(fields())
def test_with_nothing_left_the_verdict_is_the_seatings_cut(field):
    names, method, rows, _fixed, _planned, _bye, cut = field
    verdicts = outlook(rows, RoundScoring(method), 0, cut, (3,), eligible=set(names))
    seating = cut_at(rows, cut, eligible=set(names))
    assert {o.player for o in verdicts if o.verdict == "qualified"} == set(seating.through)
    assert {o.player for o in verdicts if o.verdict == "open"} == set(seating.tied)
    assert all(o.exact for o in verdicts)
