"""Pool closing, help and write-off, SPEC §7: every expectation worked out by hand.

Contract values C(6..9) = 2/4/6/8 pool points in every preset (§2.1); a pass–pass game
writes C(L) to the declarer's pool (§3.1). k = pool_to_mountain_factor: 1 in sochi,
rostov and classic, 2 in leningrad and fspr (§8.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring import preset, score_pulka
from scoring.casefile import parse_deal
from tests.scoring.helpers import calls, exact, game, pulka, raspasy, score, whists
from tests.scoring.refusals import refused


def assert_books(
    out: dict[str, Any],
    pulka: dict[str, Any] | None = None,
    gora: dict[str, Any] | None = None,
    whist: dict[str, Any] | None = None,
) -> None:
    assert "error" not in out, out["error"]
    for name, got, want in (
        ("pulka", out["pulka"], pulka or {}),
        ("gora", out["gora"], gora or {}),
        ("whists", whists(out), whist or {}),
    ):
        assert set(got) == set(want), f"{name}: {got} != {want}"
        assert got == pytest.approx(want, abs=0.01), f"{name}: {got} != {want}"


def before(size: int, pools: dict[str, int], gora: dict[str, int] | None = None) -> dict:
    return {"size": size, "pulka": pools, "gora": gora or {}}


def pass_pass(declarer: str, level: int, first: str, second: str) -> dict[str, Any]:
    """A game nobody whists: the declarer writes C(level) to his pool without play."""
    return game(declarer, level, calls(f"{first} pass", f"{second} pass"))


# ---------------------------------------------------------------------------------------
# §7.1 / §7.2 pool size and help
# ---------------------------------------------------------------------------------------


def test_points_that_exactly_close_the_pool_stay_with_the_declarer():
    # A 6 of 10, 7 pass-pass: C(7) = 4 → 6 + 4 = 10, nothing overflows
    out = score("sochi", "ABC", pass_pass("A", 7, "B", "C"), pool_before=before(10, {"A": 6}))
    assert_books(out, pulka={"A": 4})


def test_without_pool_before_nothing_is_helped():
    # a deal case without pool_before: C(8) = 6 all to A, whatever his pool
    out = score("sochi", "ABC", pass_pass("A", 8, "B", "C"))
    assert_books(out, pulka={"A": 6})


def test_overflow_helps_the_unclosed_player_with_the_largest_pool():
    # A 9, B 3, C 6 of 10; 6 pass-pass: C(6) = 2 → 1 closes A, 1 overflows → C (6 > 3);
    # A writes 10 whists per point on C
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 6, "B", "C"),
        pool_before=before(10, {"A": 9, "B": 3, "C": 6}),
    )
    assert_books(out, pulka={"A": 1, "C": 1}, whist={"A->C": 10})


def test_largest_pool_tie_goes_to_the_first_clockwise_from_the_helper():
    # B 9, A 5, C 5; B 6 pass-pass: 1 closes B, 1 overflows; A and C tie at 5 →
    # clockwise from B: C, then A → C is helped (not A, first in the seating list)
    out = score(
        "sochi",
        "ABC",
        pass_pass("B", 6, "C", "A"),
        pool_before=before(10, {"A": 5, "B": 9, "C": 5}),
    )
    assert_books(out, pulka={"B": 1, "C": 1}, whist={"B->C": 10})


@pytest.mark.parametrize(
    ("convention", "per_point"),
    [
        ("sochi", 10),
        ("rostov", 10),
        ("classic", 10),
        ("leningrad", 20),  # the ×2 rule
        ("fspr", 20),  # a tournament that sets a pool size gets the Leningrad help options
    ],
)
def test_helper_writes_whists_per_helped_point_by_preset(convention, per_point):
    # A 9, B 3, C 6 of 10; 6 pass-pass (2): 1 closes A, 1 → C; A→C 1 × per_point
    out = score(
        convention,
        "ABC",
        pass_pass("A", 6, "B", "C"),
        pool_before=before(10, {"A": 9, "B": 3, "C": 6}),
    )
    assert_books(out, pulka={"A": 1, "C": 1}, whist={"A->C": per_point})


def test_help_whists_per_point_is_an_option():
    # sochi with 5 per point: 1 helped point → A→C 5
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 6, "B", "C"),
        options={"help_whists_per_point": 5},
        pool_before=before(10, {"A": 9, "B": 3, "C": 6}),
    )
    assert_books(out, pulka={"A": 1, "C": 1}, whist={"A->C": 5})


def test_next_clockwise_helps_the_next_unclosed_player_not_the_largest():
    # A 9, B 3, C 8: largest would be C, next clockwise from A is B → B +1, A→B 10
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 6, "B", "C"),
        options={"help_target": "next_clockwise"},
        pool_before=before(10, {"A": 9, "B": 3, "C": 8}),
    )
    assert_books(out, pulka={"A": 1, "B": 1}, whist={"A->B": 10})


def test_next_clockwise_skips_a_closed_pool():
    # A 9, B 10 (closed), C 3 → C +1
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 6, "B", "C"),
        options={"help_target": "next_clockwise"},
        pool_before=before(10, {"A": 9, "B": 10, "C": 3}),
    )
    assert_books(out, pulka={"A": 1, "C": 1}, whist={"A->C": 10})


def test_help_overflowing_the_helped_pool_continues_to_the_next_player():
    # A 9, B 5, C 9; 8 pass-pass: C(8) = 6 → 1 closes A, 5 overflow: C (9, largest) takes 1
    # and closes; the other 4 go to B (5 → 9). A→C 1·10, A→B 4·10
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        pool_before=before(10, {"A": 9, "B": 5, "C": 9}),
    )
    assert_books(out, pulka={"A": 1, "B": 4, "C": 1}, whist={"A->B": 40, "A->C": 10})


def test_seven_pass_pass_overflow_helps_two_players_golden_so27():
    # SO-27: A 8, B 5, C 9; C(7) = 4: 2 close A, 1 → C (largest, closes), 1 → B
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 7, "B", "C"),
        pool_before=before(10, {"A": 8, "B": 5, "C": 9}),
    )
    assert_books(out, pulka={"A": 2, "B": 1, "C": 1}, whist={"A->B": 10, "A->C": 10})


# ---------------------------------------------------------------------------------------
# §7.2 the sitting-out dealer is never helped
# ---------------------------------------------------------------------------------------


def test_sitting_out_dealer_is_never_helped_under_largest_pool():
    # 4-handed, D deals: A 9, B 10, C 4, D 8. A 6 pass-pass (2): 1 closes A; the largest
    # open pool is D's 8 but D sits out → C (4) is helped. A→C 10
    out = score(
        "sochi",
        "ABCD",
        pass_pass("A", 6, "B", "C"),
        dealer="D",
        pool_before=before(10, {"A": 9, "B": 10, "C": 4, "D": 8}),
    )
    assert_books(out, pulka={"A": 1, "C": 1}, whist={"A->C": 10})


def test_sitting_out_dealer_is_never_helped_under_next_clockwise():
    # 4-handed, D deals, C declares: C 9, D 5, A 3, B 10. Clockwise from C: D (the
    # sitting-out dealer, skipped), then A → A +1. C→A 10
    out = score(
        "sochi",
        "ABCD",
        pass_pass("C", 6, "A", "B"),
        dealer="D",
        options={"help_target": "next_clockwise"},
        pool_before=before(10, {"A": 3, "B": 10, "C": 9, "D": 5}),
    )
    assert_books(out, pulka={"C": 1, "A": 1}, whist={"C->A": 10})


def test_only_the_dealers_pool_open_means_nobody_to_help():
    # SO-30 under the default negative_gora: A 7, B 10, C 10, D 6 (D deals), gora A 2.
    # 9 pass-pass: C(9) = 8 → 3 close A, 5 overflow; D is never helped → write-off
    # gora −= k·rest = 1·5 → −5 (the mountain goes to 2 − 5 = −3)
    out = score(
        "sochi",
        "ABCD",
        pass_pass("A", 9, "B", "C"),
        dealer="D",
        pool_before=before(10, {"A": 7, "B": 10, "C": 10, "D": 6}, {"A": 2}),
    )
    assert_books(out, pulka={"A": 3}, gora={"A": -5})


# ---------------------------------------------------------------------------------------
# §7.3 nobody left to help → write-off
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("convention", "k"),
    [("sochi", 1), ("rostov", 1), ("classic", 1), ("leningrad", 2), ("fspr", 2)],
)
def test_overflow_nobody_can_take_is_written_off_at_k_per_pool_point(convention, k):
    # SO-28 / LE-09 shape: A 8, B and C closed (10), gora A 30. 8 pass-pass: C(8) = 6 →
    # 2 close A, rest 4 → gora −= k·4
    out = score(
        convention,
        "ABC",
        pass_pass("A", 8, "B", "C"),
        pool_before=before(10, {"A": 8, "B": 10, "C": 10}, {"A": 30}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -4 * k})


def test_help_first_then_write_off_the_rest():
    # A 9, B 10, C 8, gora A 10. 8 pass-pass (6): 1 closes A; C takes 2 (8 → 10);
    # rest 3 → gora −3. A→C 2·10 = 20
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        pool_before=before(10, {"A": 9, "B": 10, "C": 8}, {"A": 10}),
    )
    assert_books(out, pulka={"A": 1, "C": 2}, gora={"A": -3}, whist={"A->C": 20})


@pytest.mark.parametrize(("convention", "k"), [("sochi", 1), ("leningrad", 2)])
def test_write_off_mode_writes_the_whole_overflow_off_the_own_mountain(convention, k):
    # Kodeks §4.1.1: 2 points missing, a nine made: C(9) = 8 → 2 into the pool, the other 6
    # off A's mountain (k·6: 6 in sochi, 12 in leningrad) although B and C are open
    out = score(
        convention,
        "ABC",
        pass_pass("A", 9, "B", "C"),
        options={"overflow_mode": "write_off"},
        pool_before=before(10, {"A": 8, "B": 5, "C": 5}, {"A": 20}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -6 * k})


def test_negative_gora_lets_the_mountain_go_below_zero():
    # default negative_gora: A 8, gora 2, B and C closed; 8 pass-pass: rest 4 → gora −4
    # (the mountain becomes 2 − 4 = −2)
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        pool_before=before(10, {"A": 8, "B": 10, "C": 10}, {"A": 2}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -4})


WHISTS_ON_OTHERS = {"writeoff_below_zero": "whists_on_others"}


def test_whists_on_others_lowers_the_mountain_to_zero_then_writes_whists():
    # A 8, gora 2; rest 4: lowered by min(2, 1·4) = 2 → gora −2; r = 4 − 2/1 = 2 →
    # 2·10·1/(3−1) = 10 whists by A on each of B and C
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        options=WHISTS_ON_OTHERS,
        pool_before=before(10, {"A": 8, "B": 10, "C": 10}, {"A": 2}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -2}, whist={"A->B": 10, "A->C": 10})


def test_whists_on_others_uses_k_in_leningrad():
    # leningrad, size 20: A 18, gora 2; 8 pass-pass: C(8) = 6 → 2 close A, rest 4;
    # lowered min(2, 2·4) = 2 → r = 4 − 2/2 = 3 → 3·10·2/2 = 30 on each of B and C
    out = score(
        "leningrad",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        options=WHISTS_ON_OTHERS,
        pool_before=before(20, {"A": 18, "B": 20, "C": 20}, {"A": 2}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -2}, whist={"A->B": 30, "A->C": 30})


@pytest.mark.parametrize("gora", [0, -3])
def test_whists_on_others_never_lowers_a_mountain_at_or_below_zero(gora):
    # rest 4, nothing lowered: r = 4 → 4·10·1/2 = 20 on each of B and C
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        options=WHISTS_ON_OTHERS,
        pool_before=before(10, {"A": 8, "B": 10, "C": 10}, {"A": gora}),
    )
    assert_books(out, pulka={"A": 2}, whist={"A->B": 20, "A->C": 20})


def test_whists_on_others_with_enough_mountain_writes_no_whists():
    # gora 12 ≥ 1·4 → gora −4, r = 0
    out = score(
        "sochi",
        "ABC",
        pass_pass("A", 8, "B", "C"),
        options=WHISTS_ON_OTHERS,
        pool_before=before(10, {"A": 8, "B": 10, "C": 10}, {"A": 12}),
    )
    assert_books(out, pulka={"A": 2}, gora={"A": -4})


def test_whists_on_others_four_handed_includes_the_sitting_out_dealer():
    # SO-30: A 7, gora 2; C(9) = 8 → 3 close A, rest 5 (D's open pool is never helped);
    # lowered 2 → r = 5 − 2 = 3 → 3·10·1/(4−1) = 10 on each of B, C and D
    out = score(
        "sochi",
        "ABCD",
        pass_pass("A", 9, "B", "C"),
        dealer="D",
        options=WHISTS_ON_OTHERS,
        pool_before=before(10, {"A": 7, "B": 10, "C": 10, "D": 6}, {"A": 2}),
    )
    assert_books(out, pulka={"A": 3}, gora={"A": -2}, whist={"A->B": 10, "A->C": 10, "A->D": 10})


def test_whists_on_others_four_handed_divides_by_three():
    # A 8, gora 0, everybody else closed, D deals; 8 pass-pass: rest 4, r = 4 →
    # 4·10·1/3 = 40/3 on each of B, C and D
    out = score(
        "sochi",
        "ABCD",
        pass_pass("A", 8, "B", "C"),
        dealer="D",
        options=WHISTS_ON_OTHERS,
        pool_before=before(10, {"A": 8, "B": 10, "C": 10, "D": 10}),
    )
    third = 40 / 3  # 13.333333 in the output (§12.8)
    assert_books(out, pulka={"A": 2}, whist={"A->B": third, "A->C": third, "A->D": third})
    assert exact(whists(out)["A->B"]) == exact(13.333333)


# ---------------------------------------------------------------------------------------
# §7.2 several pool entries of one deal go through help in seating order
# ---------------------------------------------------------------------------------------


def test_several_pool_entries_of_a_deal_are_helped_in_seating_order():
    # sochi, 3rd raspasy (p_3 = 3), A deals. A 0, B 0, C 10: C gora 10·3 = 30; A and B get
    # 3 pool points each. Pools A 9, B 9, C 5. Seating order A, B, C (not from the dealer):
    # A's 3: 1 closes A, 2 overflow → B (9, largest) takes 1 and closes, 1 → C (5 → 6);
    # B's 3: B is closed → all 3 → C (6 → 9). A→B 10, A→C 10, B→C 30
    out = score(
        "sochi",
        "ABC",
        raspasy({"A": 0, "B": 0, "C": 10}, 3),
        dealer="A",
        pool_before=before(10, {"A": 9, "B": 9, "C": 5}),
    )
    assert_books(
        out,
        pulka={"A": 1, "B": 1, "C": 4},
        gora={"C": 30},
        whist={"A->B": 10, "A->C": 10, "B->C": 30},
    )


def test_zero_bonus_meets_the_idle_dealers_pool_point_in_seating_order():
    # sochi 4-handed, talon not used, idle dealer pool 1, D deals. A 0, B 4, C 6:
    # B gora 4, C gora 6; pool entries A +1 (zero bonus) and D +1 (idle), A first.
    # Pools A 10, B 10, C 9, D 10; gora A 5, D 5.
    # A's point: A closed → C (9 → 10); A→C 10. D's point: D closed and every other pool
    # now closed → nobody to help → D's mountain −1·1
    out = score(
        "sochi",
        "ABCD",
        raspasy({"A": 0, "B": 4, "C": 6}),
        dealer="D",
        options={"raspasy_talon": "not_used", "raspasy_idle_dealer_pool": 1},
        pool_before=before(10, {"A": 10, "B": 10, "C": 9, "D": 10}, {"A": 5, "D": 5}),
    )
    assert_books(out, pulka={"C": 1}, gora={"B": 4, "C": 6, "D": -1}, whist={"A->C": 10})


# ---------------------------------------------------------------------------------------
# §7.3 / §12.5 the end of the pulka
# ---------------------------------------------------------------------------------------


def with_dealer(deal: dict[str, Any], dealer: str | None) -> dict[str, Any]:
    return {**deal, "dealer": dealer}


CLOSING_BY_HELP = [
    # size 4. Deal 1: A 8 pass-pass, C(8) = 6: 4 close A, 2 overflow; B 0 and C 0 tie →
    # first clockwise from A = B: B 0 → 2, A→B 20.
    with_dealer(pass_pass("A", 8, "B", "C"), "C"),
    # Deal 2: C 8 pass-pass: 4 close C, 2 overflow → B (2 → 4), C→B 20. Every pool is closed.
    with_dealer(pass_pass("C", 8, "A", "B"), "B"),
]


def test_pulka_carries_the_pools_from_deal_to_deal_for_help():
    out = pulka("sochi", "ABC", CLOSING_BY_HELP, pool_size=4)
    assert_books(out, pulka={"A": 4, "B": 4, "C": 4}, whist={"A->B": 20, "C->B": 20})
    # settlement: m = 0 − 1·4 = −4 each → G = 0; V: A +20, B −40, C +20
    assert out["result"] == {"A": 20, "B": -40, "C": 20}


def test_deal_after_every_pool_is_closed_is_refused():
    extra = with_dealer(pass_pass("B", 6, "C", "A"), "A")
    with refused("pulka.over", "deal 3"):
        pulka("sochi", "ABC", [*CLOSING_BY_HELP, extra], pool_size=4)


def test_deal_after_pools_closed_without_help_is_refused():
    # size 2: A, B, C each make a 6 pass-pass (2 points) → every pool closed after deal 3
    deals = [
        with_dealer(pass_pass("A", 6, "B", "C"), "C"),
        with_dealer(pass_pass("B", 6, "C", "A"), "A"),
        with_dealer(pass_pass("C", 6, "A", "B"), "B"),
        with_dealer(pass_pass("A", 6, "B", "C"), "C"),
    ]
    assert "error" not in pulka("sochi", "ABC", deals[:3], pool_size=2)
    with refused("pulka.over", "deal 4"):
        pulka("sochi", "ABC", deals, pool_size=2)


def test_no_pool_size_means_no_help_and_no_end():
    # fspr plays by time (pool_size null): two 10 pass-pass by A → 10 + 10 = 20 in A's pool
    deals = [
        with_dealer(pass_pass("A", 10, "B", "C"), "C"),
        with_dealer(pass_pass("A", 10, "B", "C"), "B"),
    ]
    out = pulka("fspr", "ABC", deals, pool_size=None)
    assert_books(out, pulka={"A": 20})


def test_typed_pulka_reports_the_finished_sheet():
    deals = [parse_deal(d, d["dealer"]) for d in CLOSING_BY_HELP]
    sheet = score_pulka(preset("sochi"), ("A", "B", "C"), deals, pool_size=4)
    assert sheet.finished
    assert not score_pulka(preset("sochi"), ("A", "B", "C"), deals[:1], pool_size=4).finished


def test_helper_choice_is_not_available_in_case_files():
    with refused("option.helper_choice", "options.help_target"):
        score(
            "sochi",
            "ABC",
            pass_pass("A", 6, "B", "C"),
            options={"help_target": "helper_choice"},
            pool_before=before(10, {"A": 9, "B": 3, "C": 6}),
        )
