"""Resuming a list's replay from a tournament on rather than from its first game.

A replay is a fold over the games in tournament order: the state after a tournament depends
only on the state before it and its games. So when one tournament's results change, the
tournaments before it keep their changes, and the replay restarts from each player's state
after his last change before it (his skill, and his games and tournaments counted so far).

``first_dirty`` finds where to restart: the first place where the order the list was
replayed in differs from its order now (a tournament added, removed or moved to another
date) or whose tournament changed. ``tally`` carries the players' counts through the new
changes, from their kept states.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .methods import Skill
from .replay import Change

#: a tournament in a list's order: its id and its date (the order is by date, then id)
Place = tuple[int, datetime.date]


@dataclass(frozen=True, slots=True)
class Kept:
    """A player's state after one of his changes: what the next replay starts him from."""

    skill: Skill
    games: int  # his games on the list so far
    tournaments: int  # his tournaments on the list so far
    last_tournament: int  # the tournament of that change


def first_dirty(kept: Sequence[Place], now: Sequence[Place], changed: Collection[int]) -> int:
    """The index in ``now`` from which the replay is redone: the length of the longest
    common prefix of the order replayed (``kept``) and the order now in which no
    tournament is ``changed``.

    >>> d = datetime.date(2026, 1, 1)
    >>> first_dirty([(1, d), (2, d)], [(1, d), (2, d), (3, d)], {3})  # one at the end
    2
    >>> first_dirty([(1, d), (2, d), (3, d)], [(1, d), (2, d), (3, d)], {2})  # a correction
    1
    >>> first_dirty([(1, d), (2, d), (3, d)], [(1, d), (3, d)], ())  # one taken off the list
    1
    """
    start = 0
    for before, after in zip(kept, now, strict=False):
        if before != after or after[0] in changed:
            break
        start += 1
    return start


def tally(
    changes: Sequence[Change], kept: Mapping[int, Kept]
) -> tuple[list[Kept], dict[int, Kept]]:
    """Each change's player state after it (counts carried from ``kept``), and every
    player's last state: ``kept``'s for those without a new change."""
    state = dict(kept)
    after: list[Kept] = []
    for change in changes:
        last = state.get(change.player)
        if last is None:
            now = Kept(change.after, 1, 1, change.tournament)
        else:
            now = Kept(
                change.after,
                last.games + 1,
                last.tournaments + (last.last_tournament != change.tournament),
                change.tournament,
            )
        state[change.player] = now
        after.append(now)
    return after, state
