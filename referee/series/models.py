"""A cup or season: a series of tournaments with its own rules (issue 22). Its standings are
computed on read from each tournament's final places and points (``services.series_table``),
so a tournament added, removed or corrected later changes the series at once."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.standings.pure.series import DEFAULT_SERIES_CHAIN, FIS_TABLE
from referee.tournaments.fields import tournament_link

DEFAULT_TABLE = ", ".join(str(p) for p in FIS_TABLE)
DEFAULT_CHAIN = ", ".join(DEFAULT_SERIES_CHAIN)


class Series(models.Model):
    """A cup or season: its rules are the pure module's (``SeriesRules``), with its defaults."""

    class Method(models.TextChoices):
        POINTS_BY_PLACE = "points_by_place", _("points by the place in each tournament")
        OWN_POINTS = "own_points", _("each tournament's own points")

    class Shared(models.TextChoices):
        AVERAGE = "average", _("players sharing a place share its points (average)")
        BEST = "best", _("players sharing a place each get the best place's points")

    class DropEqual(models.TextChoices):
        EARLIEST = "earliest", _("of equal results the earlier tournament's is dropped")
        LATEST = "latest", _("of equal results the later tournament's is dropped")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), unique=True)
    season = models.CharField(_("season"), max_length=40, blank=True)
    method = models.CharField(
        _("method"), max_length=20, choices=Method.choices, default=Method.POINTS_BY_PLACE
    )
    points_table = models.CharField(
        _("points by place"),
        max_length=1000,
        default=DEFAULT_TABLE,
        help_text=_("1st place first, separated by commas; places beyond it earn the floor"),
    )
    floor = models.CharField(_("points beyond the table"), max_length=20, default="0")
    shared = models.CharField(
        _("shared places"), max_length=10, choices=Shared.choices, default=Shared.AVERAGE
    )
    factor = models.CharField(_("factor of the own points"), max_length=20, default="1")
    winner_gets = models.CharField(
        _("the winner's points"),
        max_length=20,
        blank=True,
        help_text=_("own points scaled so that each tournament's winner gets this; empty: not"),
    )
    best = models.PositiveSmallIntegerField(
        _("best results that count"), null=True, blank=True, help_text=_("empty: all")
    )
    drop_equal = models.CharField(
        _("equal results at the cut"),
        max_length=10,
        choices=DropEqual.choices,
        default=DropEqual.EARLIEST,
    )
    min_starts = models.PositiveSmallIntegerField(_("minimum starts to be ranked"), default=1)
    chain = models.CharField(_("tie-breaks"), max_length=200, default=DEFAULT_CHAIN)
    published = models.BooleanField(_("published"), default=True)
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("managers"), blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-season", "name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name


class SeriesTournament(models.Model):
    """One tournament of a series, with its weight (exact: 1, 3/2 for a final)."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament = tournament_link("+")
    weight = models.CharField(_("weight"), max_length=20, default="1")

    class Meta:
        ordering = ["tournament__starts_on", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["series", "tournament"], name="series_tournament_once")
        ]
        verbose_name = _("tournament of a series")
        verbose_name_plural = _("tournaments of a series")

    def __str__(self) -> str:
        return f"{self.series} — {self.tournament}"
