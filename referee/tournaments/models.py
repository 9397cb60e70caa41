"""Tournaments, players, registrations, rounds, and the action log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import PRESETS

from . import actions


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class TableSize(models.IntegerChoices):
        PREFER_FOUR = 4, _("prefer tables of 4")
        PREFER_THREE = 3, _("prefer tables of 3")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), unique=True)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    chief_referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("chief referee"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chief_of",
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    convention = models.CharField(
        _("convention"), max_length=20, choices=[(n, n) for n in PRESETS], default="fspr"
    )
    options = models.JSONField(_("convention options"), default=dict, blank=True)
    pool_size = models.PositiveIntegerField(
        _("pool size"), null=True, blank=True, help_text=_("empty: play by time or deal cap")
    )
    deal_cap = models.PositiveIntegerField(_("deals per table"), null=True, blank=True)
    time_limit_minutes = models.PositiveIntegerField(_("minutes per round"), null=True, blank=True)
    table_size = models.PositiveSmallIntegerField(
        _("table size"), choices=TableSize.choices, default=TableSize.PREFER_FOUR
    )
    second_confirmation = models.BooleanField(
        _("a second referee confirms each table"), default=False
    )
    referees_assigned_only = models.BooleanField(
        _("referees enter deals only at their assigned tables"), default=False
    )
    players_confirm = models.BooleanField(
        _("players confirm their table's totals at sign-off"), default=False
    )
    published = models.BooleanField(_("published"), default=False)
    forbidden_pairs = models.JSONField(
        _("pairs never seated together"),
        default=list,
        blank=True,
        help_text=_("pairs of registration ids, e.g. family members"),
    )

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def rules(self) -> scoring.Convention:
        """The convention the tournament plays: its preset with its option overrides."""
        return scoring.convention(self.convention, self.options)

    @property
    def frozen(self) -> bool:
        """The convention and its options cannot change once play has started."""
        return self.status != self.Status.DRAFT


class Player(models.Model):
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    rating = models.DecimalField(_("rating"), max_digits=8, decimal_places=2, null=True, blank=True)
    federation_id = models.CharField(_("federation id"), max_length=40, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="substitutes"
    )

    class Meta:
        unique_together = [("tournament", "player")]
        ordering = ["player__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("seating drafted")
        STARTED = "started", _("in play")
        FINISHED = "finished", _("finished")

    class Method(models.TextChoices):
        RANDOM = "random", _("random draw")
        SWISS = "swiss", _("by standings (Swiss)")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.RANDOM)
    seed = models.BigIntegerField(default=0)
    notes = models.JSONField(default=list, blank=True)
    byes = models.JSONField(default=list, blank=True)  # registration ids sitting this round out

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"


class ActionLogQuerySet(models.QuerySet["ActionLog"]):
    def about(self, obj: models.Model) -> ActionLogQuerySet:
        """The entries concerning ``obj`` (a deal, a table, a registration, a round…)."""
        return self.filter(subject_type=obj._meta.label_lower, subject_id=obj.pk)


class ActionLog(models.Model):
    """Who did what, when and why: every change a service makes (pretix style).

    ``action`` is a code of ``referee.tournaments.actions``; ``subject`` the object's name as
    it was then; ``subject_type`` (a model label) and ``subject_id`` the object it concerns,
    which may since have been deleted (a discarded round)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="log")
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
        if self.subject_type == actions.ROUND and self.subject.isdigit():
            return gettext("round %(n)s") % {"n": self.subject}
        return self.subject

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"
