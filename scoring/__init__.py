"""Preferans scoring engine: conventions as data, deals in, ledger entries out.

Plain Python, no Django. The main entry points:

* ``convention(name, options)``: a preset of SPEC §10 with overrides;
* ``score_deal(convention, players, deal, pool=None)``: one deal's ledger entries;
* ``score_pulka(convention, players, deals, pool_size=None)``: a whole table sheet;
* ``settle(players, pulka, gora, whists, k)``: the final settlement in whists;
* ``explain(entries, lang)``: every entry in words, Russian or English;
* refusals: ``ScoringError`` and its kinds, each with a ``code`` of ``MESSAGES``, its
  ``field`` and ``params``.

``explain``, ``explain_entry``, ``score_pulka``, ``PulkaResult`` and ``settle`` are
imported when first used: the command line (``python -m scoring``) starts without them.
"""

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .conventions import PRESETS, Convention, convention, preset
from .deal import score_deal
from .errors import (
    MESSAGES,
    CaseError,
    DealError,
    NumberError,
    OptionError,
    PulkaError,
    RulingError,
    ScoringError,
)
from .ledger import DealResult, Entry, Kind, Outcome, Term, Totals
from .model import (
    Call,
    Deal,
    DealType,
    DefenceCall,
    DisputedPlanCommercial,
    DisputedPlanQualification,
    LookedAtDiscard,
    ManualEntry,
    Play,
    PrikupPremiumRecord,
    PrikupRefusal,
    RaspasyDealerFine,
    SetWithoutAll,
    TalonPeeking,
    WrongCardCount,
    disciplinary,
    underbid,
)
from .table import PoolState

if TYPE_CHECKING:
    from .explain import explain, explain_entry
    from .pulka import PulkaResult, score_pulka
    from .settlement import settle

_LAZY = {"explain": "explain", "explain_entry": "explain", "PulkaResult": "pulka"}
_LAZY |= {"score_pulka": "pulka", "settle": "settlement"}


class _Package(ModuleType):
    """The package, whose lazy names are imported on first use; ``scoring.explain`` stays
    the function once the module ``scoring.explain`` is imported too (importing a module
    sets it as an attribute of its package)."""

    def __getattr__(self, name: str) -> Any:
        module = _LAZY.get(name)
        if module is None:  # the usual lookup again, and its AttributeError
            return ModuleType.__getattribute__(self, name)
        value = getattr(import_module(f"{__name__}.{module}"), name)
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "explain" or not isinstance(value, ModuleType):
            super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = [
    "MESSAGES",
    "PRESETS",
    "Call",
    "CaseError",
    "Convention",
    "Deal",
    "DealError",
    "DealResult",
    "DealType",
    "DefenceCall",
    "DisputedPlanCommercial",
    "DisputedPlanQualification",
    "Entry",
    "Kind",
    "LookedAtDiscard",
    "ManualEntry",
    "NumberError",
    "OptionError",
    "Outcome",
    "Play",
    "PoolState",
    "PrikupPremiumRecord",
    "PrikupRefusal",
    "PulkaError",
    "PulkaResult",
    "RaspasyDealerFine",
    "RulingError",
    "ScoringError",
    "SetWithoutAll",
    "TalonPeeking",
    "Term",
    "Totals",
    "WrongCardCount",
    "convention",
    "disciplinary",
    "explain",
    "explain_entry",
    "preset",
    "score_deal",
    "score_pulka",
    "settle",
    "underbid",
]
