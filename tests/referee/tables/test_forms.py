"""The deal form: the stored data it builds, its own checks at their fields, and the
engine's refusals placed at the field they name."""

import pytest

from referee.core.errors import InvalidDeal, ServiceError
from referee.tables.forms import DealForm

from ..factories import random_deals
from .test_services import SIX_MADE

THREE = [("A", "Анна"), ("B", "Борис"), ("C", "Вера")]
FOUR = [*THREE, ("D", "Глеб")]

POSTED = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "level": "6",
    "strain": "S",
    "call_1_player": "B",
    "call_1_call": "whist",
    "call_2_player": "C",
    "call_2_call": "whist",
    "play": "closed",
    "tricks_A": "6",
    "tricks_B": "2",
    "tricks_C": "2",
}


def bound(changes=None, seats=THREE, drop=(), **options):
    data = {k: v for k, v in {**POSTED, **(changes or {})}.items() if k not in drop}
    return DealForm(data, seats=seats, **options)


def valid(changes=None, **kwargs):
    form = bound(changes, **kwargs)
    assert form.is_valid(), form.errors
    return form


def errors_at(field, changes=None, **kwargs):
    form = bound(changes, **kwargs)
    assert not form.is_valid()
    return form.errors.get(field, [])


def posted(initial):
    """A stored deal's initial form values as a browser would post them back."""
    out = {}
    for key, value in initial.items():
        if isinstance(value, list):
            out[key] = [str(v) for v in value]
        else:
            out[key] = "" if value is None else str(value)
    return out


# -- the stored data ---------------------------------------------------------------------


def test_a_game_is_built_in_the_case_format():
    assert valid().deal_data() == SIX_MADE


def test_calls_take_the_order_of_their_rows_and_empty_rows_are_skipped():
    form = valid(
        {
            "call_1_player": "B",
            "call_1_call": "pass",
            "call_2_player": "",
            "call_2_call": "",
            "call_3_player": "C",
            "call_3_call": "half_whist",
            "call_4_player": "B",
            "call_4_call": "return_whist",
        }
    )
    assert form.deal_data()["defence"] == [
        {"player": "B", "call": "pass", "order": 1},
        {"player": "C", "call": "half_whist", "order": 2},
        {"player": "B", "call": "return_whist", "order": 3},
    ]


def test_a_misere_has_no_level_strain_or_calls_even_if_they_were_left_filled():
    data = valid({"type": "misere", "tricks_A": "0", "tricks_B": "5", "tricks_C": "5"}).deal_data()
    assert data["contract"] == {"level": "misere"}
    assert "defence" not in data


def test_a_raspasy_ignores_what_concerns_only_games():
    data = valid(
        {
            "type": "raspasy",
            "tricks_A": "3",
            "tricks_B": "3",
            "tricks_C": "4",
            "talon": "SA SK",
            "ruling": "kodex-3.4.9",
            "prikup_refusal": "4",
            "raspasy_fine": "2",
        }
    ).deal_data()
    assert data == {
        "dealer": "C",
        "type": "raspasy",
        "play": "closed",
        "tricks": {"A": 3, "B": 3, "C": 4},
        "referee_rulings": [{"kind": "raspasy_dealer_fine", "points": 2}],
    }


def test_a_blank_trick_count_is_a_hand_not_in_play():
    data = valid({"tricks_C": ""}, seats=THREE).deal_data()
    assert data["tricks"] == {"A": 6, "B": 2}


def test_a_deal_not_played_has_no_tricks():
    data = valid({"play": "none"}).deal_data()
    assert data["play"] == "none" and "tricks" not in data


def test_the_talon_is_read_as_two_cards_in_any_case_and_separator():
    assert valid({"talon": " sa, h10 "}).deal_data()["talon"] == ["SA", "H10"]


def test_kodeks_rulings_carry_their_parameters():
    ruling = valid({"ruling": "kodex-3.4.6", "proven_undertricks": "3", "deliberate": "yes"})
    assert ruling.deal_data()["ruling"] == {
        "rule": "kodex-3.4.6",
        "proven_undertricks": 3,
        "deliberate": True,
    }
    commercial = valid(
        {
            "ruling": "kodex-3.8.5.1-commercial",
            "insisting": "B",
            "dissenters": ["C"],
            "guaranteed_A": "5",
            "guaranteed_B": "3",
            "guaranteed_C": "2",
        }
    )
    assert commercial.deal_data()["ruling"] == {
        "rule": "kodex-3.8.5.1",
        "mode": "commercial",
        "insisting": "B",
        "dissenters": ["C"],
        "guaranteed": {"A": 5, "B": 3, "C": 2},
    }


def test_the_referee_rulings_are_listed_with_a_manual_entry_and_its_rule():
    data = valid(
        {
            "prikup_refusal": "2.5",
            "talon_peeking": "B",
            "manual_1_book": "whist",
            "manual_1_player": "A",
            "manual_1_on": "B",
            "manual_1_amount": "10",
            "manual_1_reason": "under-bid a sure seven",
            "manual_1_rule": "SEED-002 (under-bidding)",
            "manual_2_book": "gora",
            "manual_2_player": "C",
            "manual_2_on": "A",  # ignored: only whists are written on somebody
            "manual_2_amount": "4",
            "manual_2_reason": "late",
        }
    ).deal_data()
    assert data["referee_rulings"] == [
        {"kind": "prikup_refusal", "points": 2.5},
        {"kind": "talon_peeking", "player": "B"},
        {
            "kind": "manual",
            "entry": "whist",
            "player": "A",
            "amount": 10,
            "reason": "under-bid a sure seven",
            "on": "B",
            "rule": "SEED-002 (under-bidding)",
        },
        {"kind": "manual", "entry": "gora", "player": "C", "amount": 4, "reason": "late"},
    ]


QUALIFICATION = {
    "call_2_call": "pass",
    "play": "open",
    "ruling": "kodex-3.8.5.1-qualification",
    "dissenter": "C",
    "alternative_A": "5",
    "alternative_B": "3",
    "alternative_C": "2",
    "lot": "alternative",
}


def test_a_correction_keeps_the_mark_of_a_lot_the_site_drew_while_the_lot_stands():
    kept = valid(QUALIFICATION, drawn_lot="alternative").deal_data()["ruling"]
    changed = valid({**QUALIFICATION, "lot": "actual"}, drawn_lot="alternative").deal_data()
    assert kept["lot_drawn_by"] == "site"
    assert "lot_drawn_by" not in changed["ruling"]


@pytest.mark.parametrize("seats", [3, 4])
def test_a_stored_deal_comes_back_unchanged_through_the_form(seats):
    for data in random_deals(40, seats, seed=seats):
        initial = DealForm.initial_from(data)
        form = DealForm(posted(initial), seats=(THREE if seats == 3 else FOUR))
        assert form.is_valid(), (data, form.errors)
        assert form.deal_data() == data


def test_a_stored_ruling_and_referee_rulings_come_back_through_the_form():
    data = valid(
        {
            **QUALIFICATION,
            "talon": "SA SK",
            "talon_peeking": "B",
            "manual_1_book": "adjustment",
            "manual_1_player": "A",
            "manual_1_amount": "-50",
            "manual_1_reason": "disciplinary",
            "manual_1_rule": "Lesnoy, tournament rules (discipline)",
        }
    ).deal_data()
    form = DealForm(posted(DealForm.initial_from(data)), seats=THREE)
    assert form.is_valid(), form.errors
    assert form.deal_data() == data


# -- the form's own checks, at their fields ------------------------------------------------


def test_a_table_of_four_needs_its_dealer():
    errors = errors_at("dealer", {"dealer": "", "tricks_D": ""}, seats=FOUR)
    assert errors == ["Choose the dealer: at a table of four he sits out."]


def test_a_table_of_three_may_leave_the_dealer_out():
    assert valid({"dealer": ""}).deal_data()["dealer"] is None


def test_a_game_needs_its_declarer():
    assert errors_at("declarer", {"declarer": ""}) == ["Choose a declarer for a game."]


def test_a_misere_needs_its_declarer():
    errors = errors_at("declarer", {"type": "misere", "declarer": ""})
    assert errors == ["Choose the declarer of the misère."]


def test_a_game_needs_its_level():
    assert errors_at("level", {"level": ""}) == ["Choose the contract level."]


def test_a_game_needs_its_trumps():
    assert errors_at("strain", {"strain": ""}) == ["Choose the trumps, or no trumps."]


def test_a_level_outside_six_to_ten_is_refused():
    assert errors_at("level", {"level": "11"})


def test_a_call_row_with_a_player_needs_the_call():
    assert errors_at("call_2_call", {"call_2_call": ""}) == ["Choose the call of this player."]


def test_a_call_row_with_a_call_needs_the_player():
    assert errors_at("call_2_player", {"call_2_player": ""}) == ["Whose call is this?"]


def test_only_a_call_replaces_a_hand():
    errors = errors_at(
        "call_3_replaces", {"dealer": "D", "call_3_replaces": "B", "tricks_D": ""}, seats=FOUR
    )
    assert errors == ["Only the dealer's call replaces a hand."]


def test_tricks_are_counted_from_0_to_10():
    assert errors_at("tricks_A", {"tricks_A": "11"}) == [
        "Ensure this value is less than or equal to 10."
    ]


def test_the_deal_type_is_required():
    assert errors_at("type", drop=("type",)) == ["This field is required."]


def test_kodeks_3_4_4_needs_the_level_reached_in_the_bidding():
    errors = errors_at("bid_level", {"ruling": "kodex-3.4.4"})
    assert errors == ["Give the level reached in the bidding."]


def test_kodeks_3_4_6_needs_the_proven_undertricks():
    errors = errors_at("proven_undertricks", {"ruling": "kodex-3.4.6"})
    assert errors == ["Give the proven undertricks (0 if none)."]


def test_a_commercial_disputed_plan_needs_the_insisting_player_dissenters_and_guarantee():
    form = bound({"ruling": "kodex-3.8.5.1-commercial"})
    assert not form.is_valid()
    assert form.errors["insisting"] == ["Who insisted on his plan?"]
    assert form.errors["dissenters"] == ["Who did not accept the plan?"]
    assert form.errors["guaranteed"] == ["Give the tricks of the guaranteed result."]


def test_a_qualification_disputed_plan_needs_the_dissenter_the_other_plan_and_the_lot():
    form = bound({"ruling": "kodex-3.8.5.1-qualification"})
    assert not form.is_valid()
    assert form.errors["dissenter"] == ["Who did not accept the plan?"]
    assert form.errors["alternative"] == ["Give the tricks of the other plan."]
    assert form.errors["lot"] == ["Choose the lot, or let the site draw it."]


def test_the_lot_may_be_left_to_the_site_to_draw():
    form = valid({**QUALIFICATION, "lot": "", "draw_lot": "1"})
    assert form.draw_requested
    assert form.deal_data()["ruling"]["lot"] is None


def test_only_a_qualification_disputed_plan_is_drawn_by_lot():
    errors = errors_at("ruling", {"draw_lot": "1"})
    assert errors == ["Only a disputed plan in a qualification event has a lot."]


def test_a_manual_entry_needs_its_book_player_and_amount():
    form = bound({"manual_1_reason": "revoke"})
    assert not form.is_valid()
    assert form.errors["manual_1_book"] == ["Choose the book of the entry."]
    assert form.errors["manual_1_player"] == ["Whose entry is it?"]
    assert form.errors["manual_1_amount"] == ["Give the amount."]


def test_a_manual_whist_entry_names_the_player_written_on():
    errors = errors_at(
        "manual_1_on",
        {
            "manual_1_book": "whist",
            "manual_1_player": "A",
            "manual_1_amount": "5",
            "manual_1_reason": "x",
        },
    )
    assert errors == ["On whom are the whists written?"]


def test_a_correction_needs_its_reason():
    errors = errors_at("reason", reason_required=True)
    assert errors == ["Say why: the reason is recorded with the change."]


# -- the engine's refusals at their fields ----------------------------------------------


def placed(field, changes=None, message="it is wrong", position=5, numbers=()):
    form = valid(changes)
    form.deal_data()
    message = f"{field}: {message}" if field else message
    used = form.place_error(InvalidDeal(message, field), position, numbers)
    return form, used


@pytest.mark.parametrize(
    ("engine_field", "form_field"),
    [
        ("deal 5, tricks", "tricks"),
        ("deal 5, contract.level", "level"),
        ("deal 5, contract.strain", "strain"),
        ("deal 5, play", "play"),
        ("deal 5, talon", "talon"),
        ("deal 5, dealer", "dealer"),
        ("deal 5, declarer", "declarer"),
        ("deal 5, defence", "calls"),
        ("deal 5, ruling", "ruling"),
        ("deal 5, ruling.bid_level", "bid_level"),
        ("deal 5, ruling.dissenters", "dissenters"),
        ("deal 5, ruling.lot", "lot"),
        ("deal 5, ruling.alternative", "alternative"),
        ("deal 5, ruling.guaranteed", "guaranteed"),
        ("deal 5, raspasy.series_index", "type"),
        ("reason", "reason"),
    ],
)
def test_the_engine_message_is_shown_at_the_field_it_names(engine_field, form_field):
    form, used = placed(engine_field)
    assert used == form_field
    assert form.errors[form_field] == ["it is wrong"]


def test_a_refused_call_is_shown_at_its_row_counting_only_filled_rows():
    rows = {"call_2_player": "", "call_2_call": "", "call_3_player": "C", "call_3_call": "pass"}
    form, used = placed("deal 5, defence[1].player", rows)
    assert used == "call_3_player" and form.errors[used] == ["it is wrong"]
    form, used = placed("deal 5, defence[1]", rows)
    assert used == "call_3_call" and form.errors[used] == ["it is wrong"]


def test_a_refused_referee_ruling_is_shown_at_its_own_inputs():
    changes = {
        "talon_peeking": "B",
        "manual_1_book": "whist",
        "manual_1_player": "A",
        "manual_1_on": "A",
        "manual_1_amount": "5",
        "manual_1_reason": "x",
    }
    assert placed("deal 5, referee_rulings[1].on", changes)[1] == "manual_1_on"
    assert placed("deal 5, referee_rulings[1].entry", changes)[1] == "manual_1_book"
    assert placed("deal 5, referee_rulings[0].player", changes)[1] == "talon_peeking"


def test_a_refusal_of_another_deal_of_the_sheet_is_shown_above_the_form_with_its_number():
    form, used = placed("deal 3, contract.level", position=5, numbers=[1, 2, 4, 6])
    assert used is None
    assert form.non_field_errors() == ["Deal 4 would be refused: contract.level: it is wrong"]


def test_a_refusal_without_a_field_is_shown_above_the_form():
    form = valid()
    form.deal_data()
    assert form.place_error(ServiceError("The round is over."), 1) is None
    assert form.non_field_errors() == ["The round is over."]


def test_the_first_field_with_an_error_takes_the_focus():
    form = bound({"strain": "", "call_2_call": ""})
    assert not form.is_valid()
    assert form.focus() == "strain"
    assert form.fields["strain"].widget.attrs["autofocus"]


def test_an_error_of_a_group_puts_the_focus_on_its_first_input():
    form = valid()
    form.deal_data()
    form.place_error(InvalidDeal("deal 1, tricks: tricks sum to 9, not 10", "deal 1, tricks"), 1)
    assert form.focus() == "tricks_A"


def test_a_fresh_form_starts_at_the_declarer():
    assert DealForm(seats=THREE).focus() == "declarer"


@pytest.mark.parametrize(
    ("tricks", "ru", "en"),
    [(1, "1 взятка", "1 trick"), (3, "3 взятки", "3 tricks"), (7, "7 взяток", "7 tricks")],
)
def test_deal_summaries_agree_the_trick_count_with_its_number(tricks, ru, en):
    from referee.tables.dealdata import describe_deal

    data = {
        "type": "misere",
        "declarer": "A",
        "contract": {"level": "misere"},
        "defence": [],
        "play": "open",
        "tricks": {"A": tricks, "B": 10 - tricks, "C": 0},
    }
    assert describe_deal(data, {"A": "Иванов"}, "ru").endswith(ru)
    assert describe_deal(data, {"A": "Ivanov"}, "en").endswith(en)
