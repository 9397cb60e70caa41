"""Misère (SPEC §5): 10 into the pool when made; M mountain per trick taken when failed
(M = 10 in sochi, rostov, classic; 20 in leningrad and fspr); no defender obligation and no
whists at all. Every expected number is worked by hand; the arithmetic is beside it.
"""

from __future__ import annotations

import pytest

from tests.scoring.helpers import (
    PRESETS,
    assert_deal,
    calls,
    misere,
    score,
)
from tests.scoring.refusals import refused


@pytest.mark.parametrize("convention", PRESETS)
def test_made_misere_writes_ten_into_the_pool(convention):
    # §5: misere_value 10 in every preset (SO-18)
    out = score(convention, "ABC", misere("A", {"A": 0, "B": 6, "C": 4}))
    assert_deal(out, pulka={"A": 10})


@pytest.mark.parametrize("convention", PRESETS)
def test_made_misere_in_four_handed_play_the_dealer_writes_nothing(convention):
    # pool 10; no consolation, no whists from the sitting-out dealer
    out = score(convention, "ABCD", misere("B", {"A": 5, "B": 0, "C": 5}), dealer="D")
    assert_deal(out, pulka={"B": 10})


@pytest.mark.parametrize(
    ("convention", "taken", "mountain"),
    [
        ("sochi", 1, 10),  # M 10 × 1
        ("sochi", 2, 20),  # SO-19: M 10 × 2
        ("leningrad", 1, 20),  # LE-04: M 20 × 1
        ("leningrad", 3, 60),  # M 20 × 3
        ("rostov", 3, 30),  # M 10 × 3
        ("classic", 2, 20),  # M 10 × 2
        ("fspr", 2, 40),  # M 20 × 2
        ("sochi", 10, 100),  # every trick caught: M 10 × 10
    ],
)
def test_failed_misere_writes_mountain_per_trick_taken(convention, taken, mountain):
    rest = 10 - taken
    tricks = {"A": taken, "B": rest - rest // 2, "C": rest // 2}
    out = score(convention, "ABC", misere("A", tricks))
    assert_deal(out, gora={"A": mountain})


@pytest.mark.parametrize("convention", PRESETS)
def test_failed_misere_writes_no_whists_or_consolation_in_four_handed_play(convention):
    # one trick caught: M × 1 = 10 (sochi, rostov, classic) or 20 (leningrad, fspr);
    # the defenders and the sitting-out dealer write nothing
    mountain = 20 if convention in ("leningrad", "fspr") else 10
    out = score(convention, "ABCD", misere("A", {"A": 1, "B": 4, "C": 5}), dealer="D")
    assert_deal(out, gora={"A": mountain})


def test_how_the_defenders_share_the_other_tricks_does_not_matter():
    # 2 caught either way: M 10 × 2 = 20
    a = score("sochi", "ABC", misere("A", {"A": 2, "B": 8, "C": 0}))
    b = score("sochi", "ABC", misere("A", {"A": 2, "B": 0, "C": 8}))
    assert_deal(a, gora={"A": 20})
    assert_deal(b, gora={"A": 20})


def test_misere_value_option_changes_the_pool_of_a_made_misere():
    out = score("sochi", "ABC", misere("A", {"A": 0, "B": 5, "C": 5}), options={"misere_value": 15})
    assert_deal(out, pulka={"A": 15})  # misere_value 15


def test_misere_value_option_does_not_change_a_failed_misere():
    # failure still M 10 × 1 = 10
    out = score("sochi", "ABC", misere("A", {"A": 1, "B": 5, "C": 4}), options={"misere_value": 15})
    assert_deal(out, gora={"A": 10})


@pytest.mark.parametrize(
    ("convention", "per_trick", "mountain"),
    [
        ("sochi", 20, 40),  # M 20 × 2
        ("leningrad", 10, 20),  # M 10 × 2
        ("fspr", 15, 30),  # M 15 × 2
    ],
)
def test_misere_fail_per_trick_option_sets_m(convention, per_trick, mountain):
    out = score(
        convention,
        "ABC",
        misere("A", {"A": 2, "B": 4, "C": 4}),
        options={"misere_fail_per_trick": per_trick},
    )
    assert_deal(out, gora={"A": mountain})


def test_misere_by_another_seat():
    # C plays misère, catches 3: leningrad M 20 × 3 = 60
    out = score("leningrad", "ABC", misere("C", {"A": 4, "B": 3, "C": 3}))
    assert_deal(out, gora={"C": 60})


# --- refusals -------------------------------------------------------------------------


def test_misere_with_defence_calls_is_refused():
    # §5: defenders have no obligation and write no whists; the defence list is empty
    with refused("deal.misere_defence", "deal, defence"):
        score(
            "sochi",
            "ABC",
            misere("A", {"A": 0, "B": 5, "C": 5}, defence=calls("B whist", "C pass")),
        )


def test_whists_on_a_misere_option_is_unknown():
    # §10.1: whists on a misère are not supported; the option name is refused
    with refused("option.unknown", "options.misere_whists", name="'misere_whists'"):
        score(
            "sochi", "ABC", misere("A", {"A": 0, "B": 5, "C": 5}), options={"misere_whists": True}
        )


def test_sitting_out_dealer_cannot_play_misere():
    with refused("deal.dealer_declares", "deal, declarer"):
        score("sochi", "ABCD", misere("D", {"A": 5, "B": 5, "C": 0}), dealer="D")


def test_misere_tricks_must_sum_to_ten():
    with refused("deal.tricks_sum", "deal, tricks", sum=9):
        score("sochi", "ABC", misere("A", {"A": 1, "B": 4, "C": 4}))


def test_misere_tricks_missing_for_a_hand_in_play_are_refused():
    with refused("deal.tricks_of_missing", "deal, tricks", player="C"):
        score("sochi", "ABC", misere("A", {"A": 0, "B": 10}))


def test_unplayed_misere_without_a_ruling_is_refused():
    # play none is only for pass–pass, an accepted half-whist or a penalty set (§12.2)
    with refused("deal.play_needed", "deal, play"):
        score("sochi", "ABC", misere("A", None))
