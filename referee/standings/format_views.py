"""Public pages of the tournament's format: the places by stages and the team standings (what
the viewer may see of the standings). Thin: the services compute."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from referee.tournaments.surfaces import tournament_for

from . import services


def places(request: HttpRequest, slug: str) -> HttpResponse:
    """Each stage with its players, and the tournament's places by them (§6.3)."""
    tournament = tournament_for(request, slug)
    try:
        tables = services.stage_tables(tournament, viewer=request.user)
        found = services.final_places(tournament, viewer=request.user, tables=tables)
    except services.NotVisible:
        raise Http404 from None
    return render(
        request,
        "standings/places.html",
        {"tournament": tournament, "stages": tables, "places": found},
    )


def teams(request: HttpRequest, slug: str) -> HttpResponse:
    """The team standings (§2.5)."""
    tournament = tournament_for(request, slug)
    try:
        table = services.standings_after(tournament, viewer=request.user)
    except services.NotVisible:
        raise Http404 from None
    rows = services.team_table(tournament, table.rows)
    rounds = range(1, (table.after or 0) + 1)
    return render(
        request,
        "standings/teams.html",
        {"tournament": tournament, "teams": rows, "rounds": rounds, "standings": table},
    )
