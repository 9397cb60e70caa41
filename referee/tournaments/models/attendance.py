"""Who comes: a player's check-in for a round, and an application to a tournament open
to self-registration."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.core.fields import official
from referee.tournaments.fields import tournament_link

from .people import Player, Registration


class CheckIn(models.Model):
    """Whether a player is present for a round not yet seated (check-in, issue 22 point 3):
    marked by the chief, or by the player on his private link; the latest word stands."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="checks")
    round_number = models.PositiveSmallIntegerField()
    present = models.BooleanField()
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    by = official()  # None: the player himself, on his private link
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

    tournament = tournament_link("applications")
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100)
    rating_number = models.CharField(_("rating number"), max_length=40, blank=True)
    contact = models.CharField(_("phone or e-mail"), max_length=200)
    email = models.EmailField(_("e-mail"), blank=True)
    notify = models.BooleanField(_("send me my table and my results by e-mail"), default=False)
    # what the applicant chose on the form for the admission rules (``gates.choices``):
    # {"category": "Юниоры", "division": "Мастер"}; passed on to his registration
    choices = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    same_as = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    decided_by = official()

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("application")
        verbose_name_plural = _("applications")
