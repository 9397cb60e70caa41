"""Standings and the tie-break chain (TOURNAMENTS §5): each level breaks the tie it should."""

from fractions import Fraction

import pytest

from referee.standings.pure.points import (
    Elimination,
    ParameterError,
    PlacementPoints,
    RoundScoring,
    TableError,
    TableResult,
)
from referee.standings.pure.ranking import StandingRow, UnknownMetricError, standings

RAW = RoundScoring()
PLACEMENT = RoundScoring(PlacementPoints())


def table(scoring: RoundScoring, number: int, **whists: int) -> TableResult:
    return scoring.score_table(number, list(whists), list(whists.values()))


def order(rows: tuple[StandingRow, ...]) -> list[tuple[str, str]]:
    return [(row.rank_label, row.player) for row in rows]


def row(rows: tuple[StandingRow, ...], player: str) -> StandingRow:
    return next(r for r in rows if r.player == player)


def test_points_decide_first() -> None:
    # Placement: A +100 sole positive → 4, B −40 → 1, C −60 → 0.
    rows = standings([[table(PLACEMENT, 1, A=100, B=-40, C=-60)]])
    assert order(rows) == [("1", "A"), ("2", "B"), ("3", "C")]
    assert [r.decided_by for r in rows] == [None, "points", "points"]
    assert row(rows, "A").points == 4


def test_whists_break_equal_points() -> None:
    # Placement: table 1 A +100, B −40, C −60 → 4, 1, 0; table 2 D +50, E −20, F −30 → 4, 1, 0.
    # Points tie A–D, B–E, C–F; whists: A 100 > D 50, E −20 > B −40, F −30 > C −60.
    rows = standings(
        [[table(PLACEMENT, 1, A=100, B=-40, C=-60), table(PLACEMENT, 2, D=50, E=-20, F=-30)]]
    )
    assert [r.player for r in rows] == ["A", "D", "E", "B", "F", "C"]
    assert [r.decided_by for r in rows] == [None, "whists", "points", "whists", "points", "whists"]
    assert not any(r.tied for r in rows)


def test_first_places_break_equal_whists() -> None:
    # Raw points. Round 1: P +50, X −20, Y −30 | Q +30, Z +40, W −70.
    # Round 2: P −10, Z +60, W −50 | Q +10, X +20, Y −30.
    # P = 50 − 10 = 40 and Q = 30 + 10 = 40 (points and whists); P was 1st once, Q never.
    rounds = [
        [table(RAW, 1, P=50, X=-20, Y=-30), table(RAW, 2, Q=30, Z=40, W=-70)],
        [table(RAW, 1, P=-10, Z=60, W=-50), table(RAW, 2, Q=10, X=20, Y=-30)],
    ]
    rows = standings(rounds)
    assert order(rows)[:3] == [("1", "Z"), ("2", "P"), ("3", "Q")]
    assert (row(rows, "P").firsts, row(rows, "Q").firsts) == (1, 0)
    assert row(rows, "Q").decided_by == "firsts"


def test_head_to_head_counts_only_the_tied_players() -> None:
    # Raw. Round 1: A +10, B +20, C −30. Round 2: A +50, D −20, E −30 | B +40, F +50, G +55, H −145.
    # A = B = 60. Among the tied: they met once, B 20 > A 10 → B +1, A −1.
    # Counting every table-mate instead would give A +2 (beat C, D, E; lost to B) and
    # B +1 (beat A, C, H; lost to F, G) — the wrong way round.
    rounds = [
        [table(RAW, 1, A=10, B=20, C=-30)],
        [table(RAW, 1, A=50, D=-20, E=-30), table(RAW, 2, B=40, F=50, G=55, H=-145)],
    ]
    rows = standings(rounds, chain=["points", "head_to_head"])
    assert order(rows)[:2] == [("1", "B"), ("2", "A")]
    assert row(rows, "A").decided_by == "head_to_head"


def test_head_to_head_without_a_meeting_stays_tied() -> None:
    # Same rounds: C and E are both −30 and never met → shared 6–7.
    rounds = [
        [table(RAW, 1, A=10, B=20, C=-30)],
        [table(RAW, 1, A=50, D=-20, E=-30), table(RAW, 2, B=40, F=50, G=55, H=-145)],
    ]
    rows = standings(rounds, chain=["points", "head_to_head"])
    assert order(rows)[5:7] == [("6–7", "C"), ("6–7", "E")]
    assert row(rows, "C").rank == row(rows, "E").rank == 6
    assert row(rows, "C").tied and row(rows, "E").tied


def test_head_to_head_cycle_stays_tied() -> None:
    # Raw, each round +10/−10/0 over A, B, C in turn: A beats B, B beats C, C beats A.
    # All end on 0; head to head +1 − 1 = 0 each → 1–3.
    rounds = [
        [table(RAW, 1, A=10, B=-10, C=0)],
        [table(RAW, 1, A=0, B=10, C=-10)],
        [table(RAW, 1, A=-10, B=0, C=10)],
    ]
    rows = standings(rounds, chain=["points", "head_to_head"])
    assert order(rows) == [("1–3", "A"), ("1–3", "B"), ("1–3", "C")]


def test_opponents_points_break_a_tie() -> None:
    # Raw. Round 1: A +10, C +20, D −30 | B +10, E −5, F −5.
    # Round 2: C +30, E −10, F −20 | A 0, B 0, D 0.
    # Totals A 10, B 10, C 50, D −30, E −15, F −25.
    # A's opponents: C 50 + D −30 + B 10 + D −30 = 0; B's: E −15 + F −25 + A 10 + D −30 = −60.
    rounds = [
        [table(RAW, 1, A=10, C=20, D=-30), table(RAW, 2, B=10, E=-5, F=-5)],
        [table(RAW, 1, C=30, E=-10, F=-20), table(RAW, 2, A=0, B=0, D=0)],
    ]
    rows = standings(rounds, chain=["points", "opponents_points"])
    assert order(rows)[1:3] == [("2", "A"), ("3", "B")]
    assert row(rows, "B").decided_by == "opponents_points"


def test_lot_breaks_what_is_left() -> None:
    # Raw: A +10, C +20, D −30 | B +10, E +20, F −30. A and B: points and whists 10, firsts 0,
    # never met, opponents 20 − 30 = −10 each. Lots: B drew 1, A drew 2 → B above A.
    rounds = [[table(RAW, 1, A=10, C=20, D=-30), table(RAW, 2, B=10, E=20, F=-30)]]
    rows = standings(rounds, lots={"A": 2, "B": 1})
    assert order(rows)[2:4] == [("3", "B"), ("4", "A")]
    assert row(rows, "A").decided_by == "lot"


def test_no_lot_leaves_the_tie_shared() -> None:
    rounds = [[table(RAW, 1, A=10, C=20, D=-30), table(RAW, 2, B=10, E=20, F=-30)]]
    rows = standings(rounds)
    assert order(rows) == [
        ("1–2", "C"),
        ("1–2", "E"),
        ("3–4", "A"),
        ("3–4", "B"),
        ("5–6", "D"),
        ("5–6", "F"),
    ]
    assert row(rows, "B").rank == 3 and row(rows, "B").tied


def test_lot_for_only_some_tied_players_leaves_the_tie() -> None:
    rounds = [[table(RAW, 1, A=10, C=20, D=-30), table(RAW, 2, B=10, E=20, F=-30)]]
    rows = standings(rounds, lots={"A": 1})
    assert order(rows)[2:4] == [("3–4", "A"), ("3–4", "B")]


def test_chain_order_is_the_tournaments_choice() -> None:
    # Placement: X +10, P −5, Q −5 → X 4 (sole positive); Y +300, Z +1, W −301 → Y 3, Z 2.
    # Points first: X (4) above Y (3). Whists first: Y (300) above X (10).
    rounds = [[table(PLACEMENT, 1, X=10, P=-5, Q=-5), table(PLACEMENT, 2, Y=300, Z=1, W=-301)]]
    assert [r.player for r in standings(rounds)][:2] == ["X", "Y"]
    assert [r.player for r in standings(rounds, chain=["whists", "points"])][:2] == ["Y", "X"]


def test_empty_chain_ties_everyone() -> None:
    rows = standings([[table(RAW, 1, A=10, B=-5, C=-5)]], chain=[])
    assert {r.rank_label for r in rows} == {"1–3"}


def test_removed_player_listed_after_those_still_in() -> None:
    # Rostov −500, remove. Round 1: C +900, A −450, B −450 | D +10, E −5, F −5.
    # Round 2: C −600 (< −500: removed), A +300, B +300 | D, E, F 0.
    # C's 300 would lead; removed, he is listed last with the reason.
    scoring = RoundScoring(elimination=Elimination(-500))
    rounds = [
        [table(scoring, 1, C=900, A=-450, B=-450), table(scoring, 2, D=10, E=-5, F=-5)],
        [table(scoring, 1, C=-600, A=300, B=300), table(scoring, 2, D=0, E=0, F=0)],
    ]
    rows = standings(rounds)
    last = rows[-1]
    assert (last.player, last.rank, last.decided_by) == ("C", 6, "removed")
    assert (last.removed_in, last.yellow_cards, last.points) == (2, (2,), 300)


def test_flagged_player_keeps_his_place() -> None:
    scoring = RoundScoring(elimination=Elimination(-500, "flag"))
    rounds = [
        [table(scoring, 1, C=900, A=-450, B=-450), table(scoring, 2, D=10, E=-5, F=-5)],
        [table(scoring, 1, C=-600, A=300, B=300), table(scoring, 2, D=0, E=0, F=0)],
    ]
    first = standings(rounds)[0]
    assert (first.player, first.yellow_cards, first.removed_in) == ("C", (2,), None)


def test_round_points_per_round_with_a_missed_round() -> None:
    # C plays round 1 only, D round 2 only (placement points).
    # Round 1: A +30, B −10, C −20 → 4, 1, 0. Round 2: A −10, B +40, D −30 → 1, 4, 0.
    rounds = [[table(PLACEMENT, 1, A=30, B=-10, C=-20)], [table(PLACEMENT, 1, A=-10, B=40, D=-30)]]
    rows = standings(rounds)
    assert row(rows, "C").round_points == (0, None)
    assert row(rows, "D").round_points == (None, 0)
    assert row(rows, "A").round_points == (4, 1)
    assert (row(rows, "A").rounds_played, row(rows, "D").rounds_played) == (2, 1)


def test_standings_after_an_earlier_round() -> None:
    # After round 1 A leads (4 points). After round 2 A 4 + 1 = 5 and B 1 + 4 = 5 tie on points;
    # whists B −10 + 40 = 30 beat A 30 − 10 = 20.
    rounds = [[table(PLACEMENT, 1, A=30, B=-10, C=-20)], [table(PLACEMENT, 1, A=-10, B=40, D=-30)]]
    assert standings(rounds[:1])[0].player == "A"
    assert standings(rounds)[0].player == "B"
    assert standings(rounds)[0].whists == Fraction(30)


def test_no_rounds_no_rows() -> None:
    assert standings([]) == ()


def test_unknown_tie_break_is_a_typed_error() -> None:
    with pytest.raises(UnknownMetricError) as error:
        standings([], chain=["points", "buchholz"])
    assert (error.value.code, error.value.field) == ("chain.unknown", "chain[1]")
    assert error.value.params == {"name": "buchholz"}


def test_repeated_tie_break_refused() -> None:
    with pytest.raises(ParameterError) as error:
        standings([], chain=["points", "whists", "points"])
    assert (error.value.code, error.value.field) == ("chain.twice", "chain[2]")
    assert error.value.params == {"name": "points"}


def test_chain_as_one_string_refused() -> None:
    with pytest.raises(ParameterError) as error:
        standings([], chain="points")
    assert (error.value.code, error.value.field) == ("chain.text", "chain")


def test_player_at_two_tables_in_a_round_refused() -> None:
    with pytest.raises(TableError) as refused:
        standings([[table(RAW, 1, A=10, B=-5, C=-5), table(RAW, 2, A=0, D=0, E=0)]])
    assert (refused.value.code, refused.value.field) == ("table.player_twice", "round 1.table 2")


def test_repeated_table_number_refused() -> None:
    with pytest.raises(TableError) as refused:
        standings([[table(RAW, 1, A=10, B=-5, C=-5), table(RAW, 1, D=0, E=0, F=0)]])
    assert (refused.value.code, refused.value.field) == ("table.number_twice", "round 1.table 1")


def test_lot_must_be_a_whole_number() -> None:
    with pytest.raises(ParameterError) as refused:
        standings([], lots={"A": "1"})  # type: ignore[dict-item]
    assert (refused.value.code, refused.value.field) == ("lot.not_whole", "lots[A]")


def test_guests_take_no_place_and_their_table_mates_keep_their_points() -> None:
    # Placement points (TOURNAMENTS §6.4 guests): table 1 A +100 (the sole positive: 3 + 1),
    # G −40 (1), C −60 (0); table 2 B +30 and H +10 (two positives: 3 and 2), D −40 (0). G and
    # H are guests: the others rank A 4, B 3, then D 0 and C 0 (whists −40 > −60: D ahead);
    # G and H follow without a place, by the chain (H 2 points above G 1).
    rows = standings(
        [[table(PLACEMENT, 1, A=100, G=-40, C=-60), table(PLACEMENT, 2, B=30, H=10, D=-40)]],
        guests={"G", "H"},
    )
    assert order(rows) == [("1", "A"), ("2", "B"), ("3", "D"), ("4", "C"), ("", "H"), ("", "G")]
    assert [r.guest for r in rows] == [False] * 4 + [True] * 2
    assert [r.rank for r in rows[4:]] == [0, 0]
    assert [row(rows, p).points for p in "ABGH"] == [4, 3, 1, 2]  # scored as usual
    assert row(rows, "A").firsts == 1 and row(rows, "H").decided_by is None
