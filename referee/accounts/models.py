"""Roles, scoped per tournament: chief referee (organiser) and referee."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.tournaments.fields import tournament_link


class Role(models.Model):
    class Kind(models.TextChoices):
        CHIEF = "chief", _("chief referee / organiser")
        REFEREE = "referee", _("referee")

    tournament = tournament_link("roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roles"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)

    class Meta:
        unique_together = [("tournament", "user")]
        verbose_name = _("role")
        verbose_name_plural = _("roles")

    def __str__(self) -> str:
        return f"{self.user} — {self.get_kind_display()} — {self.tournament}"
