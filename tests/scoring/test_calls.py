"""Defence calls: half-whist, returned whist, the 4-handed dealer's whist, Stalingrad, and the
refusals of SPEC §12.7 items 3–7.

Every expected number is worked by hand from SPEC.md (§3.1, §3.5, §3.7, §3.8, §4); the
arithmetic is in the comment beside it. Prices: C = 2/4/6/8/10; W = C (sochi, rostov,
classic) or 2C (leningrad, fspr); R and K likewise; F = C (sochi, leningrad, fspr) or C/2
(rostov, classic before the pool closes). Half-whist = OBL/2 tricks: 2 on a 6, 1 on a 7.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring import DealError, convention, score_deal
from scoring.model import Call, Deal, DealType, DefenceCall, Play
from tests.scoring.helpers import (
    assert_deal,
    calls,
    game,
    misere,
    nonzero,
    raspasy,
    score,
    whists,
)
from tests.scoring.refusals import refused

HALF_LEVEL = "calls.half_whist_level"


def open_pools(players: str) -> dict[str, Any]:
    return {"size": 20, "pulka": dict.fromkeys(players, 0), "gora": dict.fromkeys(players, 0)}


# ---------------------------------------------------------------------------------------
# §3.7 half-whist accepted


@pytest.mark.parametrize(
    ("convention", "half_whist"),
    [
        ("sochi", 4),  # SO-14: 2 tricks × W(6) 2 = 4
        ("leningrad", 8),  # LE-07: 2 × 4 = 8
        ("rostov", 4),  # 2 × 2
        ("classic", 4),  # 2 × 2
        ("fspr", 8),  # 2 × 4
    ],
)
def test_accepted_half_whist_on_a_six_writes_two_tricks_of_whists(convention, half_whist):
    out = score(convention, "ABC", game("A", 6, calls("B pass", "C half_whist")))
    assert_deal(out, pulka={"A": 2}, whist={"C->A": half_whist})


@pytest.mark.parametrize(
    ("convention", "half_whist"),
    [
        ("sochi", 4),  # SO-15: 1 trick × W(7) 4 = 4
        ("leningrad", 8),  # 1 × 8
        ("rostov", 4),  # 1 × 4
        ("classic", 4),  # 1 × 4
        ("fspr", 8),  # 1 × 8
    ],
)
def test_accepted_half_whist_on_a_seven_writes_one_trick_of_whists(convention, half_whist):
    out = score(convention, "ABC", game("A", 7, calls("B pass", "C half_whist")))
    assert_deal(out, pulka={"A": 4}, whist={"C->A": half_whist})


def test_half_whist_followed_by_the_passers_second_pass_is_accepted():
    # §3.8: «пас – полвиста – пас» = accepted: pool 2; C 2 × 2 = 4
    out = score("sochi", "ABC", game("A", 6, calls("B pass", "C half_whist", "B pass")))
    assert_deal(out, pulka={"A": 2}, whist={"C->A": 4})


def test_half_whist_when_another_player_declares():
    # C declares 7, A speaks first and passes, B goes half: 1 × W(7) 4 = 4 by B on C
    out = score("sochi", "ABC", game("C", 7, calls("A pass", "B half_whist")))
    assert_deal(out, pulka={"C": 4}, whist={"B->C": 4})


def test_accepted_half_whist_in_four_handed_play_leaves_the_dealer_out():
    # sochi 4-handed 6: made without play → no consolation; C 2 × 2 = 4
    out = score(
        "sochi", "ABCD", game("A", 6, calls("B pass", "C half_whist", "B pass")), dealer="D"
    )
    assert_deal(out, pulka={"A": 2}, whist={"C->A": 4})


@pytest.mark.parametrize(
    ("convention", "options", "half_whist"),
    [
        ("leningrad", {}, 8),  # 2 × W(6) 4
        ("rostov", {}, 4),  # 2 × 2
        ("fspr", {}, 8),  # 2 × 4
        ("sochi", {"whist_sharing": "gentleman"}, 4),  # 2 × 2
    ],
)
def test_gentleman_whister_may_retreat_to_half_whist_after_the_partners_pass(
    convention, options, half_whist
):
    # §3.5: «вист – пас – полвиста» under gentleman whist: B's half-whist is accepted
    out = score(
        convention,
        "ABC",
        game("A", 6, calls("B whist", "C pass", "B half_whist")),
        options=options,
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": half_whist})


def test_half_whist_levels_option_extends_half_whist_to_an_eight():
    # §3.8 formula (OBL/2) · W: OBL(8) 1 / 2 × W(8) 6 = 3; pool C(8) = 6
    out = score(
        "sochi",
        "ABC",
        game("A", 8, calls("B pass", "C half_whist")),
        options={"half_whist_levels": [6, 7, 8]},
    )
    assert_deal(out, pulka={"A": 6}, whist={"C->A": 3})


# ---------------------------------------------------------------------------------------
# §3.7 returned whist

RETURN_6 = calls("B pass", "C half_whist", "B return_whist")


@pytest.mark.parametrize(
    ("convention", "mountain", "returner"),
    [
        ("sochi", 2, 12),  # SO-16: R 2 × 1; B 5 × 2 + K 2 = 12; C nothing
        ("leningrad", 4, 24),  # R 4; B 5 × 4 + K 4 = 24 (no gentleman halves)
        ("rostov", 2, 12),  # as sochi
        ("classic", 2, 12),  # as sochi
        ("fspr", 4, 24),  # as leningrad
    ],
)
def test_returned_whist_on_a_set_half_whister_writes_nothing(convention, mountain, returner):
    out = score(convention, "ABC", game("A", 6, RETURN_6, {"A": 5, "B": 3, "C": 2}, play="open"))
    assert_deal(out, gora={"A": mountain}, whist={"B->A": returner})


@pytest.mark.parametrize(
    ("convention", "returner"),
    [
        ("sochi", 8),  # 4 defence tricks × W 2
        ("leningrad", 16),  # 4 × 4, all to the returner
        ("fspr", 16),  # 4 × 4: no halves for a returner even under gentleman_split always
    ],
)
def test_returner_writes_all_trick_whists_on_a_made_contract(convention, returner):
    out = score(convention, "ABC", game("A", 6, RETURN_6, {"A": 6, "B": 3, "C": 1}, play="open"))
    assert_deal(out, pulka={"A": 2}, whist={"B->A": returner})


@pytest.mark.parametrize(
    ("convention", "f", "returner"),
    [
        ("sochi", 2, 6),  # defence 3 < 4: F(6) 2 × 1; B 3 × 2 = 6
        ("fspr", 2, 12),  # F = R/2 = 2 × 1; B 3 × 4 = 12
        ("rostov", 1, 6),  # F = 1 × 1; 3 × 2
    ],
)
def test_returner_carries_the_full_obligation(convention, f, returner):
    out = score(convention, "ABC", game("A", 6, RETURN_6, {"A": 7, "B": 2, "C": 1}, play="open"))
    assert_deal(out, pulka={"A": 2}, gora={"B": f}, whist={"B->A": returner})


@pytest.mark.parametrize(
    ("convention", "mountain", "expected_whists"),
    [
        # §11.4 fspr: R 4; B 5 × 4 + K 4 = 24; C 0; D consolation 4
        ("fspr", 4, {"B->A": 24, "D->A": 4}),
        # sochi: R 2; B 5 × 2 + 2 = 12; D 2
        ("sochi", 2, {"B->A": 12, "D->A": 2}),
    ],
)
def test_returned_whist_in_four_handed_play_dealer_keeps_his_consolation(
    convention, mountain, expected_whists
):
    out = score(
        convention,
        "ABCD",
        game("A", 6, RETURN_6, {"A": 5, "B": 5, "C": 0}, play="open"),
        dealer="D",
    )
    assert_deal(out, gora={"A": mountain}, whist=expected_whists)


def test_passer_may_return_the_gentleman_retreat_to_half_whist():
    # leningrad «вист – пас – полвиста – вист»: C returns; 6 down 1: R 4;
    # C 5 × 4 + K 4 = 24; B (half-whister) nothing
    out = score(
        "leningrad",
        "ABC",
        game(
            "A",
            6,
            calls("B whist", "C pass", "B half_whist", "C return_whist"),
            {"A": 5, "B": 3, "C": 2},
            play="open",
        ),
    )
    assert_deal(out, gora={"A": 4}, whist={"C->A": 24})


# ---------------------------------------------------------------------------------------
# §3.7 the 4-handed dealer's whist

DEALER_AFTER_HALF = calls("B pass", "C half_whist", "B pass", "D return_whist C")
SO17_TRICKS = {"A": 5, "B": 2, "C": 3}  # 6 ordered, down 1; defence 5


@pytest.mark.parametrize(
    ("convention", "mountain", "expected_whists"),
    [
        # SO-17: R 2; D 5 × 2 + K 2 = 12 (consolation once); B K 2; C K 2
        ("sochi", 2, {"D->A": 12, "B->A": 2, "C->A": 2}),
        # R 4; D 5 × 4 + 4 = 24; B 4; C 4
        ("leningrad", 4, {"D->A": 24, "B->A": 4, "C->A": 4}),
        ("rostov", 2, {"D->A": 12, "B->A": 2, "C->A": 2}),
        ("classic", 2, {"D->A": 12, "B->A": 2, "C->A": 2}),
        # §11.4 fspr: defenders' consolation off → D 5 × 4 + 4 = 24 only
        ("fspr", 4, {"D->A": 24}),
    ],
)
def test_dealer_whist_after_unreturned_half_whist_on_a_set(convention, mountain, expected_whists):
    out = score(convention, "ABCD", game("A", 6, DEALER_AFTER_HALF, SO17_TRICKS), dealer="D")
    assert_deal(out, gora={"A": mountain}, whist=expected_whists)


@pytest.mark.parametrize(
    ("convention", "on", "expected_whists"),
    [
        ("sochi", False, {"D->A": 12}),  # D 5 × 2 + 2; B and C write nothing
        ("fspr", True, {"D->A": 24, "B->A": 4, "C->A": 4}),  # D 24; B, C K 4 each
    ],
)
def test_dealer_whist_defenders_consolation_option(convention, on, expected_whists):
    out = score(
        convention,
        "ABCD",
        game("A", 6, DEALER_AFTER_HALF, SO17_TRICKS),
        dealer="D",
        options={"dealer_whist_defenders_consolation": on},
    )
    assert "error" not in out, out["error"]
    assert nonzero(whists(out)) == expected_whists


@pytest.mark.parametrize(
    ("convention", "gora"),
    [
        ("sochi", {"D": 6}),  # liable: F(8) = 6 × 1
        ("leningrad", {"D": 6}),  # F = 12/2 = 6
        ("rostov", {"D": 3}),  # F = 6/2 = 3
        ("classic", {"D": 3}),  # pools open: 3
        ("fspr", {}),  # §11.4: the dealer is not liable → nobody writes mountain
    ],
)
def test_dealer_whist_after_pass_pass_on_an_eight_liability(convention, gora):
    # 8 made with 10 tricks, the pair took 0 < 1
    out = score(
        convention,
        "ABCD",
        game("A", 8, calls("B pass", "C pass", "D whist"), {"A": 10, "B": 0, "C": 0}),
        dealer="D",
        pool_before=open_pools("ABCD") if convention == "classic" else None,
    )
    assert_deal(out, pulka={"A": 6}, gora=gora)


@pytest.mark.parametrize(
    ("convention", "liable", "gora"),
    [
        ("sochi", False, {}),  # not liable: no mountain
        ("fspr", True, {"D": 6}),  # liable: F(8) = R/2 = 6
    ],
)
def test_dealer_whist_liable_option(convention, liable, gora):
    out = score(
        convention,
        "ABCD",
        game("A", 8, calls("B pass", "C pass", "D whist"), {"A": 10, "B": 0, "C": 0}),
        dealer="D",
        options={"dealer_whist_liable": liable},
    )
    assert_deal(out, pulka={"A": 6}, gora=gora)


@pytest.mark.parametrize("call", ["whist", "return_whist"])
@pytest.mark.parametrize(
    ("convention", "dealer_whists"),
    [
        ("sochi", 12),  # 2 defence tricks × W(8) 6
        ("fspr", 24),  # 2 × 12, no gentleman halves for the dealer
    ],
)
def test_dealer_whist_on_a_made_contract_writes_trick_whists_for_both_hands(
    call, convention, dealer_whists
):
    out = score(
        convention,
        "ABCD",
        game("A", 8, calls("B pass", "C pass", f"D {call}"), {"A": 8, "B": 1, "C": 1}),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 6}, whist={"D->A": dealer_whists})


def test_whisting_dealer_writes_his_consolation_once():
    # sochi 8 down 1 after pass–pass: R 6; D 3 × 6 + K 6 = 24 (not + 6 again as dealer);
    # B and C keep their consolation 6 each
    out = score(
        "sochi",
        "ABCD",
        game("A", 8, calls("B pass", "C pass", "D whist"), {"A": 7, "B": 2, "C": 1}),
        dealer="D",
    )
    assert_deal(out, gora={"A": 6}, whist={"D->A": 24, "B->A": 6, "C->A": 6})


def test_dealer_may_whist_after_pass_pass_on_a_six():
    # §3.7: pass – pass at any level; sochi 6 made, defence 3 < 4: D owes F(6) 2 × 1;
    # D writes 3 × 2 = 6
    out = score(
        "sochi",
        "ABCD",
        game("A", 6, calls("B pass", "C pass", "D whist"), {"A": 7, "B": 2, "C": 1}),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 2}, gora={"D": 2}, whist={"D->A": 6})


def test_dealer_may_whist_after_the_gentleman_retreat_and_second_pass():
    # leningrad «вист – пас – полвиста – пас», D takes over B's hand; 6 made, defence 4:
    # D writes 4 × 4 = 16, no shortfall
    out = score(
        "leningrad",
        "ABCD",
        game(
            "A",
            6,
            calls("B whist", "C pass", "B half_whist", "C pass", "D whist B"),
            {"A": 6, "B": 2, "C": 2},
        ),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 2}, whist={"D->A": 16})


# ---------------------------------------------------------------------------------------
# §3.1 Stalingrad


def test_stalingrad_six_spades_whisted_by_both_is_scored_as_usual():
    # sochi 6♠ made 2+2 closed: pool 2; B 2 × 2 = 4; C 4
    out = score(
        "sochi",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}, strain="S"),
        options={"stalingrad": True},
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 4, "C->A": 4})


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "pool", "expected_whists"),
    [
        # 6♣ is not Stalingrad: greedy, defence 4 × W(6) 2 = 8 to B
        (6, "C", {"A": 6, "B": 3, "C": 1}, 2, {"B->A": 8}),
        # 7♠ neither: defence 3 × W(7) 4 = 12 to B (obligation 2 met)
        (7, "S", {"A": 7, "B": 2, "C": 1}, 4, {"B->A": 12}),
    ],
)
def test_stalingrad_leaves_other_contracts_free(level, strain, tricks, pool, expected_whists):
    out = score(
        "sochi",
        "ABC",
        game("A", level, calls("B whist", "C pass"), tricks, strain=strain, play="open"),
        options={"stalingrad": True},
    )
    assert_deal(out, pulka={"A": pool}, whist=expected_whists)


def test_stalingrad_does_not_touch_a_penalty_set_without_play():
    # §9.1 «без всех» at 6: R(6) 2 × 6 = 12; consolation K 2 × 6 = 12 each (no trick whists)
    out = score(
        "sochi",
        "ABC",
        game("A", 6, [], strain="S", ruling={"rule": "kodex-3.4.4", "bid_level": 6}),
        options={"stalingrad": True},
    )
    assert_deal(out, gora={"A": 12}, whist={"B->A": 12, "C->A": 12})


@pytest.mark.parametrize(
    "defence",
    [calls("B whist", "C pass"), calls("B pass", "C pass"), calls("B pass", "C half_whist")],
    ids=["lone-whist", "pass-pass", "half-whist"],
)
def test_stalingrad_does_not_touch_a_penalty_set_with_calls_recorded(defence):
    # Issue 30.5, SPEC §3.1: penalty sets without play (§9.1, §9.2) are not affected by
    # Stalingrad, whatever calls were recorded before the ruling.
    # §9.1 kodex-3.4.4, 6♠ ordered, reached 7 in the bidding: «без всех» at 7, sochi
    # R(7) = 4: mountain 4 × 7 = 28; consolation K(7) = 4 × 7 = 28 to each defender
    # (penalty_set_consolation on by default, PEN-07); no trick whists.
    out = score(
        "sochi",
        "ABC",
        game("A", 6, defence, strain="S", ruling={"rule": "kodex-3.4.4", "bid_level": 7}),
        options={"stalingrad": True},
    )
    assert_deal(out, gora={"A": 28}, whist={"B->A": 28, "C->A": 28})
    # §9.2 kodex-3.4.6 on the same 6♠, proven down 1: set without 2 + 1 = 3 at 6, sochi
    # R(6) = 2: mountain 2 × 3 = 6; consolation K(6) = 2 × 3 = 6 to each defender.
    out = score(
        "sochi",
        "ABC",
        game("A", 6, defence, strain="S", ruling={"rule": "kodex-3.4.6", "proven_undertricks": 1}),
        options={"stalingrad": True},
    )
    assert_deal(out, gora={"A": 6}, whist={"B->A": 6, "C->A": 6})
    # The exemption is the penalty's alone: the same calls on a 6♠ without the ruling are
    # still refused afterwards (a remembered reading must not carry it over).
    with refused("calls.stalingrad", "deal, defence"):
        score("sochi", "ABC", game("A", 6, defence, strain="S"), options={"stalingrad": True})


@pytest.mark.parametrize(
    ("defence", "tricks", "play"),
    [
        (calls("B pass", "C pass"), None, "none"),
        (calls("B pass", "C half_whist"), None, "none"),
        (calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, "open"),
        (calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, "closed"),
        (calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}, "open"),
    ],
    ids=["pass-pass", "half-whist", "lone-open", "lone-closed", "both-open"],
)
def test_stalingrad_refuses_a_six_spades_not_whisted_by_both_and_closed(defence, tricks, play):
    with refused("calls.stalingrad", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 6, defence, tricks, strain="S", play=play),
            options={"stalingrad": True},
        )


def test_stalingrad_refuses_the_dealers_whist_on_six_spades():
    with refused("calls.stalingrad", "deal, defence"):
        score(
            "sochi",
            "ABCD",
            game(
                "A", 6, calls("B pass", "C pass", "D whist"), {"A": 6, "B": 2, "C": 2}, strain="S"
            ),
            dealer="D",
            options={"stalingrad": True},
        )


# ---------------------------------------------------------------------------------------
# §4 checked ten: call refusals


@pytest.mark.parametrize(
    "defence",
    [
        calls("B whist", "C pass"),  # ERR-04
        calls("B whist", "C whist"),
        calls("B check", "C whist"),  # only one check
        calls("B check"),  # the second check is missing
    ],
    ids=["whist-pass", "whist-whist", "check-whist", "one-check"],
)
def test_checked_ten_refuses_calls_other_than_two_checks(defence):
    with refused("calls.checked_ten", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 10, defence, {"A": 10, "B": 0, "C": 0}, play="open"),
            options={"ten_mode": "checked"},
        )


def test_checked_ten_refuses_pass_pass():
    with refused("calls.checked_ten", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 10, calls("B pass", "C pass")),
            options={"ten_mode": "checked"},
        )


def test_checked_ten_refuses_a_ten_without_calls():
    with refused("calls.missing", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 10, [], {"A": 10, "B": 0, "C": 0}, play="open"),
            options={"ten_mode": "checked"},
        )


def test_checked_ten_refuses_the_dealers_whist():
    with refused("calls.dealer_when", "deal, defence[2]"):
        score(
            "sochi",
            "ABCD",
            game("A", 10, calls("B check", "C check", "D whist"), {"A": 10, "B": 0, "C": 0}),
            dealer="D",
            options={"ten_mode": "checked"},
        )


def test_checked_ten_accepts_a_penalty_set_without_calls():
    # §4: a penalty set without play may record a ten without calls.
    # «без всех» at 10: R(10) 10 × 10 = 100; consolation K 10 × 10 = 100 each
    out = score(
        "sochi",
        "ABC",
        game("A", 10, [], ruling={"rule": "kodex-3.4.4", "bid_level": 10}),
        options={"ten_mode": "checked"},
    )
    assert_deal(out, gora={"A": 100}, whist={"B->A": 100, "C->A": 100})


def test_check_is_refused_when_the_ten_is_whisted():
    with refused("calls.check_not_ten", "deal, defence"):
        score("sochi", "ABC", game("A", 10, calls("B check", "C check"), {"A": 10, "B": 0, "C": 0}))


def test_check_is_refused_below_ten_even_under_checked_mode():
    with refused("calls.check_not_ten", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 9, calls("B check", "C check"), {"A": 9, "B": 1, "C": 0}),
            options={"ten_mode": "checked"},
        )


# ---------------------------------------------------------------------------------------
# §12.7 item 7: impossible call sequences


@pytest.mark.parametrize(
    ("convention", "options", "level", "defence", "code", "params"),
    [
        # ERR-02: half-whist on an 8
        ("sochi", {}, 8, calls("B pass", "C half_whist"), HALF_LEVEL, {"levels": ["6", "7"]}),
        ("fspr", {}, 9, calls("B pass", "C half_whist"), HALF_LEVEL, {"levels": ["6", "7"]}),
        # half_whist_levels [6]: a 7 is no longer allowed
        (
            "sochi",
            {"half_whist_levels": [6]},
            7,
            calls("B pass", "C half_whist"),
            HALF_LEVEL,
            {"levels": ["6"]},
        ),
        # a half-whist that does not follow the other defender's pass
        ("sochi", {}, 6, calls("B half_whist", "C pass"), "calls.half_whist_after_pass", {}),
        ("sochi", {}, 6, calls("B whist", "C half_whist"), "calls.half_whist_after_pass", {}),
        ("leningrad", {}, 6, calls("B whist", "C half_whist"), "calls.half_whist_after_pass", {}),
        # greedy: no retreat «вист – пас – полвиста»
        ("sochi", {}, 6, calls("B whist", "C pass", "B half_whist"), "calls.gentleman_only", {}),
        ("classic", {}, 7, calls("B whist", "C pass", "B half_whist"), "calls.gentleman_only", {}),
        # return_whist with no half-whist before it
        ("sochi", {}, 6, calls("B pass", "C return_whist"), "calls.return_without_half", {}),
        ("sochi", {}, 6, calls("B whist", "C return_whist"), "calls.return_without_half", {}),
        # a plain whist by the passer after the partner's half-whist
        ("sochi", {}, 6, calls("B pass", "C half_whist", "B whist"), "calls.whist_after_half", {}),
        (
            "leningrad",
            {},
            7,
            calls("B pass", "C half_whist", "B whist"),
            "calls.whist_after_half",
            {},
        ),
    ],
)
def test_impossible_call_sequences_are_refused(convention, options, level, defence, code, params):
    with refused(code, "deal, defence", **params):
        score(
            convention,
            "ABC",
            game("A", level, defence, {"A": level, "B": 10 - level, "C": 0}, play="open"),
            options=options,
        )


def test_half_whist_on_an_eight_is_refused_without_play_too():
    # ERR-02 exactly: play none
    with refused("calls.half_whist_level", "deal, defence", levels=["6", "7"]):
        score("sochi", "ABC", game("A", 8, calls("B pass", "C half_whist"), strain="D"))


@pytest.mark.parametrize(
    "defence",
    [
        calls("B whist", "C pass", "D whist B"),  # a defender whisted
        calls("B whist", "C whist", "D whist B"),  # both whisted
        calls("B pass", "C half_whist", "D whist C"),  # the passer has not answered yet
        calls("B pass", "C half_whist", "B return_whist", "D whist C"),  # whist was returned
    ],
    ids=["whist-pass", "whist-whist", "unanswered-half", "after-return"],
)
def test_dealer_whist_is_refused_after_any_other_sequence(defence):
    with refused("calls.dealer_when"):
        score(
            "sochi",
            "ABCD",
            game("A", 6, defence, {"A": 6, "B": 2, "C": 2}),
            dealer="D",
        )


def test_dealer_whist_after_a_single_pass_is_refused():
    with refused("calls.both_defenders", "deal, defence"):
        score(
            "sochi",
            "ABCD",
            game("A", 6, calls("B pass", "D whist"), {"A": 6, "B": 2, "C": 2}),
            dealer="D",
        )


def test_any_call_after_the_dealers_whist_is_refused():
    with refused("calls.after_dealer", "deal, defence[2]"):
        score(
            "sochi",
            "ABCD",
            game("A", 8, calls("B pass", "C pass", "D whist", "B whist"), {"A": 8, "B": 1, "C": 1}),
            dealer="D",
        )


def test_play_none_is_refused_when_somebody_whists_and_plays():
    with refused("deal.play_needed", "deal, play"):
        score("sochi", "ABC", game("A", 6, calls("B whist", "C whist"), play="none"))


def test_a_played_deal_after_pass_pass_without_the_dealers_whist_is_refused():
    with refused("deal.unplayed_pass_pass", "deal, play"):
        score(
            "sochi",
            "ABC",
            game("A", 6, calls("B pass", "C pass"), {"A": 6, "B": 4, "C": 0}, play="closed"),
        )


def test_typed_api_raises_a_deal_error_for_an_impossible_sequence():
    deal = Deal(
        type=DealType.GAME,
        declarer="A",
        level=8,
        strain="D",
        defence=(DefenceCall("B", Call.PASS), DefenceCall("C", Call.HALF_WHIST)),
        play=Play.NONE,
    )
    with refused("calls.half_whist_level", "defence", levels=["6", "7"], kind=DealError):
        score_deal(convention("sochi"), ["A", "B", "C"], deal)


# ---------------------------------------------------------------------------------------
# §12.7 items 3–6: the dealer, the declarer, the contract, the tricks


def test_four_handed_deal_without_a_dealer_is_refused():
    with refused("table.dealer_needed", "deal, dealer"):
        score("sochi", "ABCD", game("A", 6, calls("B pass", "C pass")))


def test_sitting_out_dealer_cannot_declare():
    with refused("deal.dealer_declares", "deal, declarer"):
        score("sochi", "ABCD", game("D", 6, calls("A pass", "B pass")), dealer="D")


def test_sitting_out_dealer_cannot_have_tricks_in_a_game():
    with refused("deal.no_cards", "deal, tricks", player="D"):
        score(
            "sochi",
            "ABCD",
            game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 1, "D": 1}),
            dealer="D",
        )


def test_sitting_out_dealer_cannot_have_tricks_in_a_misere():
    with refused("deal.no_cards", "deal, tricks", player="D"):
        score("sochi", "ABCD", misere("A", {"A": 0, "B": 5, "C": 4, "D": 1}), dealer="D")


def test_two_declarers_are_refused():
    with refused("case.one_declarer", "deal, declarer"):
        score("sochi", "ABC", game(["A", "B"], 6, calls("C pass")))


def test_declarer_making_a_defence_call_is_refused():
    with refused("calls.declarer_calls", "deal, defence[0]"):
        score("sochi", "ABC", game("A", 6, calls("A pass", "B pass")))


def test_declarer_on_a_raspasy_is_refused():
    deal = raspasy({"A": 2, "B": 4, "C": 4})
    deal["declarer"] = "A"
    with refused("deal.raspasy_declarer", "deal, declarer"):
        score("sochi", "ABC", deal)


@pytest.mark.parametrize("level", [5, 11, 0])
def test_level_outside_six_to_ten_is_refused(level):
    with refused("deal.level", "deal, contract.level", value=str(level)):
        score("sochi", "ABC", game("A", level, calls("B pass", "C pass")))


def test_unknown_strain_is_refused():
    with refused("deal.strain", "deal, contract.strain", value="'X'"):
        score("sochi", "ABC", game("A", 6, calls("B pass", "C pass"), strain="X"))


def test_game_with_a_misere_contract_is_refused():
    deal = game("A", 6, calls("B pass", "C pass"))
    deal["contract"] = {"level": "misere"}
    with refused("case.misere_type", "deal, contract"):
        score("sochi", "ABC", deal)


def test_misere_with_a_trick_contract_is_refused():
    deal = misere("A", {"A": 0, "B": 5, "C": 5})
    deal["contract"] = {"level": 6, "strain": "S"}
    with refused("case.misere_contract", "deal, contract"):
        score("sochi", "ABC", deal)


@pytest.mark.parametrize(
    ("tricks", "code", "params"),
    [
        ({"A": 6, "B": 2, "C": 1}, "deal.tricks_sum", {"sum": 9}),  # ERR-01
        ({"A": 7, "B": 2, "C": 2}, "deal.tricks_sum", {"sum": 11}),
        ({"A": 7, "B": -1, "C": 4}, "deal.tricks_whole", {"player": "B"}),
        ({"A": 6, "B": 2.5, "C": 1.5}, "deal.tricks_whole", {"player": "B"}),
        ({"A": 6, "B": 4}, "deal.tricks_of_missing", {"player": "C"}),
    ],
    ids=["sum-9", "sum-11", "negative", "fraction", "missing"],
)
def test_bad_trick_counts_are_refused(tricks, code, params):
    with refused(code, "deal, tricks", **params):
        score("sochi", "ABC", game("A", 6, calls("B whist", "C whist"), tricks))


@pytest.mark.parametrize(
    ("defence", "code"),
    [
        (calls("B pass", "C pass"), "deal.unplayed_pass_pass"),
        (calls("B pass", "C half_whist"), "deal.unplayed_half_whist"),
    ],
    ids=["pass-pass", "half-whist"],
)
def test_tricks_given_with_play_none_are_refused(defence, code):
    with refused(code, "deal, play"):
        score("sochi", "ABC", game("A", 6, defence, {"A": 6, "B": 4, "C": 0}, play="none"))


def test_four_handed_raspasy_dealer_with_more_than_two_tricks_is_refused():
    with refused("deal.dealer_raspasy_tricks", "deal, tricks"):
        score("sochi", "ABCD", raspasy({"A": 3, "B": 2, "C": 2, "D": 3}), dealer="D")


def test_four_handed_raspasy_dealer_tricks_without_dealer_plays_are_refused():
    with refused("deal.no_cards", "deal, tricks", player="D"):
        score(
            "sochi",
            "ABCD",
            raspasy({"A": 3, "B": 3, "C": 3, "D": 1}),
            dealer="D",
            options={"raspasy_talon": "not_used"},
        )


def test_four_handed_raspasy_on_whists_with_dealer_plays_is_refused():
    with refused("deal.raspasy_whists_dealer_plays", "deal, raspasy"):
        score(
            "rostov",
            "ABCD",
            raspasy({"A": 4, "B": 3, "C": 3, "D": 0}),
            dealer="D",
            options={"raspasy_talon": "dealer_plays"},
        )


def test_scoring_error_is_the_base_of_deal_refusals():
    deal = Deal(
        type=DealType.GAME,
        declarer="A",
        level=6,
        strain="S",
        defence=(DefenceCall("B", Call.WHIST), DefenceCall("C", Call.WHIST)),
        play=Play.CLOSED,
        tricks={"A": 6, "B": 2, "C": 1},
    )
    with refused("deal.tricks_sum", "tricks", sum=9):
        score_deal(convention("sochi"), ["A", "B", "C"], deal)


@pytest.mark.parametrize(
    ("convention", "gora", "dealer_whists"),
    [
        ("sochi", {"D": 2}, 6),  # liable for the whole 4: F(6) 2 × (4 − 3); D 3 × 2 = 6
        ("fspr", {}, 12),  # not liable; D 3 × W 4 = 12
    ],
)
def test_dealer_whist_after_half_whist_carries_the_whole_obligation(
    convention, gora, dealer_whists
):
    # 6 made, defence 3: the half-whist was not accepted (the dealer whisted), so C writes
    # no half-whist amount
    out = score(
        convention,
        "ABCD",
        game("A", 6, DEALER_AFTER_HALF, {"A": 7, "B": 2, "C": 1}),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 2}, gora=gora, whist={"D->A": dealer_whists})


def test_gentleman_retreat_followed_by_the_partners_second_pass_is_accepted():
    # leningrad 3-handed «вист – пас – полвиста – пас»: B 1 × W(7) 8 = 8; pool 4
    out = score(
        "leningrad", "ABC", game("A", 7, calls("B whist", "C pass", "B half_whist", "C pass"))
    )
    assert_deal(out, pulka={"A": 4}, whist={"B->A": 8})


def test_dealer_whist_after_half_whist_on_a_seven_set():
    # sochi 7 down 1, «пас – полвиста – пас», D plays: R 4; D 4 × 4 + K 4 = 20;
    # B and C keep consolation 4 each
    out = score(
        "sochi",
        "ABCD",
        game("A", 7, DEALER_AFTER_HALF, {"A": 6, "B": 2, "C": 2}),
        dealer="D",
    )
    assert_deal(out, gora={"A": 4}, whist={"D->A": 20, "B->A": 4, "C->A": 4})
