"""Which letters are due, and what each says (``sending`` sends one).

``schedule(tournament)`` runs after every change that can make a letter due (``signals``):
for each player who gave an address and opted in (``Registration.email``, ``notify``) it
submits one job (``referee.jobs``) per event:

* **seated**: a round in play (started: its seating is final), his table and seat, with his
  private link;
* **result**: the latest round whose results the public may see (finished, and within the
  published rounds of a published tournament), his result at the table and his place;
* **cut**: a stage that takes the top N or the players the chief named (``Stage.entry``) has
  its players fixed (``Stage.qualified``, when its first round is seated) and the last round
  of the stage before is public: to each player of the stage before, "you go on to <stage>"
  or "you do not go on", with his place in that stage and his private link.

And once, from the decision (``schedule_application``), to the address an applicant gave if
he opted in: **approved** (with his private link) or **declined**; never for a tournament
not published.

The job's key is the event's (``notices.seated:<registration>:<round>``), and the letter's
row is unique per registration, kind and round (``Notice``): the same event never writes to
him twice, however often it is scheduled. A letter goes to his address alone, in the site's
language (Russian), and says how to stop them: one keyed link (``unsubscribe``), no login.
A round not published never makes a result letter: ``sending.send`` checks again before it
sends.

What became of each letter is on its ``Notice``: *sent*; *bounced* when the mail server
refuses the address for good (a 5xx answer to the recipient or to the letter: not tried
again), with the server's code and words; *deferred* after a temporary failure (the job tries
again, ``referee.jobs``) and *failed* once the last attempt failed
(``sending.failed_for_good``)."""

from __future__ import annotations

import itertools
import logging
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from referee.core.figures import figure
from referee.core.keys import UNSUBSCRIBE
from referee.core.permissions import public_through
from referee.core.site import site_url
from referee.jobs import queue
from referee.standings.services import stage_tables
from referee.standings.services.cards import player_card
from referee.tables.dealdata import LETTERS
from referee.tables.models import Seat
from referee.tournaments.checkin import link_key
from referee.tournaments.models import Application, Registration, Round, Stage, Tournament

from .models import Notice

logger = logging.getLogger("referee.notices")
JOB_KIND = "notices.send"


def unsubscribe_key(entry: Registration) -> str:
    """The key of ``entry``'s link that stops his letters (``entry.tournament`` loaded)."""
    return UNSUBSCRIBE.of(entry.tournament.slug, entry.pk)


def holds_unsubscribe_key(entry: Registration, key: str) -> bool:
    return UNSUBSCRIBE.held(key, entry.tournament.slug, entry.pk)


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
    asked = set(subscribers)
    for cut in _cuts(tournament):
        found += [(Notice.Kind.CUT, r, cut.last) for r in sorted(cut.players & asked)]
    return found


class _Cut:
    """The cut after round ``last``: the players of stage ``before`` (seated in its rounds or
    given a bye, not withdrawn) and whether each goes on to stage ``after``."""

    def __init__(self, before: Stage, after: Stage, first: int, last: int) -> None:
        self.before, self.after, self.first, self.last = before, after, first, last
        rounds = Round.objects.filter(
            tournament=before.tournament_id, number__gte=first, number__lte=last
        )
        seated = set(
            Seat.objects.filter(table__round__in=rounds).values_list("registration_id", flat=True)
        )
        for byes in rounds.values_list("byes", flat=True):
            seated.update(int(b) for b in byes or ())
        self.players = set(
            Registration.objects.filter(pk__in=seated)
            .exclude(status=Registration.Status.WITHDRAWN)
            .values_list("pk", flat=True)
        )
        self.through = {int(p) for p in after.qualified}

    def goes_on(self, registration: int) -> bool:
        return registration in self.through


def _cuts(tournament: Tournament) -> list[_Cut]:
    """The cuts decided whose stage the public has seen to its end: the next stage takes
    the top N or named players and has fixed them, the stage's last round is finished and
    published."""
    through = public_through(tournament)
    if not through:
        return []
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    found: list[_Cut] = []
    end = 0
    for before, after in itertools.pairwise(stages):
        first, end = end + 1, end + before.rounds_planned
        if after.entry == Stage.Entry.ALL or not after.qualified or end > through:
            continue
        finished = Round.objects.filter(
            tournament=tournament, number=end, status=Round.Status.FINISHED
        )
        if finished.exists():
            found.append(_Cut(before, after, first, end))
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


def absolute(path: str) -> str:
    return f"{site_url()}{path}"


def _seat_of(entry: Registration, number: int) -> Seat | None:
    return (
        Seat.objects.filter(registration=entry, table__round__tournament=entry.tournament_id)
        .filter(table__round__number=number)
        .select_related("table")
        .first()
    )


def links(entry: Registration) -> dict[str, str]:
    tournament = entry.tournament
    return {
        "link": absolute(reverse("player-link", args=[tournament.slug, entry.pk, link_key(entry)])),
        "stop": absolute(
            reverse("notices-stop", args=[tournament.slug, entry.pk, unsubscribe_key(entry)])
        ),
    }


def render(kind: str, context: dict[str, Any]) -> tuple[str, str]:
    subject = render_to_string(f"notices/{kind}_subject.txt", context).strip()
    body = render_to_string(f"notices/{kind}.txt", context)
    return " ".join(subject.split())[:200], body


def _cut_context(entry: Registration, number: int) -> dict[str, Any] | None:
    tournament = entry.tournament
    cut = next((c for c in _cuts(tournament) if c.last == number), None)
    if cut is None or entry.pk not in cut.players:
        return None
    tables = stage_tables(tournament, viewer=AnonymousUser())
    table = next((t for t in tables if t.stage.pk == cut.before.pk), None)
    rows = table.rows if table is not None else ()
    row = next((r for r in rows if r.player == str(entry.pk)), None)
    return {
        "stage": cut.before.name,
        "next_stage": cut.after.name,
        "goes_on": cut.goes_on(entry.pk),
        "count": len(cut.through),
        "first_round": number + 1,
        "place": row.rank_label if row is not None else "",
        "standings": absolute(reverse("standings", args=[tournament.slug])),
    }


def compose(entry: Registration, kind: str, number: int) -> tuple[str, str] | None:
    """The letter's subject and text in the site's language, or None when the event no
    longer holds (the round not seated or not published, he not at a table, the cut not
    decided or not public)."""
    tournament = entry.tournament
    context: dict[str, Any] = {
        "tournament": tournament,
        "name": entry.player.name,
        "round": number,
        **links(entry),
    }
    with translation.override(settings.LANGUAGE_CODE):
        if kind == Notice.Kind.CUT:
            found = _cut_context(entry, number)
            if found is None:
                return None
            context.update(found)
            return render(kind, context)
        seat = _seat_of(entry, number)
        if seat is None:
            return None
        context.update(
            table=seat.table.number,
            seat=seat.position,
            letter=LETTERS[seat.position - 1] if seat.position <= len(LETTERS) else "",
        )
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
                standings=absolute(reverse("standings", args=[tournament.slug])),
            )
        elif not Round.objects.filter(
            tournament=tournament,
            number=number,
            status__in=[Round.Status.STARTED, Round.Status.FINISHED],
        ).exists():
            return None
        return render(kind, context)


def schedule_application(application_id: int) -> int:
    """The letter of an application's decision (approved or declined), once, to the address
    the applicant gave if he opted in (once approved: if his registration still does); none
    for a tournament not published. 1 when a job was made."""
    application = (
        Application.objects.select_related("tournament", "registration")
        .filter(pk=application_id)
        .first()
    )
    if application is None or application_letter(application) is None:
        return 0
    return queue.submit_many(
        JOB_KIND,
        [(f"notices.application:{application.pk}", {"application": application.pk})],
        group=f"notices.tournament:{application.tournament_id}",
    )


def application_letter(application: Application) -> tuple[str, Registration | None] | None:
    """The kind of an application's letter and the registration it made, or None when no
    letter is due (undecided, no opt-in, the tournament not published)."""
    if not application.tournament.published:
        return None
    if application.status == Application.Status.APPROVED:
        entry = application.registration
        if entry is None or not entry.notify or not entry.email:
            return None
        return Notice.Kind.APPROVED, entry
    if application.status == Application.Status.DECLINED:
        if not application.notify or not application.email:
            return None
        return Notice.Kind.DECLINED, None
    return None
