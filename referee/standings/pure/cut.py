"""The cut: who goes on to the next stage when it takes the best N (TOURNAMENTS §6.3).

One rule for both its readers, so that they cannot disagree (issue 29 point 4): the seating of
the next stage (``seating.stages``: who plays it) and "can I still qualify" (``outlook``: who
is certain to). Before it, the page could call a player out whom the seating then found tied
at the cut, because the outlook counted the withdrawn as rivals and the seating did not.

**Contenders**: the rows of the players still in play, those in ``eligible`` (registered and
playing: not withdrawn, eliminated or disqualified) and not removed from the standings
(``removed_in``: the elimination threshold, a disqualification). Everybody else keeps his row
on the standings but takes no place from anybody: he is no rival.

**Their places**: 1 + the contenders ranked strictly above (the standings' rank: the points,
the whole tie-break chain and the lot); a tie the chain left undecided shares the places it
covers, e.g. two contenders tied after three are both 4–5.

**The cut of N**: a contender whose shared places end within N goes on (``through``); a tie
whose places begin within N and end after it straddles the cut (``tied``): the seating refuses
it until the lot decides, and the outlook calls it open.

>>> from fractions import Fraction
>>> from .ranking import StandingRow
>>> def row(rank, player, removed_in=None):
...     return StandingRow(rank, str(rank), player, Fraction(0), Fraction(0), 0, 1, (), False,
...                        None, removed_in=removed_in)
>>> rows = [row(1, "a"), row(2, "w"), row(3, "b"), row(4, "c"), row(4, "d")]
>>> found = cut_at(rows, 3, eligible={"a", "b", "c", "d"})  # w withdrew
>>> found.through, found.tied, found.places["b"].label
(('a', 'b'), ('c', 'd'), '3–4')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .exact import Player
from .ranking import StandingRow


@dataclass(frozen=True)
class Place:
    """A contender's place among the contenders: ``best`` to ``worst`` when tied."""

    best: int
    worst: int

    @property
    def label(self) -> str:
        return str(self.best) if self.best == self.worst else f"{self.best}–{self.worst}"


@dataclass(frozen=True)
class Cut:
    """The cut of ``count`` over the contenders, in the standings' order."""

    count: int
    places: Mapping[Player, Place]  # every contender's place, best first
    through: tuple[Player, ...]  # certain to go on
    tied: tuple[Player, ...]  # the tie across the cut (empty when there is none)

    @property
    def tied_label(self) -> str:
        """The places the tie across the cut shares ("" without one)."""
        return self.places[self.tied[0]].label if self.tied else ""


def contenders(
    rows: Sequence[StandingRow], eligible: Collection[Player] | None = None
) -> tuple[StandingRow, ...]:
    """The rows of the players still in play (``eligible`` None: everybody not removed); a
    guest, who takes no place (``ranking``'s note), never contends."""
    return tuple(
        r
        for r in rows
        if r.removed_in is None and not r.guest and (eligible is None or r.player in eligible)
    )


def places(
    rows: Sequence[StandingRow], eligible: Collection[Player] | None = None
) -> dict[Player, Place]:
    """Each contender's place among the contenders; ties share the places they cover."""
    ranks = [r.rank for r in contenders(rows, eligible)]
    found = {}
    for r in contenders(rows, eligible):
        above = sum(rank < r.rank for rank in ranks)
        level = sum(rank == r.rank for rank in ranks)
        found[r.player] = Place(above + 1, above + level)
    return found


def cut_at(
    rows: Sequence[StandingRow], count: int, eligible: Collection[Player] | None = None
) -> Cut:
    """Who goes on when the best ``count`` of the contenders do (the module's note)."""
    found = places(rows, eligible)
    through = tuple(p for p, place in found.items() if place.worst <= count)
    tied = tuple(p for p, place in found.items() if place.best <= count < place.worst)
    return Cut(count, found, through, tied)


__all__ = ["Cut", "Place", "contenders", "cut_at", "places"]
