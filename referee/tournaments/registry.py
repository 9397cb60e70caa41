"""The player registry across tournaments: a player is one ``Player`` in every tournament.

An import or a registration matches a player by federation id (``services.players``); a row
without one that has the name and city of a registry player is only *proposed* as that player
(``proposals``), for the organiser to confirm: two people may share a name in one city.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .importing import ImportRow, Person, same_person
from .models import Player
from .search import folded


def proposals(rows: Sequence[ImportRow]) -> dict[int, Player]:
    """For each valid row without a federation id (by line): the registry player of the same
    name and city, when there is exactly one. Two queries."""
    wanted = [r for r in rows if r.valid and not r.federation_id]
    if not wanted:
        return {}
    by_name: dict[str, list[Player]] = {}
    names = {r.name for r in wanted}
    for player in named(names):
        by_name.setdefault(_key(player.name), []).append(player)
    out = {}
    for row in wanted:
        found = [
            p
            for p in by_name.get(_key(row.name), [])
            if same_person(Person(p.name, p.city), Person(row.name, row.city))
        ]
        if len(found) == 1:
            out[row.line] = found[0]
    return out


def named(names: Iterable[str]) -> list[Player]:
    """Registry players whose name is one of ``names`` (ё and е, case and spaces alike),
    compared in Python like the player search (SQLite folds ASCII letters only)."""
    keys = {_key(n) for n in names}
    rows = Player.objects.values_list("pk", "name")
    return list(Player.objects.filter(pk__in=[pk for pk, name in rows if _key(name) in keys]))


def _key(name: str) -> str:
    return " ".join(folded(name).split())


def confirmed_player(row: ImportRow, player_id: int | None) -> Player | None:
    """The registry player the organiser confirmed for ``row``, checked again: he exists and
    has the row's name and city. None when nothing was confirmed or it no longer holds."""
    if player_id is None or row.federation_id:
        return None
    player = Player.objects.filter(pk=player_id).first()
    if player is None or not same_person(Person(player.name, player.city), row.person):
        return None
    return player
