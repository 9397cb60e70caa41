"""The summary of a refused deal: every error at once (the engine's first refusal and the
form's own checks beside the tricks that do not sum to 10), each under its field's label in
the page's language, each link leading to an input that takes the focus; and one button
of a row of choices marked to start on, never the sitting-out dealer's seat."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.tables.forms import DealForm
from referee.tables.models import Deal

from ..factories import referee_of, table_with_players
from .test_forms import FOUR, POSTED, THREE, bound

pytestmark = pytest.mark.django_db

# 8♠ by A: B passes, C half-whists (allowed on 6 and 7 only), B whists after all; the tricks
# 8 + 1 + 0 = 9
HALF_WHIST_ON_8 = {**POSTED, "level": "8", "call_1_call": "pass", "call_2_call": "half_whist"}
HALF_WHIST_ON_8 |= {"call_3_player": "B", "call_3_call": "return_whist"}
HALF_WHIST_ON_8 |= {"tricks_A": "8", "tricks_B": "1", "tricks_C": "0"}


def summary_of(client, table, posted, language):
    client.force_login(referee_of(table.round.tournament))
    path = reverse("deal-add", args=[table.round.tournament.slug, table.round.number, table.number])
    response = client.post(path, posted, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    found = re.search(r'<div class="error-summary".*?</div>', html, re.S)
    assert found, "no summary"
    links = re.findall(r'<a href="#([^"]+)" data-field="([^"]+)"[^>]*>([^<]*)</a>', found.group(0))
    return html, [(href, text) for href, field, text in links if href == field]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "ru",
            [
                ("id_call_1_call", "Заявки вистующих: полвиста можно только на 6, 7"),
                ("id_tricks_A", "Взятки: в сумме 9 взяток, а должно быть 10"),
            ],
        ),
        (
            "en",
            [
                ("id_call_1_call", "Defence calls: half-whist is allowed only on 6 and 7"),
                ("id_tricks_A", "Tricks: tricks sum to 9, not 10"),
            ],
        ),
    ],
)
def test_the_engines_refusal_and_the_tricks_sum_are_listed_together(client, language, expected):
    table = table_with_players(3)
    html, links = summary_of(client, table, HALF_WHIST_ON_8, language)
    assert links == expected
    for anchor, _text in links:  # each link leads to an input the referee types in
        assert re.search(rf'<(select|input)[^>]*id="{anchor}"', html)
        assert not re.search(rf'<input type="hidden"[^>]*id="{anchor}"', html)
    assert Deal.objects.count() == 0


def test_a_form_check_and_the_tricks_sum_are_listed_together_in_russian(client):
    table = table_with_players(3)
    posted = {**POSTED, "level": "", "call_2_call": "", "tricks_C": "1"}  # 6 + 2 + 1
    _html, links = summary_of(client, table, posted, "ru")
    assert [text for _anchor, text in links] == [
        "Уровень: Выберите уровень контракта.",
        "Заявка 2: Выберите заявку этого игрока.",
        "Взятки: в сумме 9 взяток, а должно быть 10",
    ]


def test_the_tricks_are_named_once_when_they_are_the_engines_refusal(client):
    table = table_with_players(3)
    _html, links = summary_of(client, table, {**POSTED, "tricks_C": "3"}, "ru")  # 6 + 2 + 3
    assert [text for _anchor, text in links] == ["Взятки: в сумме 11 взяток, а должно быть 10"]


def test_a_hands_tricks_out_of_range_are_named_by_the_hand_in_russian(client):
    table = table_with_players(3)
    _html, links = summary_of(client, table, {**POSTED, "tricks_A": "11"}, "ru")
    assert links == [("id_tricks_A", "Взятки A: Убедитесь, что это значение меньше либо равно 10.")]


def test_every_field_has_a_label_in_the_readers_language():
    with translation.override("ru"):
        form = DealForm(seats=FOUR)
        labels = {name: str(field.label) for name, field in form.fields.items()}
    assert all(field.label is not None for field in form.fields.values())
    assert labels["calls"] == "Заявки вистующих" and labels["tricks"] == "Взятки"
    assert labels["call_2_call"] == "Заявка 2" and labels["call_3_player"] == "Игрок 3"
    assert labels["tricks_D"] == "Взятки D"
    assert labels["guaranteed_A"] == "Гарантированный результат: взятки A"
    assert labels["alternative_B"] == "Другой план: взятки B"
    assert labels["guaranteed"] == "Взятки гарантированного результата"
    assert labels["manual_2_player"] == "Ручная запись 2 — Игрок"
    with translation.override("en"):
        assert str(form.fields["tricks_D"].label) == "Tricks of D"
        assert str(form.fields["calls"].label) == "Defence calls"
        assert str(form.fields["manual_1_on"].label) == "Manual entry 1 — on"


def test_the_tricks_sum_at_a_table_of_four_leaves_the_dealer_out():
    four = {**POSTED, "dealer": "D", "level": "", "tricks_D": ""}  # A 6 + B 2 + C 2 = 10
    form = bound(four, seats=FOUR)
    assert not form.is_valid() and list(form.errors) == ["level"]
    form = bound({**four, "tricks_C": "1"}, seats=FOUR)
    assert not form.is_valid() and form.errors["tricks"] == ["tricks sum to 9, not 10"]


def test_a_deal_without_play_or_a_raspasy_of_four_gets_no_sum_of_the_forms_own():
    form = bound({"level": "", "play": "none", "tricks_C": "1"})
    assert not form.is_valid() and "tricks" not in form.errors
    raspasy = {"type": "raspasy", "dealer": "D", "tricks_A": "1", "tricks_D": "", "reason": ""}
    form = bound(raspasy, seats=FOUR, reason_required=True)  # refused for the reason only
    assert not form.is_valid() and list(form.errors) == ["reason"]


def test_only_one_seat_of_the_declarer_is_marked_to_start_on_and_never_the_dealers():
    form = DealForm(seats=FOUR, initial={"dealer": "A", **DealForm.FRESH})
    assert form.focus() == "declarer"
    marked = re.findall(r"<input[^>]*autofocus[^>]*>", str(form["declarer"]))
    assert len(marked) == 1 and 'value="B"' in marked[0]
    form = DealForm(seats=THREE, initial={"dealer": "A", **DealForm.FRESH})
    form.focus()
    marked = re.findall(r"<input[^>]*autofocus[^>]*>", str(form["declarer"]))
    assert len(marked) == 1 and 'value="A"' in marked[0]


def test_a_refused_level_is_marked_on_its_chosen_button():
    form = bound({"level": "8", "call_1_call": "pass", "call_2_call": "half_whist"})
    form.add_error("level", "refused")
    assert form.focus() == "level"
    marked = re.findall(r"<input[^>]*autofocus[^>]*>", str(form["level"]))
    assert len(marked) == 1 and 'value="8"' in marked[0]
