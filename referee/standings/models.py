"""A tournament's standings settings: how round points are made, ranked and published.

One row per tournament, created with the defaults the first time the chief referee saves it
(until then the defaults apply unsaved). The values are validated by the pure modules
(``points``, ``ranking``) in ``services.update_settings``; the model only stores them.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.tournaments.fields import tournament_link

from .pure.ranking import DEFAULT_CHAIN


def default_chain() -> list[str]:
    return list(DEFAULT_CHAIN)


class StandingsSettings(models.Model):
    class Action(models.TextChoices):
        REMOVE = "remove", _("remove from the tournament")
        FLAG = "flag", _("yellow card only")

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="standings_settings"
    )
    # names of points.METHODS and points.NORMALISATIONS; checked by the services, not by
    # database choices, so a new method needs no migration
    method = models.CharField(_("conversion method"), max_length=40, default="raw_whists")
    params = models.JSONField(_("method parameters"), default=dict, blank=True)
    normalisation = models.CharField(_("tables of 3 and of 4"), max_length=20, default="none")
    # exact: "4/3" is kept as text, never as a float (TOURNAMENTS §4)
    four_table_factor = models.CharField(_("factor for tables of 4"), max_length=20, default="1")
    elimination_threshold = models.IntegerField(
        _("elimination threshold"),
        null=True,
        blank=True,
        help_text=_("a round result worse than this many whists (e.g. -1000); empty: none"),
    )
    elimination_action = models.CharField(
        _("on crossing the threshold"),
        max_length=10,
        choices=Action.choices,
        default=Action.REMOVE,
    )
    tie_breaks = models.JSONField(_("tie-break chain"), default=default_chain)
    # Open in the sources (TOURNAMENTS §8.4, §9.2): whether referee awards outside the sheet
    # (3.8.5.1 compensation, disciplinary whists) count in the players' round results.
    count_adjustments = models.BooleanField(
        _("referee adjustments count in round results"),
        default=True,
        help_text=_("3.8.5.1 compensation and disciplinary whists, outside the table's sheet"),
    )
    # registration id (as text, JSON keys) -> lot number; lower ranks first (TOURNAMENTS §5)
    lots = models.JSONField(_("lot"), default=dict, blank=True)
    lot_seed = models.BigIntegerField(null=True, blank=True)
    lot_witness = models.CharField(_("lot witness"), max_length=200, blank=True)
    lot_drawn_by = official()
    lot_drawn_at = models.DateTimeField(null=True, blank=True)
    published_through = models.PositiveSmallIntegerField(
        _("public through round"),
        null=True,
        blank=True,
        help_text=_("the last round the public sees; empty: no results are public yet"),
    )

    class Meta:
        verbose_name = _("standings settings")
        verbose_name_plural = _("standings settings")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.method}"


class PlayerTableStats(models.Model):
    """What one table adds to one player's statistics (issue 33 point 2), kept when the table
    locks and redone when it is corrected (``services.table_stats``), so that a profile sums
    these rows instead of scoring his tables again at every read.

    ``stats``: ``pure.player_stats.table_stats`` of the player at the table, as
    ``pure.stats_codec`` writes it; null when the table does not count (no deals, not of 3
    or 4, a sheet the engine refuses: the live computation skips it too). ``others``: for
    each other player at the table (registry id as text) his settled result and the pair
    settlement between the two (``pair_settlement``), exact, as text: the head to head."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    stats = models.JSONField(null=True)
    others = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="player_table_stats_once")
        ]
        indexes = [models.Index(fields=["player", "table"], name="player_table_stats_player")]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.table_id}"


class FinalStanding(models.Model):
    """One registration's line in a finished tournament's standings as the public sees them
    (issue 33 point 2): place, points, whists and round points, kept when the tournament
    finishes and again after each later change (``ratings.services.finals``), so that a
    veteran's profile reads his places in hundreds of tournaments in one indexed query
    instead of ranking each tournament again.

    Every registration of the tournament has a row (``best`` None: the standings do not
    place him; ``points`` None: they have no line of his). ``version`` is the tournament's
    latest action-log entry and ``through`` its last public round when the row was made: a
    reader takes the row only while both are still the tournament's (a correction logs an
    entry, so a row made before it is never read). Numbers are exact, as text ("7/2")."""

    tournament = tournament_link("+")
    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="+"
    )
    version = models.BigIntegerField()
    through = models.PositiveSmallIntegerField()
    best = models.PositiveIntegerField(null=True)
    worst = models.PositiveIntegerField(null=True)
    points = models.CharField(max_length=40, null=True)
    whists = models.CharField(max_length=40, null=True)
    round_points = models.JSONField(default=list)  # per public round: text, or None
    guest = models.BooleanField(default=False)
    # what his tables add to his statistics (``stats_codec``) and whom he met there
    # (opponent id -> tables), by the profile's rule (``ratings.services.tournament_sums``);
    # None: kept before these were (read live until kept again)
    stats = models.JSONField(null=True)
    met = models.JSONField(null=True)

    def __str__(self) -> str:
        return f"{self.registration_id} @ {self.tournament_id}: {self.best}"
