"""The federation's results: the standings with rating before and after, the change,
qualification points, category and division (TOURNAMENTS §11, §12), and the machine-readable
results, one row per player per round. Plain rows with exact numbers: the exports format them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.core import rounds as kinds
from referee.core.figures import rounded
from referee.standings.services import (
    RoundResults,
    Standings,
    round_rows,
    standings_rows,
    standings_with_rounds,
)
from referee.tournaments.models import Registration, Tournament

from ..models import RatingChange, RatingList
from .qualification import qualification_of

#: The version of the machine-readable results (README, "The federation's export").
FORMAT_VERSION = 1


@dataclass(frozen=True)
class FederationResults:
    tournament: Tournament
    standings: Standings
    rating_list: RatingList | None
    rows: list[dict[str, Any]]  # one per player: standings, ratings, qualification
    round_rows: list[dict[str, Any]]  # one per player per round
    settings: list[tuple[str, str]]  # the ratings' and qualification's settings (footer)


def rating_list_for(tournament: Tournament, slug: str | None = None) -> RatingList | None:
    """The list the sheet reports: the one named, else the first (by name) counting it."""
    lists = RatingList.objects.filter(tournaments=tournament).order_by("name")
    if slug:
        lists = lists.filter(slug=slug)
    return lists.first()


def federation_results(
    tournament: Tournament, viewer: Any, list_slug: str | None = None
) -> FederationResults:
    standings, rounds, _shown = standings_with_rounds(tournament, viewer=viewer)
    rating_list = rating_list_for(tournament, list_slug)
    players = {
        e.pk: (e.player_id, e.player.federation_id)
        for e in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    by_round, first, last = _changes(tournament, rating_list)
    qualification = qualification_of(tournament, viewer)
    rows = []
    for row in _placed(tournament, viewer, standings_rows(standings)):
        player, federation_id = players.get(row["registration"], (None, ""))
        q = qualification.get(row["registration"])
        before, after = first.get(player or 0), last.get(player or 0)
        rows.append(
            {
                **row,
                "player_id": player,
                "federation_id": federation_id,
                "rating_before": before,
                "rating_after": after,
                "rating_change": after - before
                if before is not None and after is not None
                else None,
                "category": q.category if q else "",
                "division": q.division if q else "",
                "qualification_points": q.award.points if q else None,
                "norms": [f"{title} ({why})" for title, why in q.award.norms] if q else [],
            }
        )
    flat = _round_rows(tournament, rounds, players, by_round)
    return FederationResults(
        tournament, standings, rating_list, rows, flat, settings_lines(tournament, rating_list)
    )


#: the tournament's rating changes on the list: by (player, round), and each player's rating
#: before his first one and after his last one
_Changes = tuple[dict[tuple[int, int], RatingChange], dict[int, float], dict[int, float]]


def _changes(tournament: Tournament, rating_list: RatingList | None) -> _Changes:
    """The tournament's rating changes on ``rating_list`` (none without a list)."""
    by_round: dict[tuple[int, int], RatingChange] = {}
    first: dict[int, float] = {}
    last: dict[int, float] = {}
    if rating_list is not None:
        for change in RatingChange.objects.filter(
            rating_list=rating_list, tournament=tournament
        ).order_by("seq"):
            by_round[(change.player_id, change.round_number)] = change
            first.setdefault(change.player_id, change.rating_before)
            last[change.player_id] = change.rating_after
    return by_round, first, last


def _round_rows(
    tournament: Tournament,
    rounds: Sequence[RoundResults],
    players: dict[int, tuple[int, str]],
    by_round: dict[tuple[int, int], RatingChange],
) -> list[dict[str, Any]]:
    """The machine-readable results: one row per player per round, with the round's rating
    change (``players``: registration → registry player and federation id)."""
    flat = []
    for results in rounds:
        for seat in round_rows(results):
            player, federation_id = players.get(seat["registration"], (None, ""))
            found = by_round.get((player or 0, seat["round"]))
            flat.append(
                {
                    "tournament": tournament.slug,
                    "round": seat["round"],
                    "table": seat["table"],
                    "seat": seat["position"],
                    "player_id": player,
                    "federation_id": federation_id,
                    "name": seat["player"],
                    "city": seat["city"],
                    "whists": seat["whists"],
                    "place": seat["place"],
                    "points": seat["points"],
                    "provisional": seat["provisional"],
                    "rating_before": found.rating_before if found else None,
                    "rating_after": found.rating_after if found else None,
                    "rating_change": found.change if found else None,
                }
            )
    return flat


def _placed(
    tournament: Tournament, viewer: Any, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The standings' rows with the tournament's final places where they come from elsewhere
    than the standings (a duplicate event's session, ``core.rounds``), in their order."""
    places = kinds.final_places(tournament, viewer)
    if places is None:
        return rows
    listed = {row["registration"] for row in rows}
    for entry in Registration.objects.filter(
        tournament=tournament, pk__in=set(places) - listed
    ).select_related("player"):
        # a player of the session only: no ordinary round, so no points nor whists
        rows.append(
            {
                "registration": entry.pk,
                "player": entry.player.name,
                "city": entry.player.city,
                "points": None,
                "whists": None,
            }
        )
    unplaced = (len(rows) + 1, len(rows) + 1)
    for row in rows:
        best, worst = places.get(row["registration"], unplaced)
        row["rank"] = best
        row["rank_label"] = f"{best}–{worst}" if worst > best else str(best)
        row["tied"] = worst > best
    return sorted(rows, key=lambda row: row["rank"])


def settings_lines(tournament: Tournament, rating_list: RatingList | None) -> list[tuple[str, str]]:
    """(setting, value) pairs of the ratings and qualification, for the sheet's footer."""
    from django.utils.translation import gettext as _

    lines: list[tuple[str, str]] = []
    if rating_list is not None:
        method = rating_list.method
        if method == RatingList.Method.BULA_ELO:
            method += f" (bula={rating_list.bula}, initial={rating_list.initial_rating:g})"
        lines.append((_("rating"), f"{rating_list.name}: {method}"))
    chosen = getattr(tournament, "qualification", None)
    if chosen is not None:
        category = chosen.category
        table = ", ".join(
            f"{k}: {v}" for k, v in sorted(category.points_table.items(), key=lambda kv: int(kv[0]))
        )
        lines.append((_("category"), f"{category.name} ({table}; {category.shared_places})"))
    return lines


def number(value: Fraction | float | None) -> float | int | None:
    """An exact value as a JSON number, rounded to 2 places as the pages round it."""
    return None if value is None else rounded(value)
