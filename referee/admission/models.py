"""A tournament's admission rules and entry fees, each entry's category, and the payments
the organiser records (issue 34 point 5). No payment gateway: money is taken at the desk or
by transfer, and written down here."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.ratings.models import Division, RatingList
from referee.tournaments.models import Registration, Tournament


class Admission(models.Model):
    """Who may enter and what it costs. ``fees``: [[category, "2000"], …] in their order
    (none: the flat fee for everybody); ``invitations``: [{"name", "city", "federation_id"}]
    (read only while ``invitation_only``)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="admission"
    )
    rating_list = models.ForeignKey(
        RatingList,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("rating list"),
    )
    rating_min = models.DecimalField(
        _("rating from"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    rating_max = models.DecimalField(
        _("rating up to"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    divisions = models.ManyToManyField(
        Division, blank=True, related_name="+", verbose_name=_("divisions admitted")
    )
    invitation_only = models.BooleanField(_("by invitation only"), default=False)
    invitations = models.JSONField(default=list, blank=True)
    fees = models.JSONField(default=list, blank=True)
    flat_fee = models.DecimalField(
        _("entry fee"), max_digits=10, decimal_places=2, null=True, blank=True
    )
    currency = models.CharField(_("currency"), max_length=20, default="₽")
    version = models.PositiveIntegerField(default=1, editable=False)

    class Meta:
        verbose_name = _("admission rules")
        verbose_name_plural = _("admission rules")

    def __str__(self) -> str:
        return str(self.tournament)


class Entry(models.Model):
    """An entry's category (for its fee) and the chief's word that he plays unpaid."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="admission_entry"
    )
    category = models.CharField(_("category"), max_length=100, blank=True)
    unpaid_allowed = models.BooleanField(_("may play unpaid"), default=False)
    unpaid_reason = models.CharField(_("reason"), max_length=200, blank=True)
    unpaid_by = official()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")


class Payment(models.Model):
    """Money received for an entry: how much, when, how and who took it. A correction
    changes it and is logged with the values before (``services.correct_payment``)."""

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        TRANSFER = "transfer", _("transfer")

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="payments"
    )
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2)
    paid_at = models.DateTimeField(_("when"))
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    recorded_by = official()
    recorded_at = models.DateTimeField(auto_now_add=True)
    corrected = models.BooleanField(default=False)

    class Meta:
        ordering = ["paid_at", "pk"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
