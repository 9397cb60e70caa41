"""The key under which a registry player's page is kept whole for anonymous readers
(``core.kept``, issue 33): a veteran's page is rendered once per change of what it shows,
not at every read, and its key costs three small queries whatever his career.

What the page shows, and what changes it: his registrations in published tournaments and
their public rounds, each of those tournaments' latest logged change (a deal, a
correction, a seating, a setting, the finish: every service logs), his ratings with their
lists (a recompute or an update saves the list's ``computed_at``), his own fields, and the
names of the players he met (the "players" counter, renewed at every player's save)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from referee.core import versions as counters
from referee.tournaments.models import ActionLog, Player, Registration

from ..models import PlayerRating

LIST_FIELDS = tuple(
    "rating_list__" + f for f in ("name", "slug", "method", "published", "computed_at")
)


def player_pages(request: HttpRequest, subject: Player, *args: Any, **kwargs: Any) -> str:
    """The key of ``subject``'s page (``/players/<id>/``; a head to head asked for with
    ``?vs=`` is in the address, the other player's name in the counter of names)."""
    entries = list(
        Registration.objects.filter(player=subject, tournament__published=True)
        .order_by("pk")
        .values_list("pk", "tournament_id", "tournament__standings_settings__published_through")
    )
    latest = ActionLog.objects.versions(t for _r, t, _n in entries)
    ratings = list(
        PlayerRating.objects.filter(player=subject)
        .order_by("pk")
        .values_list("pk", "rating_list_id", "rating", *LIST_FIELDS)
    )
    own = [getattr(subject, f.attname) for f in subject._meta.concrete_fields]
    names = counters.tokens(["players"])
    return repr((own, entries, sorted(latest.items()), ratings, names))
