"""Tables of a round, their seats, and their deals with every version kept."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


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
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    # The sheet's settlement by seat letter, kept by the deal services whenever the deals
    # change (results.summary), so standings and exports never re-score; None: not computed.
    result = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        unique_together = [("round", "number")]
        ordering = ["round__number", "number"]
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

    def __str__(self) -> str:
        return f"{self.table} deal {self.number}"


class DealVersion(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    data = models.JSONField()
    deleted = models.BooleanField(default=False)
    # PROTECT: the history says who entered each version; deactivate the user instead
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        unique_together = [("deal", "version")]
        ordering = ["version"]


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
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("table", "leaving")]
        ordering = ["table", "from_deal"]
        verbose_name = _("substitution")
        verbose_name_plural = _("substitutions")


class Agreement(models.Model):
    """A player's word on the totals of his table at sign-off (when the tournament asks for
    it): agreed, or a dispute for the chief referee. Recorded on the referee's tablet."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="agreements")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    agreed = models.BooleanField(default=False)
    dispute = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now=True)

    class Meta:
        unique_together = [("table", "seat")]
        ordering = ["seat__position"]

    def __str__(self) -> str:
        return f"{self.seat}: {'agreed' if self.agreed else 'disputed'}"
