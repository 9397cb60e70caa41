"""Rating lists and their history, categories with their points tables and norms, divisions,
and the record of merged duplicate players (TOURNAMENTS §12)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.tournaments.fields import tournament_link
from referee.tournaments.models import Player, Registration, Tournament

from .pure.methods import BULA_ELO, OPENSKILL
from .pure.qualification import AVERAGE, BEST


class RatingList(models.Model):
    """A federation's or a club's rating: a method and the tournaments that count."""

    class Method(models.TextChoices):
        OPENSKILL = OPENSKILL, _("openskill (Plackett–Luce on the places at each table)")
        BULA_ELO = BULA_ELO, _("bula_elo (TOURNAMENTS §12)")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), unique=True)
    method = models.CharField(
        _("method"), max_length=20, choices=Method.choices, default=Method.OPENSKILL
    )
    bula = models.PositiveIntegerField(
        _("bula"), default=30, help_text=_("bula_elo: the divisor of a whist difference")
    )
    initial_rating = models.FloatField(
        _("initial rating"),
        default=1200.0,
        help_text=_("bula_elo: the start of a player without a rating in the registry"),
    )
    tournaments = models.ManyToManyField(
        Tournament,
        verbose_name=_("tournaments that count"),
        blank=True,
        related_name="rating_lists",
    )
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("managers"), blank=True, related_name="+"
    )
    published = models.BooleanField(_("published"), default=True)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return self.name


class PlayerRating(models.Model):
    """A player's current rating on a list (after his last counted game)."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField(_("rating"))
    mu = models.FloatField(default=0)
    sigma = models.FloatField(default=0)
    games = models.PositiveIntegerField(_("games"), default=0)
    tournaments = models.PositiveIntegerField(_("tournaments"), default=0)

    class Meta:
        unique_together = [("rating_list", "player")]
        ordering = ["-rating"]
        # a list's page in its order off this index, not a sort of the whole list (issue 33);
        # equal ratings in the order the players were first rated
        indexes = [models.Index(fields=["rating_list", "-rating", "id"], name="rating_list_order")]


class RatingChange(models.Model):
    """One line of a player's rating history: one table of one round, explained."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    tournament = tournament_link("+")
    seq = models.PositiveIntegerField()  # the order of the replay
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    rank = models.PositiveSmallIntegerField()
    whists = models.CharField(max_length=40)
    # opponents: [[player id, name, rating before], …]; terms: bula_elo's C_ij; mu/sigma
    detail = models.JSONField(default=dict)
    # the player's state after this change, exact: an update from a tournament on starts from
    # each player's last change before it (``services.compute``), not from the first game
    mu = models.FloatField(default=0)
    sigma = models.FloatField(default=0)
    games = models.PositiveIntegerField(default=0)  # his games on the list through this one
    tournaments = models.PositiveIntegerField(default=0)  # and his tournaments

    class Meta:
        ordering = ["seq"]
        indexes = [
            models.Index(fields=["rating_list", "player", "seq"]),
            # an update drops the history from one point on
            models.Index(fields=["rating_list", "seq"], name="ratings_change_list_seq"),
        ]

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before


class RatedTournament(models.Model):
    """A tournament as a list's replay took it: its place in the order (its date then) and its
    changes' ``seq`` range. An update compares these with the list's tournaments now and
    replays from the first that differs or was changed (``pure.resume.first_dirty``)."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="rated")
    tournament = tournament_link("+")
    starts_on = models.DateField()
    seq_from = models.PositiveIntegerField()
    seq_to = models.PositiveIntegerField()  # exclusive: seq_from when nothing counted

    class Meta:
        unique_together = [("rating_list", "tournament")]
        ordering = ["seq_from", "starts_on", "tournament_id"]


class PendingUpdate(models.Model):
    """A tournament whose results changed since the list last followed them (None: the whole
    list asked to be recomputed): the job that updates the list takes and deletes these,
    and the list's page says an update is pending while there are any."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="pending")
    tournament = models.ForeignKey(
        Tournament, null=True, on_delete=models.CASCADE, related_name="+"
    )
    asked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["asked_at", "pk"]


class Category(models.Model):
    """A tournament category with its qualification points table and norms."""

    class Shared(models.TextChoices):
        AVERAGE = AVERAGE, _("shared places share their points (average)")
        BEST = BEST, _("shared places each get the best place's points")

    name = models.CharField(_("name"), max_length=100, unique=True)
    points_table = models.JSONField(
        _("qualification points by place"),
        default=dict,
        help_text=_('e.g. {"1": 100, "2": 80, "3": 60}; places beyond it earn 0'),
    )
    norms = models.JSONField(
        _("norms"),
        default=list,
        blank=True,
        help_text=_(
            'e.g. [{"title": "норматив мастера", "place_at_most": 3, "min_players": 20}]; '
            "points_at_least is the other threshold"
        ),
    )
    shared_places = models.CharField(
        _("shared places"), max_length=10, choices=Shared.choices, default=Shared.AVERAGE
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")

    def __str__(self) -> str:
        return self.name


class TournamentCategory(models.Model):
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="qualification"
    )
    category = models.ForeignKey(Category, on_delete=models.PROTECT, verbose_name=_("category"))

    class Meta:
        verbose_name = _("tournament category")
        verbose_name_plural = _("tournament categories")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.category}"


class Division(models.Model):
    """A division of a tournament (e.g. Любитель / Мастер / Профессионал): its players are
    placed among themselves and earn points by its category (the tournament's by default)."""

    tournament = tournament_link("divisions")
    name = models.CharField(_("name"), max_length=100)
    order = models.PositiveSmallIntegerField(default=0)
    category = models.ForeignKey(
        Category, null=True, blank=True, on_delete=models.PROTECT, verbose_name=_("category")
    )
    entries = models.ManyToManyField(
        Registration, blank=True, related_name="divisions", verbose_name=_("players")
    )

    class Meta:
        ordering = ["order", "name"]
        unique_together = [("tournament", "name")]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")

    def __str__(self) -> str:
        return self.name


class PlayerMerge(models.Model):
    """A duplicate merged into a registry player: the duplicate's details as they were."""

    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merged")
    old_id = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    city = models.CharField(max_length=100, blank=True)
    club = models.CharField(max_length=100, blank=True)
    federation_id = models.CharField(max_length=40, blank=True)
    registrations = models.JSONField(default=list)  # the moved registration ids
    by = official()
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at"]
