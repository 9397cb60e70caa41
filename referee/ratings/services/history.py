"""A player's page across tournaments: his ratings, the history of one list with every change
explained, its chart, and head-to-head against a chosen opponent.

A fixed number of queries whatever the length of the history (a test pins it): the player,
his ratings on every list, his tournaments, the chosen list's changes with their tournaments,
and the names of everybody he met.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.permissions import may_view_rating_list
from referee.tournaments.models import Player, Registration

from ..models import PlayerRating, RatingChange, RatingList
from ..pure.chart import Chart, chart

#: a tournament's fields a player's pages never read: the seating's (issue 33: decoded for
#: each of a veteran's hundreds of tournaments, they were most of his page's time)
UNREAD = ("tournament__schedule", "tournament__forbidden_pairs")


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
    changes: int = 0  # on the list, of which ``history`` the last ones when asked so


def player_page(
    player: Player,
    viewer: Any,
    list_slug: str | None = None,
    opponent: int | None = None,
    recent: int | None = None,
) -> PlayerPage:
    """``recent``: the history's last so many changes only (the chart and the head to head
    count them all): a veteran's page as fast as a beginner's (issue 33). ``player``: as the
    page's surface found him (``ratings.surfaces``)."""
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
        .defer(*UNREAD)
        .order_by("-tournament__starts_on", "-tournament_id")
    )
    chosen = next((r.rating_list for r in ratings if list_slug in (None, r.rating_list.slug)), None)
    on_list = _on_list(chosen, player, opponent, recent) if chosen is not None else _OnList()
    return PlayerPage(
        player=player,
        ratings=ratings,
        entries=entries,
        rating_list=chosen,
        history=on_list.history,
        chart=chart(on_list.points),
        opponents=sorted(on_list.names.items(), key=lambda item: item[1]),
        head_to_head=on_list.head_to_head,
        changes=len(on_list.every),
    )


@dataclass(frozen=True)
class _OnList:
    """A player's changes on one list as his page reads them (none: no list chosen)."""

    history: list[HistoryLine] = field(default_factory=list)  # the lines shown
    points: list[float] = field(default_factory=list)  # the chart's
    every: list[tuple[float, float, int, Any]] = field(default_factory=list)  # every change
    names: dict[int, str] = field(default_factory=dict)  # everybody met in the lines shown
    head_to_head: HeadToHead | None = None


def _on_list(
    chosen: RatingList, player: Player, opponent: int | None, recent: int | None
) -> _OnList:
    """Every change of ``player`` on ``chosen`` (for the chart and the head to head), the
    ``recent`` last ones explained, and the names of the opponents they and ``opponent`` met."""
    changes = RatingChange.objects.filter(rating_list=chosen, player=player).order_by("seq")
    # the chart needs every change's ratings; their explanations (a JSON each, most of
    # a veteran's read) only the head to head asked for (issue 33)
    fields = ("rating_before", "rating_after", "rank", "detail")
    every = list(
        changes.values_list(*fields)
        if opponent is not None
        else ((b, a, 0, {}) for b, a in changes.values_list(*fields[:2]))
    )
    points = [every[0][0]] + [after for _b, after, _r, _d in every] if every else []
    shown = list(
        changes.select_related("tournament").reverse()[:recent][::-1]
        if recent is not None
        else changes.select_related("tournament")
    )
    met = {o[0]: None for c in shown for o in c.detail.get("opponents", [])}
    if opponent is not None:
        met[opponent] = None
    names = dict(Player.objects.filter(pk__in=met).values_list("pk", "name"))
    h2h = None
    if opponent is not None and opponent in names:
        h2h = _versus(every, opponent, names[opponent])
    return _OnList([_line(c, names) for c in shown], points, every, names, h2h)


def _versus(every: list[tuple[float, float, int, Any]], opponent: int, name: str) -> HeadToHead:
    """``head_to_head`` over every change of the list (its rows as read, not its lines)."""
    ahead = behind = level = 0
    for _before, _after, rank, detail in every:
        for o in detail.get("opponents", []):
            if o[0] != opponent:
                continue
            ahead += rank < o[2]
            behind += rank > o[2]
            level += rank == o[2]
    return HeadToHead(opponent, name, ahead + behind + level, ahead, behind, level)


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
