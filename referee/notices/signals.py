"""When a round starts (its seating is final), a round's results may become public (a round
finished, the published rounds or the tournament's publication changed) or a stage's players
are fixed (the cut), the letters due are queued once the change commits
(``services.schedule``); an application's decision queues its own (``schedule_application``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from referee.standings.models import StandingsSettings
from referee.tournaments.models import Application, Round, Stage, Tournament

from . import services


def _later(tournament_id: int) -> None:
    transaction.on_commit(lambda: services.schedule(tournament_id))


@receiver(post_save, sender=Round, dispatch_uid="notices-round")
def _round_saved(sender: Any, instance: Round, **kwargs: Any) -> None:
    if instance.status != Round.Status.DRAFT:
        _later(instance.tournament_id)


@receiver(post_save, sender=StandingsSettings, dispatch_uid="notices-standings")
def _settings_saved(sender: Any, instance: StandingsSettings, **kwargs: Any) -> None:
    _later(instance.tournament_id)


@receiver(post_save, sender=Tournament, dispatch_uid="notices-tournament")
def _tournament_saved(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    fields = kwargs.get("update_fields")
    if fields is None or "published" in fields:
        _later(instance.pk)


@receiver(post_save, sender=Stage, dispatch_uid="notices-stage")
def _stage_saved(sender: Any, instance: Stage, **kwargs: Any) -> None:
    if instance.qualified:
        _later(instance.tournament_id)


@receiver(post_save, sender=Application, dispatch_uid="notices-application")
def _application_saved(sender: Any, instance: Application, **kwargs: Any) -> None:
    if instance.status in (Application.Status.APPROVED, Application.Status.DECLINED):
        pk = instance.pk
        transaction.on_commit(lambda: services.schedule_application(pk))
