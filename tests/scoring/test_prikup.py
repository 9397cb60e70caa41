"""Prikup premium (SPEC §9.4): whists for "fast tricks" in the talon at W(L) per trick.

Talon → tricks: two aces 3; ace + king of its suit 2; any other talon with an ace 1; king +
queen of one suit 1; otherwise 0. 4-handed: the sitting-out dealer writes it all on the
declarer; 3-handed: each opponent writes half under prikup_bonus_three_handed = half_each
(fspr), nothing under none (the other presets). Off by default except fspr. Written made or
set (pass–pass and an accepted half-whist count as made), never on a misère, a raspasy or a
penalty set without play. Every expected number is worked by hand; arithmetic beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.scoring.helpers import (
    assert_deal,
    calls,
    exact,
    game,
    misere,
    raspasy,
    score,
    whists,
)
from tests.scoring.refusals import refused

# the premium switched on, on games without play too (prikup_bonus_unplayed: default on,
# fspr off, SPEC §9.4), so that one pass–pass deal shows the premium in every preset
ON = {"prikup_bonus": True, "prikup_bonus_unplayed": True}


def pass_pass(level: int, talon: list[str] | None, declarer: str = "A", **extra: Any):
    others = [p for p in "BCA" if p != declarer][:2]
    defence = calls(f"{others[0]} pass", f"{others[1]} pass")
    if talon is not None:
        extra["talon"] = talon
    return game(declarer, level, defence, **extra)


# ---------------------------------------------------------------------------------------
# the talon table


@pytest.mark.parametrize(
    ("talon", "premium"),
    [
        (["SA", "HA"], 12),  # two aces: 3 × W(7) 4
        (["SA", "SK"], 8),  # ace + king of its suit: 2 × 4
        (["SK", "SA"], 8),  # the order of the cards does not matter: 2 × 4
        (["SA", "HK"], 4),  # ace + king of another suit: 1 × 4
        (["DA", "C7"], 4),  # ace + small card: 1 × 4
        (["SA", "SQ"], 4),  # ace + queen: 1 × 4
        (["HK", "HQ"], 4),  # PEN-10: marriage = 1 × 4
        (["HQ", "HK"], 4),  # marriage in the other order: 1 × 4
        (["HK", "DQ"], 0),  # king and queen of different suits: 0
        (["SK", "HK"], 0),  # two kings: 0
        (["SQ", "SJ"], 0),  # queen-jack: 0
        (["C10", "C9"], 0),  # small cards: 0
    ],
)
def test_talon_fast_tricks_are_priced_at_the_whist_price(talon, premium):
    # sochi 4-handed, 7 pass–pass: pool C(7) = 4; the dealer D writes the premium
    out = score("sochi", "ABCD", pass_pass(7, talon), dealer="D", options=ON)
    assert_deal(out, pulka={"A": 4}, whist={"D->A": premium} if premium else {})


@pytest.mark.parametrize(
    ("convention", "premium"),
    [
        ("sochi", 4),  # A-K: 2 × W(6) 2
        ("leningrad", 8),  # 2 × 4
        ("rostov", 4),  # 2 × 2
        ("classic", 4),  # 2 × 2
        ("fspr", 8),  # 2 × 4
    ],
)
def test_premium_follows_each_presets_whist_price(convention, premium):
    out = score(convention, "ABCD", pass_pass(6, ["SA", "SK"]), dealer="D", options=ON)
    assert_deal(out, pulka={"A": 2}, whist={"D->A": premium})


def test_kodeks_ruling_records_the_premium_on_an_eight():
    # PEN-08: A-K of spades, 8 pass–pass: pool 6; D 2 × W(8) 6 = 12
    deal = pass_pass(8, ["SA", "SK"], ruling={"rule": "kodex-3.4.11"})
    out = score("sochi", "ABCD", deal, dealer="D", options=ON)
    assert_deal(out, pulka={"A": 6}, whist={"D->A": 12})


@pytest.mark.parametrize("convention", ["sochi", "leningrad", "rostov", "classic"])
def test_premium_is_off_by_default_outside_fspr(convention):
    # two aces would be worth 3 × W(6), but prikup_bonus is off: only the pool 2
    out = score(convention, "ABCD", pass_pass(6, ["SA", "HA"]), dealer="D")
    assert_deal(out, pulka={"A": 2})


def test_fspr_writes_no_premium_on_a_game_without_play():
    # fspr: prikup_bonus on, prikup_bonus_unplayed off (SPEC §9.4, §10): 6 pass–pass with two
    # aces writes only the pool C(6) = 2
    out = score("fspr", "ABCD", pass_pass(6, ["SA", "HA"]), dealer="D")
    assert_deal(out, pulka={"A": 2})


def test_fspr_with_prikup_bonus_unplayed_writes_the_premium_on_pass_pass():
    # two aces: 3 × W(6) 4 = 12 by the sitting-out dealer; pool 2
    out = score(
        "fspr",
        "ABCD",
        pass_pass(6, ["SA", "HA"]),
        dealer="D",
        options={"prikup_bonus_unplayed": True},
    )
    assert_deal(out, pulka={"A": 2}, whist={"D->A": 12})


def test_fspr_writes_no_premium_on_an_accepted_half_whist():
    # fspr 7, B passes, C half-whists (accepted): pool C(7) = 4; C writes OBL(7)/2 × W(7) =
    # 1 × 8 = 8 on A; the talon's ace (1 × 8) is not written without play
    deal = game("A", 7, calls("B pass", "C half_whist"), talon=["SA", "H7"])
    out = score("fspr", "ABCD", deal, dealer="D")
    assert_deal(out, pulka={"A": 4}, whist={"C->A": 8})


@pytest.mark.parametrize("convention", ["sochi", "leningrad", "rostov", "classic"])
def test_prikup_bonus_unplayed_off_leaves_the_played_premium(convention):
    # off: pass–pass 6 with A-K writes only the pool 2 ...
    options = {"prikup_bonus": True, "prikup_bonus_unplayed": False}
    out = score(convention, "ABCD", pass_pass(6, ["SA", "SK"]), dealer="D", options=options)
    assert_deal(out, pulka={"A": 2})
    # ... while a played 6 made 6–2–2 (B and C whist) still carries it: 2 × W(6)
    deal = game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}, talon=["SA", "SK"])
    w = {"sochi": 2, "leningrad": 4, "rostov": 2, "classic": 2}[convention]
    # B, C: 2 own tricks × W each; the dealer D the premium 2 tricks × W
    assert_deal(
        score(convention, "ABCD", deal, dealer="D", options=options),
        pulka={"A": 2},
        whist={"B->A": 2 * w, "C->A": 2 * w, "D->A": 2 * w},
    )


def test_kodeks_ruling_alone_does_not_switch_the_premium_on():
    # §9.4: the ruling "has no further effect"; prikup_bonus off → pool 6 only
    deal = pass_pass(8, ["SA", "SK"], ruling={"rule": "kodex-3.4.11"})
    assert_deal(score("sochi", "ABCD", deal, dealer="D"), pulka={"A": 6})


def test_no_talon_no_premium():
    out = score("fspr", "ABCD", pass_pass(6, None), dealer="D")
    assert_deal(out, pulka={"A": 2})


# ---------------------------------------------------------------------------------------
# made or set, on top of everything else


def test_fspr_four_handed_made_seven_with_ace_king():
    # §9.4 example: dealer 2 × W(7) 8 = 16; B 2 × 8 = 16; C 1 × 8 = 8; pool 4
    out = score(
        "fspr",
        "ABCD",
        game("A", 7, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1}, talon=["SA", "SK"]),
        dealer="D",
    )
    assert_deal(out, pulka={"A": 4}, whist={"B->A": 16, "C->A": 8, "D->A": 16})


def test_fspr_four_handed_set_adds_premium_to_the_dealers_consolation():
    # §9.4 example: 7 down two with one ace: R 8 × 2 = 16; D premium 1 × 8 + K 8 × 2 = 24;
    # B 3 × 8 + 16 = 40; C 2 × 8 + 16 = 32
    out = score(
        "fspr",
        "ABCD",
        game("A", 7, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}, talon=["CA", "D8"]),
        dealer="D",
    )
    assert_deal(out, gora={"A": 16}, whist={"B->A": 40, "C->A": 32, "D->A": 24})


def test_sochi_premium_is_written_on_a_set_too():
    # 6 down 1 with one ace: R 2; B 3 × 2 + 2 = 8; C 2 × 2 + 2 = 6; D K 2 + premium 1 × 2 = 4
    out = score(
        "sochi",
        "ABCD",
        game("A", 6, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}, talon=["HA", "S9"]),
        dealer="D",
        options=ON,
    )
    assert_deal(out, gora={"A": 2}, whist={"B->A": 8, "C->A": 6, "D->A": 4})


def test_premium_is_written_on_an_accepted_half_whist():
    # sochi 4-handed 6 pass / half-whist, one ace: pool 2; C 2 × 2 = 4; D 1 × 2 = 2
    out = score(
        "sochi",
        "ABCD",
        game("A", 6, calls("B pass", "C half_whist"), talon=["HA", "S9"]),
        dealer="D",
        options=ON,
    )
    assert_deal(out, pulka={"A": 2}, whist={"C->A": 4, "D->A": 2})


# ---------------------------------------------------------------------------------------
# 3-handed play


def test_fspr_three_handed_each_opponent_writes_half():
    # §9.4 example: 6 made with two aces: 3 × W(6) 4 = 12 → 6 from each opponent,
    # on top of the trick whists 2 × 4 = 8 each → 14 each
    out = score(
        "fspr",
        "ABC",
        game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}, talon=["SA", "HA"]),
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 14, "C->A": 14})


def test_fspr_three_handed_lone_whister_made_seven_with_ace_king():
    # FS-02: defence 3 × 8 = 24 halved 12 / 12 (always); premium 2 × 8 = 16 → 8 each;
    # 20 each
    out = score(
        "fspr",
        "ABC",
        game(
            "A",
            7,
            calls("B whist", "C pass"),
            {"A": 7, "B": 2, "C": 1},
            play="open",
            talon=["SA", "SK"],
        ),
    )
    assert_deal(out, pulka={"A": 4}, whist={"B->A": 20, "C->A": 20})


@pytest.mark.parametrize("dealer", [None, "A", "B", "C"])
def test_three_handed_halves_come_from_both_opponents_whoever_dealt(dealer):
    # fspr 6 pass–pass (with the premium on unplayed games), one ace: 1 × 4 = 4 → 2 from
    # each of B and C
    options = {"prikup_bonus_unplayed": True}
    out = score("fspr", "ABC", pass_pass(6, ["SA", "H7"]), dealer=dealer, options=options)
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 2, "C->A": 2})


@pytest.mark.parametrize("convention", ["sochi", "leningrad", "rostov", "classic"])
def test_three_handed_premium_is_none_by_default_even_when_switched_on(convention):
    # prikup_bonus_three_handed none: nobody writes the premium
    out = score(convention, "ABC", pass_pass(6, ["SA", "HA"]), options=ON)
    assert_deal(out, pulka={"A": 2})


def test_fspr_three_handed_option_none_removes_the_halves():
    out = score(
        "fspr",
        "ABC",
        pass_pass(6, ["SA", "HA"]),
        options={"prikup_bonus_three_handed": "none"},
    )
    assert_deal(out, pulka={"A": 2})


def test_sochi_three_handed_half_each_option():
    # two aces: 3 × W(6) 2 = 6 → 3 from each opponent
    out = score(
        "sochi",
        "ABC",
        pass_pass(6, ["SA", "HA"]),
        options={"prikup_bonus": True, "prikup_bonus_three_handed": "half_each"},
    )
    assert_deal(out, pulka={"A": 2}, whist={"B->A": 3, "C->A": 3})


def test_three_handed_halves_are_exact():
    # contract_value [3,5,7,9,11]: W(6) = C = 3; one ace: 1 × 3 = 3 → 1.5 each; pool 3
    out = score(
        "sochi",
        "ABC",
        pass_pass(6, ["SA", "H7"]),
        options={
            "prikup_bonus": True,
            "prikup_bonus_three_handed": "half_each",
            "contract_value": [3, 5, 7, 9, 11],
        },
    )
    assert_deal(out, pulka={"A": 3}, whist={"B->A": 1.5, "C->A": 1.5})
    assert exact(whists(out)["B->A"]) == exact("1.5")


# ---------------------------------------------------------------------------------------
# never on a misère, a raspasy or a penalty set without play


def test_no_premium_on_a_made_misere_four_handed():
    out = score(
        "sochi",
        "ABCD",
        misere("A", {"A": 0, "B": 5, "C": 5}, talon=["SA", "HA"]),
        dealer="D",
        options=ON,
    )
    assert_deal(out, pulka={"A": 10})  # pool 10 only


def test_no_premium_on_a_failed_misere_in_fspr():
    # fspr 3-handed, one trick caught: M 20 × 1 = 20; no halves for the two aces
    out = score("fspr", "ABC", misere("A", {"A": 1, "B": 5, "C": 4}, talon=["SA", "HA"]))
    assert_deal(out, gora={"A": 20})


def test_no_premium_on_a_raspasy():
    # SO-23 numbers unchanged by the talon: A 0 tricks → pool 1; B 3, C 7 mountain
    deal = raspasy({"A": 0, "B": 3, "C": 7})
    deal["talon"] = ["SA", "HA"]
    out = score(
        "sochi",
        "ABC",
        deal,
        options={"prikup_bonus": True, "prikup_bonus_three_handed": "half_each"},
    )
    assert_deal(out, pulka={"A": 1}, gora={"B": 3, "C": 7})


def test_no_premium_on_a_set_without_all_for_an_illegal_order():
    # fspr 3-handed, Kodeks 3.4.4 at 6: R(6) 4 × 6 = 24; consolation K 4 × 6 = 24 each;
    # no premium (two aces would have added 12 / 2 = 6 each)
    out = score(
        "fspr",
        "ABC",
        game("A", 6, [], talon=["SA", "HA"], ruling={"rule": "kodex-3.4.4", "bid_level": 6}),
    )
    assert_deal(out, gora={"A": 24}, whist={"B->A": 24, "C->A": 24})


def test_no_premium_on_a_wrong_card_count_set():
    # fspr 3-handed, Kodeks 3.4.6 on a 6, nothing proven: without two: R 4 × 2 = 8;
    # consolation 4 × 2 = 8 each; no premium (A-K would have added 8 / 2 = 4 each)
    out = score(
        "fspr",
        "ABC",
        game(
            "A",
            6,
            calls("B whist", "C whist"),
            talon=["SA", "SK"],
            ruling={"rule": "kodex-3.4.6", "proven_undertricks": 0},
        ),
    )
    assert_deal(out, gora={"A": 8}, whist={"B->A": 8, "C->A": 8})


def test_no_premium_on_an_annulled_deal():
    # deliberate_only, deliberate false: the deal is annulled, no entries at all
    out = score(
        "fspr",
        "ABCD",
        game(
            "A",
            6,
            calls("B whist", "C whist"),
            talon=["SA", "HA"],
            ruling={"rule": "kodex-3.4.6", "proven_undertricks": 0, "deliberate": False},
        ),
        dealer="D",
        options={"wrong_cards_rule": "deliberate_only"},
    )
    assert_deal(out)


# ---------------------------------------------------------------------------------------
# refusals


@pytest.mark.parametrize(
    ("talon", "code", "params"),
    [
        (["ZZ", "SA"], "deal.talon_card", {"card": "'ZZ'"}),
        (["SA"], "deal.talon_two", {}),
        (["SA", "SK", "SQ"], "deal.talon_two", {}),
        (["S1", "HA"], "deal.talon_card", {"card": "'S1'"}),
    ],
)
def test_malformed_talon_is_refused(talon, code, params):
    with refused(code, "deal, talon", **params):
        score("fspr", "ABCD", pass_pass(6, talon), dealer="D")
