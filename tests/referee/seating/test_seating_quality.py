"""The quality report and the validity check of a seating (TOURNAMENTS.md §6)."""

from referee.seating.pure.quality import assess, check_seating
from referee.seating.pure.values import RoundSeating, SeatedTable

ROUND_1 = RoundSeating(
    (SeatedTable(1, ("a", "b", "c", "d"), "a"), SeatedTable(2, ("e", "f", "g"), "e"))
)
ROUND_2 = RoundSeating(
    (SeatedTable(1, ("a", "e", "b", "f"), "a"), SeatedTable(2, ("c", "g", "d"), "g"))
)
PLAYERS = ["a", "b", "c", "d", "e", "f", "g"]


def test_repeated_pairs_name_the_table_and_the_earlier_meetings() -> None:
    quality = assess(ROUND_2, [ROUND_1])
    assert [(r.first, r.second, r.table, r.met_before) for r in quality.repeated_pairs] == [
        ("a", "b", 1, 1),
        ("e", "f", 1, 1),
        ("c", "d", 2, 1),
    ]
    assert quality.explanations[0] == (
        "repeated pairs: 3 (a–b (table 1, met 1× before); e–f (table 1, met 1× before); "
        "c–d (table 2, met 1× before))"
    )


def test_first_round_has_no_repeats() -> None:
    quality = assess(ROUND_1)
    assert quality.repeated_pairs == ()
    assert quality.explanations[0] == "no repeated pairs"


def test_seat_counts_first_deals_and_spread_include_this_round() -> None:
    quality = assess(ROUND_2, [ROUND_1])
    balance = {p.player: p for p in quality.players}
    assert [p.player for p in quality.players] == ["a", "b", "c", "d", "e", "f", "g"]
    assert balance["a"].seat_counts == (2, 0, 0, 0)  # seat 1 twice, has sat at a 4-table
    assert balance["a"].seat_spread == 2
    assert balance["a"].first_deals == 2
    assert balance["g"].seat_counts == (0, 1, 1, 0)  # 3-tables only: seats 1..3 count
    assert balance["g"].seat_spread == 1
    assert balance["e"].seat_counts == (1, 1, 0, 0)  # seat 4 at a 4-table never used
    assert balance["e"].seat_spread == 1
    assert quality.max_seat_spread == 2
    assert quality.first_deal_range == (0, 2)
    assert "seat spread: at most 2 (a)" in quality.explanations
    assert "first deals per player: 0–2" in quality.explanations


def test_byes_are_counted() -> None:
    seating = RoundSeating((SeatedTable(1, ("a", "b", "c", "d"), "b"),), byes=("e",))
    quality = assess(seating)
    assert [p.byes for p in quality.players] == [0, 0, 0, 0, 1]
    assert quality.explanations[-1] == "byes: e 1"


def test_a_valid_seating_has_no_problems() -> None:
    assert check_seating(ROUND_2, PLAYERS, {frozenset(("a", "c"))}) == ()


def test_a_forbidden_pair_together_is_a_problem() -> None:
    assert check_seating(ROUND_2, PLAYERS, {frozenset(("a", "b"))}) == (
        "table 1: forbidden pair a–b together",
    )


def test_table_sizes_must_be_3_or_4() -> None:
    seating = RoundSeating(
        (SeatedTable(1, ("a", "b", "c", "d", "e"), "a"), SeatedTable(2, ("f", "g"), "f"))
    )
    assert check_seating(seating, PLAYERS) == (
        "table 1 seats 5; a table seats 3 or 4",
        "table 2 seats 2; a table seats 3 or 4",
    )


def test_everybody_sits_once_and_only_the_active_players_sit() -> None:
    seating = RoundSeating(
        (SeatedTable(1, ("a", "b", "c", "a"), "a"), SeatedTable(2, ("e", "f", "x"), "e")),
        byes=("g",),
    )
    assert check_seating(seating, PLAYERS) == (
        "a is placed 2 times",
        "x is not an active player",
        "d is neither seated nor on a bye",
    )


def test_first_dealer_sits_at_the_table_and_tables_count_from_1() -> None:
    seating = RoundSeating(
        (SeatedTable(2, ("a", "b", "c", "d"), "e"), SeatedTable(3, ("e", "f", "g"), "e"))
    )
    assert check_seating(seating, PLAYERS) == (
        "tables are numbered [2, 3], not 1..2",
        "table 2: first dealer e is not seated there",
    )
