"""A stage played in groups (issue 34 point 3, TOURNAMENTS §6.3): its groups are fixed when
its first round is seated, and each of its rounds seats every group on its own.

The groups come from the cut when it crosses the groups of the stage before
(``stages._qualify``), else from the stage's players in its seeding order
(``Stage.seeding``): the standings of the stage before (in a first stage, the registration
order) dealt in turn or as a snake, or the players' ratings dealt in turn
(``standings.pure.groups.split``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.standings.pure.groups import GroupError, split
from referee.tournaments.models import Registration, Stage

from .pure.grouped import merge
from .pure.values import RoundSeating
from .refusals import REFUSALS


def split_stage(stage: Stage, order: Sequence[int]) -> list[list[int]]:
    """The stage's groups (empty for a stage of one group), its players in ``order`` (best
    first) dealt as its seeding says; refused when a group would seat fewer than three."""
    if stage.groups < 2:
        return []
    if stage.seeding == Stage.Seeding.RATING:
        order = by_rating(order)
    try:
        made = split(list(order), stage.groups, snake=stage.seeding == Stage.Seeding.SNAKE)
    except GroupError:
        raise REFUSALS.error(
            "stage.groups_too_small", stage=stage.name, n=stage.groups, players=len(order)
        ) from None
    return [list(group) for group in made]


def by_rating(players: Sequence[int]) -> list[int]:
    """The players by their rating, highest first; the unrated after, by registration."""
    ratings = dict(
        Registration.objects.filter(pk__in=list(players)).values_list("pk", "player__rating")
    )
    rated = sorted(
        (p for p in players if ratings.get(p) is not None), key=lambda p: -(ratings[p] or 0)
    )
    return rated + sorted(p for p in players if ratings.get(p) is None)


def seat_in_groups(
    members: Sequence[Sequence[int]],
    players: Sequence[int],
    seat: Callable[[list[int]], RoundSeating[int]],
) -> RoundSeating[int]:
    """Each group's players of this round (``players``: those seated, in order) seated by
    ``seat``, the tables numbered on."""
    playing = list(players)
    return merge([seat([p for p in playing if p in set(group)]) for group in members])
