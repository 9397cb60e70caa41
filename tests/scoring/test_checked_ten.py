"""A checked ten (SPEC §4) under both values of ``checked_ten_split``.

Worked by hand from SPEC §2.1 at level 10: sochi C = W = R = K = 10; leningrad and fspr
C = 10, W = R = K = 2C = 20. On a set by u the declarer writes R × u to the mountain and
each defender his consolation K × u (the 4-handed dealer too, §3.6). The trick whists
W × (defence tricks) are split:

* ``halves`` (the default in every preset): half to each defender;
* ``own_tricks``: each defender W × the tricks he took himself.

There is no liability either way: the obligation on a checked ten is "—" (§3.2).
"""

from __future__ import annotations

import itertools

import pytest

from scoring import preset

from .helpers import PRESETS, assert_deal, calls, exact, game, pulka, score
from .refusals import refused

CHECK = calls("B check", "C check")


def checked(tricks: dict[str, int], **extra: object) -> dict[str, object]:
    return game("A", 10, CHECK, tricks, play="open", **extra)


def options(split: str | None) -> dict[str, object]:
    chosen: dict[str, object] = {"ten_mode": "checked"}
    return chosen if split is None else {**chosen, "checked_ten_split": split}


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_splits_in_halves_by_default(name):
    assert preset(name).checked_ten_split == "halves"


@pytest.mark.parametrize(
    ("convention", "tricks", "gora", "halves", "own"),
    [
        # SPEC §4's example: sochi, down 1, B 0 and C 1: R 10; 1 × 10 = 10 → 5 / 5 or 0 / 10;
        # + K 10 each → halves 15 / 15, own 10 / 20
        ("sochi", {"A": 9, "B": 0, "C": 1}, 10, (15, 15), (10, 20)),
        # sochi, down 2, B 0 and C 2: R 10 × 2 = 20; 2 × 10 = 20 → 10 / 10 or 0 / 20;
        # + K 10 × 2 = 20 each → halves 30 / 30, own 20 / 40
        ("sochi", {"A": 8, "B": 0, "C": 2}, 20, (30, 30), (20, 40)),
        # leningrad, down 1, B 1 and C 0: R 20; 1 × 20 = 20 → 10 / 10 or 20 / 0;
        # + K 20 each → halves 30 / 30, own 40 / 20
        ("leningrad", {"A": 9, "B": 1, "C": 0}, 20, (30, 30), (40, 20)),
        # leningrad, down 2, B 2 and C 0: R 20 × 2 = 40; 2 × 20 = 40 → 20 / 20 or 40 / 0;
        # + K 20 × 2 = 40 each → halves 60 / 60, own 80 / 40
        ("leningrad", {"A": 8, "B": 2, "C": 0}, 40, (60, 60), (80, 40)),
        # leningrad, down 3, B 1 and C 2: R 20 × 3 = 60; 3 × 20 = 60 → 30 / 30 or 20 / 40;
        # + K 20 × 3 = 60 each → halves 90 / 90, own 80 / 100
        ("leningrad", {"A": 7, "B": 1, "C": 2}, 60, (90, 90), (80, 100)),
    ],
)
def test_a_checked_ten_set_is_split_as_the_option_says(convention, tricks, gora, halves, own):
    for split, (b, c) in (("halves", halves), ("own_tricks", own)):
        out = score(convention, "ABC", checked(tricks), options=options(split))
        assert_deal(out, gora={"A": gora}, whist={"B->A": b, "C->A": c})
    default = score(convention, "ABC", checked(tricks), options=options(None))
    assert_deal(default, gora={"A": gora}, whist={"B->A": halves[0], "C->A": halves[1]})


def test_the_sitting_out_dealer_writes_his_consolation_under_either_split():
    # fspr 4-handed, D deals: down 2, B 2 and C 0: R 20 × 2 = 40; K 20 × 2 = 40 from B, C
    # and D; trick whists 2 × 20 = 40: halves 20 / 20 → B 60, C 60; own 40 / 0 → B 80, C 40
    deal = checked({"A": 8, "B": 2, "C": 0})
    out = score("fspr", "ABCD", deal, dealer="D", options=options("halves"))
    assert_deal(out, gora={"A": 40}, whist={"B->A": 60, "C->A": 60, "D->A": 40})
    out = score("fspr", "ABCD", deal, dealer="D", options=options("own_tricks"))
    assert_deal(out, gora={"A": 40}, whist={"B->A": 80, "C->A": 40, "D->A": 40})


@pytest.mark.parametrize("split", ["halves", "own_tricks"])
def test_a_made_checked_ten_writes_the_pool_only(split):
    # made: pool C(10) = 10; the defence took nothing and answers for nothing
    out = score("sochi", "ABC", checked({"A": 10, "B": 0, "C": 0}), options=options(split))
    assert_deal(out, pulka={"A": 10})


@pytest.mark.parametrize("split", ["halves", "own_tricks"])
def test_a_ten_taken_ten_of_ten_but_set_by_kodex_3_4_9_has_consolation_only(split):
    # sochi: 10 of 10 actual, effective 9 → down 1: R 10; no defence tricks; K 10 each
    deal = checked({"A": 10, "B": 0, "C": 0}, ruling={"rule": "kodex-3.4.9"})
    out = score("sochi", "ABC", deal, options=options(split))
    assert_deal(out, gora={"A": 10}, whist={"B->A": 10, "C->A": 10})


def test_the_split_changes_nothing_on_a_whisted_ten():
    # ten_mode whisted: both whist, down 1 with B 1 and C 0: each his own (§3.3):
    # B 10 + K 10 = 20, C K 10; the option concerns a checked ten only
    deal = game("A", 10, calls("B whist", "C whist"), {"A": 9, "B": 1, "C": 0})
    for split in ("halves", "own_tricks"):
        out = score("sochi", "ABC", deal, options={"checked_ten_split": split})
        assert_deal(out, gora={"A": 10}, whist={"B->A": 20, "C->A": 10})


@pytest.mark.parametrize("convention", PRESETS)
def test_both_splits_write_the_same_mountain_and_the_same_defence_total(convention):
    # SPEC §4: "the declarer's mountain and the defenders' total are the same under both"
    for taken in range(10):
        for b in range(10 - taken + 1):
            tricks = {"A": taken, "B": b, "C": 10 - taken - b}
            outs = [
                score(convention, "ABC", checked(tricks), options=options(split))
                for split in ("halves", "own_tricks")
            ]
            halves, own = ({w["by"]: exact(w["amount"]) for w in o["whists"]} for o in outs)
            assert outs[0]["gora"] == outs[1]["gora"]
            assert sum(halves.values()) == sum(own.values())
            if tricks["B"] == tricks["C"]:
                assert halves == own  # an even split is the same either way


def test_a_pulka_reads_the_option_and_a_bad_value_is_refused():
    # a checked ten set by 1 (B 0, C 1) in a sochi pulka of one deal, own tricks: gora A 10,
    # B→A 10, C→A 20; settlement m = g − p: A 10, B 0, C 0, average 10/3;
    # G = 10 × (avg − m): A −200/3, B +100/3, C +100/3; V: A −30, B +10, C +20
    deals = [{**checked({"A": 9, "B": 0, "C": 1}), "dealer": "C"}]
    out = pulka("sochi", "ABC", deals, options=options("own_tricks"), pool_size=10)
    assert out["gora"] == {"A": 10}
    assert {(w["by"], w["amount"]) for w in out["whists"]} == {("B", 10), ("C", 20)}
    result = {p: exact(v) for p, v in out["result"].items()}
    assert result == pytest.approx({"A": -290 / 3, "B": 130 / 3, "C": 160 / 3}, abs=0.01)
    with refused(
        "option.not_choice",
        "options.checked_ten_split",
        value="'each'",
        allowed=["halves", "own_tricks"],
    ):
        pulka("sochi", "ABC", deals, options=options("each"), pool_size=10)


def test_every_split_of_a_set_sums_to_zero_in_the_settlement():
    # zero-sum holds whichever split: pool − mountain + whists settle to 0 (SPEC §8.2)
    for split, (b, c) in itertools.product(("halves", "own_tricks"), [(0, 3), (2, 1)]):
        deals = [{**checked({"A": 10 - b - c, "B": b, "C": c}), "dealer": "C"}]
        out = pulka("leningrad", "ABC", deals, options=options(split), pool_size=10)
        assert abs(sum(exact(v) for v in out["result"].values())) < 1e-5  # 6 places each
