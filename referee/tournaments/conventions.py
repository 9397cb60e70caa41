"""The conventions in the reader's language: each preset by its name ("ФСПР", "Сочи"),
each option with what it decides, each value in words. For the wizard and the settings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

# what an option decides: its one definition is the core's, the wizard and the reports ask here
from referee.core.engine_text import option_label as option_label
from scoring import PRESETS
from scoring.conventions import OPTION_DOCS, preset

PRESET_LABELS = {
    "fspr": _("FSPR (the federation's tournament Leningrad)"),
    "sochi": _("Sochi"),
    "leningrad": _("Leningrad"),
    "rostov": _("Rostov"),
    "classic": _("Classic"),
}
PRESET_NAMES = {
    "fspr": _("FSPR"),
    "sochi": _("Sochi"),
    "leningrad": _("Leningrad"),
    "rostov": _("Rostov"),
    "classic": _("Classic"),
}

VALUE_LABELS = {
    "on": _("yes"),
    "off": _("no"),
    "none": _("none"),
    "responsible": _("responsible"),
    "half": _("half-responsible"),
    "classic": _("classic"),
    "greedy": _("greedy"),
    "gentleman": _("gentleman"),
    "on_set": _("on a set only"),
    "always": _("always"),
    "second_whister": _("the second whister"),
    "each_zero_taker": _("each whister without a trick"),
    "whisted": _("whisted"),
    "checked": _("checked"),
    "halves": _("in halves"),
    "own_tricks": _("each his own tricks"),
    "mountain": _("to the mountain"),
    "whists": _("on whists"),
    "hold": _("hold the top step"),
    "cycle": _("start again"),
    "pool_price": _("the pool price"),
    "pool_half_price": _("half the pool price"),
    "gora_minus_two_prices": _("two prices off the mountain"),
    "dealer_plays": _("the dealer plays it"),
    "suit_only": _("sets the suit only"),
    "not_used": _("not used"),
    "any_game": _("any game"),
    "whisted_made_game": _("a whisted game that is made"),
    "always_clockwise": _("always clockwise"),
    "help": _("help"),
    "write_off": _("write off"),
    "largest_pool": _("the largest pool"),
    "next_clockwise": _("the next clockwise"),
    "half_each": _("half from each opponent"),
    "whister_pool_closed": _("the whister's closed pool"),
    "negative_gora": _("negative mountain"),
    "kodex": _("as written"),
    "deliberate_only": _("only when deliberate"),
    "C": _("the contract's price (C)"),
    "2C": _("twice the contract's price (2C)"),
    "pool_one": _("one pool point"),
    "made_game": _("a made game"),
    "dealer_repeats_on_raspasy": _("the dealer deals again"),
    "all_pools_closed": _("every pool closed"),
    "whists_on_others": _("whists on the others"),
    "easy": _("easy: 6, 6, 6"),
    "medium": _("medium: 6, 7, 7"),
    "hard": _("hard: 6, 7, 8"),
}


def preset_name(name: str) -> str:
    """The convention by its name in the reader's language: "ФСПР", "Сочи"."""
    return str(PRESET_NAMES.get(name, name))


def value_label(text: str) -> str:
    """An option's value as the form shows it (``forms.option_value_text``) in words where
    it is a word."""
    label = VALUE_LABELS.get(text)
    return str(label) if label is not None else text


def preset_values(value_text: Any) -> dict[str, list[str]]:
    """Per option, the values the presets give it (as text, in preset order, no repeats)."""
    out: dict[str, list[str]] = {}
    for name in OPTION_DOCS:
        seen: list[str] = []
        for p in PRESETS:
            text = value_text(preset(p).options()[name])
            if text not in seen:
                seen.append(text)
        out[name] = seen
    return out
