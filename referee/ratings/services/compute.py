"""Recomputing a rating list: its games replayed from the start, its history rewritten.

``recompute`` is the managers' service (locks the list, checks the right); ``recompute_list``
is the same work for the site itself (after a round or a tournament finishes, ``signals``)
and for the benchmark. A replay rewrites the whole list: a correction anywhere, a merge or a
tournament added to the list changes every later rating, and the replay is cheap (README,
Ratings: 50 tournaments of 200 players and 9 rounds in a few seconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed, ServiceError
from referee.core.permissions import may_manage_rating_list
from referee.tournaments.models import Player

from ..models import PlayerRating, RatingChange, RatingList
from ..pure.methods import Method, method_named
from ..pure.replay import Replay, replay
from .games import counted_tournaments, games_of

BATCH = 5000


@dataclass(frozen=True)
class Recomputed:
    games: int
    changes: int
    players: int


def method_of(rating_list: RatingList) -> Method:
    return method_named(
        rating_list.method, bula=rating_list.bula, initial=rating_list.initial_rating
    )


def replay_list(rating_list: RatingList) -> Replay:
    """The list's games replayed in memory, nothing written."""
    tournaments = counted_tournaments(rating_list.tournaments.all())
    games, _players = games_of(tournaments)
    ids = {p for g in games for p in g.players}
    registry = {
        pk: float(rating) if rating is not None else None
        for pk, rating in Player.objects.filter(pk__in=ids).values_list("pk", "rating")
    }
    return replay(method_of(rating_list), games, registry)


@transaction.atomic
def recompute_list(rating_list: RatingList) -> Recomputed:
    """Replay and rewrite the list's ratings and history."""
    done = replay_list(rating_list)
    RatingChange.objects.filter(rating_list=rating_list).delete()
    PlayerRating.objects.filter(rating_list=rating_list).delete()
    RatingChange.objects.bulk_create(
        (
            RatingChange(
                rating_list=rating_list,
                player_id=c.player,
                tournament_id=c.tournament,
                seq=seq,
                round_number=c.round,
                table_number=c.table,
                rating_before=c.rating_before,
                rating_after=c.rating_after,
                rank=c.rank,
                whists=str(c.whists),
                detail={
                    "opponents": [
                        [p, round(r, 2), rank]
                        for p, r, rank in zip(
                            c.opponents, c.opponents_ratings, c.opponents_ranks, strict=True
                        )
                    ],
                    "terms": list(c.terms),
                    "mu": [round(c.before.mu, 4), round(c.after.mu, 4)],
                    "sigma": [round(c.before.sigma, 4), round(c.after.sigma, 4)],
                },
            )
            for seq, c in enumerate(done.changes)
        ),
        batch_size=BATCH,
    )
    tournaments: dict[int, set[int]] = {}
    for c in done.changes:
        tournaments.setdefault(c.player, set()).add(c.tournament)
    method = method_of(rating_list)
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                rating_list=rating_list,
                player_id=player,
                rating=method.rating(skill),
                mu=skill.mu,
                sigma=skill.sigma,
                games=done.games[player],
                tournaments=len(tournaments[player]),
            )
            for player, skill in done.skills.items()
        ),
        batch_size=BATCH,
    )
    rating_list.computed_at = timezone.now()
    rating_list.save(update_fields=["computed_at"])
    return Recomputed(
        len({(c.tournament, c.round, c.table) for c in done.changes}),
        len(done.changes),
        len(done.skills),
    )


@transaction.atomic
def recompute(rating_list_id: int, user: Any) -> Recomputed:
    """A manager's recompute of one list."""
    rating_list = RatingList.objects.select_for_update().filter(pk=rating_list_id).first()
    if rating_list is None:
        raise ServiceError(_("There is no such rating list."))
    if not may_manage_rating_list(user, rating_list):
        raise NotAllowed(_("Only the list's managers recompute it."))
    return recompute_list(rating_list)


def recompute_for(tournament_id: int) -> None:
    """Recompute every list that counts the tournament (after a round or it finishes)."""
    for rating_list in RatingList.objects.filter(tournaments=tournament_id):
        recompute_list(rating_list)
