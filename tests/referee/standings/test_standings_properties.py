"""Invariants of round points and standings (TOURNAMENTS §3.2, §5), checked with hypothesis."""

from fractions import Fraction
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from referee.standings.pure.points import (
    CoefficientBands,
    CutoffBands,
    PlacementPoints,
    RawWhists,
    RoundScoring,
    TableResult,
)
from referee.standings.pure.ranking import DEFAULT_CHAIN, standings

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6)
whist = st.fractions(min_value=-2000, max_value=2000, max_denominator=12)
tie_rule = st.sampled_from(["best_place", "split"])


@st.composite
def settled_table(draw: st.DrawFn) -> dict[str, Fraction]:
    """3 or 4 distinct players whose settled whists sum to 0 (§3.1); small ints make ties."""
    players = draw(st.lists(names, min_size=3, max_size=4, unique=True))
    values = st.one_of(whist, st.integers(-3, 3).map(Fraction))
    results = draw(st.lists(values, min_size=len(players) - 1, max_size=len(players) - 1))
    return dict(zip(players, [*results, -sum(results, Fraction(0))], strict=True))


@given(settled_table())
def test_raw_whists_preserves_zero_sum(table: dict[str, Fraction]) -> None:
    assert sum(RawWhists().points(table).values()) == 0


@given(settled_table(), st.data(), tie_rule)
def test_placement_ignores_names_and_seats(
    table: dict[str, Fraction], data: st.DataObject, ties: str
) -> None:
    method = PlacementPoints(ties=ties)  # type: ignore[arg-type]
    players = list(table)
    renamed = data.draw(st.permutations([f"x{i}" for i in range(len(players))]))
    rename = dict(zip(players, renamed, strict=True))
    reseated = {rename[p]: table[p] for p in reversed(players)}
    before, after = method.points(table), method.points(reseated)
    assert all(before[p] == after[rename[p]] for p in players)


@given(settled_table(), tie_rule)
def test_placement_better_result_never_fewer_points(table: dict[str, Fraction], ties: str) -> None:
    points = PlacementPoints(ties=ties).points(table)  # type: ignore[arg-type]
    for a in table:
        for b in table:
            if table[a] > table[b]:
                assert points[a] >= points[b]
            if table[a] == table[b]:
                assert points[a] == points[b]


@given(whist)
def test_symmetric_bands_are_odd_monotone_and_shrink(amount: Fraction) -> None:
    for method in (CutoffBands(), CoefficientBands()):
        value = method.convert(amount)
        assert method.convert(-amount) == -value
        assert abs(value) <= abs(amount)
        assert method.convert(amount + 1) >= value
    assert abs(CutoffBands().convert(amount)) <= 245


@st.composite
def tournament(draw: st.DrawFn) -> list[list[TableResult]]:
    """Rounds of 3- and 4-tables over one field of players, placement points (many ties)."""
    size = draw(st.integers(3, 24).filter(lambda n: n != 5))
    players = [f"p{i}" for i in range(size)]
    fours = size % 3  # size = 3a + 4b with b = size mod 3 (5 has no such split)
    scoring = RoundScoring(PlacementPoints())
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        seated = draw(st.permutations(players))
        sizes = [4] * fours + [3] * ((size - 4 * fours) // 3)
        tables, start = [], 0
        for number, seats in enumerate(sizes, start=1):
            at_table = seated[start : start + seats]
            start += seats
            results = draw(st.lists(st.integers(-3, 3), min_size=seats - 1, max_size=seats - 1))
            tables.append(scoring.score_table(number, at_table, [*results, -sum(results)]))
        rounds.append(tables)
    return rounds


@given(tournament(), st.permutations(DEFAULT_CHAIN))
def test_standings_rank_every_player_once_in_order(
    rounds: list[list[TableResult]], chain: list[str]
) -> None:
    rows = standings(rounds, chain=chain)
    players = {p for tables in rounds for t in tables for p in t.players}
    assert sorted(r.player for r in rows) == sorted(players)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    for i, row in enumerate(rows):
        tied_above = [r for r in rows[:i] if r.rank == row.rank]
        assert row.rank == i + 1 - len(tied_above)
        assert row.tied == (sum(r.rank == row.rank for r in rows) > 1)


@given(tournament())
def test_points_never_rise_down_the_table(rounds: list[list[TableResult]]) -> None:
    rows = standings(rounds)
    assert all(a.points >= b.points for a, b in pairwise(rows))


@given(tournament(), st.randoms())
def test_distinct_lots_leave_no_tie(rounds: list[list[TableResult]], random: object) -> None:
    players = sorted({p for tables in rounds for t in tables for p in t.players})
    numbers = list(range(1, len(players) + 1))
    random.shuffle(numbers)  # type: ignore[attr-defined]
    rows = standings(rounds, lots=dict(zip(players, numbers, strict=True)))
    assert not any(r.tied for r in rows)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
