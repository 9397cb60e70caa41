"""The model fields the apps declare again and again, each decided here once: what a row of
a tournament's does when the tournament goes, and what a record keeps of the official who
made it when his account goes.

They return the plain Django fields (the migrations see the same columns as if each were
written out), typed for mypy as the Django plugin would type them written out. The
tournament is named by its label, not imported: the core imports no app."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from referee.tournaments.models import Tournament


def tournament_link(related_name: str) -> models.ForeignKey[Tournament, Tournament]:
    """A row that belongs to one tournament: it goes when the tournament is deleted."""
    return models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name=related_name
    )


def official(
    *, blank: bool = True, on_delete: Callable[..., None] = models.SET_NULL
) -> models.ForeignKey[User | None, User | None]:
    """The official (a user) who made or decided a record, with no reverse accessor on the
    user. ``None`` when unknown and, by default, once his account is deleted: the record
    stays. ``on_delete=models.PROTECT`` where the history must keep the name (deactivate
    the account instead); ``blank=False`` where it was declared so (the admin's forms ask
    for it)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=blank, on_delete=on_delete, related_name="+"
    )
