"""A player's page across tournaments: his ratings, the history of one list with every change
explained, its chart, and head-to-head against a chosen opponent.

A fixed number of queries whatever the length of the history (a test pins it): the player,
his ratings on every list, his tournaments, the chosen list's changes with their tournaments,
and the names of everybody he met.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404

from referee.core.permissions import may_view_rating_list
from referee.tournaments.models import Player, Registration

from ..models import PlayerRating, RatingChange, RatingList
from ..pure.chart import Chart, chart


@dataclass(frozen=True)
class Opponent:
    player: int
    name: str
    rating: float
    rank: int


@dataclass(frozen=True)
class HistoryLine:
    tournament: str
    tournament_slug: str
    round: int
    table: int
    rank: int
    whists: str
    before: float
    after: float
    change: float
    opponents: tuple[Opponent, ...]
    terms: tuple[float, ...]


@dataclass(frozen=True)
class HeadToHead:
    opponent: int
    name: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class PlayerPage:
    player: Player
    ratings: list[PlayerRating]
    entries: list[Registration]
    rating_list: RatingList | None
    history: list[HistoryLine]
    chart: Chart
    opponents: list[tuple[int, str]]  # everybody met on the list, by name
    head_to_head: HeadToHead | None


def player_page(
    player_id: int, viewer: Any, list_slug: str | None = None, opponent: int | None = None
) -> PlayerPage:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise Http404
    ratings = [
        r
        for r in PlayerRating.objects.filter(player=player)
        .select_related("rating_list")
        .order_by("rating_list__name")
        if may_view_rating_list(viewer, r.rating_list)
    ]
    entries = list(
        Registration.objects.filter(player=player, tournament__published=True)
        .select_related("tournament")
        .order_by("-tournament__starts_on", "-tournament_id")
    )
    chosen = next((r.rating_list for r in ratings if list_slug in (None, r.rating_list.slug)), None)
    history: list[HistoryLine] = []
    if chosen is not None:
        changes = list(
            RatingChange.objects.filter(rating_list=chosen, player=player)
            .select_related("tournament")
            .order_by("seq")
        )
        met = {o[0] for c in changes for o in c.detail.get("opponents", [])}
        names = dict(Player.objects.filter(pk__in=met).values_list("pk", "name"))
        history = [_line(c, names) for c in changes]
    else:
        names = {}
    return PlayerPage(
        player=player,
        ratings=ratings,
        entries=entries,
        rating_list=chosen,
        history=history,
        chart=chart([history[0].before] + [h.after for h in history] if history else []),
        opponents=sorted(names.items(), key=lambda item: item[1]),
        head_to_head=head_to_head(history, opponent, names) if opponent else None,
    )


def _line(change: RatingChange, names: dict[int, str]) -> HistoryLine:
    return HistoryLine(
        tournament=change.tournament.name,
        tournament_slug=change.tournament.slug,
        round=change.round_number,
        table=change.table_number,
        rank=change.rank,
        whists=change.whists,
        before=change.rating_before,
        after=change.rating_after,
        change=change.rating_after - change.rating_before,
        opponents=tuple(
            Opponent(o[0], names.get(o[0], "?"), o[1], o[2])
            for o in change.detail.get("opponents", [])
        ),
        terms=tuple(change.detail.get("terms", [])),
    )


def head_to_head(
    history: list[HistoryLine], opponent: int, names: dict[int, str]
) -> HeadToHead | None:
    """Games at one table with ``opponent``: how often the player finished ahead, behind,
    or level with him."""
    if opponent not in names:
        return None
    ahead = behind = level = 0
    for line in history:
        for o in line.opponents:
            if o.player != opponent:
                continue
            if line.rank < o.rank:
                ahead += 1
            elif line.rank > o.rank:
                behind += 1
            else:
                level += 1
    return HeadToHead(opponent, names[opponent], ahead + behind + level, ahead, behind, level)
