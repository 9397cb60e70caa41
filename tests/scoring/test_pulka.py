"""Kind ``pulka`` (SPEC §12.5, with §6.8): what the engine derives deal by deal, and what
it refuses. Every expectation is worked out by hand from the SPEC."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import preset, score_pulka
from scoring.casefile import parse_deal
from tests.scoring.helpers import calls, game, misere, pulka, raspasy
from tests.scoring.refusals import raising, refused

TRICKS_235 = {"A": 2, "B": 3, "C": 5}


def rd(index: int | None = None, dealer: str | None = None, tricks=None) -> dict[str, Any]:
    return {**raspasy(tricks or TRICKS_235, series_index=index), "dealer": dealer}


def made7(dealer: str | None = None) -> dict[str, Any]:
    """A 7 by A, whisted by B and C, made exactly: B 2, C 1 (no shortfall, no mountain)."""
    deal = game("A", 7, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1})
    return {**deal, "dealer": dealer}


# ---------------------------------------------------------------------------------------
# the raspasy series index is derived
# ---------------------------------------------------------------------------------------


def test_series_index_is_derived_from_consecutive_raspasy():
    # sochi [1,2,3]: three raspasy 2/3/5 at 1, 2, 3 per trick
    # A 2+4+6 = 12, B 3+6+9 = 18, C 5+10+15 = 30
    out = pulka("sochi", "ABC", [rd(), rd(), rd()])
    assert out["gora"] == {"A": 12, "B": 18, "C": 30}


def test_given_series_index_that_matches_the_derived_one_is_accepted():
    out = pulka("sochi", "ABC", [rd(1), rd(2), rd(3)])
    assert out["gora"] == {"A": 12, "B": 18, "C": 30}


def test_leningrad_pulka_prices_the_second_raspasy_at_the_second_step():
    # leningrad [2,4,6]: 1/4/5 at 2 then at 4 → A 2+4 = 6, B 8+16 = 24, C 10+20 = 30
    tricks = {"A": 1, "B": 4, "C": 5}
    out = pulka("leningrad", "ABC", [rd(tricks=tricks), rd(tricks=tricks)])
    assert out["gora"] == {"A": 6, "B": 24, "C": 30}


def test_series_index_restarts_after_a_game_that_ends_the_series():
    # sochi any_game: raspasy (index 1), a made 7, raspasy index 1 again
    assert "error" not in pulka("sochi", "ABC", [rd(1), made7(), rd(1)])


def test_series_index_mismatch_after_a_series_end_is_refused():
    # after the made 7 the derived index is 1, not 2
    with refused("pulka.series_index", "deal 3, raspasy.series_index"):
        pulka("sochi", "ABC", [rd(1), made7(), rd(2)])


def test_series_index_mismatch_is_refused_and_names_the_deal():
    # the second raspasy in a row is index 2, not 1
    with refused("pulka.series_index", "deal 2, raspasy.series_index"):
        pulka("sochi", "ABC", [rd(1), rd(1)])


def test_first_raspasy_of_a_pulka_is_index_one():
    with refused("pulka.series_index", "deal 1, raspasy.series_index"):
        pulka("sochi", "ABC", [rd(2)])


def test_fspr_series_index_continues_over_a_misere():
    # fspr: a made misère does not end the series → the next raspasy is index 2
    mis = {**misere("A", {"A": 0, "B": 5, "C": 5}), "dealer": None}
    assert "error" not in pulka("fspr", "ABC", [rd(1), mis, rd(2)])
    with refused("pulka.series_index", "deal 3, raspasy.series_index"):
        pulka("fspr", "ABC", [rd(1), mis, rd(1)])


def test_typed_pulka_reports_the_raspasy_in_the_running_series():
    # two raspasy, a made 7 (ends the series in sochi), one raspasy → 1 in the series
    deals = [parse_deal(d, d.get("dealer")) for d in (rd(), rd(), made7(), rd())]
    sheet = score_pulka(preset("sochi"), ("A", "B", "C"), deals)
    assert sheet.raspasy_in_series == 1
    assert not sheet.finished


def test_dealer_rotation_is_not_checked():
    # deal_rotation is informational (§6.3): the same dealer three times is accepted
    deals = [rd(dealer="C"), rd(dealer="C"), made7(dealer="C")]
    assert "error" not in pulka("sochi", "ABC", deals)


# ---------------------------------------------------------------------------------------
# minimum contract after raspasy
# ---------------------------------------------------------------------------------------


def test_contract_below_the_exit_minimum_is_refused_golden_err03():
    # ERR-03: fspr (medium, 6-7-7): a raspasy then a 6 → minimum 7
    deals = [
        rd(dealer="C", tricks={"A": 3, "B": 3, "C": 4}),
        {
            **game("B", 6, calls("C whist", "A pass"), {"B": 6, "C": 3, "A": 1}, play="open"),
            "dealer": "A",
        },
    ]
    with refused("pulka.below_minimum", "deal 2, contract.level", level=6, minimum=7):
        pulka("fspr", "ABC", deals)


def test_minimum_contract_refusal_names_the_later_deal_position():
    # sochi hard (6-7-8): a made 7 (deal 1), two raspasy, then a 7 (deal 4) below 8
    deals = [made7(), rd(), rd(), made7()]
    with refused("pulka.below_minimum", "deal 4, contract.level", level=7, minimum=8):
        pulka("sochi", "ABC", deals, options={"raspasy_exit": "hard"})


def test_typed_pulka_raises_a_scoring_error_for_a_contract_below_the_minimum():
    # a raspasy, then a 6 whisted by both and made (B 2, C 2): hard exit wants a 7
    six = {**game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2}), "dealer": None}
    deals = [parse_deal(d, d.get("dealer")) for d in (rd(), six)]
    hard = preset("sochi").with_options({"raspasy_exit": "hard"})
    with refused("pulka.below_minimum"):
        score_pulka(hard, ("A", "B", "C"), deals)
    # the same deals pass under sochi's own exit (easy, 6-6-6)
    score_pulka(preset("sochi"), ("A", "B", "C"), deals)


# ---------------------------------------------------------------------------------------
# other refusals of a pulka
# ---------------------------------------------------------------------------------------


def test_pool_before_is_refused_in_a_pulka():
    case = {
        "id": "p",
        "kind": "pulka",
        "convention": "sochi",
        "options": {},
        "players": ["A", "B", "C"],
        "pool_size": 10,
        "pool_before": {"size": 10, "pulka": {"A": 4}, "gora": {}},
        "deals": [made7()],
    }
    with refused("case.pool_before_in_pulka", "pool_before"):
        raising(case)


def test_an_invalid_deal_refuses_the_whole_pulka_and_names_its_position():
    # deal 3's tricks sum to 9
    bad = {**raspasy({"A": 2, "B": 3, "C": 4}, series_index=None), "dealer": None}
    with refused("deal.tricks_sum", "deal 3, tricks", sum=9):
        pulka("sochi", "ABC", [made7(), rd(), bad, rd()])


def test_four_handed_pulka_deal_without_a_dealer_is_refused():
    deal = game("A", 7, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1})
    with refused("table.dealer_needed", "deal 1, dealer"):
        pulka("sochi", "ABCD", [{**deal, "dealer": None}])


def test_pulka_output_has_the_totals_and_a_zero_sum_result():
    # one made 7 (sochi): A pool 4; B→A W(7)·2 = 8, C→A 4·1 = 4
    # m = A −4, B 0, C 0; avg −4/3; G: A 10(−4/3 + 4) = 80/3, B and C −40/3
    # V: A −12, B +8, C +4 → A 80/3 − 12 = 44/3, B −40/3 + 8 = −16/3, C −40/3 + 4 = −28/3
    out = pulka("sochi", "ABC", [made7()])
    assert set(out) == {"id", "pulka", "gora", "whists", "adjustments", "result"}
    assert out["pulka"] == {"A": 4}
    assert out["result"] == pytest.approx({"A": 44 / 3, "B": -16 / 3, "C": -28 / 3}, abs=0.01)
    assert sum(out["result"].values()) == pytest.approx(0, abs=0.01)
