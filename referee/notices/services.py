"""Which letters are due, and sending one.

``schedule(tournament)`` runs after every change that can make a letter due (``signals``):
for each player who gave an address and opted in (``Registration.email``, ``notify``) it
submits one job (``referee.jobs``) per event:

* **seated**: a round in play (started: its seating is final), his table and seat, with his
  private link;
* **result**: the latest round whose results the public may see (finished, and within the
  published rounds of a published tournament), his result at the table and his place.

The job's key is the event's (``notices.seated:<registration>:<round>``), and the letter's
row is unique per registration, kind and round (``Notice``): the same event never writes to
him twice, however often it is scheduled. A letter goes to his address alone, in the site's
language (Russian), and says how to stop them: one keyed link (``unsubscribe``), no login.
A round not published never makes a result letter: ``send`` checks again before it sends."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac

from referee.core.figures import figure
from referee.core.permissions import public_through
from referee.core.site import site_url
from referee.jobs import queue
from referee.jobs.queue import handler
from referee.standings.services.cards import player_card
from referee.tables.dealdata import LETTERS
from referee.tables.models import Seat
from referee.tournaments.checkin import link_key
from referee.tournaments.models import Registration, Round, Tournament

from .models import Notice

logger = logging.getLogger("referee.notices")
JOB_KIND = "notices.send"
SALT = "referee.notices.unsubscribe"


def unsubscribe_key(entry: Registration) -> str:
    """The key of ``entry``'s link that stops his letters (``entry.tournament`` loaded)."""
    place = f"{entry.tournament.slug}/{entry.pk}"
    return salted_hmac(SALT, place, algorithm="sha256").hexdigest()[:20]


def holds_unsubscribe_key(entry: Registration, key: str) -> bool:
    return constant_time_compare(key, unsubscribe_key(entry))


def subscribe(entry: Registration, email: str, notify: bool) -> None:
    """The player's address and his opt-in for this tournament's letters (his own choice,
    on his private link). The letters due are queued at once: his seat in the round in play
    and his result in the latest published round, never the earlier rounds'."""
    Registration.objects.filter(pk=entry.pk).update(email=email, notify=notify and bool(email))
    if notify and email:
        tournament_id = entry.tournament_id
        transaction.on_commit(lambda: schedule(tournament_id))


def unsubscribe(entry: Registration) -> bool:
    """Stop the letters to ``entry``; whether they were on."""
    return bool(Registration.objects.filter(pk=entry.pk, notify=True).update(notify=False))


def _subscribers(tournament: Tournament) -> Any:
    return Registration.objects.filter(tournament=tournament, notify=True).exclude(email="")


def _published_round(tournament: Tournament) -> Round | None:
    """The latest round whose results the public sees: finished and published."""
    through = public_through(tournament)
    return (
        Round.objects.filter(
            tournament=tournament, number__lte=through, status=Round.Status.FINISHED
        )
        .order_by("-number")
        .first()
    )


def due(tournament: Tournament) -> list[tuple[str, int, int]]:
    """The letters due now, as (kind, registration, round number)."""
    subscribers = list(_subscribers(tournament).values_list("pk", flat=True))
    if not subscribers:
        return []
    found: list[tuple[str, int, int]] = []
    in_play = Round.objects.filter(tournament=tournament, status=Round.Status.STARTED)
    for round_ in in_play.order_by("number"):
        seated = Seat.objects.filter(table__round=round_, registration__in=subscribers)
        found += [
            (Notice.Kind.SEATED, r, round_.number)
            for r in seated.values_list("registration_id", flat=True)
        ]
    published = _published_round(tournament)
    if published is not None:
        seated = Seat.objects.filter(table__round=published, registration__in=subscribers)
        found += [
            (Notice.Kind.RESULT, r, published.number)
            for r in seated.values_list("registration_id", flat=True)
        ]
    return found


def schedule(tournament_id: int) -> int:
    """Submit a job for each letter due (a job made before is not made again); how many."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    made = 0
    for kind, registration, number in due(tournament):
        key = f"notices.{kind}:{registration}:{number}"
        made += queue.submit_many(
            JOB_KIND,
            [(key, {"kind": str(kind), "registration": registration, "round": number})],
            group=f"notices.tournament:{tournament_id}",
        )
    return made


def _absolute(path: str) -> str:
    return f"{site_url()}{path}"


def _seat_of(entry: Registration, number: int) -> Seat | None:
    return (
        Seat.objects.filter(registration=entry, table__round__tournament=entry.tournament_id)
        .filter(table__round__number=number)
        .select_related("table")
        .first()
    )


def compose(entry: Registration, kind: str, number: int) -> tuple[str, str] | None:
    """The letter's subject and text in the site's language, or None when the event no
    longer holds (the round not seated or not published, he not at a table)."""
    tournament = entry.tournament
    seat = _seat_of(entry, number)
    if seat is None:
        return None
    context: dict[str, Any] = {
        "tournament": tournament,
        "name": entry.player.name,
        "round": number,
        "table": seat.table.number,
        "seat": seat.position,
        "letter": LETTERS[seat.position - 1] if seat.position <= len(LETTERS) else "",
        "link": _absolute(
            reverse("player-link", args=[tournament.slug, entry.pk, link_key(entry)])
        ),
        "stop": _absolute(
            reverse("notices-stop", args=[tournament.slug, entry.pk, unsubscribe_key(entry)])
        ),
    }
    with translation.override(settings.LANGUAGE_CODE):
        if kind == Notice.Kind.RESULT:
            published = _published_round(tournament)
            if published is None or published.number != number:
                return None
            card = player_card(tournament, entry, viewer=AnonymousUser())
            played = next((r for r in card.rounds if r.round == number), None)
            if played is None or played.whists is None:
                return None
            context.update(
                whists=figure(played.whists),
                place_at_table=played.place,
                points=figure(played.points) if played.points is not None else "",
                place=card.standing.rank_label if card.standing is not None else "",
                after=card.after,
                standings=_absolute(reverse("standings", args=[tournament.slug])),
            )
        elif not Round.objects.filter(
            tournament=tournament,
            number=number,
            status__in=[Round.Status.STARTED, Round.Status.FINISHED],
        ).exists():
            return None
        subject = render_to_string(f"notices/{kind}_subject.txt", context).strip()
        body = render_to_string(f"notices/{kind}.txt", context)
    return " ".join(subject.split())[:200], body


@handler(JOB_KIND)
def send(args: dict[str, Any]) -> int:
    """Send one letter unless it was sent (or may have been: a worker lost while sending is
    not sent twice); 1 when sent. A failure to send raises: the job is retried."""
    kind, number = str(args["kind"]), int(args["round"])
    entry = (
        Registration.objects.select_related("tournament", "player")
        .filter(pk=args["registration"])
        .first()
    )
    if entry is None or not entry.notify or not entry.email:
        return 0  # unsubscribed meanwhile
    letter = compose(entry, kind, number)
    if letter is None:
        return 0
    subject, body = letter
    with transaction.atomic():
        notice, created = Notice.objects.select_for_update().get_or_create(
            registration=entry,
            kind=kind,
            round_number=number,
            defaults={"tournament": entry.tournament, "email": entry.email, "subject": subject},
        )
        if not created and notice.status != Notice.Status.FAILED:
            return 0  # sent, or being sent when its worker was lost: never twice
        if not created:
            Notice.objects.filter(pk=notice.pk).update(
                status=Notice.Status.SENDING, email=entry.email, subject=subject, error=""
            )
    stop = _absolute(
        reverse("notices-stop", args=[entry.tournament.slug, entry.pk, unsubscribe_key(entry)])
    )
    message = EmailMessage(
        subject,
        body,
        to=[entry.email],  # to him alone: no other player's address is ever in a letter
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    try:
        message.send()
    except Exception as error:
        Notice.objects.filter(pk=notice.pk).update(
            status=Notice.Status.FAILED, error=f"{type(error).__name__}: {error}"[:1000]
        )
        raise
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.SENT, sent_at=timezone.now())
    return 1
