"""What bumps which version counter (``versions``): model saves and deletions, and the
action log that every service writes (it also covers bulk changes, which send no signal)."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.db.models.signals import post_delete, post_save

from referee.core import versions

from . import softcache

ENTRY_ACTIONS = ("deal.", "table.")
# apps whose changes bump no "meta": the tables have counters of their own, the API's
# tokens and idempotency records and the venue's own state show on no public page, nor do the
# queue's jobs, runs and workers' heartbeats (a worker's beat every 2 s renewed every page):
# what a job makes that a page shows bumps that page's counters (``duplicate.analysis``)
OWN_COUNTERS = ("tables", "api", "hall", "jobs")
# derived rows kept with the change that the action log records (its entry bumps the
# counters): each of their rows bumping "meta" would renew every page at each locked table,
# and keeping a finished tournament's final standings again renewed it once per row (its
# readers are keyed by the log's version, ``ratings.services.finals``)
DERIVED = ("standings.playertablestats", "standings.finalstanding")


def _logged(sender: Any, instance: Any, **kwargs: Any) -> None:
    slug = instance.tournament.slug
    names = [f"data:{slug}"]
    if not instance.action.startswith(ENTRY_ACTIONS):
        names.append(f"struct:{slug}")
    versions.bump(names)


def _table_changed(table: Any) -> None:
    round_ = table.round
    slug = round_.tournament.slug
    versions.bump([f"data:{slug}", f"table:{slug}:{round_.number}:{table.number}"])


def _on_table(sender: Any, instance: Any, **kwargs: Any) -> None:
    _table_changed(instance)


def _on_table_part(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A deal, a seat or a player's word (its protocol shows the dispute's decision): its
    table changed."""
    try:
        table = instance.table
    except Exception:  # the table itself is being deleted with its parts
        return
    _table_changed(table)


def _on_other(sender: Any, instance: Any, **kwargs: Any) -> None:
    versions.bump(["meta"])


def _on_player(sender: Any, instance: Any, **kwargs: Any) -> None:
    versions.bump(["meta", "players"])


def _cache_returned() -> None:
    """The cache answers again after an outage (``softcache``): the bumps made meanwhile
    were lost and it may hold the old counters and pages, so every page is renewed."""
    versions.renew(versions.RENEWED_ON_RETURN)


def connect() -> None:
    if _cache_returned not in softcache.ON_RETURN:
        softcache.ON_RETURN.append(_cache_returned)
    ActionLog = apps.get_model("tournaments", "ActionLog")
    post_save.connect(_logged, sender=ActionLog, dispatch_uid="hall-log")
    table = apps.get_model("tables", "Table")
    for signal in (post_save, post_delete):
        signal.connect(_on_table, sender=table, dispatch_uid=f"hall-table-{id(signal)}")
        for name in ("Deal", "Seat", "Agreement"):
            model = apps.get_model("tables", name)
            signal.connect(_on_table_part, sender=model, dispatch_uid=f"hall-{name}-{id(signal)}")
        player = apps.get_model("tournaments", "Player")
        signal.connect(_on_player, sender=player, dispatch_uid=f"hall-player-{id(signal)}")
        for config in apps.get_app_configs():
            if not config.name.startswith("referee.") or config.label in OWN_COUNTERS:
                continue
            for model in config.get_models():
                if model not in (ActionLog, player) and model._meta.label_lower not in DERIVED:
                    signal.connect(
                        _on_other, sender=model, dispatch_uid=f"hall-{model.__name__}-{id(signal)}"
                    )
