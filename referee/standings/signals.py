"""The kept statistics follow the sheets (issue 33 point 2): each change of a locked table
keeps its rows again in the change's own transaction; a change of a whole tournament
forgets its rows and keeps them again in the background (``services.table_stats``)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from referee.tables.models import Deal
from referee.tournaments.models import ActionLog

from .services import table_stats

#: about a deal: a deal written on a table already signed off (a ruling) or changed
#: (``deal.recorded`` is an open table's: nothing is kept for it yet)
DEAL_ACTIONS = frozenset({"deal.ruling_added", "deal.corrected", "deal.deleted", "deal.restored"})
TABLE_ACTIONS = frozenset(
    {
        "table.submitted",
        "table.confirmed",
        "table.reopened",
        "table.substitution",
        "table.dispute_resolved",
    }
)
#: about the whole tournament: how its sheets are scored, or who sat where
TOURNAMENT_ACTIONS = frozenset(
    {
        "tournament.convention",
        "tournament.settings",
        "tournament.admin_changed",
        "player.merged",
        "player.substituted",
        "round.swapped",
    }
)


@receiver(post_save, sender=ActionLog, dispatch_uid="standings-keep-table-stats")
def _after_change(sender: Any, instance: ActionLog, created: bool, **kwargs: Any) -> None:
    if not created:
        return
    action = instance.action
    if action in DEAL_ACTIONS and instance.subject_id is not None:
        table = Deal.objects.filter(pk=instance.subject_id).values_list("table_id", flat=True)
        table_stats.keep(table)
    elif action in TABLE_ACTIONS and instance.subject_id is not None:
        table_stats.keep([instance.subject_id])
    elif action in TOURNAMENT_ACTIONS:
        table_stats.forget_tournament(instance.tournament_id)
