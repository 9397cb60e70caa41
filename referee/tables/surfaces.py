"""The table of the URL, for every surface above the tables app (pages, exports, the API).

The tournament's surfaces (``referee.tournaments.surfaces``) sit below the tables app and
cannot know a table; this is their continuation one layer up, with the same visibility rule:
``table_for`` finds it, ``public_table_page`` and ``referee_table_page`` are the public and
referee surfaces of a table's page (the table found first, in one query, and the right
checked after it, so that a hidden round is a 404 to everybody who may not see it), and
``card_page`` is the one surface of its own, the page a table card's QR code leads to::

    @referee_table_page(right=may_enter_deals)
    def deal_add(request, tournament: Tournament, table: Table) -> HttpResponse: ...
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise

from referee.core.keys import TABLE_CARD
from referee.core.permissions import is_official, may_view_table
from referee.core.throttle import key_page
from referee.tournaments.surfaces import Right, check_surface

from .models import Table

View = Callable[..., HttpResponse]
TableRight = Callable[[Any, Table], bool]


def _find(slug: str, round: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related(
            "round__tournament__chief_referee", "submitted_by", "confirmed_by"
        ),
        round__tournament__slug=slug,
        round__number=round,
        number=table,
    )


def table_for(request: HttpRequest, slug: str, round: int, table: int) -> Table:
    """The table of the URL with its round and tournament, or 404 when the user may not see
    the tournament or the table (``may_view_table``: a round the organiser keeps hidden, a
    sealed duplicate table)."""
    found = _find(slug, round, table)
    if not may_view_table(request.user, found):
        raise Http404
    return found


def _table_surface(
    view: View, right: Right | None, table_right: TableRight | None, refusal: str | Promise
) -> View:
    @wraps(view)
    def wrapper(
        request: HttpRequest, slug: str, *args: Any, round: int, table: int, **kwargs: Any
    ) -> HttpResponse:
        found = table_for(request, slug, round, table)  # one query for the three objects
        tournament = found.round.tournament
        check_surface(request, tournament, right)
        if table_right is not None and not table_right(request.user, found):
            raise PermissionDenied(str(refusal))
        return view(request, tournament, *args, table=found, **kwargs)

    return wrapper if right is None else login_required(wrapper)


def public_table_page(view: View) -> View:
    """The public surface (``public_page``) of a table's page: 404 while the user may not
    see the table (``table_for``). The view gets the tournament and the ``Table``."""
    return _table_surface(view, None, None, "")


def referee_table_page(
    view: View | None = None, *, right: TableRight | None = None, refusal: str | Promise = ""
) -> Any:
    """The referee surface (``referee_page``) of a table's page: log in first; 404 while
    the user may not see the table (a hidden round stays hidden from an official of another
    tournament too); 403 for who sees it but is no official here, or lacks ``right`` on the
    table itself (``may_enter_deals``…), refused saying ``refusal``. The service decides
    again."""

    def decorate(inner: View) -> View:
        return _table_surface(inner, is_official, right, refusal)

    return decorate if view is None else decorate(view)


# -- the table card's surface -------------------------------------------------------------


def card_key(table: Table) -> str:
    """The key in the link of ``table``'s card (``table.round.tournament`` loaded)."""
    return TABLE_CARD.of(table.round.tournament.slug, table.round.number, table.number)


def card_page(view: View) -> View:
    """The surface of a table card's page: whoever holds the card's key (its link cannot be
    guessed), whether or not the tournament is published; a wrong key is a 404. The view
    gets the ``Table`` and decides what of it the reader may see."""

    @wraps(view)
    @key_page("table_card", by="table")
    def wrapper(request: HttpRequest, slug: str, round: int, table: int, key: str) -> HttpResponse:
        found = _find(slug, round, table)
        if not TABLE_CARD.held(key, found.round.tournament.slug, found.round.number, found.number):
            raise Http404
        return view(request, found.round.tournament, table=found)

    return wrapper
