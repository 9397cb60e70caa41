"""Final settlement, SPEC §8 (and the settlement of a ``pulka`` case, §12.5).

m_i = g_i − k·p_i; G_i = 10·(avg(m) − m_i); V_i = Σ_j (w[i][j] − w[j][i]); R_i = G_i + V_i.
Every expectation is worked out by hand in the comment beside it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import settle
from tests.scoring.helpers import calls, exact, game, misere, pulka, raspasy
from tests.scoring.refusals import raising, refused


def settlement(
    convention: str,
    players: str,
    gora: dict[str, Any],
    whist: dict[str, Any] | None = None,
    *,
    pools: dict[str, Any] | None = None,
    pool_size: Any = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Run a ``settlement`` case; ``whist`` as ``{"A->B": 10}``. A refusal is raised."""
    entries = []
    for pair, amount in (whist or {}).items():
        by, on = pair.split("->")
        entries.append({"by": by, "on": on, "amount": amount})
    return raising(
        {
            "id": "s",
            "kind": "settlement",
            "convention": convention,
            "options": options or {},
            "players": list(players),
            "input": {"pool_size": pool_size, "pulka": pools, "gora": gora, "whists": entries},
        }
    )


def result(out: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in out, out["error"]
    return out["result"]


# ---------------------------------------------------------------------------------------
# §8.4 worked settlements
# ---------------------------------------------------------------------------------------

SET01_GORA = {"A": 42, "B": 96, "V": 132}
SET01_WHISTS = {"A->B": 170, "A->V": 60, "B->A": 64, "B->V": 178, "V->A": 88, "V->B": 95}


def test_three_players_all_pools_closed_golden_set01():
    # avg m = (42+96+132)/3 = 90 → G: A +480, B −60, V −420
    # V: A 230−152 = +78, B 242−265 = −23, V 183−238 = −55
    out = settlement("sochi", "ABV", SET01_GORA, SET01_WHISTS)
    assert result(out) == {"A": 558, "B": -83, "V": -475}


def test_closed_pools_play_no_role():
    # every pool at P = 10: m_i = g_i − 10 for all → the same differences → SET-01 again
    out = settlement(
        "sochi",
        "ABV",
        SET01_GORA,
        SET01_WHISTS,
        pools={"A": 10, "B": 10, "V": 10},
        pool_size=10,
    )
    assert result(out) == {"A": 558, "B": -83, "V": -475}


def test_four_players_fractional_example():
    # §8.4: avg m = 51/4 = 12.75; G: N −12.5, E +37.5, S −92.5, W +67.5
    # V: N 48−38 = +10, E 57−52 = +5, S 24−91 = −67, W 79−27 = +52
    out = settlement(
        "sochi",
        "NESW",
        {"N": 14, "E": 9, "S": 22, "W": 6},
        {
            "N->E": 18,
            "N->S": 26,
            "N->W": 4,
            "E->N": 12,
            "E->S": 30,
            "E->W": 15,
            "S->N": 6,
            "S->E": 10,
            "S->W": 8,
            "W->N": 20,
            "W->E": 24,
            "W->S": 35,
        },
    )
    assert result(out) == {"N": -2.5, "E": 42.5, "S": -159.5, "W": 119.5}


SET03 = {
    "gora": {"A": 12, "B": 20, "C": 7},
    "whist": {"A->B": 40, "A->C": 24, "B->A": 16, "B->C": 36, "C->A": 30, "C->B": 8},
    "pools": {"A": 20, "B": 14, "C": 8},
}


@pytest.mark.parametrize(
    ("convention", "options", "expected"),
    [
        # SET-03, k = 2: m = A 12−40 = −28, B 20−28 = −8, C 7−16 = −9; avg −15
        # G: A +130, B −70, C −60; V: A +18, B +4, C −22
        ("leningrad", {}, {"A": 148, "B": -66, "C": -82}),
        ("fspr", {}, {"A": 148, "B": -66, "C": -82}),  # k = 2 too
        # k = 1: m = A −8, B 6, C −1; avg −1 → G: A +70, B −70, C 0
        ("sochi", {}, {"A": 88, "B": -66, "C": -22}),
        ("rostov", {}, {"A": 88, "B": -66, "C": -22}),
        ("classic", {}, {"A": 88, "B": -66, "C": -22}),
        ("leningrad", {"pool_to_mountain_factor": 1}, {"A": 88, "B": -66, "C": -22}),
    ],
)
def test_unfinished_pools_are_valued_at_k_mountain_points_set03(convention, options, expected):
    out = settlement(
        convention,
        "ABC",
        SET03["gora"],
        SET03["whist"],
        pools=SET03["pools"],
        pool_size=20,
        options=options,
    )
    assert result(out) == expected


@pytest.mark.parametrize("size", [None, 20, 30])
def test_the_agreed_pool_size_cancels_out(size):
    # m_i = g_i − k·p_i whatever P (the constant k·P cancels): SET-03 at k = 2
    out = settlement(
        "leningrad",
        "ABC",
        SET03["gora"],
        SET03["whist"],
        pools=SET03["pools"],
        pool_size=size,
    )
    assert result(out) == {"A": 148, "B": -66, "C": -82}


# ---------------------------------------------------------------------------------------
# §8.2 divisor, k factor, whist balance
# ---------------------------------------------------------------------------------------


def test_three_players_divide_the_mountain_by_three():
    # A 12: avg 4 → A 10·(4−12) = −80, B and C 10·4 = +40
    assert result(settlement("sochi", "ABC", {"A": 12})) == {"A": -80, "B": 40, "C": 40}


def test_four_players_divide_the_mountain_by_four():
    # A 12: avg 3 → A 10·(3−12) = −90, B, C, D 10·3 = +30
    out = settlement("sochi", "ABCD", {"A": 12})
    assert result(out) == {"A": -90, "B": 30, "C": 30, "D": 30}


@pytest.mark.parametrize(
    ("convention", "a", "others"),
    [
        # k = 1: m A = −2, avg −2/3 → A 10·(−2/3 + 2) = 40/3, B and C 10·(−2/3) = −20/3
        ("sochi", 40 / 3, -20 / 3),
        # k = 2: m A = −4, avg −4/3 → A 10·(−4/3 + 4) = 80/3, B and C −40/3
        ("leningrad", 80 / 3, -40 / 3),
    ],
)
def test_a_pool_point_is_worth_k_mountain_points(convention, a, others):
    out = settlement(convention, "ABC", {}, pools={"A": 2}, pool_size=None)
    assert result(out) == pytest.approx({"A": a, "B": others, "C": others}, abs=0.01)


def test_thirds_are_printed_to_six_places():
    # 40/3 and −20/3 (k = 1, pool A 2) as JSON numbers (§12.8)
    out = settlement("sochi", "ABC", {}, pools={"A": 2})
    assert result(out) == {"A": 13.333333, "B": -6.666667, "C": -6.666667}


def test_whists_are_balanced_pairwise():
    # A→B 10, B→A 4: A +10 − 4 = +6, B −6, C untouched (omitted as zero)
    out = settlement("sochi", "ABC", {}, {"A->B": 10, "B->A": 4})
    assert result(out) == {"A": 6, "B": -6}


def test_typed_settle_is_exact():
    # SET-04 (W-REVIEW70): m = A −2, B 0, C 2, avg 0 → G: A +20, B 0, C −20;
    # V: A −6, B +4, C +2 → A +14, B +4, C −18
    got = settle(["A", "B", "C"], {"A": 2}, {"C": 2}, {("B", "A"): 4, ("C", "A"): 2}, 1)
    assert got == {"A": 14, "B": 4, "C": -18}
    # pool A 2 alone: exactly 40/3 and −20/3, no rounding
    got = settle(["A", "B", "C"], {"A": 2}, {}, {}, 1)
    assert got == {"A": Fraction(40, 3), "B": Fraction(-20, 3), "C": Fraction(-20, 3)}


# ---------------------------------------------------------------------------------------
# properties: zero sum, amnesty, method 1 = method 2
# ---------------------------------------------------------------------------------------

amounts = st.integers(min_value=0, max_value=300)


@st.composite
def sheets(draw):
    players = ["A", "B", "C", "D"][: draw(st.sampled_from([3, 4]))]
    gora = {p: draw(st.integers(min_value=-50, max_value=300)) for p in players}
    pools = {p: draw(st.integers(min_value=0, max_value=30)) for p in players}
    whist = {(i, j): draw(amounts) for i in players for j in players if i != j}
    k = draw(st.sampled_from([1, 2]))
    return players, pools, gora, whist, k


@given(sheets())
def test_results_sum_to_zero(sheet):
    players, pools, gora, whist, k = sheet
    assert sum(settle(players, pools, gora, whist, k).values()) == 0


@given(sheets(), st.integers(min_value=-100, max_value=100))
def test_amnesty_subtracting_a_common_amount_changes_nothing(sheet, amnesty):
    players, pools, gora, whist, k = sheet
    lowered = {p: g - amnesty for p, g in gora.items()}
    assert settle(players, pools, lowered, whist, k) == settle(players, pools, gora, whist, k)


@given(sheets())
def test_method_one_every_other_player_writes_m_times_ten_over_n(sheet):
    # method 1: each player's m_i·10/n is written by every other player on him
    players, pools, gora, whist, k = sheet
    n = len(players)
    m = {p: gora[p] - k * pools[p] for p in players}
    expected = {}
    for p in players:
        receives = sum(Fraction(10 * m[q], n) for q in players if q != p)
        pays = (n - 1) * Fraction(10 * m[p], n)
        balance = sum(whist[(p, q)] - whist[(q, p)] for q in players if q != p)
        expected[p] = receives - pays + balance
    assert settle(players, pools, gora, whist, k) == expected


# ---------------------------------------------------------------------------------------
# refusals
# ---------------------------------------------------------------------------------------


def test_negative_whist_amount_is_refused():
    with refused("case.negative_whists", "input.whists[0].amount"):
        settlement("sochi", "ABC", {"A": 1}, {"A->B": -5})


def test_settlement_player_not_at_the_table_is_refused():
    with refused("case.not_at_table", "input.gora", player="Q"):
        settlement("sochi", "ABC", {"A": 1, "Q": 4})


def test_settlement_whist_by_a_stranger_is_refused():
    with refused("case.not_at_table", "input.whists[0]", player="Q"):
        settlement("sochi", "ABC", {}, {"Q->A": 5})


def test_settlement_needs_three_or_four_players():
    with refused("case.players", "players"):
        settlement("sochi", "AB", {"A": 1})


# ---------------------------------------------------------------------------------------
# the settlement of a pulka (§12.5)
# ---------------------------------------------------------------------------------------


def test_single_deal_value_golden_set04():
    # SO-04: 6 by A with 7 tricks, B 2 C 1 (both whist): C short one → gora 2; pool A 2;
    # B→A 2·2 = 4, C→A 1·2 = 2 → A +14, B +4, C −18 (see test_typed_settle_is_exact)
    deal = game("A", 6, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1})
    out = pulka("sochi", "ABC", [{**deal, "dealer": None}])
    assert out["result"] == {"A": 14, "B": 4, "C": -18}


def test_single_deal_value_with_eight_tricks_gives_thirds():
    # 6 by A with 8 tricks, B 1 C 1: each short one (F = 2) → gora B 2, C 2; pool A 2;
    # B→A 2, C→A 2. m = A −2, B 2, C 2; avg 2/3 → G: A 80/3, B −40/3, C −40/3
    # V: A −4, B +2, C +2 → A 68/3 = 22.667, B −34/3 = −11.333, C −34/3
    deal = game("A", 6, calls("B whist", "C whist"), {"A": 8, "B": 1, "C": 1})
    out = pulka("sochi", "ABC", [{**deal, "dealer": None}])
    assert out["result"] == pytest.approx({"A": 68 / 3, "B": -34 / 3, "C": -34 / 3}, abs=0.01)


def test_four_handed_pulka_divides_by_four_although_three_play_each_deal():
    # D deals and sits out; A 6 pass-pass: pool A 2. m = A −2, others 0; avg −1/2
    # G: A 10·(−1/2 + 2) = 15, B, C, D 10·(−1/2) = −5
    deal = game("A", 6, calls("B pass", "C pass"))
    out = pulka("sochi", "ABCD", [{**deal, "dealer": "D"}])
    assert out["result"] == {"A": 15, "B": -5, "C": -5, "D": -5}


def test_adjustments_stay_outside_the_settlement():
    # PEN-12a in a pulka: X's made misère (pool 10) and a referee adjustment B +50.
    # m = X −10, others 0; avg −2.5 → X 10·(−2.5 + 10) = 75, A, B, D −25 each;
    # the +50 is reported beside the sheet and is not in the result
    deal = {
        **misere("X", {"X": 0, "A": 5, "B": 5}),
        "dealer": "D",
        "ruling": {
            "rule": "kodex-3.8.5.1",
            "mode": "qualification",
            "alternative": {"X": 1, "A": 5, "B": 4},
            "lot": "actual",
            "dissenter": "B",
        },
    }
    out = pulka("sochi", "XABD", [deal])
    assert out["adjustments"] == [{"player": "B", "whists": 50}]
    assert out["result"] == {"X": 75, "A": -25, "B": -25, "D": -25}


FS04_DEALS = [
    {
        **game("A", 7, calls("B whist", "C whist"), {"A": 7, "B": 2, "C": 1}, talon=["SA", "SK"]),
        "dealer": "D",
    },
    {
        **game("B", 8, calls("C whist", "D whist"), {"B": 6, "C": 2, "D": 2}, strain="D"),
        "dealer": "A",
    },
    {**raspasy({"A": 4, "B": 2, "C": 4, "D": 0}, series_index=None), "dealer": "B"},
    {**misere("D", {"D": 0, "A": 5, "B": 5}), "dealer": "C"},
    {**raspasy({"A": 3, "B": 5, "C": 2, "D": 0}, series_index=None), "dealer": "D"},
    {
        **game(
            "B",
            7,
            calls("C whist", "D pass"),
            {"B": 7, "C": 2, "D": 1},
            play="open",
            strain="D",
        ),
        "dealer": "A",
    },
]


def test_fspr_four_handed_pulka_without_a_pool_limit_golden_fs04():
    # FS-04 totals (golden): pools A 4, B 4, D 10; gora A 20, B 48, C 16, D −4.
    # m = g − 2p: A 12, B 40, C 16, D −24; avg 11 → G: A −10, B −290, C −50, D +350
    # V: A 24−40 = −16, B 16−144 = −128, C +68, D +76
    out = pulka("fspr", "ABCD", FS04_DEALS, pool_size=None)
    assert "error" not in out, out["error"]
    assert out["pulka"] == {"A": 4, "B": 4, "D": 10}
    assert out["gora"] == {"A": 20, "B": 48, "C": 16, "D": -4}
    assert {f"{w['by']}->{w['on']}": w["amount"] for w in out["whists"]} == {
        "A->B": 24,
        "B->A": 16,
        "C->A": 8,
        "C->B": 60,
        "D->A": 16,
        "D->B": 60,
    }
    assert out["result"] == {"A": -26, "B": -418, "C": 18, "D": 426}


def test_fs04_result_is_exactly_zero_sum():
    out = pulka("fspr", "ABCD", FS04_DEALS, pool_size=None)
    assert sum(exact(v) for v in out["result"].values()) == 0
