"""Can I still qualify (referee.standings.pure.outlook): the round's range per conversion
method, best and worst places against a cut on hand-worked examples, the verdicts, the
refusals, invariants, and a brute force over every seating and result of tiny tournaments."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.standings.pure.outlook import (
    Outlook,
    OutlookError,
    outlook,
    round_range,
)
from referee.standings.pure.points import (
    CoefficientBands,
    CutoffBands,
    Elimination,
    Normalisation,
    PlacementPoints,
    RawWhists,
    RoundScoring,
)
from referee.standings.pure.ranking import StandingRow, standings

F = Fraction
#: points by place 4/2/0 at a table of 3, whatever the sign, no bonus
FOUR_TWO_NIL = PlacementPoints(
    three_table=(F(4), F(2), F(0)),
    three_table_if_negative=(F(4), F(2), F(0)),
    sole_winner_bonus=F(0),
)


def row(rank: int, player: str, points: int, removed_in: int | None = None) -> StandingRow:
    return StandingRow(
        rank=rank,
        rank_label=str(rank),
        player=player,
        points=F(points),
        whists=F(0),
        firsts=0,
        rounds_played=6,
        round_points=(),
        tied=False,
        decided_by=None,
        removed_in=removed_in,
    )


def places(result: tuple[Outlook, ...]) -> dict[str, tuple[int | None, int | None, str]]:
    return {o.player: (o.best, o.worst, o.verdict) for o in result}


# --- what one round can give --------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "sizes", "low", "high"),
    [
        # 4/2/0: first place 4, last 0.
        (FOUR_TWO_NIL, (3,), F(0), F(4)),
        # Serbian 3-table row 3/2(1)/0, the sole winner +1: at most 3 + 1, at least 0.
        (PlacementPoints(), (3,), F(0), F(4)),
        # 4-table 3/2/1/0 +1 for the sole winner: the same ends.
        (PlacementPoints(), (4,), F(0), F(4)),
        # Shared places split: the ends are still a sole winner's 4 and a lone last's 0.
        (PlacementPoints(ties="split"), (3, 4), F(0), F(4)),
        # No bonus, a 4-table row 5/3/1/-1: the ends are 5 and -1 at tables of 3 or 4.
        (
            PlacementPoints(
                four_table=(5, 3, 1, -1), four_table_if_negative=(5, 3, 1, -1), sole_winner_bonus=0
            ),
            (3, 4),
            F(-1),
            F(5),
        ),
        # Gambler bands: 200 at 1:1, 450 more at 1/10 = 245, symmetric: -245.
        (CutoffBands(), (3, 4), F(-245), F(245)),
        # A loss counted in full: no lower bound.
        (CutoffBands(symmetric=False), (3,), None, F(245)),
        # Bands ending in an unbounded band of weight 0: 100 at 1:1, nothing beyond.
        (CutoffBands(bands=((100, 1), (None, 0))), (3,), F(-100), F(100)),
        # playelephant: above 100 whists 1 per 10 without end: no bound.
        (CoefficientBands(), (3, 4), None, None),
        # Raw whists: no bound.
        (RawWhists(), (3, 4), None, None),
    ],
)
def test_what_one_round_can_give(method, sizes, low, high):
    result = round_range(RoundScoring(method), sizes)
    assert (result.low, result.high) == (low, high)


def test_a_round_range_is_reached_at_a_table():
    # The ends are exact: +650 against -650 and 0 gives 245 and -245 (cutoff bands); +54, -10,
    # -44 gives the sole winner 4 and the last 0 (placement points, TOURNAMENTS §3.2).
    bands = RoundScoring(CutoffBands()).score_table(1, ["A", "B", "C"], [650, -650, 0])
    assert bands.points == (F(245), F(-245), F(0))
    placement = RoundScoring(PlacementPoints()).score_table(1, ["A", "B", "C"], [54, -10, -44])
    assert placement.points == (F(4), F(1), F(0))


# --- the hand-worked example: 9 players, 2 rounds left, 4/2/0 at tables of 3, cut of 3 ----

NINE = (
    row(1, "A", 22),
    row(2, "B", 20),
    row(3, "C", 16),
    row(4, "D", 12),
    row(4, "E", 12),
    row(6, "F", 10),
    row(7, "G", 8),
    row(8, "H", 6),
    row(9, "I", 2),
)  # 6 rounds played: 3 tables x 6 points x 6 rounds = 108 points in all


def test_nine_players_two_rounds_left_cut_of_three():
    # A round gives 0 to 4, two rounds 0 to 8. Best place of P: 1 + those above c_P + 8
    # (strictly: a tie goes to P); worst: 1 + the others at c_P - 8 or more (a tie goes
    # against P).
    # A 22: nobody above 30 -> best 1; at 14 or more: B 20, C 16 -> worst 3 <= 3: qualified.
    # B 20: nobody above 28 -> 1; at 12 or more: A, C, D, E -> 5: open.
    # C 16: nobody above 24 -> 1; at 8 or more: A, B, D, E, F, G -> 7: open.
    # D 12 (and E): above 20: A -> 2; at 4 or more: 7 others -> 8: open.
    # F 10: above 18: A, B -> 3 (just inside the cut); at 2 or more: all 8 -> 9: open.
    # G 8: above 16: A, B (C's 16 ties G's 8 + 8, and goes G's way) -> 3: open; worst 9.
    # H 6: above 14: A, B, C -> 4 > 3: eliminated. I 2: above 10: A-E -> 6: eliminated.
    result = outlook(NINE, RoundScoring(FOUR_TWO_NIL), rounds_left=2, cut=3, table_sizes=(3,))
    assert places(result) == {
        "A": (1, 3, "qualified"),
        "B": (1, 5, "open"),
        "C": (1, 7, "open"),
        "D": (2, 8, "open"),
        "E": (2, 8, "open"),
        "F": (3, 9, "open"),
        "G": (3, 9, "open"),
        "H": (4, 9, "eliminated"),
        "I": (6, 9, "eliminated"),
    }
    assert [o.current for o in result] == [1, 2, 3, 4, 4, 6, 7, 8, 9]
    assert not any(o.exact for o in result)  # bounds: the seating is not known


def test_one_round_left_more_is_certain():
    # One round: 0 to 4. A 22: others at 18 or more: B -> worst 2: qualified.
    # B 20: at 16 or more: A, C -> 3: qualified. C 16: above 20: A -> best 2; at 12 or more:
    # A, B, D, E -> 5: open.
    # F 10: above 14: A, B, C -> 4: eliminated; G 8 (above 12: A, B, C) -> 4: eliminated.
    # D 12: above 16: A, B -> 3: open (a tie with C at 16 goes D's way).
    result = places(outlook(NINE, RoundScoring(FOUR_TWO_NIL), 1, 3, (3,)))
    assert result["A"] == (1, 2, "qualified")
    assert result["B"] == (1, 3, "qualified")
    assert result["C"] == (2, 5, "open")
    assert result["D"] == (3, 7, "open")
    assert result["F"][2] == result["G"][2] == "eliminated"
    assert result["F"][0] == result["G"][0] == 4


def test_no_rounds_left_the_current_places_are_exact():
    # D and E share place 4-5: with a cut of 4 the tie straddles it and stays open; with a
    # cut of 5 both qualify; C (3) qualifies, F (6) is out.
    result = places(outlook(NINE, RoundScoring(FOUR_TWO_NIL), 0, 4))
    assert result["C"] == (3, 3, "qualified")
    assert result["D"] == result["E"] == (4, 5, "open")
    assert result["F"] == (6, 6, "eliminated")
    assert places(outlook(NINE, RoundScoring(FOUR_TWO_NIL), 0, 5))["E"] == (4, 5, "qualified")
    assert all(o.exact for o in outlook(NINE, RoundScoring(FOUR_TWO_NIL), 0, 4))


def test_bands_give_bounds_in_points():
    # Gambler bands, one round: -245 to 245 each, so one player gains at most 490 on another.
    # X 1000: worst when he ends at 755 and the others at 745 (Y) and 245 (Z): worst 1,
    # qualified for a cut of 1. Y 500: at best 745, below X's least 755 -> best 2; above Z's
    # most 245 -> worst 2. Z 0: at best 245, below X (755) and Y (255) -> 3 and 3.
    rows = (row(1, "X", 1000), row(2, "Y", 500), row(3, "Z", 0))
    result = places(outlook(rows, RoundScoring(CutoffBands()), 1, 1))
    assert result == {
        "X": (1, 1, "qualified"),
        "Y": (2, 2, "eliminated"),
        "Z": (3, 3, "eliminated"),
    }


@pytest.mark.parametrize("method", [RawWhists(), CoefficientBands(), CutoffBands(symmetric=False)])
def test_without_a_bound_the_outlook_is_unknown(method):
    result = outlook(NINE, RoundScoring(method), 1, 3)
    assert {(o.best, o.worst, o.verdict, o.note) for o in result} == {
        (None, None, "unknown", "outlook.no_bound")
    }
    # With no rounds left the places are known whatever the method.
    assert places(outlook(NINE, RoundScoring(method), 0, 3))["A"] == (1, 1, "qualified")


def test_removal_below_the_threshold_makes_the_outlook_unknown():
    removing = RoundScoring(FOUR_TWO_NIL, elimination=Elimination(F(-1000)))
    assert {o.note for o in outlook(NINE, removing, 1, 3)} == {"outlook.elimination"}
    # A yellow card only (action "flag") changes no place: the bounds are given.
    flagging = RoundScoring(FOUR_TWO_NIL, elimination=Elimination(F(-1000), "flag"))
    assert places(outlook(NINE, flagging, 1, 3, (3,)))["A"] == (1, 2, "qualified")


def test_removed_and_withdrawn_players_are_no_rivals():
    # R was removed in round 4 with 30 points and W withdrew with 20: neither takes a place
    # from anybody (issue 29 point 4), both are out with no place. Q (0 points, a round of 0
    # to 4 left): P's 10 stays above Q's most 4 -> best 2; only P, Q, S in play -> worst 3:
    # qualified. P 10: at worst 10 + 0 = 10, above Q's and S's most 4 -> 1 and 1.
    rows = (
        row(1, "W", 20),
        row(2, "P", 10),
        row(3, "Q", 0),
        row(3, "S", 0),
        row(5, "R", 30, removed_in=4),
    )
    result = outlook(rows, RoundScoring(FOUR_TWO_NIL), 1, 3, (3,), eligible={"P", "Q", "S", "R"})
    assert places(result) == {
        "W": (None, None, "eliminated"),
        "R": (None, None, "eliminated"),
        "P": (1, 1, "qualified"),
        "Q": (2, 3, "qualified"),
        "S": (2, 3, "qualified"),
    }
    assert {o.note for o in result if o.player in "WR"} == {"outlook.not_in_play"}
    assert [o.current for o in result if o.player in "PQS"] == [1, 2, 2]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"cut": 0}, "outlook.cut"),
        ({"cut": True}, "outlook.cut"),
        ({"rounds_left": -1}, "outlook.rounds"),
        ({"rounds_left": "2"}, "outlook.rounds"),
        ({"table_sizes": (5,)}, "outlook.table_sizes"),
        ({"table_sizes": ()}, "outlook.table_sizes"),
        ({"rows": (*NINE, row(10, "A", 0))}, "outlook.player_twice"),
    ],
)
def test_a_refusal_carries_its_code(kwargs, code):
    args = {"rows": NINE, "scoring": RoundScoring(FOUR_TWO_NIL), "rounds_left": 1, "cut": 3}
    with pytest.raises(OutlookError) as refused:
        outlook(**{**args, **kwargs})
    assert refused.value.code == code


# --- invariants over tournaments played out of random results ------------------------------


def _played(draw: st.DrawFn, players: list[str], rounds: int, scoring: RoundScoring):
    """``rounds`` rounds of tables of 3 in a drawn order, each with drawn zero-sum whists."""
    played = []
    for _ in range(rounds):
        order = draw(st.permutations(players))
        tables = []
        for t in range(len(players) // 3):
            seated = order[3 * t : 3 * t + 3]
            a, b = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
            tables.append(scoring.score_table(t + 1, seated, [a, b, -a - b]))
        played.append(tables)
    return played


METHODS = [FOUR_TWO_NIL, PlacementPoints(), PlacementPoints(ties="split"), CutoffBands()]


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(METHODS), st.integers(0, 3), st.integers(1, 9))
def test_best_current_worst_in_order(data, method, rounds_left, cut):
    scoring = RoundScoring(method, Normalisation())
    players = [f"p{i}" for i in range(data.draw(st.sampled_from([3, 6, 9])))]
    rows = standings(_played(data.draw, players, data.draw(st.integers(1, 3)), scoring))
    for o, r in zip(outlook(rows, scoring, rounds_left, cut, (3,)), rows, strict=True):
        last_of_tie = r.rank + sum(x.rank == r.rank for x in rows) - 1
        assert o.best is not None and o.worst is not None
        assert o.best <= r.rank <= last_of_tie <= o.worst
        if rounds_left == 0:
            assert (o.best, o.worst, o.exact) == (r.rank, last_of_tie, True)
        expected = "qualified" if o.worst <= cut else "eliminated" if o.best > cut else "open"
        assert o.verdict == expected


# --- brute force: 6 players, tables of 3, 1 round left, every seating and result ----------


def _outcomes(method: PlacementPoints) -> set[tuple[Fraction, ...]]:
    """Every points vector a table of 3 can give its seats in order (whists -6..6, zero-sum:
    every order, tie and sign of three results occurs)."""
    found = set()
    for a, b in product(range(-6, 7), repeat=2):
        points = method.points({"0": F(a), "1": F(b), "2": F(-a - b)})
        found.add((points["0"], points["1"], points["2"]))
    return found


def _seatings(players: list[str]):
    first = players[0]
    for mates in combinations(players[1:], 2):
        table = (first, *mates)
        yield table, tuple(p for p in players if p not in table)


@pytest.mark.parametrize("method", [FOUR_TWO_NIL, PlacementPoints(), PlacementPoints(ties="split")])
@pytest.mark.parametrize(
    "whists",
    [
        # Two rounds played: round 1 A B C | D E F, round 2 A D E | B C F (whists in that order).
        ((60, -10, -50, 30, 0, -30), (20, -5, -15, 40, -60, 20)),
        ((10, -5, -5, 0, 0, 0), (-20, 10, 10, 30, -10, -20)),
        ((3, 2, -5, 1, 1, -2), (4, -4, 0, -1, 2, -1)),
    ],
)
def test_the_bounds_contain_every_reachable_place(method, whists):
    scoring = RoundScoring(method)
    players = ["A", "B", "C", "D", "E", "F"]
    first, second = whists
    played = [
        [
            scoring.score_table(1, ["A", "B", "C"], first[:3]),
            scoring.score_table(2, ["D", "E", "F"], first[3:]),
        ],
        [
            scoring.score_table(1, ["A", "D", "E"], second[:3]),
            scoring.score_table(2, ["B", "C", "F"], second[3:]),
        ],
    ]
    rows = standings(played)
    now = {r.player: r.points for r in rows}
    reachable: dict[str, set[int]] = {p: set() for p in players}
    outcomes = sorted(_outcomes(method))
    for one, two in _seatings(players):
        for left, right in product(outcomes, repeat=2):
            final = dict(now)
            for table, points in ((one, left), (two, right)):
                for player, gained in zip(table, points, strict=True):
                    final[player] += gained
            for p in players:  # a tie on points may go either way: every place it covers
                above = sum(final[q] > final[p] for q in players)
                level = sum(final[q] == final[p] for q in players)
                reachable[p].update(range(above + 1, above + level + 1))
    for o in outlook(rows, scoring, 1, 3, (3,)):
        assert o.best is not None and o.worst is not None
        assert o.best <= min(reachable[o.player]) and max(reachable[o.player]) <= o.worst
        # The verdicts are never wrong: qualified means every reachable place is in the cut.
        if o.verdict == "qualified":
            assert max(reachable[o.player]) <= 3
        if o.verdict == "eliminated":
            assert min(reachable[o.player]) > 3


def test_the_round_range_is_the_brute_forces_extremes():
    # Claimed exact: the least and the most one seat gets over every result of a table of 3.
    for method in METHODS[:3]:
        values = {v for outcome in _outcomes(method) for v in outcome}
        claimed = round_range(RoundScoring(method), (3,))
        assert (claimed.low, claimed.high) == (min(values), max(values))
