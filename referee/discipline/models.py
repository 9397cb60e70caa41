"""The discipline register (TOURNAMENTS §9.2) and appeals (§8.6).

An entry is never deleted: an appeal that reverses it marks it ``cancelled_by`` the appeal.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.tournaments.fields import tournament_link


class Entry(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        YELLOW = "yellow", _("yellow card")
        DEDUCTION = "deduction", _("point deduction")
        DISQUALIFICATION = "disqualification", _("disqualification")

    tournament = tournament_link("discipline")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="discipline"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    # the round it belongs to (a deduction counts in it); a disqualification: the last played
    round_number = models.PositiveSmallIntegerField(_("round"))
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    points = models.CharField(_("points deducted"), max_length=20, default="0")  # exact text
    rule = models.CharField(_("rule reference"), max_length=100)
    reason = models.TextField(_("reason"))
    referee = official(blank=False)
    at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False)  # the disqualification the yellow cards made
    cancelled_by = models.ForeignKey(
        "Appeal", null=True, blank=True, on_delete=models.SET_NULL, related_name="cancelled"
    )

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("discipline entry")
        verbose_name_plural = _("discipline register")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.registration}"


class Appeal(models.Model):
    class Subject(models.TextChoices):
        RULING = "ruling", _("a ruling in a deal")
        TABLE = "table", _("a table's result")
        DISCIPLINE = "discipline", _("a discipline entry")

    class Decision(models.TextChoices):
        PENDING = "pending", _("pending")
        UPHELD = "upheld", _("upheld")
        REVERSED = "reversed", _("reversed")
        CHANGED = "changed", _("changed")

    tournament = tournament_link("appeals")
    subject = models.CharField(_("appeal against"), max_length=20, choices=Subject.choices)
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.PROTECT, related_name="appeals"
    )
    deal = models.ForeignKey(
        "tables.Deal", null=True, blank=True, on_delete=models.PROTECT, related_name="appeals"
    )
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals"
    )
    appellant = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="appeals"
    )
    grounds = models.TextField(_("grounds"))
    filed_by = official(blank=False)
    filed_at = models.DateTimeField(auto_now_add=True)
    decision = models.CharField(
        _("decision"), max_length=10, choices=Decision.choices, default=Decision.PENDING
    )
    decision_reason = models.TextField(_("reasons for the decision"), blank=True)
    decided_by = official(blank=False)
    decided_at = models.DateTimeField(null=True, blank=True)
    # the deal's version the decision made (reversed or changed)
    deal_version = models.ForeignKey(
        "tables.DealVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["filed_at", "pk"]
        verbose_name = _("appeal")
        verbose_name_plural = _("appeals")

    def __str__(self) -> str:
        return f"{self.get_subject_display()} ({self.get_decision_display()})"
