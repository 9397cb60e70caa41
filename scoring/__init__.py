"""Preferans scoring engine: conventions as data, deals in, ledger entries out.

Plain Python, no Django. The main entry points:

* ``convention(name, options)``: a preset of SPEC §10 with overrides;
* ``score_deal(convention, players, deal, pool=None)``: one deal's ledger entries;
* ``score_pulka(convention, players, deals, pool_size=None)``: a whole table sheet;
* ``settle(players, pulka, gora, whists, k)``: the final settlement in whists;
* ``explain(entries, lang)``: every entry in words, Russian or English;
* refusals: ``ScoringError`` and its kinds, each with a ``code`` of ``MESSAGES``, its
  ``field`` and ``params``.
"""

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
from .explain import explain, explain_entry
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
from .pulka import PulkaResult, score_pulka
from .settlement import settle
from .table import PoolState

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
