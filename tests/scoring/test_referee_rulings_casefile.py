"""The referee application's rulings in case files: ``referee_rulings`` (SPEC §12.4.1).

Hand-worked from SPEC §2.1 (sochi: C = W = R = K = 2/4/6/8/10, help 10 whists per point),
§6.2 (raspasy to the mountain at p_1 = 1 per trick), §7.2 (help), §9.5, §9.6, §9.9.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.casefile import check_case, deal_to_json, parse_deal, refusal, run_case

from .helpers import assert_deal, calls, game, pulka, raspasy, score
from .refusals import refused

PASS_PASS = game("A", 6, calls("B pass", "C pass"))
REQUIRED, AMOUNT = "case.required", {"key": "amount"}
UNKNOWN = "case.unknown_referee_ruling"


def manual(entry: str, player: str, amount: Any, **extra: Any) -> dict[str, Any]:
    return {
        "kind": "manual",
        "entry": entry,
        "player": player,
        "amount": amount,
        "reason": "revoke",
        **extra,
    }


def ruled(deal: dict[str, Any], *rulings: dict[str, Any]) -> dict[str, Any]:
    return {**deal, "referee_rulings": list(rulings)}


def test_prikup_refusal_writes_the_dealers_mountain():
    # sochi 4-handed, D deals; 6 pass–pass: pool C(6) = 2 to A; the refusal fine 3 → gora D 3
    deal = ruled(PASS_PASS, {"kind": "prikup_refusal", "points": 3})
    assert_deal(score("sochi", "ABCD", deal, dealer="D"), pulka={"A": 2}, gora={"D": 3})


def test_raspasy_dealer_fine_goes_with_the_raspasy_tricks():
    # sochi 3-handed, A deals; raspasy #1 at p_1 = 1: gora A 5, B 3, C 2; fine 2 → A 5 + 2 = 7
    deal = ruled(raspasy({"A": 5, "B": 3, "C": 2}), {"kind": "raspasy_dealer_fine", "points": 2})
    assert_deal(score("sochi", "ABC", deal, dealer="A"), gora={"A": 7, "B": 3, "C": 2})


def test_manual_entries_write_each_book_as_given():
    # 6 pass–pass: pool A 2; manual: gora B 5, whists C on A 3, adjustment B −10 (outside)
    deal = ruled(
        PASS_PASS,
        manual("gora", "B", 5),
        manual("whist", "C", 3, on="A", rule="FSPR Sports Code 10.2"),
        manual("adjustment", "B", -10),
    )
    out = score("sochi", "ABC", deal)
    assert_deal(out, pulka={"A": 2}, gora={"B": 5}, whist={"C->A": 3})
    assert out["adjustments"] == [{"player": "B", "whists": -10}]


def test_a_manual_pool_entry_is_helped_like_the_deals_own():
    # pool size 10, before: A 9, B 4, C 6. B's 6 pass–pass: B + 2 (4 → 6). Manual pool A + 3:
    # A has room for 1; the rest 2 helps the largest open pool, C's 6 (pool entries go in
    # seat order, so B is still at 4): C + 2, A writes 2 × 10 = 20 whists on C (SPEC §7.2)
    deal = ruled(game("B", 6, calls("C pass", "A pass")), manual("pulka", "A", 3))
    before = {"size": 10, "pulka": {"A": 9, "B": 4, "C": 6}}
    out = score("sochi", "ABC", deal, pool_before=before)
    assert_deal(out, pulka={"A": 1, "B": 2, "C": 2}, whist={"A->C": 20})


def test_a_talon_peeker_may_pass_but_not_whist():
    # C peeked and passes: 6 made by pass – pass, pool A 2
    peeked = {"kind": "talon_peeking", "player": "C"}
    assert_deal(score("sochi", "ABC", ruled(PASS_PASS, peeked)), pulka={"A": 2})
    # C whists: refused (SPEC §9.6, §12.4.1)
    whisted = game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 2})
    with refused("deal.peeker_whists", "deal, defence", player="C"):
        score("sochi", "ABC", ruled(whisted, peeked))
    # a half-whist is whisting too
    half = game("A", 6, calls("B pass", "C half_whist"))
    with refused("deal.peeker_whists", "deal, defence", player="C"):
        score("sochi", "ABC", ruled(half, peeked))


@pytest.mark.parametrize(
    "ruling",
    [{"rule": "kodex-3.4.4", "bid_level": 7}, {"rule": "kodex-3.4.6", "proven_undertricks": 0}],
    ids=["3.4.4", "3.4.6"],
)
def test_a_talon_peekers_whist_is_refused_on_a_penalty_set_without_play(ruling):
    # SPEC §12.4.1: the peeker C may not whist "in this deal", a penalty set included
    peeked = {"kind": "talon_peeking", "player": "C"}
    whisted = {**game("A", 6, calls("B pass", "C whist")), "ruling": ruling}
    case = json_case(ruled(whisted, peeked))
    assert run_case(case)["error"] == (
        "deal, defence: C looked at the talon and may not whist in this deal"
    )
    assert refusal(case).code == "deal.peeker_whists"  # type: ignore[union-attr]
    # his pass stands: sochi 6, 3.4.4 at 7 "без всех": gora A R(7) 4 × 7 = 28, consolation
    # K(7) 4 × 7 = 28 from B and C; 3.4.6 without 2 at 6: gora A 2 × 2 = 4, B and C 2 × 2 = 4
    passed = {**game("A", 6, calls("B pass", "C pass")), "ruling": ruling}
    out = score("sochi", "ABC", ruled(passed, peeked))
    if ruling["rule"] == "kodex-3.4.4":
        assert_deal(out, gora={"A": 28}, whist={"B->A": 28, "C->A": 28})
    else:
        assert_deal(out, gora={"A": 4}, whist={"B->A": 4, "C->A": 4})


def json_case(deal: dict[str, Any]) -> dict[str, Any]:
    return {"id": "t", "kind": "deal", "convention": "sochi", "players": ["A", "B", "C"]} | {
        "deal": deal
    }


@pytest.mark.parametrize(
    ("ruling", "code", "field", "params"),
    [
        (manual("whist", "B", -3, on="A"), "ruling.whist_negative", ".amount", {}),
        (manual("whist", "B", 3), "ruling.whist_needs_on", ".on", {}),
        (manual("gora", "B", 3, on="A"), "ruling.on_whist_only", ".on", {}),
        (manual("gora", "B", 3, reason=""), "ruling.manual_reason", ".reason", {}),
        (manual("bonus", "B", 3), "ruling.manual_kind", ".entry", {}),
        (manual("gora", "Q", 3), "table.not_at_table", ".player", {"player": "Q"}),
        (manual("gora", "B", "3"), "case.not_number", ".amount", {"value": "'3'"}),
        (manual("gora", "B", True), "case.bool_not_number", ".amount", {}),
        (
            {**manual("gora", "B", 3), "referee": "Ivanov"},
            "case.unknown_field",
            "",
            {"name": "'referee'"},
        ),
        ({"kind": "manual", "entry": "gora", "player": "B", "reason": "x"}, REQUIRED, "", AMOUNT),
        ({"kind": "prikup_refusal", "points": -1}, "ruling.points_negative", "", {}),
        ({"kind": "prikup_refusal"}, "case.required", "", {"key": "points"}),
        (
            {"kind": "talon_peeking", "player": "Q"},
            "table.not_at_table",
            ".player",
            {"player": "Q"},
        ),
        ({"kind": "talon_peeking", "player": ""}, "case.player_id", ".player", {"value": "''"}),
        ({"kind": "raspasy_dealer_fine", "points": 2}, "ruling.fine_not_raspasy", "", {}),
        ({"kind": "underbid", "level": 6}, UNKNOWN, ".kind", {"value": "'underbid'"}),
        ({"points": 2}, UNKNOWN, ".kind", {"value": "None"}),
        ("prikup_refusal", "case.not_object", "", {}),
    ],
)
def test_bad_referee_rulings_are_refused(ruling, code, field, params):
    with refused(code, f"deal, referee_rulings[0]{field}", **params):
        score("sochi", "ABCD", ruled(PASS_PASS, ruling), dealer="D")


@pytest.mark.parametrize(
    ("ruling", "code", "field"),
    [
        (manual("bonus", "B", 3), "ruling.manual_kind", "referee_rulings[1].entry"),
        (manual("whist", "B", 3), "ruling.whist_needs_on", "referee_rulings[1].on"),
    ],
)
def test_a_bad_manual_entry_is_refused_at_the_field_that_is_wrong(ruling, code, field):
    # the case format names the book `entry` (SPEC §12.4.1), not `kind` (that is "manual"),
    # and a whist entry without `on` is missing its `on`, not naming a player "None"
    deal = ruled(PASS_PASS, {"kind": "talon_peeking", "player": "C"}, ruling)
    error = refusal(json_case(deal))
    assert error is not None
    assert (error.code, error.field) == (code, f"deal, {field}")
    assert error.params == {}  # so its text names no player "None" and no `kind`


def test_referee_rulings_must_be_a_list():
    deal = {**PASS_PASS, "referee_rulings": {"kind": "talon_peeking", "player": "C"}}
    with refused("case.not_list_of", "deal, referee_rulings", what="referee_rulings"):
        score("sochi", "ABC", deal)


def test_rulings_that_fine_the_dealer_need_the_dealer():
    # 3-handed without a dealer: the prikup refusal has nobody to fine
    deal = ruled(PASS_PASS, {"kind": "prikup_refusal", "points": 3})
    with refused("ruling.dealer_needed", "deal, referee_rulings[0]"):
        score("sochi", "ABC", deal)


def test_in_a_pulka_the_rulings_change_neither_series_nor_minimum():
    # leningrad (exit medium 6-7-7, p = 2/4/6, k = 2): raspasy #1 with a fine 2 on the dealer
    # A: gora A 2 × 4 + 2 = 10, B 2 × 3 = 6, C 2 × 3 = 6; then a 6 is below the minimum 7
    # after one raspasy, whatever the ruling
    first = {**ruled(raspasy({"A": 4, "B": 3, "C": 3}), fine(2)), "dealer": "A"}
    low = {**game("B", 6, calls("C pass", "A pass")), "dealer": "B"}
    with refused("pulka.below_minimum", "deal 2, contract.level", level=6, minimum=7):
        pulka("leningrad", "ABC", [first, low])
    seven = {**game("B", 7, calls("C pass", "A pass")), "dealer": "B"}
    out = pulka("leningrad", "ABC", [first, seven])
    # pool B C(7) = 4; settlement m = g − 2p: A 10, B 6 − 8 = −2, C 6; sum 14;
    # G_i = 10 × (14/3 − m_i): A −160/3, B 200/3, C −40/3
    assert out["gora"] == {"A": 10, "B": 6, "C": 6} and out["pulka"] == {"B": 4}
    assert out["result"] == {"A": -53.333333, "B": 66.666667, "C": -13.333333}


def fine(points: int) -> dict[str, Any]:
    return {"kind": "raspasy_dealer_fine", "points": points}


def test_referee_rulings_survive_the_round_trip_through_the_case_format():
    deal = ruled(
        {**PASS_PASS, "dealer": "D"},
        {"kind": "prikup_refusal", "points": 3},
        {"kind": "talon_peeking", "player": "C"},
        manual("whist", "B", 2.5, on="A", rule="FSPR Sports Code 10.2"),
        manual("adjustment", "C", -10),
    )
    parsed = parse_deal(deal, "D")
    assert parse_deal(deal_to_json(parsed), "D") == parsed
    assert deal_to_json(parsed)["referee_rulings"] == deal["referee_rulings"]


def test_check_passes_exactly_when_the_rulings_are_reproduced():
    # the case certifies the ruling's entry: without it the expected mountain is not met
    case = {
        "id": "R-1",
        "kind": "deal",
        "convention": "sochi",
        "players": ["A", "B", "C", "D"],
        "dealer": "D",
        "deal": ruled(PASS_PASS, {"kind": "prikup_refusal", "points": 3}),
        "expected": {"pulka": {"A": 2}, "gora": {"D": 3}},
    }
    assert check_case(case, run_case(case)) == []
    bare = {**case, "deal": PASS_PASS}
    assert check_case(bare, run_case(bare)) == ["gora D expected 3 got 0"]


def test_the_refusal_carries_its_code():
    deal = ruled(PASS_PASS, manual("whist", "B", -3, on="A"))
    case = {"id": "x", "kind": "deal", "convention": "sochi", "players": ["A", "B", "C"]}
    error = refusal({**case, "deal": deal})
    assert error is not None
    assert (error.code, error.field) == (
        "ruling.whist_negative",
        "deal, referee_rulings[0].amount",
    )
