"""A duplicate session: its boards and the movement that says who plays which board where.

A stanza of the movement is one round of the tournament (``first_round`` + stanza − 1): its
tables are seated by the plan, and deal j of a table is board j of the set it plays. The
plan is kept as the movement generator made it (``plan``: per stanza, per table, its set and
the players in seat order, and per board the players in the order of the seat roles), so
the pages and the comparison never draw it again."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.tournaments.fields import tournament_link


class Session(models.Model):
    class Method(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("matchpoints")
        DATUM = "datum", _("difference to the datum")

    class Counts(models.TextChoices):
        """What the session counts for besides its own standings (``core.rounds``: its
        stanzas never enter the ordinary standings or the ratings)."""

        OWN = "own", _("its own standings only")
        PLACES = "places", _("the tournament's final places")

    tournament = tournament_link("duplicate_sessions")
    number = models.PositiveSmallIntegerField()
    size = models.PositiveSmallIntegerField(_("players at a table"))
    boards_per_set = models.PositiveSmallIntegerField(_("boards per set"))
    first_round = models.PositiveSmallIntegerField()
    stanzas = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(_("seed of the boards"), null=True, blank=True)
    method = models.CharField(
        _("comparison"), max_length=12, choices=Method.choices, default=Method.MATCHPOINTS
    )
    trim = models.BooleanField(_("trimmed datum"), default=False)
    counts = models.CharField(
        _("the session counts for"), max_length=8, choices=Counts.choices, default=Counts.OWN
    )
    published = models.BooleanField(_("boards published"), default=False)
    plan = models.JSONField(editable=False)
    notes = models.JSONField(default=list, editable=False)
    created_by = official(blank=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["number"]
        verbose_name = _("duplicate session")
        verbose_name_plural = _("duplicate sessions")

    def __str__(self) -> str:
        return f"{self.tournament} — D{self.number}"

    @property
    def rounds(self) -> range:
        return range(self.first_round, self.first_round + self.stanzas)


class BoardManager(models.Manager["Board"]):
    def get_queryset(self) -> models.QuerySet[Board]:
        # a board is read with its cards: the layout comes in the same query
        return super().get_queryset().select_related("layout")


class Board(models.Model):
    """One board of a session: its cards and their double-dummy table are its ``layout``
    (``tables.Layout``, the one store of double-dummy results, which the evidence of a deal
    that plays the board reads too)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    layout = models.OneToOneField("tables.Layout", on_delete=models.PROTECT, related_name="board")

    objects = BoardManager()

    class Meta:
        unique_together = [("session", "number")]
        ordering = ["number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")

    def __str__(self) -> str:
        return f"{self.session} — {self.number}"

    @property
    def text(self) -> str:
        """The board in the notation (``scoring.board``), canonical: its layout's."""
        return self.layout.text

    @property
    def analysis(self) -> dict | None:
        """The board's double-dummy table (``tables.layouts``), None until it is computed."""
        return self.layout.analysis
