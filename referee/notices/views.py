"""The players' letters: the keyed page that stops them (no login: whoever holds the key
from a letter; a mail client's one-click ``POST`` too, RFC 8058) and the chief's list of what
was sent."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from referee.tournaments.models import Registration, Tournament
from referee.tournaments.surfaces import manage_page

from . import services
from .models import Notice


@csrf_exempt  # the key is the right; a mail client's one-click unsubscribe posts no token
def stop(request: HttpRequest, slug: str, registration: int, key: str) -> HttpResponse:
    entry = (
        Registration.objects.select_related("tournament", "player")
        .filter(pk=registration, tournament__slug=slug)
        .first()
    )
    if entry is None or not services.holds_unsubscribe_key(entry, key):
        raise Http404
    stopped = False
    if request.method == "POST":
        services.unsubscribe(entry)
        stopped = True
        entry.notify = False
    response = render(
        request,
        "notices/stop.html",
        {"tournament": entry.tournament, "entry": entry, "stopped": stopped},
    )
    response["Cache-Control"] = "private, no-store"
    return response


@manage_page
def manage_notices(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    notices = Notice.objects.filter(tournament=tournament).select_related("registration__player")
    subscribers = (
        Registration.objects.filter(tournament=tournament, notify=True).exclude(email="").count()
    )
    return render(
        request,
        "notices/manage.html",
        {"tournament": tournament, "notices": notices, "subscribers": subscribers},
    )
