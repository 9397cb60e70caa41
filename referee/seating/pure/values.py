"""The values a seating is made of: tables, rounds and the errors (TOURNAMENTS.md §6).

Player ids are any hashable value (registration numbers, names). A seating never sorts them:
every order comes from the caller's lists and the seeded draw, so a seed gives one result.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from scoring.errors import Refusal

from .notes import Note, pair_label

P = TypeVar("P", bound=Hashable)

__all__ = [
    "ForbiddenPairError",
    "NoTablePlanError",
    "Note",
    "P",
    "RoundSeating",
    "SeatedTable",
    "SeatingError",
    "pair_label",
]


@dataclass(frozen=True, slots=True)
class SeatedTable(Generic[P]):
    """One table of a round: ``seats`` in seat order, seat 1 first (§6.1).

    ``notes`` say why the table looks the way it does, one coded flag each.
    """

    number: int
    seats: tuple[P, ...]
    first_dealer: P
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundSeating(Generic[P]):
    """A seated round. ``byes`` sit out (only N = 5 has one, §6.2); a past round is the same."""

    tables: tuple[SeatedTable[P], ...]
    notes: tuple[Note, ...] = ()
    byes: tuple[P, ...] = ()

    @property
    def seated(self) -> tuple[P, ...]:
        return tuple(p for table in self.tables for p in table.seats)


class SeatingError(Refusal):
    """Input a seating cannot be made from; the message says what is wrong in plain English,
    ``code`` and ``params`` say it for a translation: ``too_few_players`` (``n``),
    ``unknown_prefer`` (``prefer``), ``forbidden_pairs`` and ``no_bye`` (``pairs``), or
    ``invalid`` (input only a program can get wrong: a player listed twice, bad weights)."""

    def __init__(
        self, message: str, code: str = "invalid", params: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(code, "", message, params)


class NoTablePlanError(SeatingError):
    """Fewer than three players, or an unknown ``prefer``: no table plan (§6.2)."""


class ForbiddenPairError(SeatingError):
    """No seating was found that keeps every forbidden pair at different tables."""

    def __init__(
        self, message: str, pairs: tuple[tuple[object, object], ...], code: str = "forbidden_pairs"
    ) -> None:
        self.pairs = pairs
        super().__init__(message, code, {"pairs": pairs})
