"""Refusals and edge paths not covered by the rule-by-rule files: each names its field."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import (
    Call,
    Deal,
    DealError,
    DealType,
    DefenceCall,
    LookedAtDiscard,
    ManualEntry,
    Play,
    RulingError,
    Term,
    convention,
    preset,
    score_deal,
    settle,
)
from scoring.casefile import check_case, run_case
from scoring.explain import describe
from scoring.numbers import from_json, show, to_json
from scoring.prikup import premium_tricks

from .helpers import calls, game, score
from .refusals import raising, refused

SOCHI = preset("sochi")


def deal_case(deal, **extra):
    return {
        "id": "x",
        "kind": "deal",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "deal": deal,
        **extra,
    }


# -- the case-file layer ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "code", "params"),
    [
        (
            {**game("A", 6, calls("B pass", "C pass")), "colour": "red"},
            "case.unknown_field",
            {"name": "'colour'"},
        ),
        (
            {"type": "raspasy", "play": "closed", "contract": {"level": 6}},
            "case.raspasy_contract",
            {},
        ),
        ({**game("A", 6, []), "defence": "B whist"}, "case.not_list_of", {"what": "defence"}),
        (
            game(
                "A",
                6,
                [
                    {"player": "B", "call": "pass", "order": 1},
                    {"player": "C", "call": "pass", "order": 1},
                ],
            ),
            "case.call_order_twice",
            {},
        ),
        (
            game(
                "A",
                6,
                [
                    {"player": "B", "call": "pass", "order": 1},
                    {"player": "C", "call": "pass", "order": "x"},
                ],
            ),
            "case.call_order",
            {},
        ),
        ({**game("A", 6, calls("B pass", "C pass")), "talon": "SA SK"}, "case.talon_list", {}),
        (
            {**game("A", 6, calls("B pass", "C pass")), "declarer": ["A", "B"]},
            "case.one_declarer",
            {},
        ),
        (
            {**game("A", 6, calls("B pass", "C pass")), "declarer": 7},
            "case.player_id",
            {"value": "7"},
        ),
        (
            {**game("A", 6, calls("B pass", "C pass")), "contract": {"level": "misere"}},
            "case.misere_type",
            {},
        ),
        (
            {"type": "misere", "declarer": "A", "contract": {"level": 6}, "play": "open"},
            "case.misere_contract",
            {},
        ),
    ],
)
def test_malformed_deal_objects_are_refused(deal, code, params):
    with refused(code, **params):
        raising(deal_case(deal))


def test_a_pulka_whose_deals_are_not_a_list_is_refused():
    case = {
        "id": "p",
        "kind": "pulka",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "deals": {"1": {}},
    }
    with refused("case.not_list_of", "deals", what="deals"):
        raising(case)


def test_a_malformed_deal_in_a_pulka_is_named_by_its_position():
    good = {**game("A", 6, calls("B pass", "C pass")), "dealer": "C"}
    case = {
        "id": "p",
        "kind": "pulka",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "deals": [good, {**good, "play": "sideways"}],
    }
    with refused("case.unknown_play", "deal 2, play", value="'sideways'"):
        raising(case)


def test_a_settlement_with_whists_on_oneself_is_refused():
    case = {
        "id": "s",
        "kind": "settlement",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "input": {"gora": {}, "whists": [{"by": "A", "on": "A", "amount": 3}]},
    }
    with refused("case.whists_on_himself", "input.whists[0]"):
        raising(case)


def test_check_reports_each_kind_of_failure():
    deal = game("A", 6, calls("B pass", "C pass"))
    assert check_case({"id": "x"}, {"id": "x", "pulka": {}}) == ["no expected result"]
    wants_refusal = deal_case(deal, expected={"error": "no"})
    assert check_case(wants_refusal, run_case(wants_refusal)) == [
        'expected refusal ("no"), got a result'
    ]
    wants_numbers = deal_case({**deal, "play": "odd"}, expected={"pulka": {"A": 2}})
    assert check_case(wants_numbers, run_case(wants_numbers))[0].startswith("refused: deal, play")
    wrong = deal_case(deal, expected={"pulka": {"A": 3}})
    assert check_case(wrong, run_case(wrong)) == ["pulka A expected 3 got 2"]
    settlement = {
        "id": "s",
        "kind": "settlement",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "input": {"gora": {"A": 3}},
        "expected": {"result": {"A": -20, "B": 10, "C": 10}},
    }
    assert check_case(settlement, run_case(settlement)) == []


# -- the typed API ---------------------------------------------------------------------

SIX = dict(declarer="A", level=6, strain="S")
TWO_WHIST = (DefenceCall("B", Call.WHIST), DefenceCall("C", Call.WHIST))


@pytest.mark.parametrize(
    ("deal", "error", "code"),
    [
        (Deal("poker"), DealError, "deal.unknown_type"),  # type: ignore[arg-type]
        (
            Deal(DealType.RASPASY, level=6, tricks={"A": 10, "B": 0, "C": 0}, series_index=1),
            DealError,
            "deal.raspasy_contract",
        ),
        (
            Deal(
                DealType.RASPASY,
                defence=TWO_WHIST,
                tricks={"A": 10, "B": 0, "C": 0},
                series_index=1,
            ),
            DealError,
            "deal.raspasy_defence",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=TWO_WHIST,
                tricks={"A": 6, "B": 2, "C": 2},
                series_index=1,
            ),
            DealError,
            "deal.series_index_not_raspasy",
        ),
        (
            Deal(DealType.MISERE, declarer="A", level=6, tricks={"A": 0, "B": 5, "C": 5}),
            DealError,
            "deal.misere_contract",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=TWO_WHIST,
                play=Play.OPEN,
                tricks={"A": 6, "B": 2, "C": 2},
            ),
            DealError,
            "deal.two_whisters_open",
        ),
        (
            Deal(DealType.GAME, **SIX, defence=TWO_WHIST, play=Play.CLOSED),
            DealError,
            "deal.tricks_missing",
        ),
        (
            Deal(DealType.GAME, **SIX, defence=TWO_WHIST, tricks=[("A", 6)]),  # type: ignore[arg-type]
            DealError,
            "deal.tricks_map",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=TWO_WHIST,
                tricks={"A": 6, "B": 2, "C": 2},
                ruling=ManualEntry("gora", "A", 1, "x"),
            ),
            RulingError,
            "ruling.unknown",
        ),  # type: ignore[arg-type]
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=(DefenceCall("B", Call.WHIST, "C"), DefenceCall("C", Call.PASS)),
                tricks={"A": 6, "B": 2, "C": 2},
            ),
            DealError,
            "calls.not_dealer",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=(
                    DefenceCall("B", Call.PASS),
                    DefenceCall("C", Call.WHIST),
                    DefenceCall("B", Call.WHIST),
                ),
                tricks={"A": 6, "B": 2, "C": 2},
            ),
            DealError,
            "calls.impossible",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                talon=("SA", "SA"),
                defence=TWO_WHIST,
                tricks={"A": 6, "B": 2, "C": 2},
            ),
            DealError,
            "deal.talon_twice",
        ),
        (
            Deal(
                DealType.GAME,
                **SIX,
                defence=TWO_WHIST,
                tricks={"A": 6, "B": 2, "C": 2},
                referee_rulings=(LookedAtDiscard(),),
            ),
            RulingError,
            "ruling.unknown_referee",
        ),  # type: ignore[arg-type]
    ],
)
def test_typed_deals_that_cannot_have_happened_are_refused(deal, error, code):
    with refused(code, kind=error):
        score_deal(SOCHI, ("A", "B", "C"), deal)


def test_the_sitting_out_dealer_can_only_whist():
    deal = Deal(
        DealType.GAME,
        dealer="D",
        **SIX,
        defence=(
            DefenceCall("B", Call.PASS),
            DefenceCall("C", Call.PASS),
            DefenceCall("D", Call.PASS),
        ),
        play=Play.NONE,
    )
    with refused("calls.dealer_call", "defence[2]", kind=DealError):
        score_deal(SOCHI, ("A", "B", "C", "D"), deal)


def test_a_table_of_five_is_refused():
    deal = Deal(DealType.RASPASY, tricks={"A": 10}, series_index=1)
    with refused("table.players", "players", kind=DealError):
        score_deal(SOCHI, ("A", "B", "C", "D", "E"), deal)


def test_gentleman_retreat_to_half_whist_is_refused_under_greedy_whist():
    with refused("calls.gentleman_only", "deal, defence"):
        score("sochi", "ABC", game("A", 6, calls("B whist", "C pass", "B half_whist")))


def test_half_whist_refused_everywhere_when_no_level_allows_it():
    with refused("calls.half_whist_none", "deal, defence"):
        score(
            "sochi",
            "ABC",
            game("A", 6, calls("B pass", "C half_whist")),
            options={"half_whist_levels": []},
        )


def test_a_half_whist_on_a_level_not_allowed_is_named_even_in_a_bad_sequence():
    with refused("calls.half_whist_level", "deal, defence", levels=["6", "7"]):
        score("sochi", "ABC", game("A", 8, calls("B half_whist", "C pass")))


# -- numbers, settlement, explanations --------------------------------------------------


def test_numbers_are_read_exactly_and_shown_briefly():
    assert from_json(Decimal("57.5")) == Fraction(115, 2)
    assert from_json(0.1) == Fraction(1, 10)
    with pytest.raises(TypeError):
        from_json("7")
    assert to_json(Fraction(52, 3)) == 17.333333
    assert show(Fraction(15, 2)) == "7.5"
    assert show(Fraction(52, 3)) == "17 1/3"
    assert show(Fraction(-1, 3)) == "-1/3"


def test_settlement_refuses_a_bad_table_and_strangers():
    with refused("table.players"):
        settle(["A", "B"], {}, {}, {}, 1)
    with refused("table.not_at_table", player="Z"):
        settle(["A", "B", "C"], {}, {}, {("A", "Z"): 1}, 1)


def test_fractional_tricks_and_undertricks_are_worded_plainly():
    assert describe(Term("half_whist", (Fraction(1, 2), 6)), "ru") == "полвиста за 0.5 взятки × 6"
    assert describe(Term("set", (12, 2)), "ru") == "ремиз без 12 × 2"


def test_a_talon_without_honours_earns_no_premium():
    assert premium_tricks(("S7", "D8")) == 0
    cv = convention("fspr")
    deal = Deal(
        DealType.GAME, **SIX, talon=("S7", "D8"), defence=TWO_WHIST, tricks={"A": 6, "B": 2, "C": 2}
    )
    assert [
        e.term.code
        for e in score_deal(cv, ("A", "B", "C"), deal).entries
        if e.term.code.startswith("premium")
    ] == []


def test_every_option_can_be_listed():
    options = preset("fspr").options()
    assert options["prikup_bonus"] is True and len(options) == 41  # SPEC §10, §10.1


def test_the_russian_explanations_agree_with_their_numbers():
    assert describe(Term("half_whist", (1, 6)), "ru") == "полвиста за 1 взятку × 6"
    assert describe(Term("half_whist", (2, 6)), "ru") == "полвиста за 2 взятки × 6"
    assert describe(Term("half_whist", (5, 6)), "ru") == "полвиста за 5 взяток × 6"
    assert describe(Term("misere_caught", (1, 20)), "ru") == "мизер: поймана 1 взятка × 20"
    assert describe(Term("misere_caught", (3, 20)), "ru") == "мизер: пойманы 3 взятки × 20"
    assert describe(Term("misere_caught", (5, 20)), "ru") == "мизер: поймано 5 взяток × 20"
    assert describe(Term("misere_caught", (21, 20)), "ru") == "мизер: поймана 21 взятка × 20"
