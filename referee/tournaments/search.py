"""The one player search: by name, in any case and word order, with ё and е alike.

A tournament's names are compared in Python; the registry's by the folded name each player
keeps (``names.folded``: SQLite's LIKE folds ASCII letters only, and Russian readers type
"Семен" for "Семён")."""

from __future__ import annotations

from .models import Player, Registration, Tournament
from .names import folded


def matches(query: str, name: str) -> bool:
    """Every word of ``query`` appears in ``name`` (an empty query matches everybody).

    >>> matches("семен ив", "Иванов Семён"), matches("петр", "Иванов Семён")
    (True, False)
    """
    words = folded(query).split()
    text = folded(name)
    return all(word in text for word in words)


def registrations_named(tournament: Tournament, query: str) -> list[Registration]:
    """The tournament's players whose name matches ``query``, in alphabetical order."""
    entries = Registration.objects.filter(tournament=tournament).select_related("player")
    found = [e for e in entries if matches(query, e.player.name)]
    return sorted(found, key=lambda e: (folded(e.player.name), e.pk))


def players_to_register(tournament: Tournament, query: str, limit: int) -> list[Player]:
    """Players of earlier tournaments, not yet in this one, by name or federation id."""
    query = " ".join(query.split())
    if not query:
        return []
    others = Player.objects.exclude(entries__tournament=tournament)
    found = others.filter(federation_id=query) | others.named(query)
    return list(found.order_by("folded_name", "name", "pk")[:limit])
