"""A row that belongs to one tournament, declared here once for every app's models: it goes
when the tournament is deleted. It returns the plain Django field (the migrations see the
same column as if it were written out), typed for mypy as the Django plugin would type it
written out; the tournament is named by its label, so the models import nothing for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models

if TYPE_CHECKING:
    from .models.tournament import Tournament


def tournament_link(related_name: str) -> models.ForeignKey[Tournament, Tournament]:
    """A row that belongs to one tournament: it goes when the tournament is deleted."""
    return models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name=related_name
    )
