"""The registry's public list: every player of a published tournament, by name (in any case,
with ё and е alike: the kept ``Player.folded_name``), a page at a time.

A page costs the same whatever the registry's size: the players are read in the order of the
folded name's index, one more than a page to know whether another follows (no count of the
whole registry), and each one's published tournaments are counted for the page's rows only,
in a second query."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef

from referee.tournaments.models import Player, Registration

PAGE = 50  # players a page
LONGEST_QUERY = 100  # characters of a search kept (a name is at most 200)
LAST_PAGE = 100_000  # a larger number asked for reads as this one (an empty page)


@dataclass(frozen=True)
class RegistryPage:
    players: list[Player]  # each with ``tournaments``: the published ones he played
    number: int  # from 1
    has_next: bool
    query: str


def registry_page(query: str, number: int) -> RegistryPage:
    """Page ``number`` of the registry's players whose name holds every word of ``query``."""
    query = " ".join(query.split())[:LONGEST_QUERY]
    number = min(max(number, 1), LAST_PAGE)  # no offset past what SQL can count
    published = Registration.objects.filter(tournament__published=True)
    found = (
        Player.objects.named(query)
        .filter(Exists(published.filter(player=OuterRef("pk"))))
        .order_by("folded_name", "pk")
        .only("pk", "name", "city", "club", "federation_id")
    )
    start = (number - 1) * PAGE
    rows = list(found[start : start + PAGE + 1])
    shown = rows[:PAGE]
    # counted apart, for the page's players only: as a subquery of the page's, PostgreSQL
    # hashed every tournament again for each row
    counts = dict(
        published.filter(player__in=[p.pk for p in shown])
        .values("player")
        .annotate(n=Count("pk"))
        .values_list("player", "n")
    )
    for player in shown:
        player.tournaments = counts.get(player.pk, 0)  # type: ignore[attr-defined]
    return RegistryPage(shown, number, len(rows) > PAGE, query)
