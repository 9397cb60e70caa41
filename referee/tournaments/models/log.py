"""The action log: who did what, when and why."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models import Max
from django.utils.translation import gettext

from referee.tournaments.fields import tournament_link

from .. import actions


class ActionLogQuerySet(models.QuerySet["ActionLog"]):
    def about(self, obj: models.Model) -> ActionLogQuerySet:
        """The entries concerning ``obj`` (a deal, a table, a registration, a round…)."""
        return self.filter(subject_type=obj._meta.label_lower, subject_id=obj.pk)

    def versions(self, tournament_ids: Iterable[int]) -> dict[int, int]:
        """Each tournament's latest entry (0: none yet), in one query: the version of what
        is cached from its data (``core.versions``)."""
        ids = list(tournament_ids)
        found = dict(
            self.filter(tournament__in=ids)
            .values("tournament")
            .annotate(n=Max("pk"))
            .values_list("tournament", "n")
        )
        return {pk: found.get(pk, 0) for pk in ids}


class ActionLog(models.Model):
    """Who did what, when and why: every change a service makes (pretix style).

    ``action`` is a code of ``referee.tournaments.actions``; ``subject`` the object's name as
    it was then; ``subject_type`` (a model label) and ``subject_id`` the object it concerns,
    which may since have been deleted (a discarded round)."""

    tournament = tournament_link("log")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    action = models.CharField(max_length=60)
    subject = models.CharField(max_length=200, blank=True)
    subject_type = models.CharField(max_length=60, blank=True)
    subject_id = models.PositiveBigIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    objects = ActionLogQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id"], name="actionlog_subject")]

    @property
    def label(self) -> str:
        """The action in the reader's language (the registry's label)."""
        return actions.label(self.action)

    @property
    def shown_subject(self) -> str:
        """The subject in the reader's language: a round is written as its number."""
        if self.subject_type == actions.ROUND and self.subject.isdecimal():
            return gettext("round %(n)s") % {"n": self.subject}
        return self.subject

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"
