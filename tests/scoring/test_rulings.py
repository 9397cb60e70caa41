"""Referee rulings, SPEC §9: Kodeks 3.4.4, 3.4.6, 3.4.9, 3.4.11 and 3.8.5.1 in case files,
and the referee application's own rulings (PrikupRefusal, TalonPeeking, RaspasyDealerFine,
ManualEntry) through the typed API.

Every number is worked by hand from SPEC §2.1 / §10. Prices by level 6/7/8/9/10:
    C (pool)                               2 / 4 / 6 / 8 / 10     every preset
    sochi, rostov, classic: W = R = K = C  2 / 4 / 6 / 8 / 10
    leningrad, fspr:        W = R = K = 2C 4 / 8 / 12 / 16 / 20
    F (liability): sochi R; leningrad, fspr R/2 = C; rostov, classic (pools open) R/2 = C/2
    M (failed misère per trick): 10 sochi, rostov, classic; 20 leningrad, fspr
    k (pool → mountain): 1 sochi, rostov, classic; 2 leningrad, fspr
Single-deal values (§9.7) use §8.2: m_i = g_i − k·p_i, G_i = 10·(avg m − m_i),
V_i = Σ_j (w[i][j] − w[j][i]), val_i = G_i + V_i.

Refusals of bad ruling parameters at the case-file level are in test_casefile.py.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring import (
    Call,
    Deal,
    DealType,
    DefenceCall,
    ManualEntry,
    Play,
    PrikupRefusal,
    RaspasyDealerFine,
    SetWithoutAll,
    TalonPeeking,
    Totals,
    WrongCardCount,
    preset,
    score_deal,
)

from .helpers import calls, exact, game, misere, pulka, raspasy, score, whists
from .refusals import refused

PRESETS = ("sochi", "leningrad", "rostov", "classic", "fspr")


def books(output: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(pulka, gora, whists) of a deal output, refusing to hide an error."""
    assert "error" not in output, output["error"]
    return output["pulka"], output["gora"], whists(output)


def exact_whists(output: dict[str, Any]) -> dict[str, Fraction]:
    return {pair: exact(amount) for pair, amount in whists(output).items()}


def adjustments(output: dict[str, Any]) -> dict[str, Fraction]:
    assert "error" not in output, output["error"]
    return {a["player"]: exact(a["whists"]) for a in output["adjustments"]}


def ruled(deal: dict[str, Any], ruling: dict[str, Any]) -> dict[str, Any]:
    return {**deal, "ruling": ruling}


def set_without_all(level: int, bid_level: int, defence: list[dict[str, Any]] | None = None):
    deal = game("A", level, defence or [], play="none")
    return ruled(deal, {"rule": "kodex-3.4.4", "bid_level": bid_level})


def wrong_cards(level: int, proven: int, deliberate: bool | None = None, **extra: Any):
    ruling: dict[str, Any] = {"rule": "kodex-3.4.6", "proven_undertricks": proven}
    if deliberate is not None:
        ruling["deliberate"] = deliberate
    deal = game("A", level, calls("B whist", "C pass"), play="none", **extra)
    return ruled(deal, ruling)


def looked_at_discard(level: int, tricks: dict[str, int], defence: list[dict[str, Any]]):
    play = "closed" if len([c for c in defence if c["call"] == "whist"]) == 2 else "open"
    return ruled(game("A", level, defence, tricks, play=play), {"rule": "kodex-3.4.9"})


# == Kodeks 3.4.4: set "без всех" at the level reached in the bidding (§9.1) ================


@pytest.mark.parametrize(
    ("convention", "gora", "each"),
    [
        ("sochi", 28, 28),  # R(7)=4 × 7 undertricks = 28; consolation K(7)=4 × 7 = 28
        ("leningrad", 56, 56),  # R(7)=8 × 7 = 56; K(7)=8 × 7 = 56
        ("rostov", 28, 28),  # R = K = C = 4: 4 × 7
        ("classic", 28, 28),  # R = K = C = 4: 4 × 7
        ("fspr", 56, 56),  # R = K = 2C = 8: 8 × 7
    ],
)
def test_set_without_all_is_charged_at_the_bid_level_with_consolation_and_no_trick_whists(
    convention, gora, each
):
    # ordered a 6 after reaching 7 in the bidding, refuses to correct
    out = score(convention, "ABC", set_without_all(level=6, bid_level=7))
    assert books(out) == ({}, {"A": gora}, {"B->A": each, "C->A": each})
    assert out["adjustments"] == []


def test_set_without_all_at_the_contract_level_when_only_the_strain_was_lower():
    # 7♠ ordered after a bid of 7♥: bid_level = 7 = contract level; R(7)=4 × 7 = 28; K 4 × 7 = 28
    out = score("sochi", "ABC", set_without_all(level=7, bid_level=7))
    assert books(out) == ({}, {"A": 28}, {"B->A": 28, "C->A": 28})


def test_set_without_all_on_a_ten_misses_all_ten_tricks():
    # sochi: R(10)=10 × 10 undertricks = 100; consolation K(10)=10 × 10 = 100 each
    out = score("sochi", "ABC", set_without_all(level=10, bid_level=10))
    assert books(out) == ({}, {"A": 100}, {"B->A": 100, "C->A": 100})


def test_set_without_all_ignores_the_recorded_calls_no_trick_whists_for_the_whister():
    # calls recorded (B whist, C pass) but there is no play: only consolation, the passer too
    # sochi bid 8 on an 8: R(8)=6 × 8 = 48; K(8)=6 × 8 = 48 each
    deal = set_without_all(level=8, bid_level=8, defence=calls("B whist", "C pass"))
    out = score("sochi", "ABC", deal)
    assert books(out) == ({}, {"A": 48}, {"B->A": 48, "C->A": 48})


@pytest.mark.parametrize(
    ("convention", "gora", "each"),
    [
        ("sochi", 48, 48),  # misère ordered after reaching 8: R(8)=6 × 8 = 48; K(8)=6 × 8 = 48
        ("leningrad", 96, 96),  # R(8)=12 × 8 = 96; K(8)=12 × 8 = 96 (not the misère price M)
        ("rostov", 48, 48),  # 6 × 8
        ("classic", 48, 48),  # 6 × 8
        ("fspr", 96, 96),  # 12 × 8
    ],
)
def test_set_without_all_on_a_misere_is_charged_at_the_trick_level_reached(convention, gora, each):
    deal = ruled(misere("A", None), {"rule": "kodex-3.4.4", "bid_level": 8})
    out = score(convention, "ABC", deal)
    assert books(out) == ({}, {"A": gora}, {"B->A": each, "C->A": each})


def test_set_without_all_on_a_misere_four_handed_the_dealer_writes_consolation_too():
    # sochi 4p, D deals; misère after reaching 6: R(6)=2 × 6 = 12; B, C and dealer D: 2 × 6 = 12
    deal = ruled(misere("A", None), {"rule": "kodex-3.4.4", "bid_level": 6})
    out = score("sochi", "ABCD", deal, dealer="D")
    assert books(out) == ({}, {"A": 12}, {"B->A": 12, "C->A": 12, "D->A": 12})


@pytest.mark.parametrize(
    ("convention", "gora"),
    [
        ("sochi", 28),  # R(7)=4 × 7
        ("leningrad", 56),  # R(7)=8 × 7
        ("rostov", 28),
        ("classic", 28),
        ("fspr", 56),
    ],
)
def test_penalty_set_consolation_off_writes_the_mountain_only(convention, gora):
    out = score(
        convention,
        "ABC",
        set_without_all(level=6, bid_level=7),
        options={"penalty_set_consolation": False},
    )
    assert books(out) == ({}, {"A": gora}, {})


@pytest.mark.parametrize(
    ("convention", "gora", "each"),
    [
        ("sochi", 12, 12),  # 6 after reaching 6: R(6)=2 × 6 = 12; K(6)=2 × 6 = 12
        ("leningrad", 24, 24),  # R(6)=4 × 6 = 24; K(6)=4 × 6 = 24
        ("rostov", 12, 12),
        ("classic", 12, 12),
        ("fspr", 24, 24),
    ],
)
def test_sitting_out_dealer_writes_consolation_on_a_set_without_all(convention, gora, each):
    # §3.6(4): consolation_to_dealer is on in every preset
    out = score(convention, "ABCD", set_without_all(level=6, bid_level=6), dealer="D")
    assert books(out) == ({}, {"A": gora}, {"B->A": each, "C->A": each, "D->A": each})


def test_set_without_all_four_handed_without_dealer_consolation():
    # consolation_to_dealer off: only the two defenders B, C write K(6)=2 × 6 = 12
    out = score(
        "sochi",
        "ABCD",
        set_without_all(level=6, bid_level=6),
        dealer="D",
        options={"consolation_to_dealer": False},
    )
    assert books(out) == ({}, {"A": 12}, {"B->A": 12, "C->A": 12})


def test_set_without_all_four_handed_with_penalty_set_consolation_off_nobody_writes():
    # mountain only: R(6)=2 × 6 = 12; not even the dealer writes consolation
    out = score(
        "sochi",
        "ABCD",
        set_without_all(level=6, bid_level=6),
        dealer="D",
        options={"penalty_set_consolation": False},
    )
    assert books(out) == ({}, {"A": 12}, {})


@pytest.mark.parametrize("players", ["ABC", "ABCD"])
def test_set_without_all_writes_no_prikup_premium(players):
    # fspr has prikup_bonus on; talon of two aces would be 3 × W(6)=4 = 12 (halves of 6 at 3p).
    # Without play no premium (§9.4): R(6)=4 × 6 = 24; K(6)=4 × 6 = 24 from each non-declarer
    deal = {**set_without_all(level=6, bid_level=6), "talon": ["SA", "HA"]}
    out = score("fspr", players, deal, dealer="D" if players == "ABCD" else None)
    writers = {f"{p}->A": 24 for p in players if p != "A"}
    assert books(out) == ({}, {"A": 24}, writers)


# == Kodeks 3.4.6: wrong number of cards when ordering (§9.2) ===============================


@pytest.mark.parametrize(
    ("convention", "level", "proven", "gora", "each"),
    [
        ("sochi", 6, 5, 14, 14),  # without 2 + 5 = 7: R(6)=2 × 7 = 14; K 2 × 7 = 14 (PEN-05)
        ("sochi", 8, 0, 12, 12),  # without 2: R(8)=6 × 2 = 12; K 6 × 2 = 12 (PEN-06)
        ("leningrad", 7, 3, 40, 40),  # 2 + 3 = 5: R(7)=8 × 5 = 40; K 8 × 5 = 40
        ("rostov", 9, 1, 24, 24),  # 2 + 1 = 3: R(9)=8 × 3 = 24; K 8 × 3 = 24
        ("classic", 10, 0, 20, 20),  # 2: R(10)=10 × 2 = 20; K 10 × 2 = 20
        ("fspr", 6, 2, 16, 16),  # 2 + 2 = 4: R(6)=4 × 4 = 16; K 4 × 4 = 16
    ],
)
def test_wrong_card_count_under_kodeks_is_without_two_plus_the_proven_undertricks(
    convention, level, proven, gora, each
):
    out = score(convention, "ABC", wrong_cards(level, proven))
    assert books(out) == ({}, {"A": gora}, {"B->A": each, "C->A": each})


@pytest.mark.parametrize("deliberate", [True, False])
def test_wrong_card_count_deliberate_finding_has_no_effect_under_kodeks(deliberate):
    # 7, proven 1 → without 3: R(7)=4 × 3 = 12; K 4 × 3 = 12
    out = score("sochi", "ABC", wrong_cards(7, 1, deliberate))
    assert books(out) == ({}, {"A": 12}, {"B->A": 12, "C->A": 12})


def test_wrong_card_count_four_handed_the_sitting_out_dealer_writes_consolation():
    # sochi 4p, D deals: 7 without 2: R(7)=4 × 2 = 8; B, C and D each K 4 × 2 = 8
    out = score("sochi", "ABCD", wrong_cards(7, 0), dealer="D")
    assert books(out) == ({}, {"A": 8}, {"B->A": 8, "C->A": 8, "D->A": 8})


def test_wrong_card_count_with_penalty_set_consolation_off_writes_the_mountain_only():
    # 8 without 2: R(8)=6 × 2 = 12; no consolation
    out = score("sochi", "ABC", wrong_cards(8, 0), options={"penalty_set_consolation": False})
    assert books(out) == ({}, {"A": 12}, {})


def test_wrong_card_count_writes_no_prikup_premium():
    # fspr 4p, premium on; talon SA SK would be 2 × W(7)=8 = 16 more for D.
    # 7 without 2: R(7)=8 × 2 = 16; K 8 × 2 = 16 from B, C and D
    out = score("fspr", "ABCD", wrong_cards(7, 0, talon=["SA", "SK"]), dealer="D")
    assert books(out) == ({}, {"A": 16}, {"B->A": 16, "C->A": 16, "D->A": 16})


@pytest.mark.parametrize("convention", PRESETS)
def test_wrong_card_count_not_deliberate_annuls_the_deal_under_deliberate_only(convention):
    # SEED-000: the deal is annulled, it writes nothing at all (kodex would be without 2 + 3)
    out = score(
        convention,
        "ABC",
        wrong_cards(7, 3, deliberate=False),
        options={"wrong_cards_rule": "deliberate_only"},
    )
    assert out == {"id": "t", "pulka": {}, "gora": {}, "whists": [], "adjustments": []}


def test_annulled_deal_writes_no_dealer_consolation_and_no_premium():
    # fspr 4p with the premium on and an ace in the talon: still nothing at all
    out = score(
        "fspr",
        "ABCD",
        wrong_cards(6, 0, deliberate=False, talon=["SA", "D7"]),
        dealer="D",
        options={"wrong_cards_rule": "deliberate_only"},
    )
    assert out == {"id": "t", "pulka": {}, "gora": {}, "whists": [], "adjustments": []}


@pytest.mark.parametrize(
    ("convention", "level", "proven", "gora", "each"),
    [
        ("sochi", 7, 3, 8, 8),  # proof ignored: without 2: R(7)=4 × 2 = 8; K 4 × 2 = 8
        ("leningrad", 6, 5, 8, 8),  # R(6)=4 × 2 = 8; K 4 × 2 = 8
        ("rostov", 8, 1, 12, 12),  # R(8)=6 × 2 = 12; K 6 × 2 = 12
        ("classic", 6, 0, 4, 4),  # R(6)=2 × 2 = 4; K 2 × 2 = 4
        ("fspr", 9, 4, 32, 32),  # R(9)=16 × 2 = 32; K 16 × 2 = 32
    ],
)
def test_deliberate_wrong_card_count_is_without_two_and_ignores_the_proof(
    convention, level, proven, gora, each
):
    out = score(
        convention,
        "ABC",
        wrong_cards(level, proven, deliberate=True),
        options={"wrong_cards_rule": "deliberate_only"},
    )
    assert books(out) == ({}, {"A": gora}, {"B->A": each, "C->A": each})


def _raspasy_around_a_wrong_card_count(rule: str) -> dict[str, Any]:
    deals = [
        {"dealer": "C", **raspasy({"A": 0, "B": 3, "C": 7}, series_index=None)},
        {"dealer": "A", **wrong_cards(7, 0, deliberate=False)},
        {"dealer": "B", **raspasy({"A": 2, "B": 2, "C": 6}, series_index=None)},
    ]
    return pulka("sochi", "ABC", deals, options={"wrong_cards_rule": rule})


def test_annulled_deal_leaves_the_raspasy_series_as_it_was():
    # sochi [1,2,3]: raspasy #1 at 1 (A 0 tricks → pool 1; B 3, C 7 mountain);
    # deal 2 annulled, writes nothing, does not end the series;
    # next raspasy is #2 at 2: A 2×2 = 4, B 2×2 = 4, C 6×2 = 12.
    # gora A 4, B 3 + 4 = 7, C 7 + 12 = 19; pool A 1
    out = _raspasy_around_a_wrong_card_count("deliberate_only")
    assert "error" not in out, out["error"]
    assert out["pulka"] == {"A": 1}
    assert out["gora"] == {"A": 4, "B": 7, "C": 19}
    assert out["whists"] == []


def test_penalty_set_under_kodeks_ends_the_raspasy_series():
    # same sheet under kodex: deal 2 is a set without 2 on a 7 (a game, ends the series under
    # any_game): A gora R(7)=4 × 2 = 8, B→A 8, C→A 8; next raspasy is #1 again at 1:
    # A 2, B 2, C 6. gora A 8 + 2 = 10, B 3 + 2 = 5, C 7 + 6 = 13; pool A 1
    out = _raspasy_around_a_wrong_card_count("kodex")
    assert "error" not in out, out["error"]
    assert out["pulka"] == {"A": 1}
    assert out["gora"] == {"A": 10, "B": 5, "C": 13}
    assert whists(out) == {"B->A": 8, "C->A": 8}


# == Kodeks 3.4.9: the declarer looked at his discard (§9.3) ================================


@pytest.mark.parametrize(
    ("level", "tricks", "expected"),
    [
        pytest.param(
            6,
            {"A": 5, "B": 3, "C": 2},
            # t < L: t' = 4, down 2: gora R(6)=2 × 2 = 4;
            # B→A 3 actual tricks × 2 + K 2 × 2 = 10; C→A 2 × 2 + 4 = 8 (PEN-01)
            ({}, {"A": 4}, {"B->A": 10, "C->A": 8}),
            id="t<L-penalty-trick-added-to-undertricks",
        ),
        pytest.param(
            6,
            {"A": 6, "B": 2, "C": 2},
            # t = L: t' = 5, down 1: gora 2 × 1 = 2; B→A 2 × 2 + 2 = 6; C→A 6;
            # defenders 2 + 2 = 4 meet the obligation
            ({}, {"A": 2}, {"B->A": 6, "C->A": 6}),
            id="t=L-set-without-one",
        ),
        pytest.param(
            7,
            {"A": 8, "B": 1, "C": 1},
            # t = L + 1: t' = 7 made: pool C(7)=4; B→A 1 × 4, C→A 1 × 4 (PEN-02)
            ({"A": 4}, {}, {"B->A": 4, "C->A": 4}),
            id="t=L+1-overtrick-cancels",
        ),
        pytest.param(
            6,
            {"A": 8, "B": 1, "C": 1},
            # t = L + 2: t' = 7 ≥ 6 made: pool 2; actual defence 1 + 1 < 4: each whister
            # short 2 − 1 = 1 → F = R(6)=2 each; whists 1 × 2 each
            ({"A": 2}, {"B": 2, "C": 2}, {"B->A": 2, "C->A": 2}),
            id="t=L+2-one-trick-subtracted-still-made",
        ),
    ],
)
def test_looked_at_discard_costs_the_declarer_one_trick(level, tricks, expected):
    deal = looked_at_discard(level, tricks, calls("B whist", "C whist"))
    assert books(score("sochi", "ABC", deal)) == expected


def test_looked_at_discard_liability_uses_the_actual_defence_tricks():
    # 7, A takes 9: t' = 8 made, pool 4. Actual defence 1 + 0 = 1 < obligation 2: C took 0 of
    # his half 1 → F = R(7)=4. (Crediting the penalty trick would make it 2: no penalty.)
    # B→A 1 × 4 = 4
    deal = looked_at_discard(7, {"A": 9, "B": 1, "C": 0}, calls("B whist", "C whist"))
    assert books(score("sochi", "ABC", deal)) == ({"A": 4}, {"C": 4}, {"B->A": 4})


@pytest.mark.parametrize(
    ("convention", "gora", "expected_whists"),
    [
        # 7 made exactly (A 7) → t' = 6, down 1. Lone whister B, C passes, open; defence 3 tricks
        ("sochi", 4, {"B->A": 16, "C->A": 4}),  # greedy: B 3 × 4 + K 4 = 16; C K 4; R(7)=4
        ("leningrad", 8, {"B->A": 20, "C->A": 20}),  # gentleman on a set: 3 × 8 / 2 = 12 + K 8
        ("rostov", 4, {"B->A": 10, "C->A": 10}),  # gentleman: 3 × 4 / 2 = 6 + K 4
        ("classic", 4, {"B->A": 16, "C->A": 4}),  # greedy like sochi
        ("fspr", 8, {"B->A": 20, "C->A": 20}),  # gentleman always: 12 + K 8
    ],
)
def test_looked_at_discard_exactly_made_is_set_without_one_in_every_preset(
    convention, gora, expected_whists
):
    deal = looked_at_discard(7, {"A": 7, "B": 2, "C": 1}, calls("B whist", "C pass"))
    assert books(score(convention, "ABC", deal)) == ({}, {"A": gora}, expected_whists)


@pytest.mark.parametrize(
    ("convention", "expected_whists"),
    [
        # 7, A takes 8: t' = 7 made, pool 4; lone whister B, defence 2 tricks × W(7)=8 = 16
        ("leningrad", {"B->A": 16}),  # gentleman_split on_set: all to the whister when made
        ("fspr", {"B->A": 8, "C->A": 8}),  # gentleman_split always: halves 8 + 8
    ],
)
def test_looked_at_discard_made_after_the_penalty_counts_as_made_for_gentleman_halves(
    convention, expected_whists
):
    deal = looked_at_discard(7, {"A": 8, "B": 1, "C": 1}, calls("B whist", "C pass"))
    assert books(score(convention, "ABC", deal)) == ({"A": 4}, {}, expected_whists)


def test_looked_at_discard_four_handed_dealer_writes_consolation_on_the_penalty_set():
    # sochi 4p, D deals; 6 with A 6 → t' = 5, down 1: gora 2; B→A 2 × 2 + 2 = 6, C→A 6,
    # dealer D→A K(6)=2 × 1 = 2
    deal = looked_at_discard(6, {"A": 6, "B": 2, "C": 2}, calls("B whist", "C whist"))
    out = score("sochi", "ABCD", deal, dealer="D")
    assert books(out) == ({}, {"A": 2}, {"B->A": 6, "C->A": 6, "D->A": 2})


@pytest.mark.parametrize(
    ("convention", "defence", "play", "expected_whists"),
    [
        # sochi, both whist a ten and A takes 10 of 10: t' = 9, down 1: gora R(10)=10 × 1;
        # no defence tricks → no trick whists; consolation K(10)=10 × 1 from B and from C;
        # a set carries no shortfall (SPEC §3.8, §9.3): C, the second whister, writes nothing
        ("sochi", ("B whist", "C whist"), "closed", {"B->A": 10, "C->A": 10}),
        # rostov, B whists alone (C passes, open): the same set by one, gora R = C = 10;
        # consolation K = C = 10 from each defender; B writes no shortfall (was F = R/2 = 5)
        ("rostov", ("B whist", "C pass"), "open", {"B->A": 10, "C->A": 10}),
    ],
)
def test_looked_at_discard_on_a_ten_taken_ten_of_ten_is_a_set_without_shortfall(
    convention, defence, play, expected_whists
):
    deal = ruled(
        game("A", 10, calls(*defence), {"A": 10, "B": 0, "C": 0}, play=play),
        {"rule": "kodex-3.4.9"},
    )
    assert books(score(convention, "ABC", deal)) == ({}, {"A": 10}, expected_whists)


# == Kodeks 3.4.11: the record of the prikup premium (§9.4) =================================


@pytest.mark.parametrize("with_record", [True, False])
def test_prikup_premium_record_changes_nothing_beyond_the_option(with_record):
    # sochi 4p, prikup_bonus on, 7 pass–pass, talon two aces = 3 tricks × W(7)=4 = 12 by D;
    # pool C(7)=4
    deal = game("A", 7, calls("B pass", "C pass"), strain="H", talon=["SA", "CA"])
    if with_record:
        deal = ruled(deal, {"rule": "kodex-3.4.11"})
    out = score("sochi", "ABCD", deal, dealer="D", options={"prikup_bonus": True})
    assert books(out) == ({"A": 4}, {}, {"D->A": 12})


def test_prikup_premium_record_writes_nothing_when_the_option_is_off():
    # sochi default prikup_bonus off: the record has no effect; pool C(7)=4 only
    deal = ruled(
        game("A", 7, calls("B pass", "C pass"), talon=["SA", "SK"]), {"rule": "kodex-3.4.11"}
    )
    assert books(score("sochi", "ABCD", deal, dealer="D")) == ({"A": 4}, {}, {})


def test_prikup_premium_record_without_a_talon_writes_no_premium():
    # option on but no talon given: pool C(8)=6 only
    deal = ruled(game("A", 8, calls("B pass", "C pass")), {"rule": "kodex-3.4.11"})
    out = score("sochi", "ABCD", deal, dealer="D", options={"prikup_bonus": True})
    assert books(out) == ({"A": 6}, {}, {})


def test_prikup_premium_record_on_a_set_adds_the_premium_to_the_dealer_consolation():
    # fspr 4p, D deals: 7, both whist, A 5 → down 2: gora R(7)=8 × 2 = 16;
    # B→A 3 × 8 + K 8 × 2 = 40; C→A 2 × 8 + 16 = 32; defence 5 ≥ 2, no shortfall;
    # D→A consolation 16 + premium one ace 1 × W(7)=8 = 24
    deal = ruled(
        game("A", 7, calls("B whist", "C whist"), {"A": 5, "B": 3, "C": 2}, talon=["SA", "D7"]),
        {"rule": "kodex-3.4.11"},
    )
    out = score("fspr", "ABCD", deal, dealer="D")
    assert books(out) == ({}, {"A": 16}, {"B->A": 40, "C->A": 32, "D->A": 24})


# == Kodeks 3.8.5.1: disputed defence plan (§9.7) ===========================================

MISERE_MADE = {"X": 0, "A": 5, "B": 5}
MISERE_DOWN_ONE = {"X": 1, "A": 5, "B": 4}


def commercial(insisting: str, dissenters: list[str], guaranteed: dict[str, int]):
    return {
        "rule": "kodex-3.8.5.1",
        "mode": "commercial",
        "insisting": insisting,
        "dissenters": dissenters,
        "guaranteed": guaranteed,
    }


def qualification(dissenter: str, alternative: dict[str, int], lot: str):
    return {
        "rule": "kodex-3.8.5.1",
        "mode": "qualification",
        "dissenter": dissenter,
        "alternative": alternative,
        "lot": lot,
    }


def test_commercial_dissenters_write_the_difference_on_the_insisting_player_lesnoy_example():
    # PEN-11: 4p (X, A, B, D deals), misère made: X pool 10. n = 4, k = 1:
    # actual m_X = −10, avg −2.5 → val of each opponent 10 × (−2.5 − 0) = −25;
    # guaranteed down one: X gora 10, avg 2.5 → +25. 25 − (−25) = 50 from B and from D on A
    deal = ruled(misere("X", MISERE_MADE), commercial("A", ["B", "D"], MISERE_DOWN_ONE))
    out = score("sochi", "XABD", deal, dealer="D")
    assert books(out) == ({"X": 10}, {}, {"B->A": 50, "D->A": 50})
    assert out["adjustments"] == []


@pytest.mark.parametrize(
    ("convention", "amount"),
    [
        # 3p X, A, B: actual misère made (X pool 10), guaranteed down one (X gora M).
        # sochi k=1, M=10: actual m_X = −10, avg −10/3, val_B = −100/3;
        # guaranteed m_X = 10, avg 10/3, val_B = 100/3 → 200/3
        ("sochi", Fraction(200, 3)),
        # leningrad k=2, M=20: m_X = −20 → val_B −200/3; m_X = 20 → +200/3 → 400/3
        ("leningrad", Fraction(400, 3)),
        ("rostov", Fraction(200, 3)),  # k=1, M=10 like sochi
        ("classic", Fraction(200, 3)),
        ("fspr", Fraction(400, 3)),  # k=2, M=20 like leningrad
    ],
)
def test_commercial_guarantee_is_valued_by_the_convention_settlement(convention, amount):
    deal = ruled(misere("X", MISERE_MADE), commercial("A", ["B"], MISERE_DOWN_ONE))
    out = score(convention, "XAB", deal)
    assert out["pulka"] == {"X": 10}
    assert out["gora"] == {}
    assert exact_whists(out) == pytest.approx({"B->A": amount}, abs=0.01)


def test_commercial_negative_amount_is_written_by_the_insister_on_the_dissenter():
    # actual: misère caught once (X gora 10); guaranteed: made (X pool 10). sochi 3p:
    # val_B(guaranteed) = −100/3, val_B(actual) = +100/3 → amount −200/3 < 0
    # → A writes 200/3 = 66.666667 on B, nothing from B on A
    deal = ruled(misere("X", MISERE_DOWN_ONE), commercial("A", ["B"], MISERE_MADE))
    out = score("sochi", "XAB", deal)
    assert out["pulka"] == {}
    assert out["gora"] == {"X": 10}
    assert exact_whists(out) == pytest.approx({"A->B": Fraction(200, 3)}, abs=0.01)


def test_commercial_on_a_trick_game_values_whists_as_well_as_pool_and_mountain():
    # sochi 3p: 6, B whists, C passes, open. Actual A 6, B 3, C 1: made, pool 2; greedy
    # B→A 2 × 4 = 8. Guaranteed A 5 (down 1): gora 2; B→A 2 × 5 + 2 = 12; C→A K 2.
    # val_C(actual): m_A = −2, avg −2/3, G_C = −20/3, V_C = 0 → −20/3
    # val_C(guaranteed): m_A = 2, avg 2/3, G_C = 20/3, V_C = +2 → 26/3
    # C (dissenter) writes 26/3 + 20/3 = 46/3 = 15.333333 on B (insisting)
    deal = ruled(
        game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, play="open"),
        commercial("B", ["C"], {"A": 5, "B": 4, "C": 1}),
    )
    out = score("sochi", "ABC", deal)
    assert out["pulka"] == {"A": 2}
    assert out["gora"] == {}
    assert exact_whists(out) == pytest.approx({"B->A": 8, "C->B": Fraction(46, 3)}, abs=0.01)


def test_qualification_lot_actual_compensates_the_dissenter_lesnoy_example():
    # PEN-12a: ledger = made misère (X pool 10); B assigned the alternative: +25 − (−25) = +50;
    # A and D keep the actual result: 0
    deal = ruled(misere("X", MISERE_MADE), qualification("B", MISERE_DOWN_ONE, "actual"))
    out = score("sochi", "XABD", deal, dealer="D")
    assert books(out) == ({"X": 10}, {}, {})
    assert adjustments(out) == {"B": 50}


def test_qualification_lot_alternative_adjusts_the_others_back_to_the_actual_play():
    # PEN-12b: ledger = X caught once (gora 10); B's assigned = ledger: 0;
    # A and D assigned the actual made misère: −25 − (+25) = −50 each
    deal = ruled(misere("X", MISERE_MADE), qualification("B", MISERE_DOWN_ONE, "alternative"))
    out = score("sochi", "XABD", deal, dealer="D")
    assert books(out) == ({}, {"X": 10}, {})
    assert adjustments(out) == {"A": -50, "D": -50}


def test_qualification_the_sitting_out_dealer_may_be_the_dissenter():
    # same misère, D dissents, lot actual: D +25 − (−25) = +50; A, B keep the ledger: 0
    deal = ruled(misere("X", MISERE_MADE), qualification("D", MISERE_DOWN_ONE, "actual"))
    out = score("sochi", "XABD", deal, dealer="D")
    assert books(out) == ({"X": 10}, {}, {})
    assert adjustments(out) == {"D": 50}


@pytest.mark.parametrize(
    ("convention", "ledger_gora", "adjustment"),
    [
        # 3p misère, B dissents, lot alternative: ledger X gora M; A is adjusted to the actual
        # made misère: sochi val_A(actual) = −100/3, val_A(alt) = +100/3 → −200/3
        ("sochi", 10, Fraction(-200, 3)),
        ("leningrad", 20, Fraction(-400, 3)),  # k=2, M=20: −200/3 − 200/3
        ("rostov", 10, Fraction(-200, 3)),
        ("classic", 10, Fraction(-200, 3)),
        ("fspr", 20, Fraction(-400, 3)),
    ],
)
def test_qualification_lot_alternative_in_every_preset(convention, ledger_gora, adjustment):
    deal = ruled(misere("X", MISERE_MADE), qualification("B", MISERE_DOWN_ONE, "alternative"))
    out = score(convention, "XAB", deal)
    assert books(out) == ({}, {"X": ledger_gora}, {})
    assert adjustments(out) == pytest.approx({"A": adjustment}, abs=0.01)


# Trick game: sochi 3p, 6, B whists, C passes, open. Actual A 6, B 3, C 1 (made);
# alternative A 5, B 4, C 1 (down one). Values (n = 3, k = 1):
#   actual:      m_A = −2, avg −2/3: G A 40/3, B −20/3, C −20/3; V A −8, B +8, C 0
#                → A 16/3, B 4/3, C −20/3
#   alternative: m_A = 2, avg 2/3: G A −40/3, B 20/3, C 20/3; V A −14, B +12, C +2
#                → A −82/3, B 56/3, C 26/3
TRICK_GAME = game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, play="open")
TRICK_ALTERNATIVE = {"A": 5, "B": 4, "C": 1}


def test_qualification_on_a_trick_game_lot_actual():
    # ledger = actual: pool A 2, B→A 8; C assigned the alternative: 26/3 − (−20/3) = 46/3;
    # B assigned actual = ledger: 0; the declarer is never adjusted
    out = score("sochi", "ABC", ruled(TRICK_GAME, qualification("C", TRICK_ALTERNATIVE, "actual")))
    assert books(out) == ({"A": 2}, {}, {"B->A": 8})
    assert adjustments(out) == pytest.approx({"C": Fraction(46, 3)}, abs=0.01)


def test_qualification_on_a_trick_game_lot_alternative():
    # ledger = alternative: gora A 2, B→A 12, C→A 2; B assigned actual: 4/3 − 56/3 = −52/3;
    # C assigned alternative = ledger: 0
    out = score(
        "sochi", "ABC", ruled(TRICK_GAME, qualification("C", TRICK_ALTERNATIVE, "alternative"))
    )
    assert books(out) == ({}, {"A": 2}, {"B->A": 12, "C->A": 2})
    assert adjustments(out) == pytest.approx({"B": Fraction(-52, 3)}, abs=0.01)


def test_qualification_adjustments_stay_outside_the_sheet_settlement():
    # a pulka of the single PEN-12a deal: the sheet is X pool 10 only; B's +50 is reported
    # beside it. Settlement n = 4, k = 1: m_X = −10, avg −2.5: X +75, A, B, D −25 each
    deal = ruled(misere("X", MISERE_MADE), qualification("B", MISERE_DOWN_ONE, "actual"))
    out = pulka("sochi", "XABD", [{"dealer": "D", **deal}])
    assert "error" not in out, out["error"]
    assert out["adjustments"] == [{"player": "B", "whists": 50}]
    assert out["result"] == {"X": 75, "A": -25, "B": -25, "D": -25}


# == Referee application rulings (typed API, §9.5, §9.6, §9.9, §9.10) =======================


def pass_pass(level: int = 7, *, dealer: str | None = "D", rulings: tuple = ()) -> Deal:
    return Deal(
        type=DealType.GAME,
        dealer=dealer,
        declarer="A",
        level=level,
        strain="S",
        defence=(DefenceCall("B", Call.PASS), DefenceCall("C", Call.PASS)),
        play=Play.NONE,
        referee_rulings=rulings,
    )


def typed(convention: str, players: str, deal: Deal) -> tuple[Totals, tuple]:
    result = score_deal(preset(convention), tuple(players), deal)
    return Totals.of(result.entries), result.entries


@pytest.mark.parametrize(
    ("ruling", "reference"),
    [(SetWithoutAll(bid_level=7), "Kodeks 3.4.4"), (WrongCardCount(proven_undertricks=1), "3.4.6")],
)
def test_penalty_set_entries_carry_their_kodeks_reference(ruling, reference):
    # sochi 7 (bid 7 / without 2 + 1): every entry — mountain and consolation — names the rule
    deal = Deal(
        type=DealType.GAME,
        declarer="A",
        level=7,
        strain="S",
        play=Play.NONE,
        ruling=ruling,
    )
    result = score_deal(preset("sochi"), ("A", "B", "C"), deal)
    assert len(result.entries) == 3  # gora A, consolation B→A, consolation C→A
    assert all(reference in entry.rule for entry in result.entries)


@pytest.mark.parametrize(("players", "dealer"), [("ABCD", "D"), ("ABC", "C")])
def test_prikup_refusal_charges_the_dealer_the_agreed_mountain_points(players, dealer):
    # 7 pass–pass: pool C(7)=4 for A; the agreed 3 points go to the dealer's mountain
    totals, _ = typed("sochi", players, pass_pass(dealer=dealer, rulings=(PrikupRefusal(3),)))
    assert totals.pulka == {"A": 4}
    assert totals.gora == {dealer: 3}
    assert totals.whists == {}


def test_prikup_refusal_entry_carries_its_rule_reference():
    _, entries = typed("sochi", "ABCD", pass_pass(rulings=(PrikupRefusal(3),)))
    fines = [e for e in entries if e.kind == "gora"]
    assert [(e.player, e.amount) for e in fines] == [("D", 3)]
    assert "3.4.10" in fines[0].rule


def test_prikup_refusal_needs_the_dealer():
    with refused("ruling.dealer_needed", "referee_rulings[0]"):
        score_deal(
            preset("sochi"), ("A", "B", "C"), pass_pass(dealer=None, rulings=(PrikupRefusal(3),))
        )


@pytest.mark.parametrize(
    ("points", "code"), [(-2, "ruling.points_negative"), ("3", "ruling.points_number")]
)
def test_prikup_refusal_points_must_be_a_non_negative_number(points, code):
    with refused(code, "referee_rulings[0]"):
        typed("sochi", "ABCD", pass_pass(rulings=(PrikupRefusal(points),)))


def _raspasy_deal(rulings: tuple) -> Deal:
    return Deal(
        type=DealType.RASPASY,
        dealer="C",
        play=Play.CLOSED,
        tricks={"A": 2, "B": 3, "C": 5},
        series_index=1,
        referee_rulings=rulings,
    )


def test_raspasy_dealer_fine_is_added_to_the_dealer_mountain():
    # sochi raspasy #1 at 1 per trick: A 2, B 3, C 5; the dealer C is fined 4 more → 9
    totals, entries = typed("sochi", "ABC", _raspasy_deal((RaspasyDealerFine(4),)))
    assert totals.gora == {"A": 2, "B": 3, "C": 9}
    assert totals.pulka == {}
    fine = [e for e in entries if e.amount == 4 and e.player == "C"]
    assert fine and "SEED-004" in fine[0].rule


def test_raspasy_dealer_fine_applies_to_a_raspasy_only():
    with refused("ruling.fine_not_raspasy", "referee_rulings[0]"):
        typed("sochi", "ABCD", pass_pass(rulings=(RaspasyDealerFine(4),)))


def test_raspasy_dealer_fine_refuses_negative_points():
    with refused("ruling.points_negative", "referee_rulings[0]"):
        typed("sochi", "ABC", _raspasy_deal((RaspasyDealerFine(-1),)))


def _lone_whist(whister: str, passer: str, rulings: tuple) -> Deal:
    return Deal(
        type=DealType.GAME,
        declarer="A",
        level=6,
        strain="S",
        defence=(DefenceCall(whister, Call.WHIST), DefenceCall(passer, Call.PASS)),
        play=Play.OPEN,
        tricks={"A": 6, "B": 3, "C": 1},
        referee_rulings=rulings,
    )


def test_talon_peeker_who_passes_changes_nothing():
    # C peeked and passed; B whists alone: 6 made, pool 2; greedy B→A 2 × (3 + 1) = 8
    totals, _ = typed("sochi", "ABC", _lone_whist("B", "C", (TalonPeeking("C"),)))
    assert totals.pulka == {"A": 2}
    assert totals.gora == {}
    assert totals.whists == {("B", "A"): 8}


def test_talon_peeker_may_not_whist():
    with refused("deal.peeker_whists", "defence", player="B"):
        typed("sochi", "ABC", _lone_whist("B", "C", (TalonPeeking("B"),)))


def test_talon_peeker_may_not_half_whist():
    deal = Deal(
        type=DealType.GAME,
        declarer="A",
        level=6,
        strain="S",
        defence=(DefenceCall("B", Call.PASS), DefenceCall("C", Call.HALF_WHIST)),
        play=Play.NONE,
        referee_rulings=(TalonPeeking("C"),),
    )
    with refused("deal.peeker_whists", "defence", player="C"):
        typed("sochi", "ABC", deal)


def test_talon_peeking_dealer_may_not_take_over_the_defence():
    deal = Deal(
        type=DealType.GAME,
        dealer="D",
        declarer="A",
        level=8,
        strain="S",
        defence=(
            DefenceCall("B", Call.PASS),
            DefenceCall("C", Call.PASS),
            DefenceCall("D", Call.WHIST),
        ),
        play=Play.OPEN,
        tricks={"A": 8, "B": 1, "C": 1},
        referee_rulings=(TalonPeeking("D"),),
    )
    with refused("deal.peeker_whists", "defence", player="D"):
        typed("sochi", "ABCD", deal)


def test_talon_peeker_must_be_at_the_table():
    with refused("table.not_at_table", "referee_rulings[0].player", player="Q"):
        typed("sochi", "ABC", _lone_whist("B", "C", (TalonPeeking("Q"),)))


@pytest.mark.parametrize(
    ("entry", "book", "expected"),
    [
        (ManualEntry("gora", "B", 5, "revoke"), "gora", {"B": 5}),
        (ManualEntry("pulka", "C", 2, "correction"), "pulka", {"A": 4, "C": 2}),  # A's 4 too
        (ManualEntry("whist", "B", 10, "disciplinary", on="C"), "whists", {("B", "C"): 10}),
        (ManualEntry("adjustment", "C", -20, "FSPR error table"), "adjustments", {"C": -20}),
        (ManualEntry("whist", "C", Fraction(15, 2), "half", on="B"), "whists", {("C", "B"): 7.5}),
    ],
)
def test_manual_entry_is_written_as_given(entry, book, expected):
    # 7 pass–pass writes pool A 4 (C(7)); the manual entry is added as given
    totals, _ = typed("sochi", "ABC", pass_pass(dealer=None, rulings=(entry,)))
    assert getattr(totals, book) == expected


def test_manual_entry_keeps_its_rule_reference():
    entry = ManualEntry("gora", "B", 6, "error table 10.3", rule="FSPR Sports Code 10.3")
    _, entries = typed("sochi", "ABC", pass_pass(dealer=None, rulings=(entry,)))
    manual = [e for e in entries if e.kind == "gora"]
    assert [(e.player, e.amount, e.rule) for e in manual] == [("B", 6, "FSPR Sports Code 10.3")]


def test_manual_adjustment_does_not_enter_the_sheet():
    # 7 pass–pass + adjustment C −20: the sheet is pool A 4 only
    entry = ManualEntry("adjustment", "C", -20, "disciplinary")
    totals, _ = typed("sochi", "ABC", pass_pass(dealer=None, rulings=(entry,)))
    assert (totals.pulka, totals.gora, totals.whists) == ({"A": 4}, {}, {})


@pytest.mark.parametrize(
    ("entry", "code", "field", "params"),
    [
        (ManualEntry("bonus", "B", 5, "x"), "ruling.manual_kind", "entry", {}),
        (ManualEntry("gora", "B", 5, "  "), "ruling.manual_reason", "reason", {}),
        (ManualEntry("whist", "B", 5, "x"), "ruling.whist_needs_on", "on", {}),
        (ManualEntry("whist", "B", 5, "x", on="B"), "ruling.whists_on_himself", "on", {}),
        (ManualEntry("gora", "B", 5, "x", on="C"), "ruling.on_whist_only", "on", {}),
        (ManualEntry("gora", "Q", 5, "x"), "table.not_at_table", "player", {"player": "Q"}),
        (ManualEntry("whist", "B", 5, "x", on="Q"), "table.not_at_table", "on", {"player": "Q"}),
        (ManualEntry("gora", "B", "5", "x"), "ruling.amount_number", "amount", {}),
    ],
)
def test_manual_entry_with_invalid_fields_is_refused(entry, code, field, params):
    with refused(code, f"referee_rulings[0].{field}", **params):
        typed("sochi", "ABC", pass_pass(dealer=None, rulings=(entry,)))


# -- named referee rulings built on manual entries (SPEC §9.6, §9.8) --------------------


def test_underbid_ruling_writes_the_referees_entry_with_its_rule():
    from scoring import underbid

    deal = Deal(
        DealType.GAME,
        declarer="A",
        level=6,
        strain="S",
        defence=(DefenceCall("B", Call.PASS), DefenceCall("C", Call.PASS)),
        play=Play.NONE,
        referee_rulings=(underbid("gora", "A", 2, "took 8 on a 6, no limiting layout"),),
    )
    entries = score_deal(preset("sochi"), ("A", "B", "C"), deal).entries
    ruling = [e for e in entries if e.rule.startswith("SEED-002")]
    # the referee's set: 2 mountain points on A, beside the 6 made without play (pool 2)
    assert [(e.kind, e.player, e.amount) for e in ruling] == [("gora", "A", 2)]


def test_disciplinary_penalty_in_points_or_in_whists_outside_the_sheet():
    from scoring import disciplinary

    points = disciplinary("B", 5, "late for the round")
    whists = disciplinary("B", 20, "phone at the table", whists=True)
    deal = Deal(
        DealType.RASPASY,
        tricks={"A": 3, "B": 3, "C": 4},
        series_index=1,
        referee_rulings=(points, whists),
    )
    entries = score_deal(preset("sochi"), ("A", "B", "C"), deal).entries
    mine = [(e.kind, e.player, e.amount) for e in entries if e.rule.startswith("Lesnoy")]
    assert mine == [("gora", "B", 5), ("adjustment", "B", -20)]
