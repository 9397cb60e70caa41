"""Raspasy (all-pass) scoring, SPEC §6: every expectation worked out by hand from the SPEC.

Notation in the comments: p_k is the step of ``raspasy_progression`` for the k-th raspasy
of a series (§6.8); ``x`` is ``raspasy_whist_price`` (Rostov recording on whists, §6.5).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.scoring.helpers import calls, game, misere, pulka, raspasy, score, whists
from tests.scoring.refusals import refused

BELOW = "pulka.below_minimum"


def books(out: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(pulka, gora, whists) of an output, zeros omitted."""
    assert "error" not in out, out["error"]
    return out["pulka"], out["gora"], whists(out)


def assert_books(
    out: dict[str, Any],
    pulka: dict[str, Any] | None = None,
    gora: dict[str, Any] | None = None,
    whist: dict[str, Any] | None = None,
) -> None:
    got_pulka, got_gora, got_whists = books(out)
    for name, got, want in (
        ("pulka", got_pulka, pulka or {}),
        ("gora", got_gora, gora or {}),
        ("whists", got_whists, whist or {}),
    ):
        assert set(got) == set(want), f"{name}: {got} != {want}"
        assert got == pytest.approx(want, abs=0.01), f"{name}: {got} != {want}"


# ---------------------------------------------------------------------------------------
# §6.2 recording to the mountain: every trick costs p_k
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("convention", "index", "tricks", "gora"),
    [
        # sochi [1,2,3]: p_1 = 1 → 2·1, 3·1, 5·1
        ("sochi", 1, {"A": 2, "B": 3, "C": 5}, {"A": 2, "B": 3, "C": 5}),
        # SO-24: p_2 = 2 → 2·2, 2·2, 6·2
        ("sochi", 2, {"A": 2, "B": 2, "C": 6}, {"A": 4, "B": 4, "C": 12}),
        # p_3 = 3 → 1·3, 4·3, 5·3
        ("sochi", 3, {"A": 1, "B": 4, "C": 5}, {"A": 3, "B": 12, "C": 15}),
        # LE-05: leningrad [2,4,6], p_1 = 2 → 1·2, 4·2, 5·2
        ("leningrad", 1, {"A": 1, "B": 4, "C": 5}, {"A": 2, "B": 8, "C": 10}),
        # p_2 = 4 → 1·4, 4·4, 5·4
        ("leningrad", 2, {"A": 1, "B": 4, "C": 5}, {"A": 4, "B": 16, "C": 20}),
        # p_3 = 6 → 1·6, 4·6, 5·6
        ("leningrad", 3, {"A": 1, "B": 4, "C": 5}, {"A": 6, "B": 24, "C": 30}),
        # classic [1] (sliding): every raspasy at 1 per trick
        ("classic", 1, {"A": 2, "B": 3, "C": 5}, {"A": 2, "B": 3, "C": 5}),
        ("classic", 3, {"A": 2, "B": 3, "C": 5}, {"A": 2, "B": 3, "C": 5}),
        # §11.4: fspr 4/3/3 at price 2 → 8/6/6, no amnesty
        ("fspr", 1, {"A": 4, "B": 3, "C": 3}, {"A": 8, "B": 6, "C": 6}),
        # fspr p_2 = 4 → 16/12/12; p_3 = 6 → 24/18/18
        ("fspr", 2, {"A": 4, "B": 3, "C": 3}, {"A": 16, "B": 12, "C": 12}),
        ("fspr", 3, {"A": 4, "B": 3, "C": 3}, {"A": 24, "B": 18, "C": 18}),
    ],
)
def test_each_raspasy_trick_costs_the_step_price_in_the_mountain(convention, index, tricks, gora):
    assert_books(score(convention, "ABC", raspasy(tricks, index)), gora=gora)


def test_rostov_switched_to_mountain_recording_charges_one_per_trick():
    # rostov progression [1]: 2·1, 3·1, 5·1; nothing on whists
    out = score(
        "rostov",
        "ABC",
        raspasy({"A": 2, "B": 3, "C": 5}),
        options={"raspasy_recording": "mountain"},
    )
    assert_books(out, gora={"A": 2, "B": 3, "C": 5})


def test_sochi_first_raspasy_zero_taker_writes_one_to_the_pool():
    # SO-23: A took 0 → pool p_1 = 1; B 3·1, C 7·1
    out = score("sochi", "ABC", raspasy({"A": 0, "B": 3, "C": 7}))
    assert_books(out, pulka={"A": 1}, gora={"B": 3, "C": 7})


# ---------------------------------------------------------------------------------------
# §6.2 the zero-trick bonus, every value of raspasy_zero_bonus
# ---------------------------------------------------------------------------------------

ZERO_4_6 = {"A": 0, "B": 4, "C": 6}


@pytest.mark.parametrize(
    ("bonus", "index", "pulka_a", "gora_a"),
    [
        ("pool_price", 1, 1, None),  # p_1 = 1 into the pool
        ("pool_price", 2, 2, None),  # p_2 = 2
        ("pool_price", 3, 3, None),  # p_3 = 3
        ("pool_half_price", 1, 0.5, None),  # p_1 / 2 = 1/2
        ("pool_half_price", 2, 1, None),  # p_2 / 2 = 2/2
        ("pool_half_price", 3, 1.5, None),  # p_3 / 2 = 3/2
        ("pool_one", 1, 1, None),  # 1 whatever the step
        ("pool_one", 3, 1, None),  # still 1 at p_3 = 3
        ("gora_minus_two_prices", 1, None, -2),  # −2·p_1 = −2
        ("gora_minus_two_prices", 3, None, -6),  # −2·p_3 = −6
        ("none", 2, None, None),  # nothing at all
    ],
)
def test_zero_trick_bonus_follows_the_raspasy_zero_bonus_option(bonus, index, pulka_a, gora_a):
    # sochi [1,2,3]; B and C pay 4·p_k and 6·p_k
    step = {1: 1, 2: 2, 3: 3}[index]
    gora = {"B": 4 * step, "C": 6 * step}
    if gora_a is not None:
        gora["A"] = gora_a
    out = score("sochi", "ABC", raspasy(ZERO_4_6, index), options={"raspasy_zero_bonus": bonus})
    assert_books(out, pulka={} if pulka_a is None else {"A": pulka_a}, gora=gora)


@pytest.mark.parametrize(
    ("convention", "index", "pulka", "gora"),
    [
        # sochi pool_price: p_1 = 1 into A's pool; B 4·1, C 6·1
        ("sochi", 1, {"A": 1}, {"B": 4, "C": 6}),
        # classic pool_price at p = 1
        ("classic", 1, {"A": 1}, {"B": 4, "C": 6}),
        # leningrad pool_half_price: p_1 / 2 = 2/2 = 1; B 4·2, C 6·2
        ("leningrad", 1, {"A": 1}, {"B": 8, "C": 12}),
        # leningrad p_2 = 4: 4/2 = 2 pool; B 4·4, C 6·4
        ("leningrad", 2, {"A": 2}, {"B": 16, "C": 24}),
        # leningrad p_3 = 6: 6/2 = 3 pool; B 4·6, C 6·6
        ("leningrad", 3, {"A": 3}, {"B": 24, "C": 36}),
        # fspr gora_minus_two_prices: −2·2 = −4 (no dealer given: nobody excluded)
        ("fspr", 1, {}, {"A": -4, "B": 8, "C": 12}),
        # fspr p_2 = 4: −2·4 = −8; B 4·4, C 6·4
        ("fspr", 2, {}, {"A": -8, "B": 16, "C": 24}),
    ],
)
def test_each_preset_writes_its_own_zero_trick_bonus(convention, index, pulka, gora):
    assert_books(score(convention, "ABC", raspasy(ZERO_4_6, index)), pulka=pulka, gora=gora)


def test_every_player_without_a_trick_gets_the_zero_bonus():
    # sochi p_1 = 1: A and B took nothing → 1 pool point each; C 10·1
    out = score("sochi", "ABC", raspasy({"A": 0, "B": 0, "C": 10}))
    assert_books(out, pulka={"A": 1, "B": 1}, gora={"C": 10})


# ---------------------------------------------------------------------------------------
# §6.2 raspasy_zero_bonus_excludes_dealer
# ---------------------------------------------------------------------------------------


def test_fspr_three_handed_dealer_without_a_trick_gets_no_bonus():
    # fspr excludes the dealer; A deals and took 0: no −4. B 4·2, C 6·2
    out = score("fspr", "ABC", raspasy(ZERO_4_6), dealer="A")
    assert_books(out, gora={"B": 8, "C": 12})


def test_fspr_zero_taker_who_is_not_the_dealer_still_gets_the_bonus():
    # B deals; A took 0 → −2·2 = −4
    out = score("fspr", "ABC", raspasy(ZERO_4_6), dealer="B")
    assert_books(out, gora={"A": -4, "B": 8, "C": 12})


def test_without_a_dealer_nobody_is_excluded_from_the_zero_bonus():
    # fspr, dealer null → A gets −4
    out = score("fspr", "ABC", raspasy(ZERO_4_6), dealer=None)
    assert_books(out, gora={"A": -4, "B": 8, "C": 12})


def test_dealer_is_not_excluded_from_the_zero_bonus_by_default_in_sochi():
    # sochi excludes_dealer off: dealer A with 0 tricks still writes p_1 = 1 to the pool
    out = score("sochi", "ABC", raspasy(ZERO_4_6), dealer="A")
    assert_books(out, pulka={"A": 1}, gora={"B": 4, "C": 6})


def test_excluding_the_dealer_can_be_switched_on_in_sochi():
    out = score(
        "sochi",
        "ABC",
        raspasy(ZERO_4_6),
        dealer="A",
        options={"raspasy_zero_bonus_excludes_dealer": True},
    )
    assert_books(out, gora={"B": 4, "C": 6})


# ---------------------------------------------------------------------------------------
# §6.1 raspasy_talon and the 4-handed dealer
# ---------------------------------------------------------------------------------------


def test_fspr_four_handed_dealer_without_a_talon_trick_gets_no_bonus():
    # §11.4: D deals, 5/5/0/0: A 5·2, B 5·2, C −2·2 = −4, D (dealer) nothing
    out = score("fspr", "ABCD", raspasy({"A": 5, "B": 5, "C": 0, "D": 0}), dealer="D")
    assert_books(out, gora={"A": 10, "B": 10, "C": -4})


def test_fspr_four_handed_dealer_pays_for_the_talon_tricks_he_wins():
    # FS-04 deal 3: B deals and takes 2 with the talon: A 4·2, B 2·2, C 4·2, D 0 → −4
    out = score("fspr", "ABCD", raspasy({"A": 4, "B": 2, "C": 4, "D": 0}), dealer="B")
    assert_books(out, gora={"A": 8, "B": 4, "C": 8, "D": -4})


def test_sochi_four_handed_dealer_playing_the_talon_pays_like_everybody():
    # sochi dealer_plays, D deals and wins 1 talon trick: 1·1; A 2, B 3, C 4
    out = score("sochi", "ABCD", raspasy({"A": 2, "B": 3, "C": 4, "D": 1}), dealer="D")
    assert_books(out, gora={"A": 2, "B": 3, "C": 4, "D": 1})


def test_sochi_four_handed_dealer_holding_the_talon_gets_the_zero_bonus():
    # the dealer is a hand in play under dealer_plays; excludes_dealer off → pool p_1 = 1
    out = score("sochi", "ABCD", raspasy({"A": 2, "B": 3, "C": 5, "D": 0}), dealer="D")
    assert_books(out, pulka={"D": 1}, gora={"A": 2, "B": 3, "C": 5})


def test_four_handed_dealer_cannot_win_more_than_two_talon_tricks():
    with refused("deal.dealer_raspasy_tricks", "deal, tricks"):
        score("fspr", "ABCD", raspasy({"A": 3, "B": 2, "C": 2, "D": 3}), dealer="D")


def test_four_handed_dealer_plays_needs_all_four_hands_to_sum_to_ten():
    # 4 + 3 + 3 + 1 = 11
    with refused("deal.tricks_sum", "deal, tricks", sum=11):
        score("fspr", "ABCD", raspasy({"A": 4, "B": 3, "C": 3, "D": 1}), dealer="D")


def test_four_handed_dealer_plays_needs_the_dealers_trick_count():
    # under dealer_plays the dealer's hand is in play (§12.2): its count may not be missing
    with refused("deal.tricks_of_missing", "deal, tricks", player="D"):
        score("fspr", "ABCD", raspasy({"A": 4, "B": 3, "C": 3}), dealer="D")


@pytest.mark.parametrize("talon", ["not_used", "suit_only"])
def test_four_handed_dealer_has_no_tricks_when_he_does_not_play_the_talon(talon):
    with refused("deal.no_cards", "deal, tricks", player="D"):
        score(
            "sochi",
            "ABCD",
            raspasy({"A": 2, "B": 3, "C": 4, "D": 1}),
            dealer="D",
            options={"raspasy_talon": talon},
        )


@pytest.mark.parametrize("talon", ["not_used", "suit_only"])
def test_four_handed_active_players_share_ten_tricks_when_the_dealer_holds_none(talon):
    # A 2·1, B 3·1, C 5·1; the idle dealer writes nothing (idle pool 0 by default)
    out = score(
        "sochi",
        "ABCD",
        raspasy({"A": 2, "B": 3, "C": 5}),
        dealer="D",
        options={"raspasy_talon": talon},
    )
    assert_books(out, gora={"A": 2, "B": 3, "C": 5})


@pytest.mark.parametrize("talon", ["dealer_plays", "suit_only", "not_used"])
def test_three_handed_raspasy_tricks_must_sum_to_ten_whatever_the_talon(talon):
    # 2 + 3 + 4 = 9
    with refused("deal.tricks_sum", "deal, tricks", sum=9):
        score("sochi", "ABC", raspasy({"A": 2, "B": 3, "C": 4}), options={"raspasy_talon": talon})


def test_rostov_four_handed_dealer_does_not_play_the_talon_by_default():
    # rostov raspasy_talon = not_used: a dealer with a trick is refused
    with refused("deal.no_cards", "deal, tricks", player="D"):
        score("rostov", "ABCD", raspasy({"A": 2, "B": 3, "C": 4, "D": 1}), dealer="D")


# ---------------------------------------------------------------------------------------
# §6.1 raspasy_idle_dealer_pool
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("talon", ["not_used", "suit_only"])
def test_idle_four_handed_dealer_writes_the_idle_pool_points(talon):
    # SEED-004 variant: the dealer holding no cards writes 1 to his pool; A 2, B 3, C 5
    out = score(
        "sochi",
        "ABCD",
        raspasy({"A": 2, "B": 3, "C": 5}),
        dealer="D",
        options={"raspasy_talon": talon, "raspasy_idle_dealer_pool": 1},
    )
    assert_books(out, pulka={"D": 1}, gora={"A": 2, "B": 3, "C": 5})


def test_idle_dealer_pool_is_a_fixed_number_of_points_not_a_step_price():
    # second raspasy (p_2 = 2): D still writes the option's 1 point; A 2·2, B 3·2, C 5·2
    out = score(
        "sochi",
        "ABCD",
        raspasy({"A": 2, "B": 3, "C": 5}, 2),
        dealer="D",
        options={"raspasy_talon": "not_used", "raspasy_idle_dealer_pool": 1},
    )
    assert_books(out, pulka={"D": 1}, gora={"A": 4, "B": 6, "C": 10})


def test_dealer_who_plays_the_talon_is_not_idle():
    # dealer_plays: D holds the talon, wins 1 trick → 1·1 mountain and no idle pool point
    out = score(
        "sochi",
        "ABCD",
        raspasy({"A": 2, "B": 3, "C": 4, "D": 1}),
        dealer="D",
        options={"raspasy_idle_dealer_pool": 1},
    )
    assert_books(out, gora={"A": 2, "B": 3, "C": 4, "D": 1})


def test_three_handed_dealer_is_never_idle():
    # 3-handed: the dealer is an active player (A 2·1); no idle pool point
    out = score(
        "sochi",
        "ABC",
        raspasy({"A": 2, "B": 3, "C": 5}),
        dealer="A",
        options={"raspasy_talon": "not_used", "raspasy_idle_dealer_pool": 1},
    )
    assert_books(out, gora={"A": 2, "B": 3, "C": 5})


def test_rostov_idle_dealer_pool_applies_under_whists_recording():
    # rostov 4-handed (not_used): A 2 lowest → A→B 3·5 = 15, A→C 5·5 = 25; idle D +1 pool
    out = score(
        "rostov",
        "ABCD",
        raspasy({"A": 2, "B": 3, "C": 5}),
        dealer="D",
        options={"raspasy_idle_dealer_pool": 1},
    )
    assert_books(out, pulka={"D": 1}, whist={"A->B": 15, "A->C": 25})


# ---------------------------------------------------------------------------------------
# §6.3 / §6.8 progression: hold and cycle after the top step
# ---------------------------------------------------------------------------------------

TRICKS_235 = {"A": 2, "B": 3, "C": 5}


@pytest.mark.parametrize(
    ("convention", "options", "index", "step"),
    [
        ("sochi", {}, 4, 3),  # [1,2,3] hold: p_4 = progression[min(4,3)−1] = 3
        ("sochi", {}, 9, 3),  # still 3
        ("sochi", {"raspasy_after_top": "cycle"}, 4, 1),  # (4−1) mod 3 = 0 → 1
        ("sochi", {"raspasy_after_top": "cycle"}, 5, 2),  # (5−1) mod 3 = 1 → 2
        ("sochi", {"raspasy_after_top": "cycle"}, 6, 3),  # (6−1) mod 3 = 2 → 3
        ("sochi", {"raspasy_after_top": "cycle"}, 7, 1),  # (7−1) mod 3 = 0 → 1
        ("sochi", {"raspasy_progression": [1, 2, 4]}, 3, 4),  # 1-2-4: third costs 4
        ("sochi", {"raspasy_progression": [1]}, 3, 1),  # sliding
        ("leningrad", {}, 4, 6),  # [2,4,6] hold → 6
        ("leningrad", {"raspasy_progression": [2, 4, 8]}, 3, 8),  # "Tough Peter"
        ("leningrad", {"raspasy_after_top": "cycle"}, 4, 2),  # cycle back to the base 2
        ("fspr", {}, 5, 6),  # 2-4-6-6-6…
    ],
)
def test_progression_step_after_the_top_holds_or_cycles(convention, options, index, step):
    # gora = tricks × p_k: 2·p, 3·p, 5·p
    out = score(convention, "ABC", raspasy(TRICKS_235, index), options=options)
    assert_books(out, gora={"A": 2 * step, "B": 3 * step, "C": 5 * step})


def test_zero_bonus_follows_the_cycled_step():
    # sochi cycle, 5th raspasy: p_5 = progression[(5−1) mod 3] = 2 → pool 2; B 4·2, C 6·2
    out = score("sochi", "ABC", raspasy(ZERO_4_6, 5), options={"raspasy_after_top": "cycle"})
    assert_books(out, pulka={"A": 2}, gora={"B": 8, "C": 12})


def test_raspasy_deal_case_needs_a_series_index():
    # §12.2: series_index is required for a raspasy in a deal case
    with refused("deal.series_index", "deal, raspasy.series_index"):
        score("sochi", "ABC", raspasy(TRICKS_235, series_index=None))


# ---------------------------------------------------------------------------------------
# §6.6 amnesty
# ---------------------------------------------------------------------------------------


def test_amnesty_subtracts_the_minimum_tricks_from_every_raspasy_mountain():
    # min = 2: (2−2)·1 = 0, (3−2)·1 = 1, (5−2)·1 = 3
    out = score("sochi", "ABC", raspasy(TRICKS_235), options={"raspasy_amnesty": True})
    assert_books(out, gora={"B": 1, "C": 3})


def test_amnesty_is_priced_at_the_step_of_the_raspasy():
    # p_2 = 2, min 2: 0·2, 1·2, 3·2
    out = score("sochi", "ABC", raspasy(TRICKS_235, 2), options={"raspasy_amnesty": True})
    assert_books(out, gora={"B": 2, "C": 6})


def test_amnesty_on_leningrad_prices():
    # leningrad p_1 = 2, tricks 1/4/5, min 1: 0·2, 3·2, 4·2
    out = score(
        "leningrad",
        "ABC",
        raspasy({"A": 1, "B": 4, "C": 5}),
        options={"raspasy_amnesty": True},
    )
    assert_books(out, gora={"B": 6, "C": 8})


def test_amnesty_with_a_zero_taker_changes_nothing():
    # min = 0 → B 4·1, C 6·1; A keeps his pool point p_1 = 1
    out = score("sochi", "ABC", raspasy(ZERO_4_6), options={"raspasy_amnesty": True})
    assert_books(out, pulka={"A": 1}, gora={"B": 4, "C": 6})


# ---------------------------------------------------------------------------------------
# §6.5 Rostov: raspasy on whists
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("price", "tricks", "pulka", "whist"),
    [
        # RO-01: lowest A (2) writes 3·5 = 15 on B and 5·5 = 25 on C
        (5, {"A": 2, "B": 3, "C": 5}, {}, {"A->B": 15, "A->C": 25}),
        # RO-02 (SEED-004 ex. 1, x = 3): 3·3 = 9, 5·3 = 15
        (3, {"A": 2, "B": 3, "C": 5}, {}, {"A->B": 9, "A->C": 15}),
        # SEED-004 ex. 2, x = 3: 6/0/4 → B +1 pool, 6·3 = 18 on A, 4·3 = 12 on C
        (3, {"A": 6, "B": 0, "C": 4}, {"B": 1}, {"B->A": 18, "B->C": 12}),
        # RO-04 (SEED-004 ex. 3, x = 3): B and C tie at 3 → 4·3 = 12 on A, halved: 6 each
        (3, {"A": 4, "B": 3, "C": 3}, {}, {"B->A": 6, "C->A": 6}),
        # x = 5 tie: 4·5 = 20 on A, halved: 10 each
        (5, {"A": 4, "B": 3, "C": 3}, {}, {"B->A": 10, "C->A": 10}),
        # tie at zero: both +1 pool; 10·5 = 50 on C, halved: 25 each
        (5, {"A": 0, "B": 0, "C": 10}, {"A": 1, "B": 1}, {"A->C": 25, "B->C": 25}),
    ],
)
def test_rostov_lowest_taker_writes_whists_for_every_trick_of_the_others(
    price, tricks, pulka, whist
):
    out = score("rostov", "ABC", raspasy(tricks), options={"raspasy_whist_price": price})
    assert_books(out, pulka=pulka, whist=whist)


def test_rostov_default_whist_price_is_five():
    # 3·5 = 15, 5·5 = 25
    out = score("rostov", "ABC", raspasy(TRICKS_235))
    assert_books(out, whist={"A->B": 15, "A->C": 25})


@pytest.mark.parametrize(
    ("progression", "after_top", "index", "per_trick"),
    [
        ([1, 2, 3], "hold", 2, 10),  # 5·p_2/p_1 = 5·2/1 = 10
        ([1, 2, 3], "hold", 3, 15),  # 5·3/1 = 15
        ([2, 4, 6], "hold", 1, 5),  # 5·2/2 = 5 (not 5·2)
        ([2, 4, 6], "hold", 2, 10),  # 5·4/2 = 10 (not 5·4 = 20)
        ([1, 2], "hold", 3, 10),  # p_3 holds at 2: 5·2/1 = 10
        ([1, 2], "cycle", 3, 5),  # p_3 = progression[2 mod 2] = 1: 5·1/1 = 5
    ],
)
def test_rostov_whist_price_scales_with_the_progression_step(
    progression, after_top, index, per_trick
):
    # A (2) lowest: 3·per_trick on B, 5·per_trick on C
    out = score(
        "rostov",
        "ABC",
        raspasy(TRICKS_235, index),
        options={"raspasy_progression": progression, "raspasy_after_top": after_top},
    )
    assert_books(out, whist={"A->B": 3 * per_trick, "A->C": 5 * per_trick})


def test_rostov_scaled_price_can_give_half_whists():
    # [2,3], 2nd raspasy: 5·3/2 = 7.5 per trick → 3·7.5 = 22.5 on B, 5·7.5 = 37.5 on C
    out = score("rostov", "ABC", raspasy(TRICKS_235, 2), options={"raspasy_progression": [2, 3]})
    assert_books(out, whist={"A->B": 22.5, "A->C": 37.5})


def test_rostov_tie_halves_can_give_half_whists():
    # [2,3], 2nd raspasy: 7.5 per trick; A and B tie at 2 → 6·7.5 = 45 on C, 22.5 each
    out = score(
        "rostov",
        "ABC",
        raspasy({"A": 2, "B": 2, "C": 6}, 2),
        options={"raspasy_progression": [2, 3]},
    )
    assert_books(out, whist={"A->C": 22.5, "B->C": 22.5})


@pytest.mark.parametrize(
    ("progression", "index", "bonus", "per_trick"),
    [
        ([1], 1, 1, 5),  # rostov default: 1 pool point
        ([1, 2, 3], 3, 3, 15),  # p_3 = 3 pool points; 5·3/1 = 15 per trick
        ([2, 4, 6], 1, 2, 5),  # p_1 = 2 pool points; 5·2/2 = 5 per trick
        ([2, 4, 6], 2, 4, 10),  # p_2 = 4 pool points; 5·4/2 = 10 per trick
    ],
)
def test_rostov_zero_taker_writes_the_step_into_the_pool(progression, index, bonus, per_trick):
    # 0/4/6: A → +p_k pool, 4·per_trick on B, 6·per_trick on C
    out = score(
        "rostov",
        "ABC",
        raspasy(ZERO_4_6, index),
        options={"raspasy_progression": progression},
    )
    assert_books(out, pulka={"A": bonus}, whist={"A->B": 4 * per_trick, "A->C": 6 * per_trick})


@pytest.mark.parametrize("bonus", ["none", "pool_half_price", "pool_one", "gora_minus_two_prices"])
def test_rostov_whists_recording_ignores_the_raspasy_zero_bonus_option(bonus):
    # on whists the zero bonus is fixed at p_1 = 1 pool point; 4·5 = 20, 6·5 = 30
    out = score("rostov", "ABC", raspasy(ZERO_4_6), options={"raspasy_zero_bonus": bonus})
    assert_books(out, pulka={"A": 1}, whist={"A->B": 20, "A->C": 30})


def test_rostov_excluded_dealer_loses_only_the_zero_bonus():
    # dealer A took 0: no pool point, but still the lowest: 4·5 = 20, 6·5 = 30
    out = score(
        "rostov",
        "ABC",
        raspasy(ZERO_4_6),
        dealer="A",
        options={"raspasy_zero_bonus_excludes_dealer": True},
    )
    assert_books(out, whist={"A->B": 20, "A->C": 30})


def test_rostov_four_handed_idle_dealer_writes_nothing():
    # not_used: D holds no cards; A lowest: 3·5 = 15, 5·5 = 25
    out = score("rostov", "ABCD", raspasy(TRICKS_235), dealer="D")
    assert_books(out, whist={"A->B": 15, "A->C": 25})


@pytest.mark.parametrize(
    ("convention", "options"),
    [
        ("rostov", {"raspasy_talon": "dealer_plays"}),
        ("sochi", {"raspasy_recording": "whists"}),  # sochi's talon default is dealer_plays
    ],
)
def test_four_handed_whists_recording_with_the_dealer_playing_the_talon_is_refused(
    convention, options
):
    with refused("deal.raspasy_whists_dealer_plays", "deal, raspasy"):
        score(
            convention,
            "ABCD",
            raspasy({"A": 2, "B": 3, "C": 5, "D": 0}),
            dealer="D",
            options=options,
        )


def test_three_handed_whists_recording_with_dealer_plays_is_accepted():
    # sochi on whists (3-handed, talon dealer_plays): 2nd raspasy 5·2/1 = 10 per trick
    out = score("sochi", "ABC", raspasy(TRICKS_235, 2), options={"raspasy_recording": "whists"})
    assert_books(out, whist={"A->B": 30, "A->C": 50})


def test_leningrad_on_whists_zero_bonus_is_the_base_step():
    # leningrad [2,4,6] on whists: 1st raspasy → 5·2/2 = 5 per trick, zero bonus p_1 = 2
    out = score("leningrad", "ABC", raspasy(ZERO_4_6), options={"raspasy_recording": "whists"})
    assert_books(out, pulka={"A": 2}, whist={"A->B": 20, "A->C": 30})


# ---------------------------------------------------------------------------------------
# §6.4 exit from raspasy (pulka cases)
# ---------------------------------------------------------------------------------------


def rd(tricks: dict[str, int] | None = None, dealer: str | None = None) -> dict[str, Any]:
    """A raspasy deal of a pulka, 2/3/5 unless told, series index left to the engine."""
    return {**raspasy(tricks or TRICKS_235, series_index=None), "dealer": dealer}


DEFENDERS = {"A": ("B", "C"), "B": ("C", "A"), "C": ("A", "B")}
SPLIT = {6: (2, 2), 7: (2, 1), 8: (1, 1), 9: (1, 0)}


def made(level: int, declarer: str = "A", dealer: str | None = None) -> dict[str, Any]:
    """A trick game whisted by both and made exactly, no defender short (3-handed ABC)."""
    first, second = DEFENDERS[declarer]
    a, b = SPLIT[level]
    deal = game(
        declarer,
        level,
        calls(f"{first} whist", f"{second} whist"),
        {declarer: level, first: a, second: b},
    )
    return {**deal, "dealer": dealer}


@pytest.mark.parametrize(
    ("exit_rule", "raspasy_before", "level", "accepted"),
    [
        ("easy", 1, 6, True),
        ("easy", 2, 6, True),  # 6-6-6
        ("medium", 1, 6, False),  # 6-7-7: 7 after one raspasy
        ("medium", 1, 7, True),
        ("medium", 2, 7, True),  # does not rise further
        ("medium", 3, 7, True),
        ("hard", 1, 7, True),  # 6-7-8
        ("hard", 2, 7, False),
        ("hard", 2, 8, True),
        ("hard", 3, 7, False),  # min(3, 2) = 2 → 8
        ([6, 8, 9], 1, 7, False),  # explicit list: 8 after one raspasy
        ([6, 8, 9], 1, 8, True),
        ([6, 8, 9], 2, 8, False),  # 9 after two
        ([6, 8, 9], 2, 9, True),
    ],
)
def test_minimum_contract_after_raspasy_follows_raspasy_exit(
    exit_rule, raspasy_before, level, accepted
):
    deals = [rd() for _ in range(raspasy_before)] + [made(level)]
    if accepted:
        out = pulka("sochi", "ABC", deals, options={"raspasy_exit": exit_rule})
        assert "error" not in out, out["error"]
    else:
        with refused(BELOW, f"deal {raspasy_before + 1}, contract.level", level=level):
            pulka("sochi", "ABC", deals, options={"raspasy_exit": exit_rule})


def test_explicit_exit_list_sets_the_minimum_without_raspasy_too():
    # [7,7,7]: the first element applies with no raspasy before (s = 0)
    with refused(BELOW, "deal 1, contract.level", level=6, minimum=7):
        pulka("sochi", "ABC", [made(6)], options={"raspasy_exit": [7, 7, 7]})


def test_misere_is_always_allowed_after_raspasy():
    # hard exit after two raspasy: minimum 8, but a misère outranks every 8
    deals = [rd(), rd(), {**misere("A", {"A": 0, "B": 5, "C": 5}), "dealer": None}]
    out = pulka("sochi", "ABC", deals, options={"raspasy_exit": "hard"})
    assert "error" not in out, out["error"]


def test_minimum_returns_to_six_after_the_series_ends():
    # hard: r, r, 8 made (any_game ends the series) → s = 0 → a 6 is allowed again
    deals = [rd(), rd(), made(8), made(6)]
    out = pulka("sochi", "ABC", deals, options={"raspasy_exit": "hard"})
    assert "error" not in out, out["error"]


@pytest.mark.parametrize(
    ("convention", "six_after_one_raspasy"),
    [
        ("sochi", True),  # easy
        ("leningrad", False),  # medium (6-7-7)
        ("rostov", True),  # easy
        ("classic", True),  # easy
        ("fspr", False),  # medium, "затруднённый"
    ],
)
def test_preset_exit_rule_for_a_six_after_one_raspasy(convention, six_after_one_raspasy):
    if six_after_one_raspasy:
        out = pulka(convention, "ABC", [rd(), made(6)])
        assert "error" not in out, out["error"]
    else:
        with refused(BELOW, "deal 2, contract.level", level=6, minimum=7):
            pulka(convention, "ABC", [rd(), made(6)])


@pytest.mark.parametrize("convention", ["sochi", "leningrad", "rostov", "classic", "fspr"])
def test_every_preset_allows_a_seven_after_two_raspasy(convention):
    # easy 6, medium 7: no preset default asks for 8
    out = pulka(convention, "ABC", [rd(), rd(), made(7)])
    assert "error" not in out, out["error"]


def test_fspr_misere_does_not_end_the_series_so_the_minimum_stays_seven():
    # fspr: raspasy, misère made (does not end the series), then a 6 → still below 7
    deals = [rd(), {**misere("A", {"A": 0, "B": 5, "C": 5}), "dealer": None}, made(6)]
    with refused(BELOW, "deal 3, contract.level", level=6, minimum=7):
        pulka("fspr", "ABC", deals)


# ---------------------------------------------------------------------------------------
# §6.3 what ends a series (observed through the price of the next raspasy)
# ---------------------------------------------------------------------------------------


def deal_of(kind: str) -> tuple[dict[str, Any], dict[str, int], dict[str, Any]]:
    """(deal, its own gora for A (sochi), extra options) for the deal between two raspasy."""
    if kind == "whisted_made":
        return made(7), {}, {}
    if kind == "set":
        # 7 by A with 6 tricks: down one → R(7)·1 = 4 on A
        deal = game("A", 7, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2})
        return {**deal, "dealer": None}, {"A": 4}, {}
    if kind == "pass_pass":
        return {**game("A", 7, calls("B pass", "C pass")), "dealer": None}, {}, {}
    if kind == "misere_made":
        return {**misere("A", {"A": 0, "B": 5, "C": 5}), "dealer": None}, {}, {}
    if kind == "misere_failed":
        # one trick caught: M = 10 on A
        return {**misere("A", {"A": 1, "B": 5, "C": 4}), "dealer": None}, {"A": 10}, {}
    if kind == "half_whist":
        return {**game("A", 7, calls("B pass", "C half_whist")), "dealer": None}, {}, {}
    if kind == "returned_whist":
        deal = game(
            "A",
            7,
            calls("B pass", "C half_whist", "B return_whist"),
            {"A": 7, "B": 2, "C": 1},
        )
        return {**deal, "dealer": None}, {}, {}
    if kind == "checked_ten":
        deal = game("A", 10, calls("B check", "C check"), {"A": 10, "B": 0, "C": 0}, play="open")
        return {**deal, "dealer": None}, {}, {"ten_mode": "checked"}
    if kind == "penalty_set":
        # Kodeks 3.4.6 without proof: a 7 set without two, no play → R(7)·2 = 8 on A
        deal = game(
            "A",
            7,
            calls("B whist", "C pass"),
            ruling={"rule": "kodex-3.4.6", "proven_undertricks": 0},
        )
        return {**deal, "dealer": None}, {"A": 8}, {}
    if kind == "kodex_349_made":
        # Kodeks 3.4.9: 8 actual tricks count as 7 → a 7 made exactly (defence 1 + 1 = 2)
        deal = game(
            "A",
            7,
            calls("B whist", "C whist"),
            {"A": 8, "B": 1, "C": 1},
            ruling={"rule": "kodex-3.4.9"},
        )
        return {**deal, "dealer": None}, {}, {}
    if kind == "kodex_349_set":
        # Kodeks 3.4.9: 7 actual tricks count as 6 → a 7 down one: R(7)·1 = 4 on A
        deal = game(
            "A",
            7,
            calls("B whist", "C whist"),
            {"A": 7, "B": 2, "C": 1},
            ruling={"rule": "kodex-3.4.9"},
        )
        return {**deal, "dealer": None}, {"A": 4}, {}
    if kind == "annulled":
        # deliberate_only, not deliberate: the deal is annulled and writes nothing
        deal = game(
            "A",
            7,
            calls("B whist", "C pass"),
            ruling={"rule": "kodex-3.4.6", "proven_undertricks": 1, "deliberate": False},
        )
        return {**deal, "dealer": None}, {}, {"wrong_cards_rule": "deliberate_only"}
    raise AssertionError(kind)


ENDS = {
    # kind: (any_game, made_game, whisted_made_game)
    "whisted_made": (True, True, True),
    "set": (True, False, False),
    "pass_pass": (True, True, False),
    "misere_made": (True, True, False),
    "misere_failed": (True, False, False),
    "half_whist": (True, True, True),  # half_whist_exits_raspasy defaults on
    "returned_whist": (True, True, True),  # a returned whist counts as whisted
    "checked_ten": (True, True, True),  # a checked ten counts as whisted and played
    "penalty_set": (True, False, False),  # a penalty set is a game not made
    "kodex_349_made": (True, True, True),  # judged by its effective trick count
    "kodex_349_set": (True, False, False),
    "annulled": (False, False, False),  # an annulled deal leaves the series as it was
}


@pytest.mark.parametrize("ends_on", ["any_game", "made_game", "whisted_made_game"])
@pytest.mark.parametrize("kind", list(ENDS))
def test_raspasy_series_ends_on_decides_which_deals_end_a_series(ends_on, kind):
    middle, own_gora, extra = deal_of(kind)
    ends = ENDS[kind][["any_game", "made_game", "whisted_made_game"].index(ends_on)]
    # sochi [1,2,3]; raspasy 1 at p_1 = 1: A 2, B 3, C 5.
    # raspasy 2 at p_1 = 1 if the series ended (2/3/5), else at p_2 = 2 (4/6/10).
    step = 1 if ends else 2
    gora = {"A": 2 + 2 * step + own_gora.get("A", 0), "B": 3 + 3 * step, "C": 5 + 5 * step}
    out = pulka(
        "sochi",
        "ABC",
        [rd(), middle, rd()],
        options={"raspasy_series_ends_on": ends_on, **extra},
    )
    assert "error" not in out, out["error"]
    assert out["gora"] == gora


@pytest.mark.parametrize(("exits", "step"), [(True, 1), (False, 2)])
def test_half_whist_exits_raspasy_decides_for_an_accepted_half_whist(exits, step):
    # whisted_made_game; raspasy 1 at 1 (2/3/5), accepted half-whist on a 7, raspasy 2 at
    # p_1 = 1 if it ended the series, else p_2 = 2
    deals = [rd(), {**game("A", 7, calls("B pass", "C half_whist")), "dealer": None}, rd()]
    out = pulka(
        "sochi",
        "ABC",
        deals,
        options={
            "raspasy_series_ends_on": "whisted_made_game",
            "half_whist_exits_raspasy": exits,
        },
    )
    assert "error" not in out, out["error"]
    assert out["gora"] == {"A": 2 + 2 * step, "B": 3 + 3 * step, "C": 5 + 5 * step}


def test_fspr_whisted_made_seven_ends_the_series():
    # fspr [2,4,6]: raspasy 1: 2·2, 3·2, 5·2; a whisted made 7; raspasy again at p_1 = 2
    deals = [rd(), made(7), rd()]
    out = pulka("fspr", "ABC", deals)
    assert out["gora"] == {"A": 8, "B": 12, "C": 20}  # 4+4, 6+6, 10+10


def test_fspr_pass_pass_does_not_end_the_series():
    # raspasy 1 at 2 (4/6/10), 7 pass-pass (made, not whisted), raspasy 2 at 4 (8/12/20)
    deals = [rd(), {**game("A", 7, calls("B pass", "C pass")), "dealer": None}, rd()]
    out = pulka("fspr", "ABC", deals)
    assert out["gora"] == {"A": 12, "B": 18, "C": 30}  # 4+8, 6+12, 10+20


def test_fspr_dealers_whist_counts_as_whisted_and_ends_the_series():
    # 4-handed fspr. Deal 1 (D deals, plays the talon, 0 tricks, excluded from the bonus):
    # A 2·2 = 4, B 3·2 = 6, C 5·2 = 10. Deal 2 (A deals): B plays 8, C and D pass, the
    # dealer A whists; B makes 8 → whisted and made: the series ends (fspr dealer not
    # liable, no mountain). Deal 3 (B deals, 0 tricks, excluded): back at p_1 = 2:
    # A 2·2 = 4, C 3·2 = 6, D 5·2 = 10.
    deals = [
        rd({"A": 2, "B": 3, "C": 5, "D": 0}, dealer="D"),
        {
            **game("B", 8, calls("C pass", "D pass", "A whist"), {"B": 8, "C": 1, "D": 1}),
            "dealer": "A",
        },
        rd({"A": 2, "B": 0, "C": 3, "D": 5}, dealer="B"),
    ]
    out = pulka("fspr", "ABCD", deals)
    assert "error" not in out, out["error"]
    assert out["gora"] == {"A": 8, "B": 6, "C": 16, "D": 10}  # 4+4, 6, 10+6, 10
