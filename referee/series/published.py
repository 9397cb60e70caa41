"""A finished (or running) tournament's result as the public sees it and as a series reads
it: each player's final place, his points in the standings and his registry player. The
series' standings (``services``) and the job that keeps the results (``stored``) both read
it here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db.models import Max

from referee.core import rounds as kinds
from referee.ratings.services.places import final_places
from referee.standings.services import batch, ranked_standings
from referee.tournaments.models import ActionLog, Tournament

PUBLIC = AnonymousUser()


@dataclass(frozen=True)
class Published:
    """A tournament's result as the public sees it, as the series reads it."""

    places: Mapping[int, tuple[int, int]]  # registration -> final place (best, worst)
    points: Mapping[int, Fraction]  # registration -> his points in the standings
    players: Mapping[int, int]  # registration -> registry player


def published_results(tournaments: Sequence[Tournament]) -> dict[int, Published]:
    """Each tournament's public result, by id; left out while it shows no round. Kept in
    the cache per tournament under its latest logged change (issue 33: a cup's page does
    not rank its fifty tournaments again at every read); those not in the cache are read
    at once (``standings.services.batch``): the page's queries do not grow with the
    number of its tournaments."""
    latest = dict(
        ActionLog.objects.filter(tournament__in=tournaments)
        .values("tournament")
        .annotate(n=Max("pk"))
        .values_list("tournament", "n")
    )
    keys = {t.pk: f"series-published:{t.pk}:{latest.get(t.pk, 0)}" for t in tournaments}
    found = cache.get_many(list(keys.values()))
    missing = [t for t in tournaments if keys[t.pk] not in found]
    if missing:
        fresh = _published(missing)
        made = {keys[t.pk]: fresh.get(t.pk, False) for t in missing}  # False: not shown
        cache.set_many(made, CACHE_SECONDS)
        found.update(made)
    return {t.pk: found[keys[t.pk]] for t in tournaments if found[keys[t.pk]] is not False}


CACHE_SECONDS = 3600  # the key changes with every logged change; this bounds an admin edit


def _published(tournaments: Sequence[Tournament]) -> dict[int, Published]:
    loaded = batch.loaded(tournaments, PUBLIC)
    elsewhere = kinds.final_places_of(tournaments, PUBLIC)  # duplicate events, at once
    out = {}
    for tournament in tournaments:
        data = loaded.get(tournament.pk)
        if data is None:
            continue
        table = ranked_standings(data, tournament, None)
        if tournament.pk not in elsewhere and (table.after is None or not table.rows):
            continue
        out[tournament.pk] = Published(
            final_places(tournament, PUBLIC, data=data, table=table, elsewhere=elsewhere),
            {row.registration: row.points for row in table.rows},
            {pk: entry.player_id for pk, entry in data.entries.items()},
        )
    return out
