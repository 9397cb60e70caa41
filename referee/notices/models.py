"""A letter to one player about one event: made once (unique), so that the same event never
writes to him twice, and kept so that the chief sees what was sent, what the mail server
refused (*bounced*) and what could not be sent after the retries (*failed*)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from referee.tournaments.fields import tournament_link


class Notice(models.Model):
    class Kind(models.TextChoices):
        SEATED = "seated", _("table and seat")
        RESULT = "result", _("result and place")
        #: the cut at the end of a stage: he goes on to the next stage, or not
        CUT = "cut", _("the stage's cut")
        APPROVED = "approved", _("application approved")
        DECLINED = "declined", _("application declined")

    class Status(models.TextChoices):
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        #: a temporary failure: the job tries again
        DEFERRED = "deferred", _("not sent yet, will be tried again")
        #: still not sent after the last attempt
        FAILED = "failed", _("not sent")
        #: the mail server refused the address for good (5xx): not tried again
        BOUNCED = "bounced", _("refused by the mail server")

    tournament = tournament_link("notices")
    #: None only for a declined application's letter (he was never registered)
    registration = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.CASCADE,
        related_name="notices",
        null=True,
        blank=True,
    )
    #: the application decided (``approved`` and ``declined`` letters)
    application = models.ForeignKey(
        "tournaments.Application",
        on_delete=models.CASCADE,
        related_name="notices",
        null=True,
        blank=True,
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    #: the round of the event: seated, result; for the cut the last round of the stage that
    #: ends; 0 for an application
    round_number = models.PositiveSmallIntegerField()
    email = models.EmailField()
    subject = models.CharField(max_length=200)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SENDING)
    #: why it was not sent: the mail server's code and words, or the error
    error = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-round_number", "kind", "registration__player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "kind", "round_number"], name="one_notice_an_event"
            ),
            models.UniqueConstraint(
                fields=["application"],
                condition=Q(application__isnull=False),
                name="one_notice_an_application",
            ),
        ]
        verbose_name = _("letter to a player")
        verbose_name_plural = _("letters to the players")

    def __str__(self) -> str:
        return f"{self.registration_id or self.application_id} {self.kind} {self.status}"

    @property
    def who(self) -> str:
        """The player's name (the applicant's for an application declined)."""
        if self.registration is not None:
            return self.registration.player.name
        return self.application.name if self.application is not None else ""
