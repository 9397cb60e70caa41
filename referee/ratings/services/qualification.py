"""Qualification points and norms of a tournament, by its category and divisions, and the
organiser's services that set them (TOURNAMENTS §12)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.bounds import check_name
from referee.core.errors import NotAllowed
from referee.core.permissions import SITE, may_set_category
from referee.ratings.refusals import REFUSALS
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Tournament

from ..models import Category, Division, TournamentCategory
from ..pure.qualification import Award, Norm, awards
from .places import final_places, places_within


@dataclass(frozen=True)
class Qualification:
    registration: int
    category: str
    division: str
    award: Award


def norms_of(category: Category) -> list[Norm]:
    out = []
    for item in category.norms or []:
        points = item.get("points_at_least")
        out.append(
            Norm(
                title=str(item.get("title", "")),
                place_at_most=item.get("place_at_most"),
                points_at_least=Fraction(str(points)) if points is not None else None,
                min_players=int(item.get("min_players") or 0),
            )
        )
    return out


def points_table_of(category: Category) -> dict[int, Fraction]:
    return {int(k): Fraction(str(v)) for k, v in (category.points_table or {}).items()}


def _award(places: dict[int, tuple[int, int]], category: Category) -> dict[int, Award]:
    return awards(places, points_table_of(category), norms_of(category), category.shared_places)


def qualification_of(tournament: Tournament, viewer: Any = SITE) -> dict[int, Qualification]:
    """Every registration's category, division, place in it, points and norms (empty when
    the tournament has no category), from the final places ``viewer`` may see."""
    chosen = TournamentCategory.objects.filter(tournament=tournament).select_related("category")
    base = next(iter(chosen), None)
    divisions = list(
        Division.objects.filter(tournament=tournament)
        .select_related("category")
        .prefetch_related("entries")
    )
    if base is None and not any(d.category for d in divisions):
        return {}
    places = final_places(tournament, viewer)
    out: dict[int, Qualification] = {}
    placed: set[int] = set()
    for division in divisions:
        category = division.category or (base.category if base else None)
        members = {e.pk for e in division.entries.all()} & set(places)
        placed |= members
        if category is None:
            continue
        for reg, award in _award(places_within(places, members), category).items():
            out[reg] = Qualification(reg, category.name, division.name, award)
    rest = set(places) - placed
    if base is not None and rest:
        for reg, award in _award(places_within(places, rest), base.category).items():
            out[reg] = Qualification(reg, base.category.name, "", award)
    return out


def _locked(tournament_id: int, user: Any) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise REFUSALS.error("tournament.unknown")
    if not may_set_category(user, tournament):
        raise NotAllowed(_("Only the chief referee sets the category and divisions."))
    return tournament


@transaction.atomic
def set_category(tournament_id: int, category_id: int | None, user: Any) -> None:
    tournament = _locked(tournament_id, user)
    if category_id is None:
        TournamentCategory.objects.filter(tournament=tournament).delete()
        log_action(tournament, user, "qualification.category", "", data={"category": None})
        return
    category = Category.objects.filter(pk=category_id).first()
    if category is None:
        raise REFUSALS.error("category.unknown", "category")
    TournamentCategory.objects.update_or_create(
        tournament=tournament, defaults={"category": category}
    )
    log_action(
        tournament, user, "qualification.category", category.name, data={"category": category.pk}
    )


@transaction.atomic
def set_division(
    tournament_id: int,
    name: str,
    registrations: list[int],
    user: Any,
    category_id: int | None = None,
) -> Division:
    """Create or replace a division and its players; a player is in one division at most."""
    tournament = _locked(tournament_id, user)
    name = " ".join(str(name).split())
    if not name:
        raise REFUSALS.error("division.name_missing", "name")
    check_name(name, "name", Division._meta.get_field("name").max_length or 100)
    entries = list(Registration.objects.filter(tournament=tournament, pk__in=registrations))
    if len(entries) != len(set(registrations)):
        raise REFUSALS.error("division.not_registered", "players")
    division, _created = Division.objects.update_or_create(
        tournament=tournament,
        name=name,
        defaults={"category_id": category_id, "order": tournament.divisions.count()},
    )
    taken = Division.entries.through.objects.filter(
        division__tournament=tournament, registration__in=entries
    ).exclude(division=division)
    if taken.exists():
        raise REFUSALS.error("division.player_taken", "players")
    division.entries.set(entries)
    log_action(
        tournament,
        user,
        "qualification.division",
        name,
        data={"players": [e.pk for e in entries], "category": category_id},
    )
    return division
