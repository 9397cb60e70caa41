"""Ledger entries: what a deal writes on the sheet, each with its rule and reason (SPEC §1).

An entry is written to the pool (``Kind.POOL``, ``"pulka"`` in the case format), the
mountain (``"gora"``), as whists (``"whist"``, written by ``player`` on ``on``) or as an
adjustment (``"adjustment"``, a referee award outside the sheet). In the engine's words
"pulka" is the whole score sheet (``score_pulka``) and "pool" its пуля book; the case format
(SPEC §12) names the book ``pulka``, and so do the fields that mirror it (``Totals.pulka``,
``PoolState.pulka``, ``settle(players, pulka, …)``), kept as the format has them.
``term`` says what the amount is for, as a code with numbers that ``explain`` renders in
Russian or English.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .numbers import Amount, exact


class Kind(StrEnum):
    """Where an entry is written. A ``StrEnum``: stored JSON and texts stay ``"pulka"``…"""

    __hash__ = str.__hash__  # equal to its text as a dict key, too

    POOL = "pulka"
    GORA = "gora"
    WHIST = "whist"
    ADJUSTMENT = "adjustment"


POOL, GORA, WHIST, ADJUSTMENT = Kind.POOL, Kind.GORA, Kind.WHIST, Kind.ADJUSTMENT


class Term(NamedTuple):
    """Why an amount is written: a code of ``explain.TERMS`` and its numbers."""

    code: str
    args: tuple[object, ...] = ()


class Entry(NamedTuple):
    """One line of the sheet: ``kind`` is a ``Kind`` (equal to its text ``"gora"``…)."""

    kind: Kind
    player: str
    amount: Amount
    rule: str
    term: Term
    on: str | None = None


#: ``new(Entry, (kind, player, amount, rule, term, on))`` builds an entry (or a ``Term``)
#: without NamedTuple's Python-level ``__new__``: the scoring hot paths use it; every field
#: is given, ``on`` included.
new = tuple.__new__


class Outcome(NamedTuple):
    """How a deal ended, for the raspasy series (SPEC §6.3) and for reports.

    ``result``: ``made``, ``set``, ``penalty`` (a set without play), ``annulled``,
    ``raspasy``; ``whisted``: somebody defended in play (a checked ten counts);
    ``half_whist``: an accepted half-whist.
    """

    result: str
    whisted: bool = False
    half_whist: bool = False


class DealResult(NamedTuple):
    entries: tuple[Entry, ...]
    outcome: Outcome


@dataclass(slots=True)
class Totals:
    """Sums of entries: pools (``pulka``, the case format's name of the book), mountains,
    whists per ordered pair, adjustments."""

    pulka: dict[str, Amount]
    gora: dict[str, Amount]
    whists: dict[tuple[str, str], Amount]
    adjustments: dict[str, Amount]

    @staticmethod
    def of(entries: Iterable[Entry]) -> Totals:
        totals = Totals({}, {}, {}, {})
        totals.add(entries)
        return totals

    def add(self, entries: Iterable[Entry]) -> None:
        pools, gora, whists, adjustments = self.pulka, self.gora, self.whists, self.adjustments
        book: dict[Any, Amount]
        key: Any
        for entry in entries:  # (indexes: an Entry is a tuple, unpacked slower than a plain one)
            kind, key = entry[0], entry[1]
            if kind == WHIST:
                assert entry[5] is not None
                book, key = whists, (key, entry[5])
            elif kind == POOL:
                book = pools
            elif kind == GORA:
                book = gora
            elif kind == ADJUSTMENT:
                book = adjustments
            else:
                raise KeyError(kind)
            total = book.get(key, 0) + entry[2]
            book[key] = total if type(total) is int else exact(total)
