"""The official link the apps declare again and again, decided here once: what a record
keeps of the official who made it when his account goes. (A row's link to its tournament
is ``referee.tournaments.fields.tournament_link``: the core imports no app.)

It returns the plain Django field (the migrations see the same column as if it were
written out), typed for mypy as the Django plugin would type it written out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

if TYPE_CHECKING:
    from django.contrib.auth.models import User


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
