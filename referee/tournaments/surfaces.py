"""The three surfaces of a tournament under ``/t/<slug>/``, one decorator each.

- ``public_page``: anybody who may see the tournament (404 for the others);
- ``referee_page``: its officials (log in first; 403 for other users);
- ``manage_page``: its chief referees (the organiser's pages under ``manage/``).

Each decorator finds the tournament of the URL and passes it to the view in place of the
slug; a service's ``NotAllowed`` inside the view becomes a 403 by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from referee.core.permissions import is_official, may_manage, may_view, may_view_round

from .models import Round, Tournament

View = Callable[..., HttpResponse]


def tournament_for(request: HttpRequest, slug: str) -> Tournament:
    """The tournament of the URL, or 404 when the user may not see it."""
    tournament = get_object_or_404(Tournament.objects.select_related("chief_referee"), slug=slug)
    if not may_view(request.user, tournament):
        raise Http404
    return tournament


def round_for(request: HttpRequest, tournament: Tournament, number: int) -> Round:
    """The round of the URL, or 404: officials see every round, the public only the rounds
    the organiser has made public (``may_view_round``)."""
    found = get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )
    if not may_view_round(request.user, tournament, number):
        raise Http404
    found.tournament = tournament  # the one already checked, with its chief referee
    return found


def _surface(allowed: Callable[[Any, Tournament], bool] | None, view: View) -> View:
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = tournament_for(request, slug)
        if allowed is not None and not allowed(request.user, tournament):
            raise PermissionDenied
        return view(request, tournament, *args, **kwargs)

    return wrapper if allowed is None else login_required(wrapper)


def public_page(view: View) -> View:
    return _surface(None, view)


def referee_page(view: View) -> View:
    return _surface(is_official, view)


def manage_page(view: View) -> View:
    return _surface(may_manage, view)
