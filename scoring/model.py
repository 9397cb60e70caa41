"""What a referee records about a deal: small typed values (SPEC §12.2).

Player ids are plain strings. A deal does not know the table's seating; the table
(``players``, clockwise) is passed beside it when it is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, cast

from .numbers import Amount


class DealType(StrEnum):
    __hash__ = str.__hash__  # as its text, without Enum's Python-level hash

    GAME = "game"
    MISERE = "misere"
    RASPASY = "raspasy"


class Call(StrEnum):
    """A defender's call (SPEC §3.1, §3.7, §4)."""

    __hash__ = str.__hash__

    WHIST = "whist"
    PASS = "pass"
    HALF_WHIST = "half_whist"
    RETURN_WHIST = "return_whist"
    CHECK = "check"


class Play(StrEnum):
    __hash__ = str.__hash__
    OPEN = "open"
    CLOSED = "closed"
    NONE = "none"


STRAINS = ("S", "C", "D", "H", "NT")


@dataclass(frozen=True, slots=True)
class DefenceCall:
    """One call, in the order it was made; ``replaces`` for the 4-handed dealer's whist."""

    player: str
    call: Call
    replaces: str | None = None


# -- rulings (SPEC §9, §12.4) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetWithoutAll:
    """Kodeks 3.4.4: an illegal order refused → set "без всех" at the level reached."""

    bid_level: int
    rule = "Kodeks 3.4.4"


@dataclass(frozen=True, slots=True)
class WrongCardCount:
    """Kodeks 3.4.6: ordering with more or fewer than ten cards → without two (+ proven)."""

    proven_undertricks: int
    deliberate: bool | None = None
    rule = "Kodeks 3.4.6"


@dataclass(frozen=True, slots=True)
class LookedAtDiscard:
    """Kodeks 3.4.9: the declarer looked at his discard → one penalty trick."""

    rule = "Kodeks 3.4.9"


@dataclass(frozen=True, slots=True)
class PrikupPremiumRecord:
    """Kodeks 3.4.11: records the prikup premium; the premium follows the option."""

    rule = "Kodeks 3.4.11"


@dataclass(frozen=True, slots=True)
class DisputedPlanCommercial:
    """Kodeks 3.8.5.1, commercial pulka: the insisting player guarantees a result."""

    insisting: str
    dissenters: tuple[str, ...]
    guaranteed: Mapping[str, int]
    rule = "Kodeks 3.8.5.1"


@dataclass(frozen=True, slots=True)
class DisputedPlanQualification:
    """Kodeks 3.8.5.1, qualification: compensation for the dissenter, the lot decides."""

    dissenter: str
    alternative: Mapping[str, int]
    lot: str  # "actual" | "alternative"
    rule = "Kodeks 3.8.5.1"


# Referee rulings of the application (SPEC §9.5, §9.6, §9.9): they carry their own entries.


@dataclass(frozen=True, slots=True)
class PrikupRefusal:
    """Kodeks 3.4.10: by agreement, a refused talon costs the dealer mountain points."""

    points: Amount
    rule = "Kodeks 3.4.10"


@dataclass(frozen=True, slots=True)
class TalonPeeking:
    """SEED-000: a player who peeked at the talon may not whist in this deal."""

    player: str
    rule = "SEED-000 (talon peeking)"


@dataclass(frozen=True, slots=True)
class RaspasyDealerFine:
    """SEED-004/SEED-002: a fine in mountain points for the dealer on raspasy."""

    points: Amount
    rule = "SEED-004 (raspasy dealer fine)"


@dataclass(frozen=True, slots=True)
class ManualEntry:
    """A referee's explicit entry with a reason: underbidding (SEED-002), revoke, FSPR
    error tables (§9.10), disciplinary points or whists. ``kind`` is ``pulka``, ``gora``,
    ``whist`` (needs ``on``) or ``adjustment`` (outside the sheet)."""

    kind: str
    player: str
    amount: Amount
    reason: str
    on: str | None = None
    rule: str = "referee ruling"


def underbid(
    kind: str, player: str, amount: Amount, reason: str, on: str | None = None
) -> ManualEntry:
    """SEED-002 under-bidding, where a table punishes it: the set of the declarer, or the
    whisters' penalty, as the referee rules it (SPEC §9.6; the Kodeks 3.4.13 has none)."""
    return ManualEntry(kind, player, amount, reason, on, rule="SEED-002 (under-bidding)")


def disciplinary(player: str, amount: Amount, reason: str, *, whists: bool = False) -> ManualEntry:
    """A disciplinary penalty in mountain points, or in whists outside the sheet (SPEC §9.8)."""
    kind = "adjustment" if whists else "gora"
    value = -amount if whists else amount
    return ManualEntry(kind, player, value, reason, rule="Lesnoy, tournament rules (discipline)")


#: A Kodeks ruling on a deal; the case format codes each as ``kodex-<rule>`` (``kodex-3.4.4``),
#: a spelling kept because stored deals and shared case files carry it.
KodeksRuling = (
    SetWithoutAll
    | WrongCardCount
    | LookedAtDiscard
    | PrikupPremiumRecord
    | DisputedPlanCommercial
    | DisputedPlanQualification
)
RefereeRuling = PrikupRefusal | TalonPeeking | RaspasyDealerFine | ManualEntry


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the referee records it.

    ``tricks`` per hand in play (omitted with ``play=NONE``); ``level`` 6..10 for a game;
    ``series_index`` the k-th raspasy of a series (derived by a pulka); ``talon`` two
    cards like ``"SA"`` for the prikup premium; ``ruling`` one Kodeks ruling of §12.4;
    ``referee_rulings`` the application's own rulings with their entries.
    """

    type: DealType
    dealer: str | None = None
    declarer: str | None = None
    level: int | None = None
    strain: str | None = None
    defence: tuple[DefenceCall, ...] = ()
    play: Play = Play.CLOSED
    tricks: Mapping[str, int] | None = None
    series_index: int | None = None
    talon: tuple[str, ...] | None = None
    ruling: KodeksRuling | None = None
    referee_rulings: tuple[RefereeRuling, ...] = field(default=())


#: ``new_deal`` fills a twin of ``Deal`` (the same slots, not frozen: plain attribute
#: stores) and then makes it a ``Deal``; the frozen dataclass's ``__init__`` costs twelve
#: ``object.__setattr__`` calls, too many for readers of many deals. CPython allows the
#: class change between classes of the same layout (``__slots__``, no ``__dict__``).
_Twin = type("_DealTwin", (), {"__slots__": Deal.__slots__})
#: The fields of ``Deal`` in order, as ``new_deal`` fills them: a new or renamed field of
#: ``Deal`` fails here, at import, until ``new_deal`` follows it.
_FIELDS: tuple[str, ...] = (
    "type",
    "dealer",
    "declarer",
    "level",
    "strain",
    "defence",
    "play",
    "tricks",
)
_FIELDS += ("series_index", "talon", "ruling", "referee_rulings")
if tuple(f.name for f in fields(Deal)) != _FIELDS:
    raise TypeError("new_deal does not fill the fields of Deal")


def new_deal(
    type: DealType,
    dealer: str | None,
    declarer: str | None,
    level: int | None,
    strain: str | None,
    defence: tuple[DefenceCall, ...],
    play: Play,
    tricks: Mapping[str, int] | None,
    series_index: int | None,
    talon: tuple[str, ...] | None,
    ruling: KodeksRuling | None,
    referee_rulings: tuple[RefereeRuling, ...],
) -> Deal:
    """``Deal(...)`` with every field given in order, built the fast way (equal to it)."""
    deal: Any = _Twin()
    deal.type = type
    deal.dealer = dealer
    deal.declarer = declarer
    deal.level = level
    deal.strain = strain
    deal.defence = defence
    deal.play = play
    deal.tricks = tricks
    deal.series_index = series_index
    deal.talon = talon
    deal.ruling = ruling
    deal.referee_rulings = referee_rulings
    deal.__class__ = Deal
    return cast(Deal, deal)  # a Deal now (its class set above)
