"""The three surfaces of a tournament under ``/t/<slug>/``, one decorator each, and the
objects of the URL.

- ``public_page``: anybody who may see the tournament (404 for the others);
- ``referee_page``: its officials (log in first; 403 for other users);
- ``manage_page``: its chief referees (the organiser's pages under ``manage/``).

Each decorator finds the tournament of the URL and passes it to the view in place of the
slug; a service's ``NotAllowed`` inside the view becomes a 403 by itself, ``NotVisible`` a
404. Below a surface decorator, ``with_round`` and ``with_seating_round`` turn the URL's
``round`` (a number) into the ``Round``; the table of the URL is one layer up
(``referee.tables.surfaces.with_table``)::

    @manage_page
    @with_round
    def round_dashboard(request, tournament: Tournament, round: Round) -> HttpResponse: ...
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from referee.core.permissions import is_official, may_manage, may_view, may_view_round

from .models import Round, Tournament

View = Callable[..., HttpResponse]
Right = Callable[[Any, Tournament], bool]


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("chief_referee"), slug=slug)


def tournament_for(request: HttpRequest, slug: str) -> Tournament:
    """The tournament of the URL, or 404 when the user may not see it."""
    tournament = _tournament(slug)
    if not may_view(request.user, tournament):
        raise Http404
    return tournament


def round_for(request: HttpRequest, tournament: Tournament, number: int) -> Round:
    """The round of the URL, or 404: officials see every round, the public only the rounds
    the organiser has made public (``may_view_round``)."""
    found = get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )
    found.tournament = tournament  # the one already checked, with its chief referee
    if not may_view_round(request.user, found):
        raise Http404
    return found


def seating_round_for(tournament: Tournament, number: int) -> Round:
    """The round of the URL as its seating shows it, or 404: a round's seating (who sits
    where, the hall's posters and cards) is public with its tournament, whatever the
    organiser has published of its results."""
    found = get_object_or_404(Round, tournament=tournament, number=number)
    found.tournament = tournament
    return found


def check_surface(request: HttpRequest, tournament: Tournament, right: Right | None) -> None:
    """The surface's rule: 404 for who may not see the tournament (unless he holds the
    surface's ``right``, which needs no publishing), 403 for who sees it without the right."""
    user = request.user
    if right is None or not right(user, tournament):
        if not may_view(user, tournament):
            raise Http404  # who may not see the tournament does not learn it exists
        if right is not None:
            raise PermissionDenied


def _surface(right: Right | None, view: View) -> View:
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = _tournament(slug)
        check_surface(request, tournament, right)
        return view(request, tournament, *args, **kwargs)

    return wrapper if right is None else login_required(wrapper)


def public_page(view: View) -> View:
    return _surface(None, view)


def referee_page(view: View) -> View:
    return _surface(is_official, view)


def manage_page(view: View | None = None, *, right: Right = may_manage) -> Any:
    """The organiser's surface; ``right`` a narrower or wider right than the chief's for one
    page (``@manage_page(right=may_unlock_logins)``). Whoever holds the page's right sees
    the tournament, published or not; the others who see it are refused (403)."""
    if view is None:
        return lambda inner: _surface(right, inner)
    return _surface(right, view)


def _checked(tournament: object) -> Tournament:
    if not isinstance(tournament, Tournament):  # the decorators were stacked the wrong way
        raise TypeError("with_round and with_seating_round go below a surface decorator")
    return tournament


def with_round(view: View) -> View:
    """Below a surface decorator: the URL's ``round`` becomes the ``Round`` (``round_for``:
    officials every round, the public only the rounds whose results it sees)."""

    @wraps(view)
    def wrapper(
        request: HttpRequest, tournament: Tournament, *args: Any, round: int, **kwargs: Any
    ) -> HttpResponse:
        found = round_for(request, _checked(tournament), round)
        return view(request, tournament, *args, round=found, **kwargs)

    return wrapper


def with_seating_round(view: View) -> View:
    """Below a surface decorator: the URL's ``round`` becomes the ``Round`` whose seating
    the page shows (``seating_round_for``: public with the tournament)."""

    @wraps(view)
    def wrapper(
        request: HttpRequest, tournament: Tournament, *args: Any, round: int, **kwargs: Any
    ) -> HttpResponse:
        found = seating_round_for(_checked(tournament), round)
        return view(request, tournament, *args, round=found, **kwargs)

    return wrapper


def manage_url(name: str) -> Any:
    """Where a GET on a button's address leads: the organiser's page ``name``."""
    return lambda tournament, *args, **kwargs: reverse(name, args=[tournament.slug])


def manage_render(
    request: HttpRequest, template: str, tournament: Tournament, **context: Any
) -> Any:
    """An organiser's page: ``template`` with the tournament and the chief's menu (the pages
    of every app's views, which may not import each other)."""
    return render(request, template, {"tournament": tournament, "chief": True, **context})
