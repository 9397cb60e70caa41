"""Tournament pages: the list, and a tournament's front page with its rounds."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from referee.accounts.permissions import is_chief, is_official, may_view

from .models import Tournament


def tournament_for(request: HttpRequest, slug: str) -> Tournament:
    """The tournament of the URL, or 404 when the user may not see it."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not may_view(request.user, tournament):
        raise Http404
    return tournament


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__status="active"))
    )
    visible = [t for t in tournaments if may_view(request.user, t)]
    return render(request, "tournaments/home.html", {"tournaments": visible})


def detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    rounds = tournament.rounds.annotate(table_count=Count("tables")).order_by("number")
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "official": is_official(request.user, tournament),
            "chief": is_chief(request.user, tournament),
        },
    )
