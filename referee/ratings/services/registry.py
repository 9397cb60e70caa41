"""Merging duplicate registry players, history kept, and finding the likely duplicates.

A merge moves every registration of the duplicate (and so every seat, result and card) to the
player kept, fills the kept player's empty details from the duplicate's, records the duplicate
as it was (``PlayerMerge``), writes the action log of every tournament concerned, deletes the
duplicate and recomputes the rating lists that count those tournaments.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_manage_registry
from referee.ratings.refusals import REFUSALS
from referee.tournaments.importing import Person, same_person
from referee.tournaments.log import log_action
from referee.tournaments.models import Player, Registration, Tournament
from referee.tournaments.search import folded

from ..models import PlayerMerge, RatingList
from .compute import recompute_list

FILLED = ("city", "club", "federation_id", "rating")


@transaction.atomic
def merge_players(keep_id: int, duplicate_id: int, user: Any, reason: str = "") -> Player:
    if not may_manage_registry(user):
        raise NotAllowed(_("Only the registry's staff merge players."))
    keep, duplicate = _locked_pair(keep_id, duplicate_id)
    moved = _registrations_to_move(keep, duplicate)
    PlayerMerge.objects.create(
        into=keep,
        old_id=duplicate.pk,
        name=duplicate.name,
        city=duplicate.city,
        club=duplicate.club,
        federation_id=duplicate.federation_id,
        registrations=[r.pk for r in moved],
        by=user if getattr(user, "is_authenticated", False) else None,
        reason=reason,
    )
    PlayerMerge.objects.filter(into=duplicate).update(into=keep)
    changed = _fill_details(keep, duplicate)
    Registration.objects.filter(player=duplicate).update(player=keep)
    tournaments = {r.tournament_id: r.tournament for r in moved}
    for entry in moved:
        log_action(
            entry.tournament,
            user,
            "player.merged",
            f"{duplicate.name} → {keep.name}",
            about=entry,
            reason=reason,
            data={"kept": keep.pk, "merged": duplicate.pk, "filled": changed},
        )
    lists = set(RatingList.objects.filter(ratings__player=duplicate).values_list("pk", flat=True))
    lists |= set(
        RatingList.objects.filter(tournaments__in=list(tournaments)).values_list("pk", flat=True)
    )
    duplicate.delete()  # his ratings and history go with him; the recompute makes them anew
    for rating_list in RatingList.objects.filter(pk__in=lists):
        recompute_list(rating_list)
    return keep


def _locked_pair(keep_id: int, duplicate_id: int) -> tuple[Player, Player]:
    """The player kept and the duplicate, locked, checked to be two players who may be one
    person (not two different federation ids)."""
    if keep_id == duplicate_id:
        raise REFUSALS.error("merge.same_player", "duplicate")
    found = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep_id, duplicate_id])
    }
    if len(found) != 2:
        raise REFUSALS.error("merge.player_unknown", "duplicate")
    keep, duplicate = found[keep_id], found[duplicate_id]
    if (
        keep.federation_id
        and duplicate.federation_id
        and not same_person(
            Person("", "", keep.federation_id), Person("", "", duplicate.federation_id)
        )
    ):
        raise REFUSALS.error("merge.federation_ids", "duplicate", a=keep.name, b=duplicate.name)
    return keep, duplicate


def _registrations_to_move(keep: Player, duplicate: Player) -> list[Registration]:
    """The duplicate's registrations, refused when the player kept played one of their
    tournaments too (one person cannot sit twice in a tournament)."""
    moved = list(Registration.objects.filter(player=duplicate).select_related("tournament"))
    both = Registration.objects.filter(
        player=keep, tournament__in=[r.tournament_id for r in moved]
    ).values_list("tournament__name", flat=True)
    if both:
        raise REFUSALS.error("merge.same_tournament", "duplicate", tournament=both[0])
    return moved


def _fill_details(keep: Player, duplicate: Player) -> list[str]:
    """The kept player's empty details filled from the duplicate's (saved); their names."""
    changed = [f for f in FILLED if getattr(keep, f) in ("", None) and getattr(duplicate, f)]
    for name in changed:
        setattr(keep, name, getattr(duplicate, name))
    if changed:
        keep.save(update_fields=changed)
    return changed


def duplicate_candidates(limit: int = 200) -> list[tuple[Player, Player]]:
    """Pairs of registry players who look like one person (the same name in the same city,
    or one of them without a city; never two different federation ids), for the staff to
    confirm a merge. One query."""
    groups: dict[str, list[Player]] = defaultdict(list)
    for player in Player.objects.order_by("pk"):
        groups[" ".join(folded(player.name).split())].append(player)
    pairs = []
    for players in groups.values():
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if a.federation_id and b.federation_id:
                    continue
                if same_person(Person(a.name, a.city), Person(b.name, b.city)):
                    pairs.append((a, b))
    return pairs[:limit]


def tournaments_of(player: Player) -> list[Tournament]:
    return list(Tournament.objects.filter(entries__player=player).order_by("starts_on", "pk"))
