"""A tournament with admission rules: the chief, a referee, a rating list."""

from __future__ import annotations

from referee.accounts.models import Role
from referee.admission import services
from referee.ratings.models import PlayerRating, RatingList
from tests.referee.factories import PlayerFactory, TournamentFactory, referee_of


def cup(**rules):
    """A published tournament open to applications, its chief and a referee, and the list
    ФСПР-2026; ``rules`` go to ``services.set_rules`` (none: no rules)."""
    tournament = TournamentFactory(published=True, status="draft")
    chief = referee_of(tournament, Role.Kind.CHIEF, name=f"chief{tournament.pk}")
    referee = referee_of(tournament, Role.Kind.REFEREE, name=f"ref{tournament.pk}")
    listed = RatingList.objects.get_or_create(slug="fspr-2026", defaults={"name": "ФСПР-2026"})[0]
    if rules:
        if "rating_min" in rules or "rating_max" in rules:
            rules.setdefault("rating_list", listed.pk)
        services.set_rules(tournament.pk, chief, rules)
    return tournament, chief, referee, listed


def rated(listed, rating, **player):
    person = PlayerFactory(**player)
    PlayerRating.objects.create(rating_list=listed, player=person, rating=rating)
    return person
