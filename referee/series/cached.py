"""A series page's standings, cached (issue 33: a cup of fifty tournaments worked its
standings out again at every read, ``services.series_table``, half of its page's time).

The key holds everything the standings are made of: the series' own fields (its rules),
its tournaments with their weights and whether the public sees them, each tournament's
latest logged change (``stored.versions``: any correction, publication or finish), and the
language (the reasons of dropped results are words). The players are read again at every
read, so that a renamed player shows his new name at once. A change of a tournament makes
a new key; the old one expires (``CACHE_SECONDS``).
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from referee.core import versions
from referee.tournaments.models import Player

from . import services, stored
from .models import Series

CACHE_SECONDS = 3600


def made_of(series: Series) -> str:
    """What the series' standings are made of (two queries): its fields, its tournaments
    with their weights and whether the public sees them, and their latest logged changes."""
    entries = list(
        series.entries.select_related("tournament")
        .only("series_id", "tournament_id", "weight", "tournament__published")
        .order_by("tournament__starts_on", "pk")
    )
    own = [(f.attname, getattr(series, f.attname)) for f in series._meta.concrete_fields]
    versions = stored.versions([e.tournament for e in entries])
    shape = [(e.tournament_id, str(e.weight), e.tournament.published) for e in entries]
    return repr((own, shape, sorted(versions.items()), get_language()))


def page_version(request: Any, series: Series, *args: Any, **kwargs: Any) -> str:
    """The key of the series' page kept whole (``core.kept``): its standings' own, and the
    players' names (the "players" counter: a renamed player shows at once)."""
    return made_of(series) + repr(versions.tokens(["players"]))


def series_table(series: Series) -> services.SeriesTable:
    """``services.series_table``, from the cache when nothing it reads has changed (two
    queries and the players' when it has not)."""
    key = f"series-table:{series.pk}:{hashlib.sha1(made_of(series).encode()).hexdigest()}"
    table: services.SeriesTable | None = cache.get(key)
    if table is None:
        table = services.series_table(series)
        cache.set(key, table, CACHE_SECONDS)
        return table
    people = Player.objects.in_bulk([line.player.pk for line in table.ranked + table.unranked])

    def fresh(lines: tuple[services.Line, ...]) -> tuple[services.Line, ...]:
        return tuple(
            dataclasses.replace(line, player=people.get(line.player.pk, line.player))
            for line in lines
        )

    return dataclasses.replace(
        table, series=series, ranked=fresh(table.ranked), unranked=fresh(table.unranked)
    )
