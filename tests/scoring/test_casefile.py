"""What a case file must not get past (SPEC §12.7 items 1, 2, 8 and 10): unknown kinds,
conventions, options and option values, missing fields, bad player lists, ids that are not at
the table, ruling parameter errors, negative settlement whists.

Each refusal is ``{"id": ..., "error": "..."}`` with no numbers (``refusals.raising`` checks
it); every test names the refusal's code and the field it points at, not its English text.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring import OptionError
from scoring.casefile import run_case

from .helpers import calls, game, misere, raspasy
from .refusals import raising, refused

REQUIRED = "case.required"

# -- building blocks -------------------------------------------------------------------------


def deal_case(
    deal: dict[str, Any] | None = None,
    *,
    convention: str = "sochi",
    players: Any = ("A", "B", "C"),
    options: dict[str, Any] | None = None,
    dealer: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    case: dict[str, Any] = {
        "id": "X-1",
        "kind": "deal",
        "convention": convention,
        "options": options or {},
        "players": list(players) if isinstance(players, tuple) else players,
        "dealer": dealer,
        # 7 pass–pass: a valid deal that writes pool 4 for A
        "deal": deal if deal is not None else game("A", 7, calls("B pass", "C pass")),
    }
    case.update(extra)
    return case


def settlement_case(**input_: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"pool_size": None, "pulka": None, "gora": {"A": 2}, "whists": []}
    data.update(input_)
    return {
        "id": "S-1",
        "kind": "settlement",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "input": data,
    }


def pulka_case(deals: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": "P-1",
        "kind": "pulka",
        "convention": "sochi",
        "options": {},
        "players": ["A", "B", "C"],
        "pool_size": None,
        "deals": deals,
    }


def accepted(case: dict[str, Any]) -> dict[str, Any]:
    out = run_case(case)
    assert "error" not in out, out["error"]
    return out


def without(case: dict[str, Any], *path: str) -> dict[str, Any]:
    """A deep copy of ``case`` with the field at ``path`` removed."""
    case = copy.deepcopy(case)
    target = case
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return case


def test_the_baseline_case_is_valid():
    # 7 pass–pass: pool C(7) = 4 for A, nothing else (the fixtures below break only one thing)
    out = accepted(deal_case())
    assert out == {"id": "X-1", "pulka": {"A": 4}, "gora": {}, "whists": [], "adjustments": []}


# == item 1: unknown kind, convention, option name or value; missing fields; wrong types =====


@pytest.mark.parametrize("kind", ["game", "Deal", "tournament", ""])
def test_unknown_kind_is_refused(kind):
    with refused("case.unknown_kind", "kind", value=repr(kind)):
        raising(deal_case(kind=kind))


@pytest.mark.parametrize("name", ["moscow", "piter", "leningradka", "fspr2006"])
def test_unknown_convention_is_refused(name):
    with refused("option.unknown_convention", "convention", name=repr(name)):
        raising(deal_case(convention=name))


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("raspasy_price", 1),  # no such option: the base price is the first progression step
        ("misere_whists", True),  # whists on a misère are not supported (§5)
        ("bomb_multiplier", 2),  # classic bombs are not supported (§6.7)
        ("penalty_trick_credit", True),  # the 3.4.9 trick credit is fixed (§9.3)
        ("underbid_rule", "seed-002"),  # under-bidding is a referee ruling (§9.6)
        ("talon_shown", False),  # a setting of the referee application (§9.6)
        ("prikup_refusal_penalty", 2),  # a referee ruling (§9.5)
        ("whist_price_x", "C"),
    ],
)
def test_unknown_option_name_is_refused_and_named(option, value):
    with refused("option.unknown", f"options.{option}", name=repr(option)):
        raising(deal_case(options={option: value}))


@pytest.mark.parametrize(
    ("option", "value", "code"),
    [
        ("whist_liability", "half_doubled", "option.not_choice"),
        ("whist_price", "3C", "option.not_choice"),
        ("set_price", "C2", "option.not_choice"),
        ("consolation", 2, "option.not_choice"),
        ("liability_8_to_10", "first_whister", "option.not_choice"),
        ("whist_sharing", "polite", "option.not_choice"),
        ("gentleman_split", "never", "option.not_choice"),
        ("half_whist_levels", [5, 6], "option.not_levels"),
        ("half_whist_levels", [6, 11], "option.not_levels"),
        ("ten_mode", "open", "option.not_choice"),
        ("raspasy_recording", "pool", "option.not_choice"),
        ("raspasy_progression", [], "option.progression"),
        ("raspasy_progression", [0, 2], "option.progression_zero"),
        ("raspasy_progression", [1, -2], "option.not_number"),
        ("raspasy_after_top", "reset", "option.not_choice"),
        ("raspasy_zero_bonus", "pool_two", "option.not_choice"),
        ("raspasy_talon", "shown", "option.not_choice"),
        ("raspasy_exit", "extreme", "option.exit"),
        ("raspasy_exit", [6, 7], "option.exit"),
        ("raspasy_series_ends_on", "never", "option.not_choice"),
        ("deal_rotation", "counter_clockwise", "option.not_choice"),
        ("overflow_mode", "drop", "option.not_choice"),
        ("help_target", "helper_choice", "option.helper_choice"),  # refused in case files (§10.2)
        ("help_target", "smallest_pool", "option.not_choice"),
        ("writeoff_below_zero", "ignore", "option.not_choice"),
        ("classic_liability_trigger", "never", "option.not_choice"),
        ("prikup_bonus_three_handed", "all", "option.not_choice"),
        ("wrong_cards_rule", "always", "option.not_choice"),
        ("contract_value", [2, 4, 6, 8], "option.contract_value"),
        ("contract_value", "2,4,6,8,10", "option.not_list"),
        ("misere_value", -10, "option.not_number"),
        ("misere_value", "10", "case.not_number"),
        ("misere_fail_per_trick", True, "case.bool_not_number"),
        ("raspasy_whist_price", -5, "option.not_number"),
        ("pool_to_mountain_factor", "2", "case.not_number"),
        ("help_whists_per_point", None, "case.not_number"),
        ("raspasy_idle_dealer_pool", -1, "option.not_number"),
        ("penalty_set_consolation", "yes", "option.not_flag"),
        ("penalty_set_consolation", 1, "option.not_flag"),
        ("prikup_bonus", "on", "option.not_flag"),
        ("stalingrad", 0, "option.not_flag"),
        ("consolation_to_dealer", None, "option.not_flag"),
        ("dealer_whist_liable", "false", "option.not_flag"),
        ("dealer_whist_defenders_consolation", 1, "option.not_flag"),
        ("raspasy_zero_bonus_excludes_dealer", "true", "option.not_flag"),
        ("half_whist_exits_raspasy", [], "option.not_flag"),
        ("raspasy_amnesty", "off", "option.not_flag"),
    ],
)
def test_invalid_option_value_is_refused_and_the_option_named(option, value, code):
    with refused(code, f"options.{option}", kind=OptionError):
        raising(deal_case(options={option: value}))


VALID_OPTION_VALUES = {
    "contract_value": [2, 4, 6, 8, 10],
    "misere_value": 10,
    "whist_price": "2C",
    "set_price": "2C",
    "consolation": "C",
    "whist_liability": "half",
    "liability_8_to_10": "each_zero_taker",
    "whist_sharing": "gentleman",
    "gentleman_split": "always",
    "half_whist_levels": [6],
    "consolation_to_dealer": False,
    "dealer_whist_liable": False,
    "dealer_whist_defenders_consolation": False,
    "misere_fail_per_trick": 20,
    "ten_mode": "checked",
    "stalingrad": True,
    "raspasy_recording": "whists",
    "raspasy_progression": [1, 2, 4],
    "raspasy_after_top": "cycle",
    "raspasy_zero_bonus": "pool_one",
    "raspasy_zero_bonus_excludes_dealer": True,
    "raspasy_whist_price": 3,
    "raspasy_talon": "suit_only",
    "raspasy_exit": [6, 7, 8],
    "raspasy_series_ends_on": "made_game",
    "half_whist_exits_raspasy": False,
    "deal_rotation": "dealer_repeats_on_raspasy",
    "pool_to_mountain_factor": 2,
    "overflow_mode": "write_off",
    "help_whists_per_point": 20,
    "help_target": "next_clockwise",
    "prikup_bonus": True,
    "prikup_bonus_three_handed": "half_each",
    "classic_liability_trigger": "all_pools_closed",
    "raspasy_amnesty": True,
    "raspasy_idle_dealer_pool": 1,
    "writeoff_below_zero": "whists_on_others",
    "penalty_set_consolation": False,
    "wrong_cards_rule": "deliberate_only",
}


@pytest.mark.parametrize(("option", "value"), sorted(VALID_OPTION_VALUES.items()))
def test_every_option_of_section_10_is_accepted_with_a_valid_value(option, value):
    # the refusals above must come from the name or value, not from options as such
    accepted(deal_case(options={option: value}))


@pytest.mark.parametrize(
    ("case", "code", "field"),
    [
        (without(deal_case(), "id"), "case.id", "id"),
        (without(deal_case(), "kind"), REQUIRED, "kind"),
        (without(deal_case(), "convention"), REQUIRED, "convention"),
        (without(deal_case(), "players"), REQUIRED, "players"),
        (without(deal_case(), "deal"), REQUIRED, "deal"),
        (without(deal_case(), "deal", "type"), REQUIRED, "deal, type"),
        (without(deal_case(), "deal", "play"), REQUIRED, "deal, play"),
        (without(deal_case(), "deal", "contract"), REQUIRED, "deal, contract"),
        (without(deal_case(), "deal", "declarer"), "deal.declarer_needed", "deal, declarer"),
        (without(settlement_case(), "input"), REQUIRED, "input"),
        (without(pulka_case([]), "deals"), REQUIRED, "deals"),
    ],
)
def test_missing_required_field_is_refused_and_named(case, code, field):
    with refused(code, field):
        raising(case)


def _without_call(deal: dict[str, Any]) -> dict[str, Any]:
    deal = copy.deepcopy(deal)
    del deal["defence"][0]["call"]
    return deal


def test_defence_call_without_its_call_is_refused():
    case = deal_case(_without_call(game("A", 7, calls("B pass", "C pass"))))
    with refused(REQUIRED, "deal, defence[0]", key="call"):
        raising(case)


def test_raspasy_in_a_deal_case_without_its_series_index_is_refused():
    # §12.2: deal.raspasy.series_index is required in a deal case
    case = deal_case(raspasy({"A": 2, "B": 3, "C": 5}, series_index=None))
    with refused("deal.series_index", "deal, raspasy.series_index"):
        raising(case)


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("id", 7, "case.id"),
        ("convention", 5, "case.convention_name"),
        ("options", ["whist_sharing", "gentleman"], "case.not_object"),
        ("players", "ABC", "case.players"),
        ("deal", [1, 2], "case.not_object"),
    ],
)
def test_value_of_the_wrong_type_is_refused(field, value, code):
    with refused(code, field):
        raising(deal_case(**{field: value}))


WRONG_TYPE_CRASHES = [
    pytest.param(
        deal_case(dealer=["A"]),
        "case.player_id",
        "deal, dealer",
        id="dealer-list",
    ),
    pytest.param(
        settlement_case(pool_size=10, pulka=[10, 10, 10]),
        "case.not_object",
        "input.pulka",
        id="settlement-pulka-list",
    ),
    pytest.param(
        settlement_case(whists={"by": "B"}),
        "case.not_list_of",
        "input.whists",
        id="settlement-whists-object",
    ),
    pytest.param(
        deal_case(pool_before=[1]), "case.not_object", "pool_before", id="pool_before-list"
    ),
    pytest.param(
        deal_case({**game("A", 7, []), "contract": [7]}),
        "case.not_object",
        "deal, contract",
        id="contract-list",
    ),
    pytest.param(
        deal_case({**game("A", 7, calls("B pass", "C pass")), "talon": "SASK"}),
        "case.talon_list",
        "deal, talon",
        id="talon-string",
    ),
]


@pytest.mark.parametrize(("case", "code", "field"), WRONG_TYPE_CRASHES)
def test_value_of_the_wrong_type_deeper_in_the_case_is_refused(case, code, field):
    with refused(code, field):
        raising(case)


def test_refusal_echoes_the_case_id():
    out = run_case(deal_case(options={"bomb_multiplier": 2}))
    assert out["id"] == "X-1"


# == item 2: players, and ids that are not at the table =====================================


@pytest.mark.parametrize(
    "players",
    [
        ["A", "B"],
        ["A", "B", "C", "D", "E"],
        [],
        ["A", "A", "B"],
        ["A", "B", "C", "A"],
        ["A", "B", 3],
    ],
)
def test_players_must_be_three_or_four_distinct_ids(players):
    with refused("case.players", "players"):
        raising(deal_case(players=players))


def _set_at(case: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    case = copy.deepcopy(case)
    target = case
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return case


PLAYED_SIX = game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}, play="open")
MISERE = misere("X", {"X": 0, "A": 5, "B": 5})
COMMERCIAL = {
    "rule": "kodex-3.8.5.1",
    "mode": "commercial",
    "insisting": "A",
    "dissenters": ["B"],
    "guaranteed": {"X": 1, "A": 5, "B": 4},
}
QUALIFICATION = {
    "rule": "kodex-3.8.5.1",
    "mode": "qualification",
    "dissenter": "B",
    "alternative": {"X": 1, "A": 5, "B": 4},
    "lot": "actual",
}


def _misere_case(ruling: dict[str, Any]) -> dict[str, Any]:
    return deal_case({**MISERE, "ruling": ruling}, players=("X", "A", "B"))


# where each id outside the table is refused: the case reader's check (the case's own
# books) or the table's (a deal and its ruling)
CASE_OUT, TABLE_OUT = "case.not_at_table", "table.not_at_table"
OUTSIDERS = {
    "dealer": (deal_case(dealer="Q"), TABLE_OUT, "deal, dealer"),
    "declarer": (deal_case(game("Q", 7, calls("B pass", "C pass"))), TABLE_OUT, "deal, declarer"),
    "defence player": (
        deal_case(game("A", 7, calls("B pass", "Q pass"))),
        TABLE_OUT,
        "deal, defence[1].player",
    ),
    "tricks": (
        deal_case({**PLAYED_SIX, "tricks": {"A": 6, "B": 3, "Q": 1}}),
        TABLE_OUT,
        "deal, tricks",
    ),
    "pool_before pulka": (
        deal_case(pool_before={"size": 10, "pulka": {"Q": 2}, "gora": {}}),
        CASE_OUT,
        "pool_before.pulka",
    ),
    "pool_before gora": (
        deal_case(pool_before={"size": 10, "pulka": {}, "gora": {"Q": 2}}),
        CASE_OUT,
        "pool_before.gora",
    ),
    "ruling insisting": (
        _misere_case({**COMMERCIAL, "insisting": "Q"}),
        TABLE_OUT,
        "deal, ruling.insisting",
    ),
    "ruling dissenters": (
        _misere_case({**COMMERCIAL, "dissenters": ["Q"]}),
        TABLE_OUT,
        "deal, ruling.dissenters",
    ),
    "ruling guaranteed": (
        _misere_case({**COMMERCIAL, "guaranteed": {"X": 1, "A": 5, "Q": 4}}),
        TABLE_OUT,
        "deal, ruling",
    ),
    "ruling dissenter": (
        _misere_case({**QUALIFICATION, "dissenter": "Q"}),
        TABLE_OUT,
        "deal, ruling.dissenter",
    ),
    "ruling alternative": (
        _misere_case({**QUALIFICATION, "alternative": {"X": 1, "Q": 9}}),
        TABLE_OUT,
        "deal, ruling",
    ),
    "settlement pulka": (settlement_case(pool_size=10, pulka={"Q": 10}), CASE_OUT, "input.pulka"),
    "settlement gora": (settlement_case(gora={"Q": 4}), CASE_OUT, "input.gora"),
    "settlement whists by": (
        settlement_case(whists=[{"by": "Q", "on": "A", "amount": 4}]),
        CASE_OUT,
        "input.whists[0]",
    ),
    "settlement whists on": (
        settlement_case(whists=[{"by": "A", "on": "Q", "amount": 4}]),
        CASE_OUT,
        "input.whists[0]",
    ),
    "pulka deal dealer": (
        pulka_case([{"dealer": "Q", **game("A", 7, calls("B pass", "C pass"))}]),
        TABLE_OUT,
        "deal 1, dealer",
    ),
    "pulka deal declarer": (
        pulka_case([game("Q", 7, calls("B pass", "C pass"))]),
        TABLE_OUT,
        "deal 1, declarer",
    ),
    "pulka deal tricks": (
        pulka_case([raspasy({"A": 2, "B": 3, "Q": 5}, series_index=None)]),
        TABLE_OUT,
        "deal 1, tricks",
    ),
}


@pytest.mark.parametrize("place", sorted(OUTSIDERS))
def test_id_that_is_not_at_the_table_is_refused_wherever_it_appears(place):
    case, code, field = OUTSIDERS[place]
    with refused(code, field, player="Q"):
        raising(case)


def test_four_handed_dealer_replacing_a_hand_that_is_not_at_the_table_is_refused():
    # the dealer's whist after pass – pass names the hand he takes over: Q is nobody's
    defence = calls("B pass", "C pass", "D whist Q")
    deal = game("A", 8, defence, {"A": 8, "B": 1, "C": 1}, play="open")
    with refused(TABLE_OUT, "deal, defence[2].replaces", player="Q"):
        raising(deal_case(deal, players=("A", "B", "C", "D"), dealer="D"))


def test_pulka_refusal_names_the_deal_by_its_position():
    deals = [
        game("A", 7, calls("B pass", "C pass")),
        game("B", 7, calls("C pass", "Q pass")),
    ]
    with refused(TABLE_OUT, "deal 2, defence[1].player", player="Q"):
        raising(pulka_case(deals))


# == item 8: rulings with an unknown rule or invalid parameters =============================


def _game_ruling(ruling: dict[str, Any], deal: dict[str, Any] | None = None) -> dict[str, Any]:
    base = deal or game("A", 7, calls("B whist", "C pass"), play="none")
    return deal_case({**base, "ruling": ruling})


@pytest.mark.parametrize(
    "rule", ["kodex-3.4.10", "kodex-3.4.5", "kodex-3.8.5", "kodex 3.4.4", "3.4.4", None]
)
def test_unknown_rule_is_refused(rule):
    with refused("case.unknown_rule", "deal, ruling.rule", value=repr(rule)):
        raising(_game_ruling({"rule": rule, "bid_level": 7}))


def test_ruling_that_is_not_an_object_is_refused():
    with refused("case.not_object", "deal, ruling"):
        raising(_game_ruling("kodex-3.4.4"))  # type: ignore[arg-type]


# 3.4.4: bid_level

OUT_OF_RANGE = [5, 11, 0, "7", 7.5, True, None]


@pytest.mark.parametrize("bid_level", OUT_OF_RANGE)
def test_set_without_all_bid_level_outside_6_to_10_is_refused(bid_level):
    with refused("ruling.bid_level", "deal, ruling.bid_level", value=repr(bid_level)):
        raising(_game_ruling({"rule": "kodex-3.4.4", "bid_level": bid_level}))


def test_set_without_all_missing_bid_level_is_refused():
    with refused(REQUIRED, "deal, ruling", key="bid_level"):
        raising(_game_ruling({"rule": "kodex-3.4.4"}))


@pytest.mark.parametrize(("level", "bid_level"), [(8, 7), (10, 9), (7, 6)])
def test_set_without_all_bid_level_below_the_contract_level_is_refused(level, bid_level):
    deal = game("A", level, [], play="none")
    with refused("ruling.bid_below", "deal, ruling.bid_level", bid=bid_level, level=level):
        raising(_game_ruling({"rule": "kodex-3.4.4", "bid_level": bid_level}, deal))


def test_set_without_all_on_a_played_deal_is_refused():
    # §9.1: the deal is not played (play none, no tricks)
    ruling = {"rule": "kodex-3.4.4", "bid_level": 6}
    with refused("deal.penalty_played", "deal, play"):
        raising(_game_ruling(ruling, PLAYED_SIX))


def test_set_without_all_on_a_misere_with_bid_level_out_of_range_is_refused():
    deal = {**misere("A", None), "ruling": {"rule": "kodex-3.4.4", "bid_level": 11}}
    with refused("ruling.bid_level", "deal, ruling.bid_level", value="11"):
        raising(deal_case(deal))


# 3.4.6: proven_undertricks, deliberate


def test_wrong_card_count_missing_proven_undertricks_is_refused():
    with refused(REQUIRED, "deal, ruling", key="proven_undertricks"):
        raising(_game_ruling({"rule": "kodex-3.4.6"}))


@pytest.mark.parametrize("proven", [-1, 8, 2.5, "2", True, None])
def test_wrong_card_count_proven_undertricks_outside_0_to_level_is_refused(proven):
    # the contract is a 7: proven_undertricks must be an integer 0..7
    ruling = {"rule": "kodex-3.4.6", "proven_undertricks": proven}
    with refused("ruling.proven_undertricks", "deal, ruling.proven_undertricks", level=7):
        raising(_game_ruling(ruling))


def test_wrong_card_count_proven_undertricks_up_to_the_contract_level_is_accepted():
    # sochi 7, proven 7 → without 9: R(7)=4 × 9 = 36 (the bound is inclusive)
    out = accepted(_game_ruling({"rule": "kodex-3.4.6", "proven_undertricks": 7}))
    assert out["gora"] == {"A": 36}


def test_wrong_card_count_without_deliberate_under_deliberate_only_is_refused():
    case = _game_ruling({"rule": "kodex-3.4.6", "proven_undertricks": 0})
    case["options"] = {"wrong_cards_rule": "deliberate_only"}
    with refused("ruling.deliberate_needed", "deal, ruling.deliberate"):
        raising(case)


@pytest.mark.parametrize("deliberate", ["yes", 1, "false"])
def test_wrong_card_count_deliberate_must_be_true_or_false(deliberate):
    case = _game_ruling({"rule": "kodex-3.4.6", "proven_undertricks": 0, "deliberate": deliberate})
    case["options"] = {"wrong_cards_rule": "deliberate_only"}
    with refused("ruling.deliberate", "deal, ruling.deliberate"):
        raising(case)


def test_wrong_card_count_on_a_played_deal_is_refused():
    ruling = {"rule": "kodex-3.4.6", "proven_undertricks": 0}
    with refused("deal.penalty_played", "deal, play"):
        raising(_game_ruling(ruling, PLAYED_SIX))


@pytest.mark.parametrize(
    "ruling",
    [
        {"rule": "kodex-3.4.6", "proven_undertricks": 0},
        {"rule": "kodex-3.4.6", "proven_undertricks": 0, "deliberate": True},
        {"rule": "kodex-3.4.9"},
    ],
)
def test_trick_game_rulings_on_a_misere_are_refused(ruling):
    deal = misere("A", {"A": 1, "B": 5, "C": 4})
    if ruling["rule"] == "kodex-3.4.6":
        deal = misere("A", None)
    with refused("ruling.trick_games_only", "deal, ruling"):
        raising(deal_case({**deal, "ruling": ruling}))


# 3.4.9


def test_looked_at_discard_on_an_unplayed_deal_is_refused():
    # pass – pass: nothing was played, so there is no discard to look at after the lead
    deal = game("A", 7, calls("B pass", "C pass"))
    with refused("ruling.needs_play", "deal, ruling", rule="Kodeks 3.4.9"):
        raising(deal_case({**deal, "ruling": {"rule": "kodex-3.4.9"}}))


def test_looked_at_discard_on_a_raspasy_is_refused():
    deal = {**raspasy({"A": 2, "B": 3, "C": 5}), "ruling": {"rule": "kodex-3.4.9"}}
    with refused("ruling.raspasy", "deal, ruling"):
        raising(deal_case(deal))


# 3.8.5.1


@pytest.mark.parametrize("lot", ["coin", "Actual", "", None, 1])
def test_qualification_lot_other_than_actual_or_alternative_is_refused(lot):
    with refused("ruling.lot", "deal, ruling.lot"):
        raising(_misere_case({**QUALIFICATION, "lot": lot}))


@pytest.mark.parametrize("missing", ["lot", "dissenter", "alternative"])
def test_qualification_missing_parameter_is_refused(missing):
    ruling = {k: v for k, v in QUALIFICATION.items() if k != missing}
    with refused(REQUIRED, "deal, ruling", key=missing):
        raising(_misere_case(ruling))


def test_qualification_dissenter_who_is_the_declarer_is_refused():
    with refused("ruling.dissenter_declarer", "deal, ruling.dissenter"):
        raising(_misere_case({**QUALIFICATION, "dissenter": "X"}))


@pytest.mark.parametrize("missing", ["insisting", "dissenters", "guaranteed"])
def test_commercial_missing_parameter_is_refused(missing):
    ruling = {k: v for k, v in COMMERCIAL.items() if k != missing}
    with refused(REQUIRED, "deal, ruling", key=missing):
        raising(_misere_case(ruling))


@pytest.mark.parametrize(
    ("change", "code", "field", "params"),
    [
        ({"insisting": "X"}, "ruling.insisting_declarer", "insisting", {}),
        ({"dissenters": ["X"]}, "ruling.dissenter_role", "dissenters", {"player": "X"}),
        # the insisting player cannot dissent from himself
        ({"dissenters": ["A"]}, "ruling.dissenter_role", "dissenters", {"player": "A"}),
        ({"dissenters": []}, "ruling.dissenters", "dissenters", {}),
        ({"dissenters": "B"}, "case.not_list_of", "dissenters", {"what": "dissenters"}),
    ],
)
def test_commercial_parties_must_make_sense(change, code, field, params):
    with refused(code, f"deal, ruling.{field}", **params):
        raising(_misere_case({**COMMERCIAL, **change}))


def test_commercial_dissenters_must_be_player_ids():
    with refused("case.player_id", "deal, ruling.dissenters", value="['B']"):
        raising(_misere_case({**COMMERCIAL, "dissenters": [["B"]]}))


@pytest.mark.parametrize("mode", ["tournament", None])
def test_disputed_plan_with_an_unknown_mode_is_refused(mode):
    with refused("case.ruling_mode", "deal, ruling.mode"):
        raising(_misere_case({**COMMERCIAL, "mode": mode}))


@pytest.mark.parametrize(
    ("tricks", "code", "params"),
    [
        ({"X": 1, "A": 5, "B": 3}, "deal.tricks_sum", {"sum": 9}),
        ({"X": 1, "A": 5}, "deal.tricks_of_missing", {"player": "B"}),
        ({"X": -1, "A": 6, "B": 5}, "deal.tricks_whole", {"player": "X"}),
    ],
    ids=["sum-9", "hand-missing", "negative"],
)
def test_other_outcome_tricks_are_validated_like_the_deal_tricks(tricks, code, params):
    # guaranteed / alternative must be a valid outcome of the same deal (§9.7)
    for ruling in (
        {**COMMERCIAL, "guaranteed": tricks},
        {**QUALIFICATION, "alternative": tricks},
    ):
        with refused(code, "deal, ruling", **params):
            raising(_misere_case(ruling))


# == item 10: negative whists in a settlement ===============================================


def test_settlement_with_a_negative_whist_amount_is_refused():
    case = settlement_case(whists=[{"by": "B", "on": "A", "amount": -4}])
    with refused("case.negative_whists", "input.whists[0].amount"):
        raising(case)


def test_settlement_with_zero_and_positive_whists_is_accepted():
    # gora A 2 (k = 1, n = 3): m = (2, 0, 0), avg 2/3 → G A −40/3, B 20/3, C 20/3;
    # whists B→A 0, A→C 4: V A +4, C −4 → A −28/3, B 20/3, C 8/3
    case = settlement_case(
        whists=[{"by": "B", "on": "A", "amount": 0}, {"by": "A", "on": "C", "amount": 4}]
    )
    out = accepted(case)
    assert out["result"] == pytest.approx(
        {"A": -40 / 3 + 4, "B": 20 / 3, "C": 20 / 3 - 4}, abs=0.01
    )


# -- round trip: typed deal -> case JSON -> typed deal ----------------------------------


@pytest.mark.parametrize("preset_name", ["sochi", "leningrad", "rostov", "classic", "fspr"])
@pytest.mark.parametrize("size", [3, 4])
def test_generated_deals_survive_the_round_trip_through_json(preset_name, size):
    import json
    import random

    from scoring import preset
    from scoring.casefile import deal_to_json, parse_deal
    from scoring.samples import random_pulka

    cv = preset(preset_name)
    players = ("A", "B", "C", "D")[:size]
    for deal in random_pulka(random.Random(size), cv, players, 40):
        data = json.loads(json.dumps(deal_to_json(deal)))
        assert parse_deal({k: v for k, v in data.items() if k != "dealer"}, data["dealer"]) == deal


@pytest.mark.parametrize(
    "ruling",
    [
        {"rule": "kodex-3.4.4", "bid_level": 7},
        {"rule": "kodex-3.4.6", "proven_undertricks": 2, "deliberate": True},
        {"rule": "kodex-3.4.6", "proven_undertricks": 0},
        {"rule": "kodex-3.4.9"},
        {"rule": "kodex-3.4.11"},
        {
            "rule": "kodex-3.8.5.1",
            "mode": "commercial",
            "insisting": "B",
            "dissenters": ["C"],
            "guaranteed": {"A": 5, "B": 3, "C": 2},
        },
        {
            "rule": "kodex-3.8.5.1",
            "mode": "qualification",
            "dissenter": "C",
            "alternative": {"A": 5, "B": 3, "C": 2},
            "lot": "actual",
        },
    ],
)
def test_rulings_survive_the_round_trip(ruling):
    from scoring.casefile import deal_to_json, parse_deal

    raw = {**game("A", 6, calls("B whist", "C pass"), {"A": 6, "B": 3, "C": 1}), "ruling": ruling}
    deal = parse_deal(raw, None)
    assert deal_to_json(deal)["ruling"] == ruling
