"""A tournament's rounds, and the stages that group them."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from referee.tournaments.fields import tournament_link


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("seating drafted")
        STARTED = "started", _("in play")
        FINISHED = "finished", _("finished")

    class Method(models.TextChoices):
        RANDOM = "random", _("random draw")
        SWISS = "swiss", _("by standings (Swiss)")
        PLAYOFF = "playoff", _("play-off by standings (1–4, 5–8, …)")
        FIXED = "fixed", _("fixed schedule")
        DUPLICATE = "duplicate", _("duplicate movement")
        # a play-off game between players tied at a stage's cut: counts for nothing else
        TIEBREAK = "tiebreak", _("play-off game at the cut")

    tournament = tournament_link("rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.RANDOM)
    seed = models.BigIntegerField(default=0)
    notes = models.JSONField(default=list, blank=True)
    byes = models.JSONField(default=list, blank=True)  # registration ids sitting this round out
    stage = models.ForeignKey(
        "Stage", null=True, blank=True, on_delete=models.PROTECT, related_name="rounds"
    )

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["number"]
        constraints = [models.CheckConstraint(condition=Q(number__gte=1), name="round_from_1")]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"


class Stage(models.Model):
    """A stage of the tournament (TOURNAMENTS §2.2, §6.3): its rounds follow the earlier
    stages' rounds; the last stage is the final, whose standings decide its players' places."""

    class CarryOver(models.TextChoices):
        ALL = "all", _("all points")
        NONE = "none", _("none")
        FRACTION = "fraction", _("a fraction of the points")
        TIE_BREAK = "tie_break", _("only as a tie-break")

    class Entry(models.TextChoices):
        ALL = "all", _("every player still in play")
        TOP = "top", _("the top N of the standings")
        NAMED = "named", _("named by the chief referee")
        GROUP_TOP = "group_top", _("the top N of each group")
        CROSSOVER = "crossover", _("the top N of each group, crossed")

    class Seeding(models.TextChoices):
        SNAKE = "snake", _("snake by the standings")
        STANDINGS = "standings", _("in turn by the standings")
        RATING = "rating", _("in turn by rating")

    tournament = tournament_link("stages")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(_("name"), max_length=100)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"))
    method = models.CharField(
        _("seating method"), max_length=10, choices=Round.Method.choices, default="swiss"
    )
    carry_over = models.CharField(
        _("points carried over"), max_length=10, choices=CarryOver.choices, default="all"
    )
    carry_fraction = models.CharField(_("fraction carried"), max_length=20, default="1")
    entry = models.CharField(_("who plays it"), max_length=10, choices=Entry.choices, default="all")
    entry_count = models.PositiveSmallIntegerField(_("N"), null=True, blank=True)
    named = models.JSONField(_("players named"), default=list, blank=True)
    # registration ids, fixed when the stage's first round is seated
    qualified = models.JSONField(default=list, blank=True)
    groups = models.PositiveSmallIntegerField(_("groups"), default=1)
    seeding = models.CharField(
        _("seeding into groups"), max_length=10, choices=Seeding.choices, default="snake"
    )
    # the groups' registration ids, fixed with ``qualified`` (empty: one field)
    members = models.JSONField(default=list, blank=True)

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["number"]
        constraints = [
            models.CheckConstraint(condition=Q(number__gte=1), name="stage_from_1"),
            models.CheckConstraint(condition=Q(groups__gte=1), name="stage_groups_from_1"),
        ]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.name}"
