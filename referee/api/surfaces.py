"""The API's surfaces: the pages' three (``tournaments.surfaces``), for an endpoint's handler.

Each decorator finds the object of the URL through the surfaces functions, which carry the
visibility rule (``tournament_for``; ``table_for``, which also hides a round the organiser
keeps from the public), checks the surface's right through ``core.permissions`` before the
body is read, and hands the handler the object in place of the URL's parts:

- ``public``: anybody who may see the tournament (404 for the others);
- ``referee``: its officials (401 without a token, 403 for other users);
- ``manage``: its chief referees.

``…_table`` do the same for ``…/rounds/<round>/tables/<table>/``, ``…_session`` for a
duplicate session's ``…/duplicate/<session>/`` (``duplicate.surfaces.session_for``). A finer
right (the table's assigned referee, a disqualification being the chief's) stays the
service's: the surface refuses early who may do nothing here, the service what this user may
not do to this object.
``tests/referee/api/test_surface_walk_api.py`` checks every endpoint against its surface.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import NotAllowed
from referee.core.permissions import is_official, may_manage
from referee.duplicate.surfaces import session_for
from referee.tables.surfaces import table_for
from referee.tournaments.surfaces import tournament_for

Handler = Callable[..., Response]
Right = Callable[[Any, Any], bool]

OFFICIALS_ONLY = _("Only this tournament's officials may do this.")
CHIEF_ONLY = _("Only the chief referee may change this tournament.")


def _check(right: Right | None, refusal: str | Promise, user: Any, tournament: Any) -> None:
    if right is not None and not right(user, tournament):
        raise NotAllowed(str(refusal))


def surface(
    right: Right | None,
    refusal: str | Promise = OFFICIALS_ONLY,
    *,
    of_table: bool = False,
    of_session: bool = False,
) -> Callable[[Handler], Handler]:
    """A handler behind ``right`` (None: whoever sees the tournament); ``of_table``: it
    takes the table of the URL, ``of_session`` the duplicate session, else the tournament."""

    def decorate(handler: Handler) -> Handler:
        if of_session:

            @wraps(handler)
            def on_session(
                view: Any, request: Request, slug: str, session: int, **kwargs: Any
            ) -> Response:
                tournament = tournament_for(request, slug)
                _check(right, refusal, request.user, tournament)
                return handler(view, request, session_for(tournament, session), **kwargs)

            return on_session

        if of_table:

            @wraps(handler)
            def on_table(
                view: Any, request: Request, slug: str, round: int, table: int, **kwargs: Any
            ) -> Response:
                found = table_for(request, slug, round, table)
                _check(right, refusal, request.user, found.round.tournament)
                return handler(view, request, found, **kwargs)

            return on_table

        @wraps(handler)
        def on_tournament(view: Any, request: Request, slug: str, **kwargs: Any) -> Response:
            tournament = tournament_for(request, slug)
            _check(right, refusal, request.user, tournament)
            return handler(view, request, tournament, **kwargs)

        return on_tournament

    return decorate


public = surface(None)
referee = surface(is_official)
manage = surface(may_manage, CHIEF_ONLY)
public_table = surface(None, of_table=True)
referee_table = surface(is_official, of_table=True)
manage_table = surface(may_manage, CHIEF_ONLY, of_table=True)
public_session = surface(None, of_session=True)
manage_session = surface(may_manage, CHIEF_ONLY, of_session=True)
