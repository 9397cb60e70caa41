"""Trick games: contract values, whists, sets, liability, sharing, the ten (SPEC §2, §3, §4).

Every expected number below is worked by hand from SPEC.md; the arithmetic is in the comment
beside it. Preset prices (SPEC §2.1, §10), C = 2/4/6/8/10 for levels 6..10:

    preset     W     R     K     F (shortfall)           sharing    gentleman_split
    sochi      C     C     C     R   = C                 greedy     on_set
    leningrad  2C    2C    2C    R/2 = C                 gentleman  on_set
    rostov     C     C     C     R/2 = C/2               gentleman  on_set
    classic    C     C     C     R/2 = C/2 (R once the whister's pool is closed)   greedy
    fspr       2C    2C    2C    R/2 = C                 gentleman  always

Obligations (§3.2): 6 → 4, 7 → 2, 8/9/10 → 1; two whisters answer for half each (§3.3).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.scoring.helpers import (
    PRESETS,
    assert_deal,
    calls,
    game,
    nonzero,
    pulka,
    score,
    whists,
)


def open_pools(players: str = "ABC", size: int = 20) -> dict[str, Any]:
    """Pools well below the size: no overflow, classic whisters still half-responsible."""
    return {"size": size, "pulka": dict.fromkeys(players, 0), "gora": dict.fromkeys(players, 0)}


def pools_for(convention: str, players: str = "ABC") -> dict[str, Any] | None:
    """Classic liability depends on the pools before the deal (§2.1): give open ones."""
    return open_pools(players) if convention == "classic" else None


# ---------------------------------------------------------------------------------------
# §2.1 contract values


@pytest.mark.parametrize("convention", PRESETS)
@pytest.mark.parametrize(
    ("level", "value"),
    [
        (6, 2),  # C(6) = 2
        (7, 4),  # C(7) = 4
        (8, 6),  # C(8) = 6
        (9, 8),  # C(9) = 8
        (10, 10),  # C(10) = 10
    ],
)
def test_made_contract_after_pass_pass_writes_contract_value_to_pool(convention, level, value):
    # §3.1: both pass → made without play, C(L) into the pool, nobody writes whists
    out = score(convention, "ABC", game("A", level, calls("B pass", "C pass")))
    assert_deal(out, pulka={"A": value})


def test_contract_value_option_overrides_the_pool_and_the_whist_price():
    # contract_value [3,5,7,9,11]: C(7) = 5 → pool 5; W = C = 5 per trick: B 2×5 = 10, C 1×5 = 5
    out = score(
        "sochi",
        "ABC",
        game("A", 7, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1}),
        options={"contract_value": [3, 5, 7, 9, 11]},
    )
    assert_deal(out, pulka={"A": 5}, whist={"B->A": 10, "C->A": 5})


# ---------------------------------------------------------------------------------------
# §2.1 W: trick whists on a made contract, both defenders whisting


@pytest.mark.parametrize(
    ("convention", "level", "tricks", "pool", "expected"),
    [
        # sochi 6: W(6)=2 → B 3×2 = 6, C 1×2 = 2; defence 4 = obligation
        ("sochi", 6, {"A": 6, "B": 3, "C": 1}, 2, {"B->A": 6, "C->A": 2}),
        # leningrad 7: W(7)=2C=8 → B 2×8 = 16, C 1×8 = 8 (two whisters: no gentleman halves)
        ("leningrad", 7, {"A": 7, "B": 2, "C": 1}, 4, {"B->A": 16, "C->A": 8}),
        # rostov 8: W(8)=6 → 1×6 each
        ("rostov", 8, {"A": 8, "B": 1, "C": 1}, 6, {"B->A": 6, "C->A": 6}),
        # classic 9: W(9)=8 → B 1×8; C took nothing, obligation 1 met by B
        ("classic", 9, {"A": 9, "B": 1, "C": 0}, 8, {"B->A": 8}),
        # fspr 7 (§11.4): W(7)=8 → B 1×8 = 8, C 2×8 = 16
        ("fspr", 7, {"A": 7, "B": 1, "C": 2}, 4, {"B->A": 8, "C->A": 16}),
    ],
)
def test_each_whister_writes_whist_price_per_own_trick_on_a_made_game(
    convention, level, tricks, pool, expected
):
    out = score(convention, "ABC", game("A", level, calls("B whist", "C whist"), tricks))
    assert_deal(out, pulka={"A": pool}, whist=expected)


def test_whist_price_option_2c_doubles_trick_whists_in_sochi():
    # whist_price 2C: W(6) = 4 → B 2×4 = 8, C 2×4 = 8; pool still C(6) = 2
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}),
        options={"whist_price": "2C"},
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 8, "C->A": 8})


# ---------------------------------------------------------------------------------------
# §3.6 the set: R per undertrick, own trick whists, consolation K per undertrick

SET_8_DOWN_2 = {"A": 6, "B": 3, "C": 1}  # 8 ordered, 6 taken: u = 2


@pytest.mark.parametrize(
    ("convention", "mountain"),
    [
        ("sochi", 12),  # R(8) = C = 6, × u 2 = 12
        ("leningrad", 24),  # R(8) = 2C = 12, × 2 = 24
        ("rostov", 12),  # R = C = 6, × 2
        ("classic", 12),  # R = C = 6, × 2
        ("fspr", 24),  # R = 2C = 12, × 2
    ],
)
def test_set_declarer_writes_set_price_per_undertrick(convention, mountain):
    out = score(convention, "ABC", game("A", 8, calls("B whist", "C whist"), SET_8_DOWN_2))
    assert "error" not in out, out["error"]
    assert nonzero(out["gora"]) == {"A": mountain}
    assert nonzero(out["pulka"]) == {}


@pytest.mark.parametrize(
    ("convention", "expected"),
    [
        # W(8)=6, K(8)=6: B 3×6 + 2×6 = 30; C 1×6 + 2×6 = 18
        ("sochi", {"B->A": 30, "C->A": 18}),
        # W=K=12: B 3×12 + 2×12 = 60; C 1×12 + 2×12 = 36
        ("leningrad", {"B->A": 60, "C->A": 36}),
        ("rostov", {"B->A": 30, "C->A": 18}),  # as sochi: W = K = C = 6
        ("classic", {"B->A": 30, "C->A": 18}),  # as sochi
        ("fspr", {"B->A": 60, "C->A": 36}),  # as leningrad: W = K = 2C = 12
    ],
)
def test_set_each_whister_writes_own_trick_whists_plus_consolation(convention, expected):
    out = score(convention, "ABC", game("A", 8, calls("B whist", "C whist"), SET_8_DOWN_2))
    assert "error" not in out, out["error"]
    assert nonzero(whists(out)) == expected


def test_leningrad_consolation_option_c_gives_the_lower_alternative():
    # LE-03 alternative (§2.1 ⚠): consolation C: 7 down 1, R(7) = 8 → gora 8;
    # trick whists 4×8 = 32 halved 16/16 (gentleman, set); K = C = 4 → 16 + 4 = 20 each
    out = score(
        "leningrad",
        "ABC",
        game("A", 7, calls("B whist", "C pass"), {"A": 6, "B": 2, "C": 2}, play="open"),
        options={"consolation": "C"},
    )
    assert_deal(out, gora={"A": 8}, whist={"B->A": 20, "C->A": 20})


def test_leningrad_default_consolation_is_twice_the_contract_value():
    # LE-03: K = 2C = 8: 16 + 8 = 24 each; gora R(7) = 8 × 1
    out = score(
        "leningrad",
        "ABC",
        game("A", 7, calls("B whist", "C pass"), {"A": 6, "B": 2, "C": 2}, play="open"),
    )
    assert_deal(out, gora={"A": 8}, whist={"B->A": 24, "C->A": 24})


def test_set_price_option_2c_doubles_the_sochi_mountain_but_not_the_consolation():
    # set_price 2C: R(6) = 4 → gora 4×1 = 4; W = K = C = 2: B 3×2 + 2 = 8, C 2×2 + 2 = 6
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}),
        options={"set_price": "2C"},
    )
    assert_deal(out, gora={"A": 4}, whist={"B->A": 8, "C->A": 6})


# ---------------------------------------------------------------------------------------
# §2.1 F relative to R: whist_liability option


@pytest.mark.parametrize(
    ("convention", "options", "each"),
    [
        ("sochi", {"set_price": "2C"}, 4),  # responsible F = R = 2C(6) = 4
        ("sochi", {"whist_liability": "half"}, 1),  # F = R/2 = 2/2 = 1
        ("leningrad", {"whist_liability": "responsible"}, 4),  # F = R = 2C = 4
        ("rostov", {"whist_liability": "responsible"}, 2),  # F = R = C = 2
    ],
)
def test_whist_liability_option_sets_shortfall_relative_to_set_price(convention, options, each):
    # 6, both whist 1 + 1: pair took 2 < 4, each is 1 short of his half (2)
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        options=options,
    )
    assert "error" not in out, out["error"]
    assert nonzero(out["gora"]) == {"B": each, "C": each}


# ---------------------------------------------------------------------------------------
# §3.3 both defenders whist: split liability


@pytest.mark.parametrize(
    ("level", "tricks", "pool", "expected_whists"),
    [
        (6, {"A": 6, "B": 4, "C": 0}, 2, {"B->A": 8}),  # SO-05: 4+0 = 4 → none; B 4×2
        (6, {"A": 6, "B": 3, "C": 1}, 2, {"B->A": 6, "C->A": 2}),  # 3+1 = 4 → none
        (7, {"A": 8, "B": 2, "C": 0}, 4, {"B->A": 8}),  # 2+0 = 2 → none; B 2×4
        (8, {"A": 9, "B": 1, "C": 0}, 6, {"B->A": 6}),  # 1+0 → none; B 1×6
        (8, {"A": 9, "B": 0, "C": 1}, 6, {"C->A": 6}),  # 0+1 → none (first took 0)
        (9, {"A": 9, "B": 0, "C": 1}, 8, {"C->A": 8}),  # 0+1 → none; C 1×8
    ],
)
def test_whisters_who_reach_the_obligation_together_owe_nothing(
    level, tricks, pool, expected_whists
):
    out = score("sochi", "ABC", game("A", level, calls("B whist", "C whist"), tricks))
    assert_deal(out, pulka={"A": pool}, whist=expected_whists)


def test_each_zero_taker_rule_still_needs_the_pair_to_miss_the_obligation():
    # fspr 8, 0 + 1: the pair took 1 = obligation → nobody pays; C writes 1×W(8)=12
    out = score("fspr", "ABC", game("A", 8, calls("B whist", "C whist"), {"A": 9, "B": 0, "C": 1}))
    assert_deal(out, pulka={"A": 6}, whist={"C->A": 12})


@pytest.mark.parametrize(
    ("convention", "f", "w"),
    [
        ("sochi", 2, 2),  # SO-02: F(6) = R = 2; W = 2
        ("leningrad", 2, 4),  # F = R/2 = 4/2 = 2; W = 2C = 4
        ("rostov", 1, 2),  # RO-05: F = R/2 = 2/2 = 1
        ("classic", 1, 2),  # CL-01: pools open → R/2 = 1
        ("fspr", 2, 4),  # F = R/2 = 2
    ],
)
def test_whisters_one_plus_one_on_a_six_each_owe_one_missing_trick(convention, f, w):
    # 6: pair 1+1 = 2 < 4; each is 2 − 1 = 1 short of his half → F × 1 each
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        pool_before=pools_for(convention),
    )
    assert_deal(out, pulka={"A": 2}, gora={"B": f, "C": f}, whist={"B->A": w, "C->A": w})


def test_zero_taker_beside_a_two_taker_on_a_six_owes_two_missing_tricks():
    # sochi 6, 2+0 = 2 < 4: B has his half; C owes F(6) × (2 − 0) = 2 × 2 = 4; B writes 2×2 = 4
    out = score("sochi", "ABC", game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 2, "C": 0}))
    assert_deal(out, pulka={"A": 2}, gora={"C": 4}, whist={"B->A": 4})


def test_shortfall_counts_own_missing_tricks_even_when_the_partner_took_more_than_half():
    # sochi 6, 3+0 = 3 < 4 (pair one short): C owes F × (2 − 0) = 2 × 2 = 4, B owes nothing;
    # B writes 3×2 = 6
    out = score("sochi", "ABC", game("A", 6, calls("B whist", "C whist"), {"A": 7, "B": 3, "C": 0}))
    assert_deal(out, pulka={"A": 2}, gora={"C": 4}, whist={"B->A": 6})


def test_zero_taker_on_a_seven_owes_one_when_the_pair_took_one():
    # SO-07: sochi 7, 0+1 = 1 < 2: B owes F(7) × (1 − 0) = 4; C writes 1×4 = 4
    out = score("sochi", "ABC", game("A", 7, calls("B whist", "C whist"), {"A": 9, "B": 0, "C": 1}))
    assert_deal(out, pulka={"A": 4}, gora={"B": 4}, whist={"C->A": 4})


@pytest.mark.parametrize(
    ("convention", "f"),
    [
        ("sochi", 4),  # F(7) = R = 4
        ("leningrad", 4),  # F = R/2 = 8/2 = 4
        ("rostov", 2),  # F = R/2 = 4/2 = 2
        ("classic", 2),  # pools open: R/2 = 2
        ("fspr", 4),  # F = R/2 = 4
    ],
)
def test_both_whisters_with_no_trick_on_a_seven_each_owe_one(convention, f):
    # 7, 0+0: each is 1 − 0 = 1 short of his half → F(7) × 1 each
    out = score(
        convention,
        "ABC",
        game("A", 7, calls("B whist", "C whist"), {"A": 10, "B": 0, "C": 0}),
        pool_before=pools_for(convention),
    )
    assert_deal(out, pulka={"A": 4}, gora={"B": f, "C": f})


@pytest.mark.parametrize(
    ("convention", "level", "pool", "f"),
    [
        ("sochi", 8, 6, 6),  # SO-06: F(8) = R = 6, second whister only
        ("sochi", 9, 8, 8),  # F(9) = 8
        ("sochi", 10, 10, 10),  # SO-22: ten whisted, F(10) = 10
        ("leningrad", 8, 6, 6),  # F = R/2 = 12/2 = 6
        ("rostov", 8, 6, 3),  # RO: F = R/2 = 6/2 = 3
        ("rostov", 9, 8, 4),  # F = 8/2 = 4
        ("classic", 8, 6, 3),  # pools open: R/2 = 3
    ],
)
def test_second_whister_alone_owes_the_missing_trick_on_eight_to_ten(convention, level, pool, f):
    # obligation 1, pair took 0: liability_8_to_10 = second_whister → C (who whisted second)
    out = score(
        convention,
        "ABC",
        game("A", level, calls("B whist", "C whist"), {"A": 10, "B": 0, "C": 0}),
        pool_before=pools_for(convention),
    )
    assert_deal(out, pulka={"A": pool}, gora={"C": f})


def test_second_whister_is_the_one_who_said_whist_second():
    # B declares 8; C speaks first, A second: A is the second whister → A owes F(8) = 6
    out = score(
        "sochi", "ABC", game("B", 8, calls("C whist", "A whist"), {"A": 0, "B": 10, "C": 0})
    )
    assert_deal(out, pulka={"B": 6}, gora={"A": 6})


@pytest.mark.parametrize(
    ("level", "pool", "f"),
    [
        (8, 6, 6),  # FS-03 / §11.4: F(8) = R/2 = 12/2 = 6 each
        (9, 8, 8),  # F(9) = 16/2 = 8 each
        (10, 10, 10),  # §11.4: ten whisted, F(10) = 20/2 = 10 each
    ],
)
def test_fspr_every_zero_taker_owes_the_missing_trick_on_eight_to_ten(level, pool, f):
    out = score(
        "fspr", "ABC", game("A", level, calls("B whist", "C whist"), {"A": 10, "B": 0, "C": 0})
    )
    assert_deal(out, pulka={"A": pool}, gora={"B": f, "C": f})


@pytest.mark.parametrize(
    ("convention", "rule", "gora"),
    [
        ("sochi", "each_zero_taker", {"B": 6, "C": 6}),  # both took 0 → F(8) = 6 each
        ("fspr", "second_whister", {"C": 6}),  # only the second whister: F(8) = 6
    ],
)
def test_liability_8_to_10_option_chooses_who_pays(convention, rule, gora):
    out = score(
        convention,
        "ABC",
        game("A", 8, calls("B whist", "C whist"), {"A": 10, "B": 0, "C": 0}),
        options={"liability_8_to_10": rule},
    )
    assert_deal(out, pulka={"A": 6}, gora=gora)


# ---------------------------------------------------------------------------------------
# §3.4 one whister, one passer


@pytest.mark.parametrize(
    ("convention", "f", "expected_whists"),
    [
        ("sochi", 2, {"B->A": 6}),  # SO-11: F(6)=2 × 1; B writes 3 × W 2 = 6
        ("leningrad", 2, {"B->A": 12}),  # F = 2; made, on_set → 3 × 4 = 12 all to B
        ("rostov", 1, {"B->A": 6}),  # F = 1; 3 × 2 = 6 to B (made: no halves)
        ("classic", 1, {"B->A": 6}),  # pools open: F = 1; greedy 3 × 2
        ("fspr", 2, {"B->A": 6, "C->A": 6}),  # F = 2; always: 3 × 4 = 12 → 6 / 6
    ],
)
def test_lone_whister_carries_the_whole_obligation_on_a_six(convention, f, expected_whists):
    # 6: defence 2 + 1 = 3 < 4 → the whister owes F × (4 − 3); the passer never pays
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C pass"), {"A": 7, "B": 2, "C": 1}, play="open"),
        pool_before=pools_for(convention),
    )
    assert_deal(out, pulka={"A": 2}, gora={"B": f}, whist=expected_whists)


def test_lone_whister_counts_the_passers_tricks_toward_the_obligation():
    # sochi 6: B 0 + C 4 = 4 = obligation → no shortfall; greedy: B writes 4 × 2 = 8
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 0, "C": 4}, play="open"),
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 8})


def test_second_defender_as_lone_whister_owes_the_shortfall_not_the_passer():
    # sochi 6, B passes, C whists: defence 1 + 2 = 3 < 4 → C owes F(6) × 1 = 2; C writes 3×2
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B pass", "C whist"), {"A": 7, "B": 1, "C": 2}, play="open"),
    )
    assert_deal(out, pulka={"A": 2}, gora={"C": 2}, whist={"C->A": 6})


@pytest.mark.parametrize(
    ("convention", "level", "pool", "f_total"),
    [
        ("sochi", 7, 4, 8),  # F(7) = 4 × (2 − 0) = 8
        ("leningrad", 7, 4, 8),  # F = 8/2 = 4 × 2 = 8
        ("rostov", 7, 4, 4),  # F = 4/2 = 2 × 2 = 4
        ("classic", 7, 4, 4),  # pools open: 2 × 2 = 4
        ("fspr", 7, 4, 8),  # §11.4: whister 8 (2 × 4), passer 0
        ("sochi", 8, 6, 6),  # SO-26: F(8) = 6 × 1
        ("leningrad", 8, 6, 6),  # LE-08: 12/2 = 6 × 1
        ("rostov", 8, 6, 3),  # RO-07: 6/2 = 3 × 1
        ("classic", 8, 6, 3),  # pools open: 3 × 1
        ("fspr", 8, 6, 6),  # 12/2 = 6 × 1
    ],
)
def test_lone_whister_owes_every_trick_the_pair_missed(convention, level, pool, f_total):
    out = score(
        convention,
        "ABC",
        game("A", level, calls("B whist", "C pass"), {"A": 10, "B": 0, "C": 0}, play="open"),
        pool_before=pools_for(convention),
    )
    assert_deal(out, pulka={"A": pool}, gora={"B": f_total})


@pytest.mark.parametrize(
    ("convention", "expected_whists"),
    [
        ("sochi", {"B->A": 8}),  # greedy: 4 defence tricks × W(6)=2 = 8 to B
        ("leningrad", {"B->A": 16}),  # gentleman on_set: made → all 4 × 4 = 16 to B
        ("rostov", {"B->A": 8}),  # gentleman on_set: 4 × 2 = 8 to B
        ("classic", {"B->A": 8}),  # greedy
        ("fspr", {"B->A": 8, "C->A": 8}),  # gentleman always: 4 × 4 = 16 → 8 / 8
    ],
)
def test_lone_whister_writes_all_defence_tricks_on_a_made_contract(convention, expected_whists):
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, play="open"),
    )
    assert_deal(out, pulka={"A": 2}, whist=expected_whists)


def test_play_mode_does_not_change_the_lone_whister_arithmetic():
    # §3.4: closed play of the same sochi 6 (defence 4): B writes 4 × 2 = 8 either way
    deal = game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, play="closed")
    assert_deal(score("sochi", "ABC", deal), pulka={"A": 2}, whist={"B->A": 8})


# ---------------------------------------------------------------------------------------
# §3.5 greedy vs gentleman on a set

LONE_7_DOWN_2 = {"A": 5, "B": 3, "C": 2}  # 7 ordered, 5 taken: u = 2, defence 5 tricks


@pytest.mark.parametrize(
    ("convention", "mountain", "expected_whists"),
    [
        # greedy: R(7)=4 × 2 = 8; B 5×4 + K 4×2 = 28; C only consolation 4×2 = 8
        ("sochi", 8, {"B->A": 28, "C->A": 8}),
        # gentleman: R = 8 × 2 = 16; 5×8 = 40 → 20 each; + K 8×2 = 16 → 36 each
        ("leningrad", 16, {"B->A": 36, "C->A": 36}),
        # gentleman: R = 4 × 2 = 8; 5×4 = 20 → 10 each; + K 4×2 = 8 → 18 each
        ("rostov", 8, {"B->A": 18, "C->A": 18}),
        # greedy: as sochi
        ("classic", 8, {"B->A": 28, "C->A": 8}),
        # gentleman: as leningrad
        ("fspr", 16, {"B->A": 36, "C->A": 36}),
    ],
)
def test_lone_whister_set_shares_trick_whists_by_whist_sharing(
    convention, mountain, expected_whists
):
    out = score(
        convention, "ABC", game("A", 7, calls("B whist", "C pass"), LONE_7_DOWN_2, play="open")
    )
    assert_deal(out, gora={"A": mountain}, whist=expected_whists)


@pytest.mark.parametrize(
    ("convention", "sharing", "mountain", "expected_whists"),
    [
        # SO-10: 6 down 1, 5 × 2 = 10 → 5 / 5, + K 2 each → 7 / 7; gora R 2 × 1
        ("sochi", "gentleman", 2, {"B->A": 7, "C->A": 7}),
        ("classic", "gentleman", 2, {"B->A": 7, "C->A": 7}),
        # leningrad greedy: gora 4 × 1; B 5 × 4 + K 4 = 24; C only K 4
        ("leningrad", "greedy", 4, {"B->A": 24, "C->A": 4}),
    ],
)
def test_whist_sharing_option_switches_greedy_and_gentleman(
    convention, sharing, mountain, expected_whists
):
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C pass"), {"A": 5, "B": 3, "C": 2}, play="open"),
        options={"whist_sharing": sharing},
    )
    assert_deal(out, gora={"A": mountain}, whist=expected_whists)


@pytest.mark.parametrize(
    ("convention", "options", "expected_whists"),
    [
        # 7 made, defence 3: leningrad on_set → 3 × 8 = 24 to the whister
        ("leningrad", {}, {"B->A": 24}),
        # leningrad always → 24 halved 12 / 12
        ("leningrad", {"gentleman_split": "always"}, {"B->A": 12, "C->A": 12}),
        # fspr on_set → 24 to the whister (FS-02 note: "B would write 24")
        ("fspr", {"gentleman_split": "on_set"}, {"B->A": 24}),
        # rostov always → 3 × 4 = 12 halved 6 / 6
        ("rostov", {"gentleman_split": "always"}, {"B->A": 6, "C->A": 6}),
        # sochi always but greedy: no effect → 3 × 4 = 12 to B
        ("sochi", {"gentleman_split": "always"}, {"B->A": 12}),
        # sochi gentleman + always → 6 / 6
        (
            "sochi",
            {"whist_sharing": "gentleman", "gentleman_split": "always"},
            {"B->A": 6, "C->A": 6},
        ),
    ],
)
def test_gentleman_split_decides_halves_on_a_made_contract(convention, options, expected_whists):
    out = score(
        convention,
        "ABC",
        game("A", 7, calls("B whist", "C pass"), {"A": 7, "B": 2, "C": 1}, play="open"),
        options=options,
    )
    assert_deal(out, pulka={"A": 4}, whist=expected_whists)


def test_two_whisters_write_each_for_himself_under_gentleman_always():
    # fspr 7 down 1, both whist: R 8 × 1 = 8; B 3 × 8 + K 8 = 32; C 1 × 8 + 8 = 16 (no halves)
    out = score("fspr", "ABC", game("A", 7, calls("B whist", "C whist"), {"A": 6, "B": 3, "C": 1}))
    assert_deal(out, gora={"A": 8}, whist={"B->A": 32, "C->A": 16})


def test_greedy_passer_writes_only_consolation_on_a_set():
    # SO-09: 6 down 1: gora 2; B 5 × 2 + 2 = 12; C consolation 2
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B whist", "C pass"), {"A": 5, "B": 3, "C": 2}, play="open"),
    )
    assert_deal(out, gora={"A": 2}, whist={"B->A": 12, "C->A": 2})


# ---------------------------------------------------------------------------------------
# §3.6(4) consolation of the sitting-out 4-handed dealer


@pytest.mark.parametrize(
    ("convention", "mountain", "expected_whists"),
    [
        # 6 down 1: R 2; B 3×2 + K 2 = 8; C 2×2 + 2 = 6; dealer D K × 1 = 2
        ("sochi", 2, {"B->A": 8, "C->A": 6, "D->A": 2}),
        # R 4; B 3×4 + 4 = 16; C 2×4 + 4 = 12; D 4
        ("leningrad", 4, {"B->A": 16, "C->A": 12, "D->A": 4}),
        ("rostov", 2, {"B->A": 8, "C->A": 6, "D->A": 2}),
        ("classic", 2, {"B->A": 8, "C->A": 6, "D->A": 2}),
        ("fspr", 4, {"B->A": 16, "C->A": 12, "D->A": 4}),
    ],
)
def test_sitting_out_dealer_writes_consolation_on_a_set(convention, mountain, expected_whists):
    out = score(
        convention,
        "ABCD",
        game("A", 6, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}),
        dealer="D",
    )
    assert_deal(out, gora={"A": mountain}, whist=expected_whists)


def test_sitting_out_dealer_consolation_counts_every_undertrick():
    # §11.4 fspr 7 down two: R 8 × 2 = 16; D K 8 × 2 = 16;
    # B 3 × 8 + 16 = 40; C 2 × 8 + 16 = 32
    out = score(
        "fspr",
        "ABCD",
        game("A", 7, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}),
        dealer="D",
    )
    assert_deal(out, gora={"A": 16}, whist={"B->A": 40, "C->A": 32, "D->A": 16})


def test_fspr_official_example_dealer_writes_only_consolation():
    # FS-01: 6 down 1: R 4; 5 × 4 = 20 halved 10 / 10, + K 4 → 14 / 14; D 4
    out = score(
        "fspr",
        "ABCD",
        game("A", 6, calls("B whist", "C pass"), {"A": 5, "B": 5, "C": 0}, play="open"),
        dealer="D",
    )
    assert_deal(out, gora={"A": 4}, whist={"B->A": 14, "C->A": 14, "D->A": 4})


def test_consolation_to_dealer_off_leaves_the_dealer_out():
    # as the sochi row above, without D's 2
    out = score(
        "sochi",
        "ABCD",
        game("A", 6, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}),
        dealer="D",
        options={"consolation_to_dealer": False},
    )
    assert_deal(out, gora={"A": 2}, whist={"B->A": 8, "C->A": 6})


def test_sitting_out_dealer_writes_nothing_on_a_made_contract():
    # sochi 6 made 2+2: B 2 × 2 = 4, C 4; no consolation without a set
    out = score(
        "sochi",
        "ABCD",
        game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 4, "C->A": 4})


# ---------------------------------------------------------------------------------------
# §2.1 classic liability switch (pools before the deal)


def classic_pools(a: int, b: int, c: int) -> dict[str, Any]:
    return {"size": 20, "pulka": {"A": a, "B": b, "C": c}, "gora": {"A": 0, "B": 0, "C": 0}}


def test_classic_whister_with_a_closed_pool_is_fully_responsible():
    # B's pool closed (20 of 20) → F = R = 2 for B; C's open → F = R/2 = 1; 6, 1+1
    out = score(
        "classic",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        pool_before=classic_pools(10, 20, 8),
    )
    assert_deal(out, pulka={"A": 2}, gora={"B": 2, "C": 1}, whist={"B->A": 2, "C->A": 2})


def test_classic_all_pools_trigger_keeps_half_liability_while_a_pool_is_open():
    # all_pools_closed: A and C still open → both F = 1
    out = score(
        "classic",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        pool_before=classic_pools(10, 20, 8),
        options={"classic_liability_trigger": "all_pools_closed"},
    )
    assert_deal(out, pulka={"A": 2}, gora={"B": 1, "C": 1}, whist={"B->A": 2, "C->A": 2})


def test_classic_liability_uses_the_pools_before_the_deal():
    # all_pools_closed: B, C closed, A at 18; A's made 6 closes A's pool (18 + 2 = 20),
    # but the pools before the deal decide: still half, F = 1 each
    out = score(
        "classic",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        pool_before=classic_pools(18, 20, 20),
        options={"classic_liability_trigger": "all_pools_closed"},
    )
    assert_deal(out, pulka={"A": 2}, gora={"B": 1, "C": 1}, whist={"B->A": 2, "C->A": 2})


@pytest.mark.parametrize(
    ("b_pool", "f"),
    [
        (20, 6),  # B's pool closed: F(8) = R = 6
        (19, 3),  # one point short: F(8) = R/2 = 3
    ],
)
def test_classic_lone_whister_liability_follows_his_own_pool(b_pool, f):
    out = score(
        "classic",
        "ABC",
        game("A", 8, calls("B whist", "C pass"), {"A": 10, "B": 0, "C": 0}, play="open"),
        pool_before=classic_pools(0, b_pool, 0),
    )
    assert_deal(out, pulka={"A": 6}, gora={"B": f})


def test_classic_liability_switch_follows_the_running_pools_in_a_pulka():
    # pool size 2. Deal 1: B makes 6 pass–pass → B's pool 2 = closed.
    # Deal 2: A 6, both whist 1+1 → B (closed) F = R = 2; C (open) F = R/2 = 1.
    # Totals: pulka A 2, B 2; gora B 2, C 1; whists B→A 1×2 = 2, C→A 2
    out = pulka(
        "classic",
        "ABC",
        [
            game("B", 6, calls("C pass", "A pass")),
            game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        ],
        pool_size=2,
    )
    assert_deal(out, pulka={"A": 2, "B": 2}, gora={"B": 2, "C": 1}, whist={"B->A": 2, "C->A": 2})


# ---------------------------------------------------------------------------------------
# §4 the ten: whisted (default) or checked


def test_whisted_ten_is_set_like_any_trick_game():
    # sochi 10 down 1: R(10) = 10; B 1 × 10 + K 10 = 20; C only K 10
    out = score(
        "sochi", "ABC", game("A", 10, calls("B whist", "C whist"), {"A": 9, "B": 1, "C": 0})
    )
    assert_deal(out, gora={"A": 10}, whist={"B->A": 20, "C->A": 10})


@pytest.mark.parametrize(
    ("convention", "mountain", "each"),
    [
        ("sochi", 10, 15),  # SO-21: R 10 × 1; 1 × 10 halved 5 / 5, + K 10 → 15 each
        ("leningrad", 20, 30),  # R 20 × 1; 1 × 20 halved 10 / 10, + K 20 → 30 each
        ("rostov", 10, 15),  # as sochi
    ],
)
def test_checked_ten_set_halves_the_trick_whists(convention, mountain, each):
    out = score(
        convention,
        "ABC",
        game("A", 10, calls("B check", "C check"), {"A": 9, "B": 1, "C": 0}, play="open"),
        options={"ten_mode": "checked"},
    )
    assert_deal(out, gora={"A": mountain}, whist={"B->A": each, "C->A": each})


def test_checked_ten_made_puts_no_liability_on_the_defenders():
    # checked: only the declarer is responsible; 10 made → pool 10, nothing else
    out = score(
        "sochi",
        "ABC",
        game("A", 10, calls("B check", "C check"), {"A": 10, "B": 0, "C": 0}, play="open"),
        options={"ten_mode": "checked"},
    )
    assert_deal(out, pulka={"A": 10})


def test_checked_ten_set_in_four_handed_play_dealer_writes_consolation():
    # sochi 10 down 2: R 10 × 2 = 20; 2 × 10 = 20 halved 10 / 10, + K 10 × 2 = 20 → 30 each;
    # D consolation 20
    out = score(
        "sochi",
        "ABCD",
        game("A", 10, calls("B check", "C check"), {"A": 8, "B": 2, "C": 0}, play="open"),
        dealer="D",
        options={"ten_mode": "checked"},
    )
    assert_deal(out, gora={"A": 20}, whist={"B->A": 30, "C->A": 30, "D->A": 20})


@pytest.mark.parametrize(
    ("pools", "f"),
    [
        ((0, 0, 20), 3),  # only the passer's pool is closed: the whister's own is open → 6/2
        ((20, 0, 0), 3),  # only the declarer's pool is closed → still 3
    ],
)
def test_classic_liability_ignores_pools_other_than_the_whisters(pools, f):
    out = score(
        "classic",
        "ABC",
        game("A", 8, calls("B whist", "C pass"), {"A": 10, "B": 0, "C": 0}, play="open"),
        pool_before=classic_pools(*pools),
    )
    assert "error" not in out, out["error"]
    assert nonzero(out["gora"]) == {"B": f}


@pytest.mark.parametrize(
    ("convention", "liability", "b_pool", "gora"),
    [
        # classic with whist_liability half: no switch, F(6) = R/2 = 1 even with B closed
        ("classic", "half", 20, {"B": 1, "C": 1}),
        # sochi with whist_liability classic: B closed → R = 2; C open → R/2 = 1
        ("sochi", "classic", 20, {"B": 2, "C": 1}),
        # sochi with whist_liability classic, both open → 1 each
        ("sochi", "classic", 0, {"B": 1, "C": 1}),
    ],
)
def test_whist_liability_classic_is_an_option_not_a_preset(convention, liability, b_pool, gora):
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1}),
        pool_before=classic_pools(10, b_pool, 8),
        options={"whist_liability": liability},
    )
    assert "error" not in out, out["error"]
    assert nonzero(out["gora"]) == gora


def test_gentleman_lone_whister_set_in_four_handed_play():
    # leningrad 7 down 1: R 8; 4 × 8 = 32 halved 16 / 16, + K 8 → 24 each; D K 8
    out = score(
        "leningrad",
        "ABCD",
        game("A", 7, calls("B whist", "C pass"), {"A": 6, "B": 2, "C": 2}, play="open"),
        dealer="D",
    )
    assert_deal(out, gora={"A": 8}, whist={"B->A": 24, "C->A": 24, "D->A": 8})


def test_second_whister_in_four_handed_play_follows_the_call_order_around_the_dealer():
    # players A B C D, A deals and sits out, C declares 8: D speaks first, B second;
    # both take 0 → B (second) owes F(8) = 6
    out = score(
        "sochi",
        "ABCD",
        game("C", 8, calls("D whist", "B whist"), {"B": 0, "C": 10, "D": 0}),
        dealer="A",
    )
    assert_deal(out, pulka={"C": 6}, gora={"B": 6})


@pytest.mark.parametrize(
    ("convention", "f"),
    [
        ("sochi", 10),  # F(10) = R = 10
        ("rostov", 5),  # F = 10/2 = 5
        ("leningrad", 10),  # F = 20/2 = 10
    ],
)
def test_lone_whister_on_a_whisted_ten_owes_the_missing_trick(convention, f):
    out = score(
        convention,
        "ABC",
        game("A", 10, calls("B pass", "C whist"), {"A": 10, "B": 0, "C": 0}, play="open"),
    )
    assert_deal(out, pulka={"A": 10}, gora={"C": f})
