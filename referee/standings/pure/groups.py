"""Groups, crossover and the play-off at the cut (TOURNAMENTS §2.2, §6.3; issue 34 point 3).

A stage may split its players into groups that play apart (the DC league's groups, then a
final group: §6.3 ``fixed_schedule``). Three pure rules, no Django:

**The split** (``split``): the players in their seeding order, dealt to ``count`` groups
either *in turn* (1 A, 2 B, 3 A, 4 B, …) or as a *snake* (1 A, 2 B, 3 B, 4 A, 5 A, …). Every
player lands in exactly one group, and the groups' sizes differ by at most one player (so
their numbers of tables by at most one).

**The crossover** (``crossover``): the best k of each of g groups go on to g new groups; the
player placed i-th (from 0) in group s goes to new group (s − i) mod g, so new group j holds
the 1st of group j, the 2nd of group j+1, the 3rd of group j+2, … ("1st of A with 2nd of B").
Each new group holds one player of each place, and its players come from the old groups as
evenly as can be: two from the same group only when k > g makes it unavoidable.

**The play-off at the cut** (``settle``, ``cut_settled``): a tie the chain left across a
group's cut (``cut.cut_at``) is broken by the play-off games played between the tied players,
in the order played: each game orders the tied players who all sat at it by its result (the
settled whists, more first); a game of only some of them (a second play-off among those still
tied) orders those. What no game splits stays tied: the seating refuses it until another
play-off or the lot decides.

>>> split(["p1", "p2", "p3", "p4", "p5", "p6"], 2, snake=True)
(('p1', 'p4', 'p5'), ('p2', 'p3', 'p6'))
>>> crossover([("A1", "A2", "A3"), ("B1", "B2", "B3")])
(('A1', 'B2', 'A3'), ('B1', 'A2', 'B3'))
>>> settle(["x", "y", "z"], [{"x": 10, "y": 30, "z": 10}])
[['y'], ['x', 'z']]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from itertools import groupby
from typing import TypeVar

from .cut import Cut, Place, cut_at
from .exact import Player
from .ranking import StandingRow

P = TypeVar("P")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SMALLEST = 3  # a group seats at least one table


class GroupError(ValueError):
    """A split the players cannot make: ``code`` names why (``too_many_groups``)."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def label(index: int) -> str:
    """The group's letter: 0 → A, 1 → B, …, then A2, B2 past Z."""
    letter = LETTERS[index % len(LETTERS)]
    return letter if index < len(LETTERS) else f"{letter}{index // len(LETTERS) + 1}"


def split(order: Sequence[P], count: int, *, snake: bool) -> tuple[tuple[P, ...], ...]:
    """The players in ``order`` dealt to ``count`` groups (the module's note); each group
    needs at least three players."""
    if count < 1:
        raise GroupError("group_count", count=count)
    if len(order) < SMALLEST * count:
        raise GroupError("too_many_groups", count=count, players=len(order))
    groups: list[list[P]] = [[] for _ in range(count)]
    for i, player in enumerate(order):
        lap, seat = divmod(i, count)
        groups[count - 1 - seat if snake and lap % 2 else seat].append(player)
    return tuple(tuple(g) for g in groups)


def crossover(through: Sequence[Sequence[P]]) -> tuple[tuple[P, ...], ...]:
    """The players through each group, best first, crossed into as many new groups (the
    module's note); a group with fewer players through leaves its places empty."""
    count = len(through)
    deepest = max((len(g) for g in through), default=0)
    return tuple(
        tuple(
            through[(j + i) % count][i] for i in range(deepest) if i < len(through[(j + i) % count])
        )
        for j in range(count)
    )


def settle(tied: Sequence[P], games: Sequence[Mapping[P, Fraction | int]]) -> list[list[P]]:
    """The tied players in blocks, best first, as the play-off games order them (the module's
    note); a block of more than one is still tied."""
    blocks = [list(tied)]
    for game in games:
        made: list[list[P]] = []
        for block in blocks:
            if len(block) < 2 or any(p not in game for p in block):
                made.append(block)
                continue
            ordered = sorted(block, key=lambda p: -Fraction(game[p]))  # stable: ties keep order
            made += [list(g) for _, g in groupby(ordered, key=lambda p: Fraction(game[p]))]
        blocks = made
    return blocks


def cut_settled(
    rows: Sequence[StandingRow],
    count: int,
    eligible: Collection[Player] | None = None,
    games: Sequence[Mapping[Player, Fraction | int]] = (),
) -> Cut:
    """``cut.cut_at`` with the tie across the cut broken by the play-off ``games`` as far as
    they go: the players they place within the cut go through, those they place after it do
    not, and a block they leave across the cut stays ``tied``; the places follow."""
    found = cut_at(rows, count, eligible)
    if not found.tied or not games:
        return found
    position = found.places[found.tied[0]].best - 1
    places = dict(found.places)
    through, tied = list(found.through), []
    for block in settle(found.tied, games):
        for player in block:
            places[player] = Place(position + 1, position + len(block))
        if position + len(block) <= count:
            through += block
        elif position < count:
            tied = block
        position += len(block)
    ordered = {p: places[p] for p in sorted(places, key=lambda p: places[p].best)}
    return Cut(count, ordered, tuple(through), tuple(tied))


def cut_groups(
    rows: Sequence[StandingRow],
    groups: Sequence[Collection[Player]],
    count: int,
    eligible: Collection[Player] | None = None,
    games: Sequence[Mapping[Player, Fraction | int]] = (),
) -> tuple[Cut, ...]:
    """The cut of the best ``count`` in each group: the stage's rows, in its order, restricted
    to the group's players (places counted within the group), each tie broken by ``games``."""
    cuts = []
    for members in groups:
        chosen = set(members)
        cuts.append(cut_settled([r for r in rows if r.player in chosen], count, eligible, games))
    return tuple(cuts)


__all__ = [
    "LETTERS",
    "GroupError",
    "crossover",
    "cut_groups",
    "cut_settled",
    "label",
    "settle",
    "split",
]
