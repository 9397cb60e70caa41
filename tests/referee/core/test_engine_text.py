"""The engine's refusals and option descriptions in Russian, by code (referee.core.engine_text).

Every code of ``scoring.errors.MESSAGES`` has a Russian template, every option of
``OPTION_DOCS`` a Russian description; both differ from the English and use no Latin words
except identifiers of the case format (snake_case fields and values, JSON words), card and
strain letters and rule ids. A bad deal posted in Russian is refused in Russian at its field.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.core.codes import refusal_text
from referee.core.engine_text import OPTIONS, REFUSALS, option_label
from scoring import DealError, ScoringError
from scoring.conventions import OPTION_DOCS
from scoring.errors import MESSAGES, placeholders

# words of the case format and rule ids that a Russian text may quote as they are typed
IDENTIFIERS = {
    "SPEC", "NaN", "Infinity", "true", "false", "open", "closed", "none", "mode", "commercial",
    "qualification", "easy", "medium", "hard", "checked", "lot", "actual", "alternative",
    "pulka", "gora", "whist", "adjustment", "level", "misere", "deliberate", "SA", "HK", "D10",
    "NT", "Board", "H10", "Declarer", "Misere", "yes",
}  # fmt: skip
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def sample(code: str) -> ScoringError:
    """The code's error with sample params: numbers, letters and lists of numbers."""
    params: dict[str, object] = {}
    for name in placeholders(MESSAGES[code]):
        params[name] = ["6", "7"] if name in ("levels", "allowed", "calls") else 7
    return ScoringError(code, "field", **params)  # type: ignore[arg-type]


def latin_words(text: str) -> list[str]:
    return [
        word
        for word in LATIN.findall(text)
        if len(word) > 2 and word not in IDENTIFIERS and "_" not in word
    ]


def test_every_code_and_option_has_a_template():
    assert set(REFUSALS) == set(MESSAGES)
    assert set(OPTIONS) == set(OPTION_DOCS)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_refusal_is_translated_into_russian(code):
    error = sample(code)
    with translation.override("ru"):
        text = refusal_text(error)
    assert text != error.message, code
    assert latin_words(text) == [], (code, text)
    for value in error.params.values():  # the parameters reach the text
        shown = ", ".join(value) if isinstance(value, list) else str(value)
        assert shown in text, (code, text)


@pytest.mark.parametrize("name", sorted(OPTION_DOCS))
def test_every_option_has_a_russian_description(name):
    with translation.override("ru"):
        text = option_label(name)
    assert text != OPTION_DOCS[name][1] and latin_words(text) == [], (name, text)


def test_english_refusals_are_the_engines_own_text():
    error = DealError("calls.half_whist_level", "defence", levels=["6", "7"])
    with translation.override("en"):
        assert refusal_text(error) == "half-whist is allowed only on 6 and 7"


def test_an_option_is_described_in_a_referees_words_in_either_language():
    # the site's one description: no letters of the SPEC's formulas, no engine ids
    with translation.override("en"):
        assert option_label("ten_mode") == "the ten: whisted or checked"
        assert option_label("whist_price") == "whists per defence trick"
    with translation.override("ru"):
        assert option_label("ten_mode") == "десятерная: вистуется или проверяется"


def test_the_options_have_one_home():
    from referee.tournaments import conventions

    assert not hasattr(conventions, "OPTION_LABELS")
    with translation.override("ru"):
        assert all(conventions.option_label(n) == option_label(n) for n in OPTION_DOCS)


@pytest.mark.parametrize(
    ("total", "text"),
    [
        # Russian plural forms: 1, 21 → "взятка"; 2–4, 22 → "взятки"; 5–20, 11 → "взяток"
        (21, "в сумме 21 взятка, а должно быть 10"),
        (22, "в сумме 22 взятки, а должно быть 10"),
        (11, "в сумме 11 взяток, а должно быть 10"),
        (9, "в сумме 9 взяток, а должно быть 10"),
    ],
)
def test_the_trick_sum_agrees_with_its_number(total, text):
    with translation.override("ru"):
        assert refusal_text(DealError("deal.tricks_sum", "tricks", sum=total)) == text


@pytest.mark.django_db
def test_a_bad_deal_is_refused_in_russian_at_its_field(client):
    from tests.referee.factories import referee_of, table_with_players
    from tests.referee.tables.test_forms import POSTED

    table = table_with_players(3)
    client.force_login(referee_of(table.round.tournament))
    t = table.round
    address = reverse("deal-add", args=[t.tournament.slug, t.number, table.number])
    # POSTED is 6 made 6–2–2 (10 tricks); C with 3 makes 6 + 2 + 3 = 11
    response = client.post(address, {**POSTED, "tricks_C": "3"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert response.context["form"].errors["tricks"] == ["в сумме 11 взяток, а должно быть 10"]
    tricks = re.search(r'id="f-tricks".*?</fieldset>', response.content.decode(), re.S)
    assert tricks is not None and "в сумме 11 взяток, а должно быть 10" in tricks.group(0)
