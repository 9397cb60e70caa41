"""Tournaments, players, registrations, rounds, and the action log."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import PRESETS

from . import actions


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


class Team(models.Model):
    """A team of players registered with the tournament (TOURNAMENTS §2.5)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        unique_together = [("tournament", "name")]
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn")
        ELIMINATED = "eliminated", _("eliminated")
        DISQUALIFIED = "disqualified", _("disqualified")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    # the last round played before leaving: withdrawn, eliminated or disqualified
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="substitutes"
    )
    # the player's private link is keyed with it: the organiser revokes a link by raising it
    link_version = models.PositiveIntegerField(default=1, editable=False)
    # the player's address for this tournament's letters (referee.notices), never shown to
    # other players; letters go only while ``notify`` (his opt-in; unsubscribing clears it)
    email = models.EmailField(_("e-mail"), blank=True)
    notify = models.BooleanField(_("send me my table and my results by e-mail"), default=False)

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
        PLAYOFF = "playoff", _("play-off by standings (1–4, 5–8, …)")
        FIXED = "fixed", _("fixed schedule")
        DUPLICATE = "duplicate", _("duplicate movement")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
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

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
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

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["number"]
        constraints = [models.CheckConstraint(condition=Q(number__gte=1), name="stage_from_1")]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.name}"


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
        if self.subject_type == actions.ROUND and self.subject.isdecimal():
            return gettext("round %(n)s") % {"n": self.subject}
        return self.subject

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"


class CheckIn(models.Model):
    """Whether a player is present for a round not yet seated (check-in, issue 22 point 3):
    marked by the chief, or by the player on his private link; the latest word stands."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="checks")
    round_number = models.PositiveSmallIntegerField()
    present = models.BooleanField()
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # None: the player himself, on his private link
    at = models.DateTimeField(auto_now=True)

    class Meta:
        unique_together = [("registration", "round_number")]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")


class Application(models.Model):
    """A player's application to a tournament open to self-registration (issue 22 point 4):
    pending or on the waiting list (over the cap) until the organiser approves or declines it;
    ``same_as``: the registry player of the same name and city, if exactly one."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for approval")
        WAITING = "waiting", _("on the waiting list")
        APPROVED = "approved", _("approved")
        DECLINED = "declined", _("declined")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="applications"
    )
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100)
    rating_number = models.CharField(_("rating number"), max_length=40, blank=True)
    contact = models.CharField(_("phone or e-mail"), max_length=200)
    email = models.EmailField(_("e-mail"), blank=True)
    notify = models.BooleanField(_("send me my table and my results by e-mail"), default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    same_as = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("application")
        verbose_name_plural = _("applications")
