"""Sending one letter (the job ``notices.send``): the letter of a job's arguments, once per
event and player, a final refusal of the mail server recorded as *bounced* and never tried
again, any other failure retried by the queue and, after the last attempt, *failed*
(``services`` decides what is due and composes it)."""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation

from referee.jobs.queue import gave_up, handler
from referee.tournaments.models import Application, Registration, Tournament

from .models import Notice
from .services import JOB_KIND, absolute, application_letter, compose, links, render

logger = logging.getLogger("referee.notices")


class Letter:
    """A letter ready to send: what it is about (``event``: the ``Notice``'s unique
    fields), to whom, and what it says."""

    def __init__(
        self,
        event: dict[str, Any],
        tournament: Tournament,
        email: str,
        letter: tuple[str, str],
        stop: str = "",
        registration: Registration | None = None,
    ) -> None:
        self.event, self.tournament, self.email = event, tournament, email
        self.subject, self.body = letter
        self.stop, self.registration = stop, registration


def _letter(args: dict[str, Any]) -> Letter | None:
    """The letter of a job's args, or None when it is no longer due (unsubscribed, the event
    gone or not public)."""
    if "application" in args:
        application = (
            Application.objects.select_related("tournament", "registration__player")
            .filter(pk=args["application"])
            .first()
        )
        found = application_letter(application) if application is not None else None
        if application is None or found is None:
            return None
        kind, entry = found
        tournament = application.tournament
        context: dict[str, Any] = {
            "tournament": tournament,
            "name": application.name,
            "page": absolute(reverse("tournament", args=[tournament.slug])),
        }
        stop = ""
        if entry is not None:
            entry.tournament = tournament
            context.update(links(entry))
            stop = context["stop"]
        with translation.override(settings.LANGUAGE_CODE):
            text = render(kind, context)
        event = {
            "application": application,
            "registration": entry,
            "kind": kind,
            "round_number": 0,
        }
        email = entry.email if entry is not None else application.email
        return Letter(event, tournament, email, text, stop, entry)
    kind, number = str(args["kind"]), int(args["round"])
    entry = (
        Registration.objects.select_related("tournament", "player")
        .filter(pk=args["registration"])
        .first()
    )
    if entry is None or not entry.notify or not entry.email:
        return None  # unsubscribed meanwhile
    composed = compose(entry, kind, number)
    if composed is None:
        return None
    event = {"registration": entry, "kind": kind, "round_number": number}
    return Letter(event, entry.tournament, entry.email, composed, links(entry)["stop"], entry)


def _event_of(args: dict[str, Any]) -> dict[str, Any]:
    """The unique fields of the ``Notice`` of a job's args."""
    if "application" in args:
        return {"application_id": args["application"]}
    return {
        "registration_id": args["registration"],
        "kind": str(args["kind"]),
        "round_number": int(args["round"]),
    }


def _refusal(error: Exception) -> str | None:
    """The mail server's final refusal (5xx) of the address or of the letter, as its code and
    words; None for anything that may pass later (a 4xx answer, no connection)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        answers = list(error.recipients.values())
        if answers and all(int(code) >= 500 for code, _words in answers):
            return "; ".join(f"{code} {_text(words)}" for code, words in answers)
        return None
    if isinstance(error, smtplib.SMTPDataError) and int(error.smtp_code) >= 500:
        return f"{error.smtp_code} {_text(error.smtp_error)}"
    return None


def _text(words: bytes | str) -> str:
    return words.decode("utf-8", "replace") if isinstance(words, bytes) else str(words)


@handler(JOB_KIND)
def send(args: dict[str, Any]) -> int:
    """Send one letter unless it was sent (or may have been: a worker lost while sending is
    not sent twice); 1 when sent. An address the server refuses for good is *bounced* and
    not tried again; any other failure raises: the job is retried."""
    letter = _letter(args)
    if letter is None:
        return 0
    unique = _event_of(args)
    with transaction.atomic():
        notice, created = Notice.objects.select_for_update().get_or_create(
            **unique,
            defaults={
                **letter.event,
                "tournament": letter.tournament,
                "email": letter.email,
                "subject": letter.subject,
            },
        )
        if not created and notice.status not in (Notice.Status.DEFERRED, Notice.Status.FAILED):
            return 0  # sent, refused, or being sent when its worker was lost: never twice
        if not created:
            Notice.objects.filter(pk=notice.pk).update(
                status=Notice.Status.SENDING, email=letter.email, subject=letter.subject, error=""
            )
    headers = {"Auto-Submitted": "auto-generated"}
    if letter.stop:
        headers.update(
            {
                "List-Unsubscribe": f"<{letter.stop}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
        )
    message = EmailMessage(
        letter.subject,
        letter.body,
        to=[letter.email],  # to him alone: no other player's address is ever in a letter
        headers=headers,
    )
    try:
        message.send()
    except Exception as error:
        refused = _refusal(error)
        if refused is not None:
            logger.warning("letter %s refused: %s", notice.pk, refused)
            Notice.objects.filter(pk=notice.pk).update(
                status=Notice.Status.BOUNCED, error=refused[:1000]
            )
            return 0
        Notice.objects.filter(pk=notice.pk).update(
            status=Notice.Status.DEFERRED, error=f"{type(error).__name__}: {error}"[:1000]
        )
        raise
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.SENT, sent_at=timezone.now())
    return 1


@gave_up(JOB_KIND)
def failed_for_good(args: dict[str, Any], reason: str, attempts: int) -> None:
    """The last attempt failed: the letter is *failed*, with the last reason (a letter whose
    worker was lost while sending stays *being sent*: it may have gone)."""
    Notice.objects.filter(**_event_of(args), status=Notice.Status.DEFERRED).update(
        status=Notice.Status.FAILED
    )
