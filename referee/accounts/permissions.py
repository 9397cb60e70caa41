"""Who may do what, per tournament. Every service asks here; views only display."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import Role

if TYPE_CHECKING:
    from referee.tables.models import Table
    from referee.tournaments.models import Tournament


def role_of(user: Any, tournament: Tournament) -> str | None:
    """``chief``, ``referee`` or None; superusers and the named chief referee are chiefs."""
    if not getattr(user, "is_authenticated", False):
        return None
    if user.is_superuser or tournament.chief_referee_id == user.pk:
        return Role.Kind.CHIEF
    cache = getattr(user, "_tournament_roles", None)
    if cache is None:
        cache = dict(Role.objects.filter(user=user).values_list("tournament_id", "kind"))
        user._tournament_roles = cache
    return cache.get(tournament.pk)


def is_chief(user: Any, tournament: Tournament) -> bool:
    return role_of(user, tournament) == Role.Kind.CHIEF


def is_official(user: Any, tournament: Tournament) -> bool:
    return role_of(user, tournament) is not None


def may_enter_deals(user: Any, table: Table) -> bool:
    """Chiefs everywhere; referees everywhere, or only at their tables when the tournament
    says so."""
    tournament = table.round.tournament
    role = role_of(user, tournament)
    if role == Role.Kind.CHIEF:
        return True
    if role != Role.Kind.REFEREE:
        return False
    if not tournament.referees_assigned_only:
        return True
    return table.referees.filter(pk=user.pk).exists()


#: The Django group whose members may create tournaments (and become their chief referee).
ORGANISERS = "organisers"


def is_organiser(user: Any) -> bool:
    """May ``user`` create tournaments? Superusers and members of the ``organisers`` group."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser) or user.groups.filter(name=ORGANISERS).exists()


def may_view(user: Any, tournament: Tournament) -> bool:
    """Officials always; the public once the tournament is published."""
    return tournament.published or is_official(user, tournament)
