"""The conventions in the reader's language: each preset by its name ("ФСПР", "Сочи"),
each option with what it decides, each value in words. For the wizard and the settings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

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

#: What each option decides, in words a referee uses (the English of ``OPTION_DOCS``).
OPTION_LABELS = {
    "contract_value": _("pool points for a made 6, 7, 8, 9, 10"),
    "misere_value": _("pool points for a made misère"),
    "whist_price": _("whists per defence trick"),
    "set_price": _("mountain per undertrick"),
    "consolation": _("consolation: whists per undertrick from each defender"),
    "whist_liability": _("whisters' liability for a shortfall"),
    "liability_8_to_10": _("two whisters on 8–10 with no trick: who answers"),
    "whist_sharing": _("lone whister and passer: greedy or gentleman whist"),
    "gentleman_split": _("gentleman halves: on a set only, or always"),
    "half_whist_levels": _("levels where half-whist is allowed"),
    "consolation_to_dealer": _("the sitting-out dealer writes consolation too"),
    "dealer_whist_liable": _("a whisting 4-handed dealer answers for the obligation"),
    "dealer_whist_defenders_consolation": _("defenders keep consolation when the dealer whists"),
    "misere_fail_per_trick": _("mountain per trick caught on a misère"),
    "ten_mode": _("the ten: whisted or checked"),
    "stalingrad": _("Stalingrad: 6♠ whisted by both, played closed"),
    "raspasy_recording": _("raspasy tricks: to the mountain or on whists"),
    "raspasy_progression": _("price per raspasy trick, by raspasy in a row"),
    "raspasy_after_top": _("after the top step of raspasy: hold it or start again"),
    "raspasy_zero_bonus": _("no tricks on a raspasy: the bonus"),
    "raspasy_zero_bonus_excludes_dealer": _("the dealer gets no zero-trick bonus"),
    "raspasy_whist_price": _("whists per trick on raspasy recorded on whists"),
    "raspasy_talon": _("talon on raspasy"),
    "raspasy_exit": _("minimum contract after 0 / 1 / 2+ raspasy"),
    "raspasy_series_ends_on": _("what ends a raspasy series"),
    "half_whist_exits_raspasy": _("an accepted half-whist ends a raspasy series"),
    "deal_rotation": _("who deals after a raspasy"),
    "pool_to_mountain_factor": _("mountain points per pool point in the settlement"),
    "overflow_mode": _("points beyond the pool: help others or write off"),
    "help_whists_per_point": _("whists the helper writes per helped pool point"),
    "help_target": _("whom to help: the largest pool or the next clockwise"),
    "prikup_bonus": _("premium for aces and marriages in the talon"),
    "prikup_bonus_three_handed": _("the talon premium at a table of 3"),
    "prikup_bonus_unplayed": _("the talon premium on a game without play"),
    "classic_liability_trigger": _("classic liability: whose closed pool counts"),
    "raspasy_amnesty": _("amnesty: the fewest raspasy tricks taken off every mountain"),
    "raspasy_idle_dealer_pool": _("pool points for a 4-handed dealer on raspasy"),
    "writeoff_below_zero": _("write-off past zero: negative mountain or whists"),
    "penalty_set_consolation": _("penalty sets without play carry consolation"),
    "wrong_cards_rule": _("Kodeks 3.4.6: as written, or only when deliberate"),
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
}


def preset_name(name: str) -> str:
    """The convention by its name in the reader's language: "ФСПР", "Сочи"."""
    return str(PRESET_NAMES.get(name, name))


def value_label(text: str) -> str:
    """An option's value as the form shows it (``option_text``) in words where it is a word."""
    label = VALUE_LABELS.get(text)
    return str(label) if label is not None else text


def option_label(name: str) -> str:
    label = OPTION_LABELS.get(name)
    return str(label) if label is not None else gettext(OPTION_DOCS[name][1])


def preset_values(option_text: Any) -> dict[str, list[str]]:
    """Per option, the values the presets give it (as text, in preset order, no repeats)."""
    out: dict[str, list[str]] = {}
    for name in OPTION_DOCS:
        seen: list[str] = []
        for p in PRESETS:
            text = option_text(preset(p).options()[name])
            if text not in seen:
                seen.append(text)
        out[name] = seen
    return out
