"""Conventions as data: the five presets of SPEC §10–§11 and every option, named.

A convention is a frozen value. ``preset("fspr")`` gives a preset;
``convention("sochi", {"whist_sharing": "gentleman"})`` a preset with overrides.
Unknown option names and invalid values raise ``OptionError``. Adding a preset
is a new entry in ``PRESETS``; the scoring code never asks which preset it runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Literal

from .errors import CaseError, OptionError, shown
from .numbers import Amount, divide, exact, from_json

LEVELS = (6, 7, 8, 9, 10)
#: Defenders' obligatory tricks (SPEC §3.2; Kodeks 3.8.2).
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
EXITS = {"easy": (6, 6, 6), "medium": (6, 7, 7), "hard": (6, 7, 8)}

Multiple = Literal["C", "2C"]


@dataclass(frozen=True)
class Convention:
    """Every option of SPEC §10 and §10.1; defaults are the Sochi preset's."""

    name: str = "sochi"
    contract_value: tuple[Amount, ...] = (2, 4, 6, 8, 10)
    misere_value: Amount = 10
    whist_price: Multiple = "C"
    set_price: Multiple = "C"
    consolation: Multiple = "C"
    whist_liability: Literal["responsible", "half", "classic"] = "responsible"
    liability_8_to_10: Literal["second_whister", "each_zero_taker"] = "second_whister"
    whist_sharing: Literal["greedy", "gentleman"] = "greedy"
    gentleman_split: Literal["on_set", "always"] = "on_set"
    half_whist_levels: tuple[int, ...] = (6, 7)
    consolation_to_dealer: bool = True
    dealer_whist_liable: bool = True
    dealer_whist_defenders_consolation: bool = True
    misere_fail_per_trick: Amount = 10
    ten_mode: Literal["whisted", "checked"] = "whisted"
    checked_ten_split: Literal["halves", "own_tricks"] = "halves"
    stalingrad: bool = False
    raspasy_recording: Literal["mountain", "whists"] = "mountain"
    raspasy_progression: tuple[Amount, ...] = (1, 2, 3)
    raspasy_after_top: Literal["hold", "cycle"] = "hold"
    raspasy_zero_bonus: Literal[
        "pool_price", "pool_half_price", "pool_one", "gora_minus_two_prices", "none"
    ] = "pool_price"
    raspasy_zero_bonus_excludes_dealer: bool = False
    raspasy_whist_price: Amount = 5
    raspasy_talon: Literal["dealer_plays", "suit_only", "not_used"] = "dealer_plays"
    raspasy_exit: tuple[int, int, int] = (6, 6, 6)
    raspasy_series_ends_on: Literal["any_game", "made_game", "whisted_made_game"] = "any_game"
    half_whist_exits_raspasy: bool = True
    deal_rotation: Literal["always_clockwise", "dealer_repeats_on_raspasy"] = "always_clockwise"
    pool_to_mountain_factor: Amount = 1
    overflow_mode: Literal["help", "write_off"] = "help"
    help_whists_per_point: Amount = 10
    help_target: Literal["largest_pool", "next_clockwise"] = "largest_pool"
    prikup_bonus: bool = False
    prikup_bonus_three_handed: Literal["none", "half_each"] = "none"
    prikup_bonus_unplayed: bool = True
    classic_liability_trigger: Literal["whister_pool_closed", "all_pools_closed"] = (
        "whister_pool_closed"
    )
    raspasy_amnesty: bool = False
    raspasy_idle_dealer_pool: Amount = 0
    writeoff_below_zero: Literal["negative_gora", "whists_on_others"] = "negative_gora"
    penalty_set_consolation: bool = True
    # "kodex": Kodeks 3.4.6 as written (the option's value keeps the stored spelling)
    wrong_cards_rule: Literal["kodex", "deliberate_only"] = "kodex"
    overrides: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self):
            if spec.name in OPTION_CHECKS:
                OPTION_CHECKS[spec.name](spec.name, getattr(self, spec.name))

    def with_options(self, options: Mapping[str, object]) -> Convention:
        """This convention with ``options`` (JSON-style values) overridden."""
        values: dict[str, Any] = {}
        for name, raw in options.items():
            if name not in OPTION_CHECKS:
                raise OptionError("option.unknown", f"options.{name}", name=shown(name))
            values[name] = _from_json_value(name, raw)
        changed = tuple(sorted(set(self.overrides) | set(values)))
        return dataclasses.replace(self, overrides=changed, **values)

    def options(self) -> dict[str, object]:
        """Every option and its value, in the order of SPEC §10."""
        return {name: getattr(self, name) for name in OPTION_CHECKS}

    @cached_property
    def prices(self) -> Prices:
        return Prices.of(self)

    @cached_property
    def memo(self) -> dict[object, Any]:
        """Results that depend only on this convention and small keys (seatings, call
        sequences), kept so that a tournament's deals validate them once (bounded)."""
        return {}

    def raspasy_step(self, series_index: int) -> Amount:
        """p_k: the per-trick price of the k-th raspasy of a series (SPEC §6.8)."""
        steps = self.raspasy_progression
        if self.raspasy_after_top == "hold":
            return steps[min(series_index, len(steps)) - 1]
        return steps[(series_index - 1) % len(steps)]

    def minimum_level(self, raspasy_in_series: int) -> int:
        """The lowest trick contract allowed after s raspasy in a row (SPEC §6.4, §6.8)."""
        return self.raspasy_exit[min(raspasy_in_series, 2)]


@dataclass(frozen=True, slots=True)
class Prices:
    """Per-level values of one convention, indexed by level 6..10 (SPEC §2.1).

    ``contract`` C (pool), ``whist`` W (per defender trick), ``set`` R (mountain per
    undertrick), ``consolation`` K, ``liability_half`` R/2 and ``liability_full`` R.
    """

    contract: dict[int, Amount]
    whist: dict[int, Amount]
    set: dict[int, Amount]
    consolation: dict[int, Amount]
    liability_half: dict[int, Amount]
    liability_full: dict[int, Amount]

    @staticmethod
    def of(cv: Convention) -> Prices:
        c = dict(zip(LEVELS, cv.contract_value, strict=True))

        def times(multiple: Multiple) -> dict[int, Amount]:
            factor = 2 if multiple == "2C" else 1
            return {level: exact(value * factor) for level, value in c.items()}

        r = times(cv.set_price)
        return Prices(
            contract=c,
            whist=times(cv.whist_price),
            set=r,
            consolation=times(cv.consolation),
            liability_half={level: divide(value, 2) for level, value in r.items()},
            liability_full=r,
        )


# -- option checks ----------------------------------------------------------------------


def _field(name: str) -> str:
    return f"options.{name}"


def _choice(*allowed: str) -> Any:
    def check(name: str, value: object) -> None:
        if value not in allowed:
            field, options = _field(name), list(allowed)
            raise OptionError("option.not_choice", field, value=shown(value), allowed=options)

    return check


def _flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise OptionError("option.not_flag", _field(name), value=shown(value))


def _number(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | Fraction) or value < 0:
        raise OptionError("option.not_number", _field(name), value=shown(value))


def _multiple(name: str, value: object) -> None:
    _choice("C", "2C")(name, value)


def _contract_value(name: str, value: object) -> None:
    if not isinstance(value, tuple) or len(value) != 5:
        raise OptionError("option.contract_value", _field(name))
    for item in value:
        _number(name, item)


def _is_levels(value: object) -> bool:
    return isinstance(value, tuple) and all(type(v) is int and v in LEVELS for v in value)


def _levels(name: str, value: object) -> None:
    if not _is_levels(value):
        raise OptionError("option.not_levels", _field(name), value=shown(value))


def _progression(name: str, value: object) -> None:
    if not isinstance(value, tuple) or not value:
        raise OptionError("option.progression", _field(name))
    for item in value:
        _number(name, item)
        if item == 0:
            raise OptionError("option.progression_zero", _field(name))


def _exit(name: str, value: object) -> None:
    if not _is_levels(value) or len(value) != 3:  # type: ignore[arg-type]
        raise OptionError("option.exit", _field(name), value=shown(value))
    if list(value) != sorted(value):  # type: ignore[call-overload]
        raise OptionError("option.exit_falls", _field(name))


OPTION_CHECKS: dict[str, Any] = {
    "contract_value": _contract_value,
    "misere_value": _number,
    "whist_price": _multiple,
    "set_price": _multiple,
    "consolation": _multiple,
    "whist_liability": _choice("responsible", "half", "classic"),
    "liability_8_to_10": _choice("second_whister", "each_zero_taker"),
    "whist_sharing": _choice("greedy", "gentleman"),
    "gentleman_split": _choice("on_set", "always"),
    "half_whist_levels": _levels,
    "consolation_to_dealer": _flag,
    "dealer_whist_liable": _flag,
    "dealer_whist_defenders_consolation": _flag,
    "misere_fail_per_trick": _number,
    "ten_mode": _choice("whisted", "checked"),
    "checked_ten_split": _choice("halves", "own_tricks"),
    "stalingrad": _flag,
    "raspasy_recording": _choice("mountain", "whists"),
    "raspasy_progression": _progression,
    "raspasy_after_top": _choice("hold", "cycle"),
    "raspasy_zero_bonus": _choice(
        "pool_price", "pool_half_price", "pool_one", "gora_minus_two_prices", "none"
    ),
    "raspasy_zero_bonus_excludes_dealer": _flag,
    "raspasy_whist_price": _number,
    "raspasy_talon": _choice("dealer_plays", "suit_only", "not_used"),
    "raspasy_exit": _exit,
    "raspasy_series_ends_on": _choice("any_game", "made_game", "whisted_made_game"),
    "half_whist_exits_raspasy": _flag,
    "deal_rotation": _choice("always_clockwise", "dealer_repeats_on_raspasy"),
    "pool_to_mountain_factor": _number,
    "overflow_mode": _choice("help", "write_off"),
    "help_whists_per_point": _number,
    "help_target": _choice("largest_pool", "next_clockwise"),
    "prikup_bonus": _flag,
    "prikup_bonus_three_handed": _choice("none", "half_each"),
    "prikup_bonus_unplayed": _flag,
    "classic_liability_trigger": _choice("whister_pool_closed", "all_pools_closed"),
    "raspasy_amnesty": _flag,
    "raspasy_idle_dealer_pool": _number,
    "writeoff_below_zero": _choice("negative_gora", "whists_on_others"),
    "penalty_set_consolation": _flag,
    "wrong_cards_rule": _choice("kodex", "deliberate_only"),
}

_LIST_OPTIONS = {"contract_value", "half_whist_levels", "raspasy_progression", "raspasy_exit"}
_NUMBER_OPTIONS = {
    "misere_value",
    "misere_fail_per_trick",
    "raspasy_whist_price",
    "pool_to_mountain_factor",
    "help_whists_per_point",
    "raspasy_idle_dealer_pool",
}


def _from_json_value(name: str, raw: object) -> object:
    """A JSON option value as the Python value the option holds."""
    if name == "help_target" and raw == "helper_choice":
        raise OptionError("option.helper_choice", _field(name))
    if name == "raspasy_exit" and isinstance(raw, str):
        if raw not in EXITS:
            raise OptionError("option.exit", _field(name), value=shown(raw))
        return EXITS[raw]
    if name in _LIST_OPTIONS:
        if not isinstance(raw, list):
            raise OptionError("option.not_list", _field(name))
        if name in ("half_whist_levels", "raspasy_exit"):
            return tuple(raw)
        return tuple(_option_number(name, item) for item in raw)
    if name in _NUMBER_OPTIONS:
        return _option_number(name, raw)
    return raw


def _option_number(name: str, raw: object) -> Amount:
    try:
        return from_json(raw)
    except CaseError as error:
        raise OptionError(error.code, _field(name), **error.params) from None


_LENINGRAD: dict[str, object] = {
    "whist_price": "2C",
    "set_price": "2C",
    "consolation": "2C",
    "whist_liability": "half",
    "whist_sharing": "gentleman",
    "misere_fail_per_trick": 20,
    "raspasy_progression": (2, 4, 6),
    "raspasy_zero_bonus": "pool_half_price",
    "raspasy_exit": EXITS["medium"],
    "pool_to_mountain_factor": 2,
    "help_whists_per_point": 20,
}

#: The presets of SPEC §10 as differences from the Sochi defaults.
PRESETS: dict[str, dict[str, object]] = {
    "sochi": {},
    "leningrad": _LENINGRAD,
    "rostov": {
        "whist_liability": "half",
        "whist_sharing": "gentleman",
        "raspasy_recording": "whists",
        "raspasy_progression": (1,),
        "raspasy_talon": "not_used",
    },
    "classic": {"whist_liability": "classic", "raspasy_progression": (1,)},
    "fspr": _LENINGRAD
    | {
        "liability_8_to_10": "each_zero_taker",
        "gentleman_split": "always",
        "dealer_whist_liable": False,
        "dealer_whist_defenders_consolation": False,
        "raspasy_zero_bonus": "gora_minus_two_prices",
        "raspasy_zero_bonus_excludes_dealer": True,
        "raspasy_series_ends_on": "whisted_made_game",
        "prikup_bonus": True,
        "prikup_bonus_three_handed": "half_each",
        "prikup_bonus_unplayed": False,
    },
}


def preset(name: str) -> Convention:
    """A preset of SPEC §10: ``sochi``, ``leningrad``, ``rostov``, ``classic``, ``fspr``."""
    if name not in PRESETS:
        raise OptionError("option.unknown_convention", "convention", name=shown(name))
    return _PRESET_CACHE[name]


def convention(name: str, options: Mapping[str, object] | None = None) -> Convention:
    """A preset with JSON-style ``options`` overridden; validates names and values.

    >>> cv = convention("sochi", {"whist_sharing": "gentleman"})
    >>> cv.whist_sharing, cv.overrides, cv.prices.contract[7]
    ('gentleman', ('whist_sharing',), 4)
    >>> convention("sochi", {"raspasy_price": 2})
    Traceback (most recent call last):
    ...
    scoring.errors.OptionError: options.raspasy_price: unknown option 'raspasy_price'
    """
    base = preset(name)
    return base.with_options(options) if options else base


_PRESET_CACHE = {name: Convention(name=name, **values) for name, values in PRESETS.items()}  # type: ignore[arg-type]


#: One line per option: the SPEC section and what it decides (README, the site's forms).
OPTION_DOCS: dict[str, tuple[str, str]] = {
    "contract_value": ("§2.1", "pool points C for a made 6, 7, 8, 9, 10"),
    "misere_value": ("§5", "pool points for a made misère"),
    "whist_price": ("§2.1", "W, whists per defence trick: C or 2C"),
    "set_price": ("§2.1", "R, mountain per undertrick: C or 2C"),
    "consolation": ("§3.6", "K, whists per undertrick from each defender: C or 2C"),
    "whist_liability": ("§2.1", "whisters' shortfall F: responsible R, half R/2, classic"),
    "liability_8_to_10": ("§3.3", "two whisters on 8–10 with no trick: second whister or both"),
    "whist_sharing": ("§3.5", "lone whister and passer: greedy or gentleman (halves)"),
    "gentleman_split": ("§3.5", "gentleman halves on a set only, or always"),
    "half_whist_levels": ("§3.7", "levels where half-whist is allowed"),
    "consolation_to_dealer": ("§3.6", "the sitting-out dealer writes consolation too"),
    "dealer_whist_liable": ("§3.7", "a whisting 4-handed dealer answers for the obligation"),
    "dealer_whist_defenders_consolation": (
        "§3.7",
        "defenders keep consolation when the dealer whists",
    ),
    "misere_fail_per_trick": ("§5", "M, mountain per trick caught on a misère"),
    "ten_mode": ("§4", "the ten is whisted or checked (open, no liability)"),
    "checked_ten_split": (
        "§4",
        "set of a checked ten: trick whists in halves, or each defender his own tricks",
    ),
    "stalingrad": ("§3.1", "6♠ must be whisted by both and played closed"),
    "raspasy_recording": ("§6.2, §6.5", "raspasy tricks to the mountain or on whists (Rostov)"),
    "raspasy_progression": ("§6.3", "price per trick by raspasy in a row; first = base price"),
    "raspasy_after_top": ("§6.3", "after the top step: hold it or cycle to the base"),
    "raspasy_zero_bonus": ("§6.2", "no tricks on a raspasy: pool price, half, 1, −2 prices, none"),
    "raspasy_zero_bonus_excludes_dealer": ("§6.2", "the dealer gets no zero-trick bonus"),
    "raspasy_whist_price": ("§6.5", "x, whists per trick on raspasy recorded on whists"),
    "raspasy_talon": ("§6.1", "talon on raspasy: the dealer plays it, suit only, not used"),
    "raspasy_exit": ("§6.4", "minimum contract after 0 / 1 / 2+ raspasy"),
    "raspasy_series_ends_on": ("§6.3", "what ends a raspasy series"),
    "half_whist_exits_raspasy": (
        "§6.3",
        "an accepted half-whist ends a series (whisted_made_game)",
    ),
    "deal_rotation": ("§6.3", "who deals after a raspasy (informational)"),
    "pool_to_mountain_factor": ("§8.1", "k, mountain points per pool point in settlement"),
    "overflow_mode": ("§7.2", "points beyond the pool: help others or write off"),
    "help_whists_per_point": ("§7.2", "whists the helper writes per helped pool point"),
    "help_target": ("§7.2", "whom to help: largest pool or next clockwise"),
    "prikup_bonus": ("§9.4", "prikup premium for aces and marriages in the talon"),
    "prikup_bonus_three_handed": ("§9.4", "3-handed premium: none, or half from each opponent"),
    "prikup_bonus_unplayed": ("§9.4", "the premium on a game without play (pass–pass, half-whist)"),
    "classic_liability_trigger": ("§2.1", "classic: whose closed pool makes whists responsible"),
    "raspasy_amnesty": ("§6.6", "subtract the fewest tricks from every raspasy mountain"),
    "raspasy_idle_dealer_pool": ("§6.1", "pool points for a 4-handed dealer without cards"),
    "writeoff_below_zero": ("§7.3", "write-off past zero: negative mountain or whists"),
    "penalty_set_consolation": ("§9.1", "penalty sets without play carry consolation"),
    "wrong_cards_rule": ("§9.2", "Kodeks 3.4.6 as written, or only when deliberate"),
}


def options_table() -> str:
    """The README's Markdown table of every option and its value in each preset."""
    names = list(PRESETS)
    lines = [
        "| option | " + " | ".join(names) + " | SPEC | what it decides |",
        "|---|" + "---|" * len(names) + "---|---|",
    ]
    for option, (section, text) in OPTION_DOCS.items():
        values = [_shown(getattr(preset(name), option)) for name in names]
        lines.append(f"| `{option}` | " + " | ".join(values) + f" | {section} | {text} |")
    return "\n".join(lines)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)
