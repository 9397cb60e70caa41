"""Ratings follow the results: when a round or a tournament finishes, or the public is shown
more rounds, every rating list counting the tournament is recomputed after the commit."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from referee.tournaments.models import ActionLog

RECOMPUTE_ON = frozenset({"round.finished", "tournament.finished", "standings.settings_changed"})


@receiver(post_save, sender=ActionLog, dispatch_uid="ratings-follow-results")
def _after_result(sender: Any, instance: ActionLog, created: bool, **kwargs: Any) -> None:
    if not created or instance.action not in RECOMPUTE_ON:
        return
    from .services.compute import recompute_for

    tournament = instance.tournament_id
    transaction.on_commit(lambda: recompute_for(tournament))
