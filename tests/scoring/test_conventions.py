"""Conventions as data: the presets of SPEC §10 line by line, overrides and refusals."""

from fractions import Fraction

import pytest

from scoring import OptionError, convention, preset
from scoring.conventions import OPTION_CHECKS, PRESETS

from .refusals import refused

# SPEC §10, transcribed by hand: the lines where presets differ.
PRESET_TABLE = {
    #                  sochi          leningrad        rostov         classic        fspr
    "whist_price": ("C", "2C", "C", "C", "2C"),
    "set_price": ("C", "2C", "C", "C", "2C"),
    "consolation": ("C", "2C", "C", "C", "2C"),
    "whist_liability": ("responsible", "half", "half", "classic", "half"),
    "liability_8_to_10": (
        "second_whister",
        "second_whister",
        "second_whister",
        "second_whister",
        "each_zero_taker",
    ),
    "whist_sharing": ("greedy", "gentleman", "gentleman", "greedy", "gentleman"),
    "gentleman_split": ("on_set", "on_set", "on_set", "on_set", "always"),
    "dealer_whist_liable": (True, True, True, True, False),
    "dealer_whist_defenders_consolation": (True, True, True, True, False),
    "misere_fail_per_trick": (10, 20, 10, 10, 20),
    "raspasy_recording": ("mountain", "mountain", "whists", "mountain", "mountain"),
    "raspasy_progression": ((1, 2, 3), (2, 4, 6), (1,), (1,), (2, 4, 6)),
    "raspasy_zero_bonus": (
        "pool_price",
        "pool_half_price",
        "pool_price",
        "pool_price",
        "gora_minus_two_prices",
    ),
    "raspasy_zero_bonus_excludes_dealer": (False, False, False, False, True),
    "raspasy_talon": ("dealer_plays", "dealer_plays", "not_used", "dealer_plays", "dealer_plays"),
    "raspasy_exit": ((6, 6, 6), (6, 7, 7), (6, 6, 6), (6, 6, 6), (6, 7, 7)),
    "raspasy_series_ends_on": ("any_game",) * 4 + ("whisted_made_game",),
    "pool_to_mountain_factor": (1, 2, 1, 1, 2),
    "help_whists_per_point": (10, 20, 10, 10, 20),
    "prikup_bonus": (False, False, False, False, True),
    "prikup_bonus_three_handed": ("none",) * 4 + ("half_each",),
    "prikup_bonus_unplayed": (True, True, True, True, False),
}
# Lines with one value in every preset (§10 and §10.1).
SAME_EVERYWHERE = {
    "contract_value": (2, 4, 6, 8, 10),
    "misere_value": 10,
    "half_whist_levels": (6, 7),
    "consolation_to_dealer": True,
    "ten_mode": "whisted",
    "checked_ten_split": "halves",
    "stalingrad": False,
    "raspasy_after_top": "hold",
    "raspasy_whist_price": 5,
    "half_whist_exits_raspasy": True,
    "deal_rotation": "always_clockwise",
    "overflow_mode": "help",
    "help_target": "largest_pool",
    "classic_liability_trigger": "whister_pool_closed",
    "raspasy_amnesty": False,
    "raspasy_idle_dealer_pool": 0,
    "writeoff_below_zero": "negative_gora",
    "penalty_set_consolation": True,
    "wrong_cards_rule": "kodex",
}
NAMES = ("sochi", "leningrad", "rostov", "classic", "fspr")


@pytest.mark.parametrize("option", sorted(PRESET_TABLE))
def test_preset_values_follow_spec_section_10(option):
    got = tuple(getattr(preset(name), option) for name in NAMES)
    assert got == PRESET_TABLE[option]


@pytest.mark.parametrize("option", sorted(SAME_EVERYWHERE))
def test_shared_defaults_are_the_same_in_every_preset(option):
    for name in NAMES:
        assert getattr(preset(name), option) == SAME_EVERYWHERE[option], name


def test_every_option_of_spec_is_named_and_nothing_else():
    assert set(OPTION_CHECKS) == set(PRESET_TABLE) | set(SAME_EVERYWHERE)
    assert set(PRESETS) == set(NAMES)


@pytest.mark.parametrize(
    ("name", "w", "r", "k", "f"),
    [
        # F relative to R: responsible R, half R/2 (SPEC §2.1)
        ("sochi", [2, 4, 6, 8, 10], [2, 4, 6, 8, 10], [2, 4, 6, 8, 10], [2, 4, 6, 8, 10]),
        ("leningrad", [4, 8, 12, 16, 20], [4, 8, 12, 16, 20], [4, 8, 12, 16, 20], [2, 4, 6, 8, 10]),
        ("rostov", [2, 4, 6, 8, 10], [2, 4, 6, 8, 10], [2, 4, 6, 8, 10], [1, 2, 3, 4, 5]),
        ("fspr", [4, 8, 12, 16, 20], [4, 8, 12, 16, 20], [4, 8, 12, 16, 20], [2, 4, 6, 8, 10]),
    ],
)
def test_prices_per_level(name, w, r, k, f):
    prices = preset(name).prices
    levels = (6, 7, 8, 9, 10)
    assert [prices.whist[v] for v in levels] == w
    assert [prices.set[v] for v in levels] == r
    assert [prices.consolation[v] for v in levels] == k
    liability = prices.liability_full if name == "sochi" else prices.liability_half
    assert [liability[v] for v in levels] == f


def test_options_override_single_lines_and_remember_what_changed():
    cv = convention("sochi", {"whist_sharing": "gentleman", "raspasy_exit": "hard"})
    assert cv.whist_sharing == "gentleman"
    assert cv.raspasy_exit == (6, 7, 8)
    assert cv.whist_price == "C"
    assert cv.overrides == ("raspasy_exit", "whist_sharing")


def test_numbers_in_options_are_read_exactly():
    from decimal import Decimal

    cv = convention("rostov", {"raspasy_whist_price": Decimal("2.5")})
    assert cv.raspasy_whist_price == Fraction(5, 2)
    assert (
        convention("sochi", {"contract_value": [2, 4, 6, 8, Decimal("10.0")]}).prices.contract[10]
        == 10
    )


def test_exit_may_be_an_explicit_list():
    assert convention("sochi", {"raspasy_exit": [6, 8, 9]}).minimum_level(1) == 8


@pytest.mark.parametrize(
    ("options", "code", "params"),
    [
        ({"raspasy_price": 1}, "option.unknown", {"name": "'raspasy_price'"}),
        ({"misere_whists": True}, "option.unknown", {"name": "'misere_whists'"}),
        ({"bomb_multiplier": 2}, "option.unknown", {"name": "'bomb_multiplier'"}),
        (
            {"whist_liability": "half_doubled"},
            "option.not_choice",
            {"value": "'half_doubled'", "allowed": ["responsible", "half", "classic"]},
        ),
        (
            {"ten_mode": "open"},
            "option.not_choice",
            {"value": "'open'", "allowed": ["whisted", "checked"]},
        ),
        ({"stalingrad": "yes"}, "option.not_flag", {"value": "'yes'"}),
        ({"misere_value": -1}, "option.not_number", {"value": "-1"}),
        ({"misere_value": True}, "case.bool_not_number", {}),
        ({"contract_value": [2, 4, 6]}, "option.contract_value", {}),
        ({"half_whist_levels": [6, 11]}, "option.not_levels", {"value": "(6, 11)"}),
        ({"raspasy_progression": []}, "option.progression", {}),
        ({"raspasy_progression": [1, 0]}, "option.progression_zero", {}),
        ({"raspasy_exit": "brutal"}, "option.exit", {"value": "'brutal'"}),
        ({"raspasy_exit": [8, 7, 6]}, "option.exit_falls", {}),
        ({"help_target": "helper_choice"}, "option.helper_choice", {}),
        ({"raspasy_progression": "1,2,3"}, "option.not_list", {}),
    ],
)
def test_invalid_options_are_refused_with_the_option_named(options, code, params):
    (name,) = options
    with refused(code, f"options.{name}", kind=OptionError, **params):
        convention("sochi", options)


def test_unknown_convention_is_refused():
    with refused("option.unknown_convention", "convention", kind=OptionError, name="'moscow'"):
        preset("moscow")


@pytest.mark.parametrize(
    ("progression", "after_top", "steps"),
    [
        ((1, 2, 3), "hold", [1, 2, 3, 3, 3]),
        ((1, 2, 3), "cycle", [1, 2, 3, 1, 2]),
        ((2, 4, 6), "hold", [2, 4, 6, 6, 6]),
        ((1,), "cycle", [1, 1, 1, 1, 1]),
    ],
)
def test_raspasy_steps_hold_or_cycle_after_the_top(progression, after_top, steps):
    cv = convention(
        "sochi", {"raspasy_progression": list(progression), "raspasy_after_top": after_top}
    )
    assert [cv.raspasy_step(k) for k in range(1, 6)] == steps
