"""A cup over a season (issue 22 point 2): series points, best N of M, a minimum of starts, the
tie-break chain and the refusals, worked out by hand from the rules of
``referee.standings.pure.series``; then invariants checked with hypothesis."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction as F

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.codes import refusal_text
from referee.standings.pure.exact import StandingsError
from referee.standings.pure.series import (
    Entry,
    Note,
    OwnPoints,
    PointsByPlace,
    SeriesRules,
    Tournament,
    series_method,
    series_standings,
)

TABLE = PointsByPlace((100, 80, 60, 50), floor=10)  # 1st 100 … 4th 50, beyond: 10


def t(tid, day, places, weight=1):
    """A tournament from {player: place} (own points unused by points by place)."""
    entries = tuple(Entry(p, place) for p, place in places.items())
    return Tournament(tid, date(2026, day, 1), entries, weight)


# The season: T1 (March), T2 (April), T3 (May, a final weighted 3/2).
T1 = t("T1", 3, {11: 1, 12: 2, 13: 2, 14: 4, 15: 5})  # 12 and 13 share places 2–3
T2 = t("T2", 4, {12: 1, 14: 2, 11: 3, 16: 4})
T3 = t("T3", 5, {13: 1, 11: 2, 14: 3, 15: 4}, weight=F(3, 2))
# Series points (place → table, × weight):
#   T1: 11 → 100; 12, 13 → (80 + 60)/2 = 70 each; 14 → 50; 15 → place 5, beyond: 10
#   T2: 12 → 100; 14 → 80; 11 → 60; 16 → 50
#   T3: 13 → 100 × 3/2 = 150; 11 → 80 × 3/2 = 120; 14 → 60 × 3/2 = 90; 15 → 50 × 3/2 = 75
# Best 2 of 3, at least 2 starts:
#   11: 100, 60, 120 → 120 + 100 = 220, T2's 60 dropped
#   12: 70, 100 → 170;  13: 70, 150 → 220;  14: 50, 80, 90 → 90 + 80 = 170, T1's 50 dropped
#   15: 10, 75 → 85;  16: one start (T2, 50) < 2 → unranked
SEASON = SeriesRules(TABLE, best=2, min_starts=2)


def by_player(rows):
    return {row.player: row for row in rows}


def table_of(rows):
    return [(row.rank_label, row.player, row.total) for row in rows]


def test_best_two_of_three_with_a_minimum_of_starts_and_the_default_chain():
    rows = series_standings([T1, T2, T3], SEASON)
    # 11 and 13 level on 220: best result 13 150 > 11 120 (the chain's first criterion).
    # 12 and 14 level on 170: best result 12 100 > 14 90.
    assert table_of(rows) == [
        ("1", 13, 220),
        ("2", 11, 220),
        ("3", 12, 170),
        ("4", 14, 170),
        ("5", 15, 85),
        ("", 16, 50),
    ]
    assert [row.decided_by for row in rows] == [
        None,
        "best_result",
        "total",
        "best_result",
        "total",
        None,
    ]
    line = by_player(rows)
    assert [(r.tournament, r.points, r.counted, r.reason) for r in line[11].results] == [
        ("T1", 100, True, None),
        ("T2", 60, False, "not_best"),
        ("T3", 120, True, None),
    ]
    assert [r.tournament for r in line[14].dropped] == ["T1"]
    assert [r.tournament for r in line[14].counted] == ["T2", "T3"]
    assert line[12].results[0].place_label == "2–3" and line[12].results[0].points == 70
    assert line[13].notes == (Note("tie_break", {"criterion": "best_result", "value": 150}),)
    assert line[11].notes == (Note("tie_break", {"criterion": "best_result", "value": 120}),)
    assert line[16].rank is None and not line[16].ranked
    assert line[16].notes == (Note("unranked_min_starts", {"starts": 1, "needed": 2}),)


def test_without_tie_breaks_the_level_players_share_the_place():
    rows = series_standings([T1, T2, T3], SeriesRules(TABLE, best=2, min_starts=2, chain=()))
    # 11 and 13 on 220 share places 1–2, 12 and 14 on 170 places 3–4 (listed by id).
    assert table_of(rows) == [
        ("1–2", 11, 220),
        ("1–2", 13, 220),
        ("3–4", 12, 170),
        ("3–4", 14, 170),
        ("5", 15, 85),
        ("", 16, 50),
    ]
    assert by_player(rows)[14].notes == (Note("shared_place"),)
    assert by_player(rows)[14].tied


def test_a_chain_deeper_than_its_first_criterion():
    rows = series_standings(
        [T1, T2, T3], SeriesRules(TABLE, best=2, min_starts=2, chain=("wins", "more_starts"))
    )
    # 11 v 13: wins 1 (T1) and 1 (T3), level; starts 3 v 2: 11 above.
    # 12 v 14: wins 1 (T2) v 0: 12 above.
    assert table_of(rows)[:4] == [("1", 11, 220), ("2", 13, 220), ("3", 12, 170), ("4", 14, 170)]
    line = by_player(rows)
    assert line[13].decided_by == "more_starts"
    assert line[13].notes == (Note("tie_break", {"criterion": "more_starts", "value": 2}),)
    fewer = series_standings(
        [T1, T2, T3], SeriesRules(TABLE, best=2, min_starts=2, chain=("fewer_starts",))
    )
    # fewer starts first: 13 (2) above 11 (3); 12 (2) above 14 (3).
    assert [row.player for row in fewer][:4] == [13, 11, 12, 14]


def test_a_tournament_added_later_updates_the_series():
    t4 = t("T4", 6, {14: 1, 12: 2, 16: 3})
    # T4: 14 → 100, 12 → 80, 16 → 60.
    # 14: 50, 80, 90, 100 → 100 + 90 = 190;  12: 70, 100, 80 → 100 + 80 = 180 (T1's 70 dropped)
    # 16: 50, 60 → 2 starts, ranked, 110;  11, 13, 15 unchanged (220, 220, 85).
    # 14 passes 12, and 16 enters the ranking above 15.
    rows = series_standings([T1, T2, T3, t4], SEASON)
    assert table_of(rows) == [
        ("1", 13, 220),
        ("2", 11, 220),
        ("3", 14, 190),
        ("4", 12, 180),
        ("5", 16, 110),
        ("6", 15, 85),
    ]
    # The order of the input does not matter: tournaments go by date.
    assert series_standings([t4, T3, T1, T2], SEASON) == rows


def test_equal_results_at_the_cut_drop_the_earliest_or_the_latest():
    a = t("A", 3, {1: 2, 2: 1})
    b = t("B", 4, {1: 1, 2: 2})
    c = t("C", 5, {1: 2, 2: 1})
    # Player 1: 80 (A), 100 (B), 80 (C); best 2 → 100 + 80 = 180, one 80 dropped as equal.
    earliest = by_player(series_standings([a, b, c], SeriesRules(TABLE, best=2)))[1]
    assert earliest.total == 180
    assert [(r.tournament, r.reason) for r in earliest.dropped] == [("A", "equal_dropped")]
    latest = by_player(
        series_standings([a, b, c], SeriesRules(TABLE, best=2, drop_equal="latest"))
    )[1]
    assert [(r.tournament, r.reason) for r in latest.dropped] == [("C", "equal_dropped")]
    # All results count without N: 80 + 100 + 80 = 260.
    assert by_player(series_standings([a, b, c], SeriesRules(TABLE)))[1].total == 260


def test_shared_places_average_exactly_or_take_the_better_place():
    shared = t("S", 3, {1: 1, 2: 2, 3: 2, 4: 2, 5: 5, 6: 6})
    # 2, 3, 4 cover places 2–4: average (80 + 60 + 50)/3 = 190/3; best: 80.
    # 5: place 5 beyond the table → floor 10; 6 likewise.
    average = by_player(series_standings([shared], SeriesRules(TABLE)))
    assert average[3].total == F(190, 3)
    assert average[3].results[0].place_label == "2–4"
    assert average[5].total == 10 and average[6].total == 10
    best = by_player(
        series_standings(
            [shared], SeriesRules(PointsByPlace((100, 80, 60, 50), floor=10, shared="best"))
        )
    )
    assert best[3].total == 80
    # A shared first place counts as a win for each: 1 and 2 share 1–2, (100 + 80)/2 = 90 each.
    firsts = t("F", 3, {1: 1, 2: 1, 3: 3})
    other = t("G", 4, {3: 1, 4: 2})  # 3 → 100, 4 → 80
    rows = series_standings([firsts, other], SeriesRules(TABLE, chain=("wins",)))
    # 3: 60 + 100 = 160 first; 1 and 2: 90 each, one win each, level: share 2–3; 4: 80.
    assert table_of(rows) == [("1", 3, 160), ("2–3", 1, 90), ("2–3", 2, 90), ("4", 4, 80)]


def test_the_latest_tournament_any_of_the_tied_played_and_absence_ranks_below():
    a = t("A", 3, {21: 1, 22: 2})  # 21 → 100, 22 → 80
    b = t("B", 4, {22: 1})  # 22 → 100
    c = t("C", 5, {23: 1, 21: 2})  # 23 → 100, 21 → 80
    d = t("D", 6, {24: 1})  # nobody of the tied plays the last one
    # 21: 100 + 80 = 180; 22: 80 + 100 = 180. The latest either played is C (not D): 21 played it
    # (80), 22 did not, so 21 is above.
    rows = series_standings([a, b, c, d], SeriesRules(TABLE, chain=("latest",)))
    line = by_player(rows)
    assert (line[21].rank, line[22].rank) == (1, 2)
    assert line[22].decided_by == "latest"
    assert line[22].notes == (Note("tie_break", {"criterion": "latest", "value": None}),)
    # Absence ranks below even a loss: own points as they are.
    x1 = Tournament("X1", date(2026, 3, 1), (Entry(31, 1, 10), Entry(32, 2, 5)))
    x2 = Tournament("X2", date(2026, 4, 1), (Entry(32, 1, 0), Entry(33, 2, -1)))
    x3 = Tournament("X3", date(2026, 5, 1), (Entry(33, 1, 4), Entry(31, 2, -5)))
    # 31: 10 − 5 = 5; 32: 5 + 0 = 5; 33: −1 + 4 = 3. Latest of 31 and 32: X3, 31 −5, 32 absent.
    rows = series_standings([x1, x2, x3], SeriesRules(OwnPoints(), chain=("latest",)))
    assert table_of(rows) == [("1", 31, 5), ("2", 32, 5), ("3", 33, 3)]


def test_own_points_as_they_are_scaled_or_normalised_to_the_winner_and_weighted():
    o1 = Tournament("O1", date(2026, 3, 1), (Entry(41, 1, 12), Entry(42, 2, 9), Entry(43, 3, -3)))
    o2 = Tournament(
        "O2", date(2026, 4, 1), (Entry(42, 1, 20), Entry(43, 2, 5), Entry(41, 3, 4)), F(2)
    )
    # As they are: 41: 12 + 4×2 = 20; 42: 9 + 20×2 = 49; 43: −3 + 5×2 = 7.
    as_is = by_player(series_standings([o1, o2], SeriesRules(OwnPoints())))
    assert (as_is[41].total, as_is[42].total, as_is[43].total) == (20, 49, 7)
    # × 3/2: 30, 147/2, 21/2.
    scaled = by_player(series_standings([o1, o2], SeriesRules(OwnPoints(factor=F(3, 2)))))
    assert (scaled[41].total, scaled[42].total, scaled[43].total) == (30, F(147, 2), F(21, 2))
    # Winner gets 100: O1 (winner 12): 100, 9×100/12 = 75, −3×100/12 = −25;
    # O2 (winner 20), ×2: 42 200, 43 5×100/20×2 = 50, 41 4×100/20×2 = 40.
    # 41: 100 + 40 = 140; 42: 75 + 200 = 275; 43: −25 + 50 = 25.
    normal = series_standings([o1, o2], SeriesRules(OwnPoints(winner_gets=100)))
    assert table_of(normal) == [("1", 42, 275), ("2", 41, 140), ("3", 43, 25)]
    assert by_player(normal)[43].results[0].own_points == -3
    assert by_player(normal)[43].results[0].points == -25
    # Best 1 of 2: 41 100 (O1), 42 200 (O2), 43 50 (O2; O1's −25 dropped).
    best = series_standings([o1, o2], SeriesRules(OwnPoints(winner_gets=100), best=1))
    assert table_of(best) == [("1", 42, 200), ("2", 41, 100), ("3", 43, 50)]


def test_the_method_by_name_and_the_default_table():
    method = series_method("points_by_place", {"floor": 1})
    assert isinstance(method, PointsByPlace) and method.table[:3] == (100, 80, 60)
    # The default table has 30 places; place 31 earns the floor 1.
    assert len(method.table) == 30 and method.at(30) == 1 and method.at(31) == 1
    assert series_method("own_points", {"factor": "1/2"}) == OwnPoints(factor=F(1, 2))


def _zero_winner():
    o = Tournament("Z", date(2026, 3, 1), (Entry(1, 1, 0), Entry(2, 2, -5)))
    return series_standings([o], SeriesRules(OwnPoints(winner_gets=100)))


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: series_method("by_rating"), "series.method_unknown"),
        (lambda: series_method("own_points", {"bonus": 1}), "params.unknown"),
        (lambda: SeriesRules(best=0), "series.best"),
        (lambda: SeriesRules(best=True), "series.best"),
        (lambda: SeriesRules(min_starts=-1), "series.min_starts"),
        (lambda: SeriesRules(drop_equal="random"), "choice"),
        (lambda: SeriesRules(chain=("wins", "wins")), "chain.twice"),
        (lambda: SeriesRules(chain=("coin",)), "chain.unknown"),
        (lambda: SeriesRules(chain="wins"), "chain.text"),
        (lambda: PointsByPlace((100, 120, 60)), "series.table_rises"),
        (lambda: PointsByPlace(()), "series.table"),
        (lambda: PointsByPlace(100), "series.table"),
        (lambda: PointsByPlace((100, -5)), "series.negative"),
        (lambda: PointsByPlace((100, 50), floor=60), "series.floor_above"),
        (lambda: PointsByPlace((100, 0.5)), "number.inexact"),
        (lambda: PointsByPlace(shared="coin"), "choice"),
        (lambda: OwnPoints(factor=0), "factor.positive"),
        (lambda: OwnPoints(winner_gets=-1), "series.winner_gets"),
        (lambda: OwnPoints(factor=2, winner_gets=100), "series.scaled_twice"),
        (_zero_winner, "series.winner_not_positive"),
        (lambda: t("W", 3, {1: 1}, weight=-1), "series.weight"),
        (lambda: t("W", 3, {1: 1}, weight=0), "series.weight"),
        (lambda: t("W", 3, {1: 0}), "series.place"),
        (lambda: t("W", 3, {1: 1, 2: 1, 3: 2}), "series.places_overlap"),
        (
            lambda: Tournament("W", date(2026, 3, 1), (Entry(1, 1), Entry(1, 2))),
            "series.player_twice",
        ),
        (lambda: series_standings([T1, T1]), "series.tournament_twice"),
    ],
)
def test_a_refusal_carries_its_code_and_reads_in_russian(build, code):
    with pytest.raises(StandingsError) as refused:
        build()
    assert refused.value.code == code
    with translation.override("ru"):
        assert refusal_text(refused.value) != "Это значение здесь недопустимо."


def test_a_table_that_stays_level_from_place_to_place_is_accepted():
    # Not rising is the rule: 100, 50, 50 is allowed (two places earn the same).
    assert PointsByPlace((100, 50, 50)).at(3) == 50


# --- invariants ---------------------------------------------------------------------------

METHODS = st.sampled_from(
    [
        PointsByPlace(),
        PointsByPlace((10, 5, 5, 1), floor=1, shared="best"),
        OwnPoints(),
        OwnPoints(factor=F(1, 3)),
    ]
)
CHAINS = st.lists(
    st.sampled_from(["more_starts", "best_result", "wins", "latest"]), unique=True
).map(tuple)


@st.composite
def season(draw, size=None):
    tournaments = []
    for i in range(draw(size if size is not None else st.integers(0, 4))):
        players = draw(st.lists(st.integers(1, 8), min_size=1, max_size=6, unique=True))
        points = draw(st.lists(st.integers(-5, 5), min_size=len(players), max_size=len(players)))
        # Places from the points: 1 + the number of players with more (equal points share).
        entries = tuple(
            Entry(p, 1 + sum(q > x for q in points), x)
            for p, x in zip(players, points, strict=True)
        )
        day = date(2026, 1, 1) + timedelta(days=draw(st.integers(0, 3)))
        weight = draw(st.sampled_from([F(1), F(3, 2), F(2)]))
        tournaments.append(Tournament(f"t{i}", day, entries, weight))
    return tournaments


@st.composite
def rules(draw):
    best = draw(st.none() | st.integers(1, 3))
    return SeriesRules(
        draw(METHODS),
        best=best,
        drop_equal=draw(st.sampled_from(["earliest", "latest"])),
        min_starts=draw(st.integers(0, 3)),
        chain=draw(CHAINS),
    )


def view(row):
    return (
        row.rank_label,
        row.total,
        row.starts,
        row.results,
        row.ranked,
        row.decided_by,
        row.notes,
    )


@settings(deadline=None, max_examples=60)
@given(season(), rules(), st.permutations(range(1, 9)))
def test_renaming_the_players_changes_nothing(tournaments, rules, new_ids):
    rename = {old: 100 + new for old, new in zip(range(1, 9), new_ids, strict=True)}
    renamed = [
        Tournament(
            x.id,
            x.date,
            tuple(Entry(rename[e.player], e.place, e.points) for e in x.entries),
            x.weight,
        )
        for x in tournaments
    ]
    before = by_player(series_standings(tournaments, rules))
    after = by_player(series_standings(renamed, rules))
    assert {rename[p] for p in before} == set(after)
    assert all(view(before[p]) == view(after[rename[p]]) for p in before)


@settings(deadline=None, max_examples=60)
@given(season(), rules(), season(size=st.just(1)), st.integers(1, 8))
def test_a_tournament_he_does_not_play_never_lowers_his_total(tournaments, rules, extra, player):
    added = extra[0]
    added = Tournament(
        "new", added.date, tuple(e for e in added.entries if e.player != player), added.weight
    )
    # Places may now skip the removed player's; they stay consistent.
    before = by_player(series_standings(tournaments, rules))
    after = by_player(series_standings([*tournaments, added], rules))
    if player in before:
        assert after[player].total >= before[player].total
        assert after[player].total == before[player].total  # his own results are unchanged


@settings(deadline=None, max_examples=60)
@given(season(), METHODS, st.none() | st.integers(1, 3))
def test_without_tie_breaks_the_order_follows_the_totals(tournaments, method, best):
    rows = series_standings(tournaments, SeriesRules(method, best=best, chain=()))
    totals = [row.total for row in rows]
    assert totals == sorted(totals, reverse=True)
    for row in rows:
        assert row.rank == 1 + sum(other.total > row.total for other in rows)
        level = [other for other in rows if other.total == row.total]
        assert row.tied == (len(level) > 1)
        assert row.rank_label == (
            f"{row.rank}–{row.rank + len(level) - 1}" if row.tied else str(row.rank)
        )
