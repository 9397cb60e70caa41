"""The conventions in words (referee.tournaments.conventions): every value a switch or a
choice of the engine can take has words in Russian, so no page shows an engine id."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from referee.tournaments.conventions import preset_name, value_label
from referee.tournaments.forms import option_choices
from scoring import PRESETS
from scoring.conventions import OPTION_DOCS

CHOICES = sorted({v for name in OPTION_DOCS for v in option_choices(name) or ()})


@pytest.mark.parametrize("value", CHOICES)
def test_every_closed_value_is_a_word_in_russian(value):
    with translation.override("ru"):
        text = value_label(value)
    assert text != value
    # the formulas' letter C stays: the contract's price (C), twice it (2C)
    assert [w for w in re.findall(r"[A-Za-z_]+", text) if w != "C"] == [], (value, text)


def test_switches_and_choices_are_chosen_numbers_and_lists_are_typed():
    assert option_choices("stalingrad") == ["on", "off"]
    assert option_choices("whist_sharing") == ["greedy", "gentleman"]
    assert option_choices("raspasy_progression") is None
    assert option_choices("misere_value") is None


def test_every_preset_has_its_name_in_russian():
    with translation.override("ru"):
        names = [preset_name(p) for p in PRESETS]
    assert all(re.fullmatch(r"[А-ЯЁа-яё ]+", n) for n in names), names
