"""A letter to one player about one event of one round: made once (unique), so that the
same event never writes to him twice, and kept so that the chief sees what was sent."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Notice(models.Model):
    class Kind(models.TextChoices):
        SEATED = "seated", _("table and seat")
        RESULT = "result", _("result and place")

    class Status(models.TextChoices):
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("not sent")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="notices"
    )
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField()
    email = models.EmailField()
    subject = models.CharField(max_length=200)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SENDING)
    error = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-round_number", "kind", "registration__player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "kind", "round_number"], name="one_notice_an_event"
            )
        ]
        verbose_name = _("letter to a player")
        verbose_name_plural = _("letters to the players")

    def __str__(self) -> str:
        return f"{self.registration_id} {self.kind} {self.round_number} {self.status}"
