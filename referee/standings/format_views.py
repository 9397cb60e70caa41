"""Public pages of the tournament's format: the places by stages and the team standings (what
the viewer may see of the standings). Thin: the services compute."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.core.permissions import is_chief
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import public_page

from . import services
from .groups_view import cut_view, stage_groups
from .outlook_view import qualification_view


@public_page
def places(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Each stage with its players, and the tournament's places by them (§6.3)."""
    data = services.load(tournament, request.user)
    tables = services.stage_tables(tournament, viewer=request.user, data=data)
    found = services.final_places(tournament, viewer=request.user, tables=tables)
    outlook = services.qualification(tournament, viewer=request.user, data=data, tables=tables)
    playing = Round.objects.filter(tournament=tournament, method=Round.Method.TIEBREAK).exclude(
        status=Round.Status.FINISHED
    )
    return render(
        request,
        "standings/places.html",
        {
            "tournament": tournament,
            "stages": tables,
            "groups": stage_groups(tables, data),
            "places": found,
            "qualification": qualification_view(outlook, request.user, tournament),
            "cut": cut_view(tournament, request.user, tables, data),
            "playoff_in_play": playing.order_by("number").first(),
            "chief": is_chief(request.user, tournament),
        },
    )


@public_page
def teams(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The team standings (§2.5)."""
    table = services.standings_after(tournament, viewer=request.user)
    rows = services.team_table(tournament, table.rows)
    rounds = range(1, (table.after or 0) + 1)
    return render(
        request,
        "standings/teams.html",
        {"tournament": tournament, "teams": rows, "rounds": rounds, "standings": table},
    )
