"""The tournament register page (officials only): every ruling, adjustment, discipline entry
and appeal, filtered by round, table, player and kind, with the zero-sum line per round.
Thin: ``register.register`` reads and decides who may see it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import referee_page

from .register import KINDS, filters, register


@referee_page
def register_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    chosen = filters(request)
    found = register(tournament, request.user, **chosen)  # type: ignore[arg-type]
    query = request.GET.urlencode()
    return render(
        request,
        "discipline/register.html",
        {
            "tournament": tournament,
            "register": found,
            "chosen": chosen,
            "kinds": KINDS,
            "players": sorted(found.names.items(), key=lambda item: item[1]),
            "query": query,
        },
    )
