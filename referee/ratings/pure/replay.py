"""A rating list's whole history replayed from its games: every change with what caused it.

A game is one table of one round: its players (registry ids) in seat order and their settled
whists. Games are replayed in the order given (tournament by tournament, round by round); a
player plays at most one table per round, so a round's tables are independent and the ratings
"after round N" are those after its last table.

A guest (``Game.guests``, TOURNAMENTS §6.4) sits in the game with his rating as it stands:
his table-mates' changes are computed as at any table, his own rating does not change and
the game is not his (the tournament's ``guest_games`` may instead leave such a table out of
the list altogether: ``services.games``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .methods import Method, Skill


@dataclass(frozen=True, slots=True)
class Game:
    tournament: int
    round: int
    table: int
    players: tuple[int, ...]  # registry player ids, seat order
    whists: tuple[Fraction | int, ...]  # settled whists, exact
    # the guests at the table (TOURNAMENTS §6.4): rated as they stand, never changed
    guests: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating change at one game, and everything that explains it."""

    player: int
    tournament: int
    round: int
    table: int
    before: Skill
    after: Skill
    rating_before: float
    rating_after: float
    rank: int
    whists: Fraction | int
    opponents: tuple[int, ...]
    opponents_ratings: tuple[float, ...]
    opponents_ranks: tuple[int, ...]
    terms: tuple[float, ...]

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before


@dataclass
class Replay:
    changes: list[Change]
    skills: dict[int, Skill]  # each player's skill after his last game
    games: dict[int, int]  # games played per player


def replay(
    method: Method,
    games: Iterable[Game],
    registry: Mapping[int, float | None],
    start: Mapping[int, Skill] | None = None,
) -> Replay:
    """Replay ``games`` under ``method``; ``registry`` gives each player's stored rating (the
    start of bula_elo; openskill starts everybody at the library's prior), unless ``start``
    has his skill already (a replay resumed after the games before these: ``resume``)."""
    skills: dict[int, Skill] = dict(start or {})
    played: dict[int, int] = {}
    changes: list[Change] = []
    for game in games:
        before = []
        for p in game.players:
            skill = skills.get(p)
            if skill is None:
                skill = method.start(registry.get(p))
                if p not in game.guests:  # a guest's start is not a rating of the list
                    skills[p] = skill
            before.append(skill)
        outcomes = method.table(before, game.whists)
        ratings = [method.rating(s) for s in before]
        for i, (player, outcome) in enumerate(zip(game.players, outcomes, strict=True)):
            if player in game.guests:  # a guest's rating never changes: no line, no game
                continue
            skills[player] = outcome.after
            played[player] = played.get(player, 0) + 1
            changes.append(
                Change(
                    player=player,
                    tournament=game.tournament,
                    round=game.round,
                    table=game.table,
                    before=before[i],
                    after=outcome.after,
                    rating_before=ratings[i],
                    rating_after=method.rating(outcome.after),
                    rank=outcome.rank,
                    whists=game.whists[i],
                    opponents=tuple(p for j, p in enumerate(game.players) if j != i),
                    opponents_ratings=tuple(r for j, r in enumerate(ratings) if j != i),
                    opponents_ranks=tuple(o.rank for j, o in enumerate(outcomes) if j != i),
                    terms=outcome.terms,
                )
            )
    return Replay(changes, skills, played)
