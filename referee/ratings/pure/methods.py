"""The named rating methods behind one interface: a skill per player, and a table's result
(settled whists in seat order) turning the players' skills before into their skills after.

- ``openskill``: the openskill library's Plackett–Luce model on the places at the table, ties
  shared (equal whists, equal rank); a player's rating is the library's ordinal, μ − 3σ.
- ``bula_elo``: ``bula_elo.bula_elo_changes`` on the settled whists; the rating is R itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from openskill.models import PlackettLuce

from .bula_elo import bula_elo_changes

OPENSKILL = "openskill"
BULA_ELO = "bula_elo"


@dataclass(frozen=True, slots=True)
class Skill:
    """μ and σ for openskill; for bula_elo the rating as μ, σ unused (0)."""

    mu: float
    sigma: float = 0.0


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """One player's part of a table: skill after, and why (pair terms for bula_elo)."""

    after: Skill
    rank: int  # 1 = best; players with equal whists share the best of their places
    terms: tuple[float, ...] = ()


def ranks(whists: Sequence[Fraction | int]) -> list[int]:
    """Ranks at a table, from 1, ties sharing the best place: [14, 2, 2, -18] → 1, 2, 2, 4.

    >>> ranks([Fraction(14), Fraction(2), Fraction(2), Fraction(-18)])
    [1, 2, 2, 4]
    """
    ordered = sorted(whists, reverse=True)
    return [ordered.index(w) + 1 for w in whists]


class Method(Protocol):
    name: str

    def start(self, registry_rating: float | None) -> Skill: ...

    def rating(self, skill: Skill) -> float: ...

    def table(
        self, skills: Sequence[Skill], whists: Sequence[Fraction | int]
    ) -> list[TableOutcome]: ...


class OpenSkill:
    """The library's Plackett–Luce model with its defaults (μ 25, σ 25/3)."""

    name = OPENSKILL

    def __init__(self) -> None:
        self.model = PlackettLuce()

    def start(self, registry_rating: float | None) -> Skill:
        return Skill(self.model.mu, self.model.sigma)

    def rating(self, skill: Skill) -> float:
        return skill.mu - 3 * skill.sigma

    def table(
        self, skills: Sequence[Skill], whists: Sequence[Fraction | int]
    ) -> list[TableOutcome]:
        order = ranks(whists)
        teams = [[self.model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
        rated = self.model.rate(teams, ranks=[float(r) for r in order])
        return [
            TableOutcome(Skill(team[0].mu, team[0].sigma), rank)
            for team, rank in zip(rated, order, strict=True)
        ]


class BulaElo:
    """``bula_elo`` with the list's bula; a player starts from his registry rating, if any."""

    name = BULA_ELO

    def __init__(self, bula: int = 30, initial: float = 1200.0) -> None:
        self.bula = bula
        self.initial = float(initial)  # a list's default (1200) is an int until read back

    def start(self, registry_rating: float | None) -> Skill:
        return Skill(self.initial if registry_rating is None else registry_rating)

    def rating(self, skill: Skill) -> float:
        return skill.mu

    def table(
        self, skills: Sequence[Skill], whists: Sequence[Fraction | int]
    ) -> list[TableOutcome]:
        changes = bula_elo_changes([_exact(s.mu) for s in skills], whists, self.bula)
        return [
            TableOutcome(
                Skill(skill.mu + change.change),
                rank,
                tuple(round(t / change.denominator, 2) for t in change.numerators),
            )
            for skill, change, rank in zip(skills, changes, ranks(whists), strict=True)
        ]


def _exact(rating: float) -> Fraction | int:
    """A rating as the formula reads it: whole, or to two decimals (the registry's)."""
    if float(rating).is_integer():
        return int(rating)
    return Fraction(round(rating * 100), 100)


def method_named(name: str, *, bula: int = 30, initial: float = 1200.0) -> Method:
    if name == OPENSKILL:
        return OpenSkill()
    if name == BULA_ELO:
        return BulaElo(bula, initial)
    raise ValueError(f"unknown rating method {name!r}")
