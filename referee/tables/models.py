"""Tables of a round, their seats, and their deals with every version kept."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        SUBMITTED = "submitted", _("submitted")
        LOCKED = "locked", _("locked")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="assigned_tables"
    )
    notes = models.JSONField(default=list, blank=True)
    submitted_by = official()
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = official()
    confirmed_at = models.DateTimeField(null=True, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    # The sheet's settlement by seat letter, kept by the deal services whenever the deals
    # change (results.summary), so standings and exports never re-score; None: not computed.
    result = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        unique_together = [("round", "number")]
        ordering = ["round__number", "number"]
        constraints = [models.CheckConstraint(condition=Q(number__gte=1), name="table_from_1")]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{self.round.number}.{self.number}"


class Seat(models.Model):
    """A player's seat; ``position`` 1..4 is the clockwise order drawn at the table."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField()
    first_dealer = models.BooleanField(default=False)

    class Meta:
        unique_together = [("table", "position"), ("table", "registration")]
        ordering = ["position"]
        constraints = [
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=4), name="seat_position_1_to_4"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}"


class Deal(models.Model):
    """A deal as it stands now; ``data`` is the deal in the case format of SPEC §12.2
    (plus its ``dealer``). Every change appends a ``DealVersion``; nothing is overwritten
    without a version that says who, when and why."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    data = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    deleted = models.BooleanField(default=False)

    class Meta:
        unique_together = [("table", "number")]
        ordering = ["number"]
        # ``version`` equal to its latest DealVersion's spans two tables, which a CHECK
        # cannot read: the deal services keep it (tables.services._new_version) and refuse
        # to write over a deal whose versions disagree; the database keeps what one row can
        constraints = [
            models.CheckConstraint(
                condition=Q(number__gte=1, version__gte=1), name="deal_number_and_version_from_1"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table} deal {self.number}"


class DealVersion(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    data = models.JSONField()
    deleted = models.BooleanField(default=False)
    # PROTECT: the history says who entered each version; deactivate the user instead
    author = official(blank=False, on_delete=models.PROTECT)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        unique_together = [("deal", "version")]
        ordering = ["version"]
        constraints = [
            models.CheckConstraint(condition=Q(version__gte=1), name="deal_version_from_1")
        ]


class Substitution(models.Model):
    """A substitute takes a seat during the pulka (TOURNAMENTS §6.4, Kodeks 3.1.2): he plays
    from deal ``from_deal`` on; the seat's round points split as the tournament says
    (``Tournament.substitute_split``)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="substitutions")
    leaving = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="+"
    )
    entering = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="substituted_in"
    )
    from_deal = models.PositiveSmallIntegerField(_("from deal"))
    reason = models.TextField(blank=True)
    author = official(blank=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("table", "leaving")]
        ordering = ["table", "from_deal"]
        verbose_name = _("substitution")
        verbose_name_plural = _("substitutions")


class Agreement(models.Model):
    """A player's word on the totals of his table at sign-off (when the tournament asks for
    it): agreed, or a dispute for the chief referee, who dismisses it (the totals stand) or
    upholds it (the table is reopened for correction). Recorded on the referee's tablet.

    Nothing is deleted: when a reopened table is signed off again, the earlier words stay
    as ``superseded`` (the record of that sign-off and of its disputes) beside the new ones."""

    class Resolution(models.TextChoices):
        DISMISSED = "dismissed", _("dismissed — the totals stand")
        UPHELD = "upheld", _("upheld — the table is reopened for correction")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="agreements")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    agreed = models.BooleanField(default=False)
    dispute = models.TextField(blank=True)
    recorded_by = official()
    at = models.DateTimeField(auto_now_add=True)
    superseded = models.BooleanField(default=False)
    resolution = models.CharField(max_length=10, choices=Resolution.choices, blank=True)
    resolution_reason = models.TextField(blank=True)
    resolved_by = official()
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # one current word per player; the superseded ones are the record
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=models.Q(superseded=False),
                name="one_current_agreement_per_seat",
            )
        ]
        ordering = ["at", "seat__position"]

    def __str__(self) -> str:
        return f"{self.seat}: {'agreed' if self.agreed else 'disputed'}"

    @property
    def disputed(self) -> bool:
        return not self.agreed and bool(self.dispute)

    @property
    def open(self) -> bool:
        """A dispute of the current sign-off that the chief referee has not resolved yet."""
        return self.disputed and not self.superseded and not self.resolution


class Layout(models.Model):
    """A layout of cards (the board notation of ``scoring.board``, canonical) and what the
    double-dummy solver found in it: the one store of double-dummy results. A duplicate
    session's board holds one (``duplicate.Board.layout``), and so do the hands the chief
    referee types as evidence for a deal of an ordinary round (``DealHands.layout``); the
    evidence of a deal that plays a board reads the board's own (``tables.layouts``).

    ``analysis`` is the board table in the shape ``tables.layouts`` writes: per hand ("1"-"3")
    the tricks and the best discard in each strain, the misère (holds, its discard). A
    board's is written whole by its background job (None until then); typed hands' holds the
    lines their deal's contract needs, worked out when they are entered. ``tried``: what the
    declarer takes with a given discard (his actual one), per ``"hand:discard"``."""

    text = models.TextField()
    analysis = models.JSONField(null=True, blank=True, editable=False)
    tried = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        verbose_name = _("layout of cards")
        verbose_name_plural = _("layouts of cards")

    def __str__(self) -> str:
        return self.text.partition("\n")[0]


class DealHands(models.Model):
    """The evidence entered for a deal by the chief referee: the cards (a ``Layout``: typed
    in the board notation for an ordinary deal, the board's own for a deal that plays a
    board), which hand is the declarer's and, if known, his actual discard; the deal's own
    data stays as it is. Every entry appends a row (``version`` from 1, the latest is
    current). The double-dummy numbers are the layout's, kept nowhere else."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="hands")
    version = models.PositiveIntegerField()
    layout = models.ForeignKey(Layout, on_delete=models.PROTECT, related_name="hands")
    declarer_hand = models.PositiveSmallIntegerField()  # 1, 2 or 3
    discard = models.CharField(max_length=16, blank=True)  # the actual discard, if known
    author = official(blank=False, on_delete=models.PROTECT)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        unique_together = [("deal", "version")]
        ordering = ["deal", "version"]
        constraints = [
            models.CheckConstraint(
                condition=Q(version__gte=1, declarer_hand__gte=1, declarer_hand__lte=3),
                name="deal_hands_version_and_hand",
            )
        ]
        verbose_name = _("deal's hands")
        verbose_name_plural = _("deals' hands")

    def __str__(self) -> str:
        return f"{self.deal} hands v{self.version}"


class SeatDraw(models.Model):
    """The seat draw of a table as recorded (Kodeks 3.1.1, TOURNAMENTS §6.1): each player's
    card, entered by the referee or drawn by the site from the round's seed; the cards decide
    the seats and the first dealer (``tables.pure.seat_draw``). Every recording appends a
    version (from 1, the latest is current); the table page and the protocol show it."""

    class Source(models.TextChoices):
        ENTERED = "entered", _("cards entered by the referee")
        DRAWN = "drawn", _("cards drawn by the site from the recorded seed")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_draws")
    version = models.PositiveIntegerField()
    # [{"registration": id, "card": "10H"}, …] in seat order (seat 1 first)
    cards = models.JSONField()
    source = models.CharField(max_length=10, choices=Source.choices)
    seed = models.BigIntegerField(null=True, blank=True)  # the site's draw: the round's seed
    author = official(blank=False)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        unique_together = [("table", "version")]
        ordering = ["table", "version"]
        constraints = [
            models.CheckConstraint(condition=Q(version__gte=1), name="seat_draw_version_from_1")
        ]
        verbose_name = _("seat draw")
        verbose_name_plural = _("seat draws")

    def __str__(self) -> str:
        return f"{self.table} draw v{self.version}"
