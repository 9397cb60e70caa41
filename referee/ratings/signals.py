"""Ratings follow the results: when a round or a tournament finishes, or the public is shown
more rounds, every rating list counting the tournament is updated after the commit; and a
list that gains or loses a tournament (the admin, the API, a service) is updated from it on."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import m2m_changed, post_save
from django.dispatch import receiver

from referee.tournaments.models import ActionLog

from .models import RatingList

RECOMPUTE_ON = frozenset({"round.finished", "tournament.finished", "standings.settings_changed"})


@receiver(post_save, sender=ActionLog, dispatch_uid="ratings-follow-results")
def _after_result(sender: Any, instance: ActionLog, created: bool, **kwargs: Any) -> None:
    if not created or instance.action not in RECOMPUTE_ON:
        return
    from .services.compute import recompute_for

    tournament = instance.tournament_id
    transaction.on_commit(lambda: recompute_for(tournament))


@receiver(m2m_changed, sender=RatingList.tournaments.through, dispatch_uid="ratings-follow-lists")
def _after_list_change(
    sender: Any, instance: Any, action: str, reverse: bool, pk_set: set[int] | None, **kwargs: Any
) -> None:
    """``list.tournaments`` (or, reversed, ``tournament.rating_lists``) added to, removed
    from or cleared. A tournament's lists are read before a reversed clear empties them."""
    if reverse and action == "pre_clear":
        instance._cleared_lists = set(instance.rating_lists.values_list("pk", flat=True))
        return
    if action not in ("post_add", "post_remove", "post_clear"):
        return
    from .services.compute import lists_changed

    if reverse:
        lists = getattr(instance, "_cleared_lists", set()) if action == "post_clear" else pk_set
        changed: set[int] | None = {instance.pk}
    else:
        lists, changed = {instance.pk}, (None if action == "post_clear" else pk_set)
    if lists:
        found, tournaments = set(lists), changed
        transaction.on_commit(lambda: lists_changed(found, tournaments))
