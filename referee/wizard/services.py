"""Creating a tournament with its officials and standings settings, for the wizard and the
API alike: the one place that decides who keeps which right on a new tournament.

The creator is the tournament's chief referee (its settings' ``chief_referee``) and stays
so: he made it, and it must not answer 404 to him the moment it exists. A colleague named
as chief referee at creation (the wizard's *Another chief referee*, the API's
``chief_referee``) becomes a second chief referee, with the same rights; the creator can
hand the tournament over later on its *Settings* page, on purpose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from referee.accounts import services as accounts
from referee.accounts.models import Role
from referee.standings import services as standings
from referee.tournaments import services as tournaments
from referee.tournaments.models import Tournament


@transaction.atomic
def create_tournament(
    user: Any,
    values: Mapping[str, Any],
    *,
    copy_players_from: int | None = None,
    co_chief: str = "",
    standings_settings: Mapping[str, Any] | None = None,
) -> Tournament:
    """A new tournament (``tournaments.create_tournament``'s ``values``) with ``user`` as its
    chief referee; ``co_chief`` (a login; the creator's own or empty: nobody) a second one;
    ``standings_settings`` its standings settings. All of it or nothing."""
    tournament = tournaments.create_tournament(user, values, copy_players_from)
    if standings_settings:
        standings.update_settings(tournament, user, dict(standings_settings))
    co_chief = co_chief.strip()
    if co_chief and co_chief != user.get_username():
        accounts.grant_role(tournament.pk, co_chief, Role.Kind.CHIEF, user)
    return tournament
