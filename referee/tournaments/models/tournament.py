"""A tournament and the choices of its settings."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import PRESETS


class ByeValue(models.TextChoices):
    """What a bye scores (TOURNAMENTS §6.2; default: the average of the round)."""

    AVERAGE = "average", _("the average round points of the players who played")
    FIXED = "fixed", _("a fixed number of points")
    NOTHING = "nothing", _("nothing")


class Unfinished(models.TextChoices):
    """The unfinished-pulka policy (TOURNAMENTS §7; default: FSPR's settle as it stands)."""

    SETTLE_AS_IS = "settle_as_is", _("settle as it stands")
    POSITIVE_TO_ZERO = "positive_to_zero", _("positive results count 0")
    FINISH_LAP = "finish_lap", _("finish the lap, then settle")


class LapAtTimeLimit(models.TextChoices):
    """With "finish the lap", which lap a time limit ends (TOURNAMENTS §7 says "the current
    lap"; the sheet knows only when each deal was recorded, not when it began)."""

    RECORDED = "recorded", _("the lap of the deals recorded by then")
    UNDER_WAY = "under_way", _("the lap of the deal under way (one more deal counts as begun)")


class SubstituteSplit(models.TextChoices):
    """How a seat's round points split when a substitute takes it during the pulka (§6.4)."""

    BY_DEALS = "by_deals", _("by the deals each played")
    STARTER = "starter", _("all to the player who started")
    SUBSTITUTE = "substitute", _("all to the substitute")


class GuestGames(models.TextChoices):
    """What a table with a guest does to his table-mates' ratings (TOURNAMENTS §6.4: a guest's
    results do not count; the sources say nothing of his opponents' ratings). The guest's own
    rating never changes."""

    COUNT = "count", _("rated as any table (the guest's rating as it stands)")
    SKIP = "skip", _("not rated: a table with a guest changes nobody's rating")


class TeamScoring(models.TextChoices):
    SUM = "sum", _("the sum of the members' round points")
    BEST = "best", _("the best K members' round points")


#: The most players a tournament's self-registration cap may name (the cap's bound on the
#: applications page, in ``applications.open_registration`` and ``Tournament.clean``).
MAX_CAP = 10_000


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
    # --- the tournament format (TOURNAMENTS §2.3): frozen once play starts (FORMAT_FIELDS) ---
    bye_value = models.CharField(
        _("a bye scores"), max_length=10, choices=ByeValue.choices, default=ByeValue.AVERAGE
    )
    # exact text ("1/2", "-3"), never a float
    bye_points = models.CharField(_("fixed points for a bye"), max_length=20, default="0")
    unfinished_pulka = models.CharField(
        _("unfinished pulka"),
        max_length=20,
        choices=Unfinished.choices,
        default=Unfinished.SETTLE_AS_IS,
    )
    lap_at_time_limit = models.CharField(
        _("the lap a time limit ends"),
        max_length=10,
        choices=LapAtTimeLimit.choices,
        default=LapAtTimeLimit.RECORDED,
    )
    substitute_split = models.CharField(
        _("round points of a replaced seat"),
        max_length=20,
        choices=SubstituteSplit.choices,
        default=SubstituteSplit.BY_DEALS,
    )
    guest_games = models.CharField(
        _("a guest's table-mates' ratings"),
        max_length=10,
        choices=GuestGames.choices,
        default=GuestGames.COUNT,
    )
    yellow_cards_to_disqualify = models.PositiveSmallIntegerField(
        _("active yellow cards that disqualify"),
        null=True,
        blank=True,
        help_text=_("empty: yellow cards never disqualify by themselves"),
    )
    yellow_card_days = models.PositiveSmallIntegerField(
        _("days a yellow card stays active"), default=7
    )
    team_scoring = models.CharField(
        _("team standings"), max_length=10, choices=TeamScoring.choices, default=TeamScoring.SUM
    )
    team_best = models.PositiveSmallIntegerField(
        _("best members counted per round"), null=True, blank=True
    )
    keep_teammates_apart = models.BooleanField(_("seat team mates apart"), default=True)
    self_registration = models.BooleanField(
        _("players may apply on the site"),
        default=False,
        help_text=_("A public form; the organiser approves each application."),
    )
    registration_closes = models.DateTimeField(_("applications close at"), null=True, blank=True)
    registration_cap = models.PositiveIntegerField(
        _("players at most"), null=True, blank=True, help_text=_("Later applications wait.")
    )
    check_in = models.BooleanField(
        _("players check in before each round"),
        default=False,
        help_text=_("The next round seats only the players marked present for it."),
    )
    # round number (as text) -> tables, each a list of registration ids in seat order
    schedule = models.JSONField(_("fixed schedule"), default=dict, blank=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        # the public list, latest first (``views.home``): a page read off the index, a
        # season's (``starts_on`` between two dates) too, however many tournaments
        indexes = [models.Index(fields=["-starts_on", "-id"], name="tournament_list")]
        # what the services refuse (services.setup.update_settings, create), the database
        # refuses too: a write that goes round them (the admin, a script, an import) cannot
        # store a tournament that ends before it starts or plays at tables of 2. (A round
        # length of 0 is not refused here: the site reads it as none, as rows may hold it.)
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")),
                name="tournament_ends_on_or_after_start",
                violation_error_code="ends_before_start",
                violation_error_message=_("The tournament cannot end before it starts."),
            ),
            models.CheckConstraint(
                condition=Q(table_size__in=[3, 4]),
                name="tournament_tables_of_3_or_4",
                violation_error_message=_("Prefer tables of 4 or of 3."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """What a form of the model (the admin's) refuses beyond the fields' own rules: a
        self-registration cap past ``MAX_CAP`` (past the database's integer, a server error)."""
        super().clean()
        cap = self.registration_cap
        if cap is not None and not 1 <= cap <= MAX_CAP:
            message = gettext("The cap is a number of players from 1 to %(max)s.")
            raise ValidationError({"registration_cap": message % {"max": MAX_CAP}}, code="cap")

    def rules(self) -> scoring.Convention:
        """The convention the tournament plays: its preset with its option overrides."""
        return scoring.convention(self.convention, self.options)

    @property
    def frozen(self) -> bool:
        """The convention and its options cannot change once play has started."""
        return self.status != self.Status.DRAFT
