"""Round pages: the seating with its notes and quality, and the chief's round actions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from referee.core.confirm import Summary, ask, confirmed
from referee.core.permissions import is_chief, is_official, may_view_round
from referee.core.posts import get_leads_to, nothing_done
from referee.core.refusals import attempt
from referee.core.site import site_url, site_url_warning
from referee.tables.models import Seat, Table
from referee.tournaments.models import Registration, Round, Tournament
from referee.tournaments.steps import round_to_seat
from referee.tournaments.surfaces import manage_page, public_page, with_round, with_seating_round

from . import services
from .notes import players_in, render_notes
from .pure.quality import assess
from .pure.values import RoundSeating, SeatedTable


@dataclass
class TableSeats:
    table: Table
    seats: list[Seat] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # rendered for officials only

    def seated(self) -> SeatedTable[int]:
        dealer = next((s for s in self.seats if s.first_dealer), self.seats[0])
        ids = tuple(s.registration_id for s in self.seats)
        return SeatedTable(self.table.number, ids, dealer.registration_id)


@public_page
@with_seating_round
def round_page(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    round_ = round
    seats = (
        Seat.objects.filter(table__round=round_)
        .select_related("table", "registration__player")
        .order_by("table__number", "position")
    )
    groups: dict[int, TableSeats] = {}
    for seat in seats:
        groups.setdefault(seat.table_id, TableSeats(seat.table)).seats.append(seat)
    official = is_official(request.user, tournament)
    chief = is_chief(request.user, tournament)
    seat_next = round_to_seat(tournament) if chief else None
    quality: list[str] = []
    round_notes: list[str] = []
    if official:
        report = None
        if groups:
            report = assess(
                RoundSeating(tuple(g.seated() for g in groups.values()), byes=tuple(round_.byes)),
                services.past_rounds(tournament, before=round_.number),
            )
        # the report may name players of earlier rounds not seated in this one (a final's)
        names = _names(round_, groups.values(), seats, report.notes if report else ())
        round_notes = render_notes(round_.notes, names)
        for group in groups.values():
            group.notes = render_notes(group.table.notes, names)
        if report is not None:
            quality = render_notes(report.notes, names)
    return render(
        request,
        "seating/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "tables": list(groups.values()),
            "official": official,
            "chief": chief,
            # the next round is seated from here once this one, the latest, is finished
            "seat_next": seat_next if seat_next == round_.number + 1 else None,
            # what the hall material's QR codes hold, and what is wrong with it
            "site_url": site_url() if chief else "",
            "site_url_warning": site_url_warning() if chief else "",
            "sheets_visible": may_view_round(request.user, round_),
            "quality": quality,
            "round_notes": round_notes,
        },
    )


def _names(
    round_: Round, groups: Iterable[TableSeats], seats: Iterable[Seat], report: Iterable[Any]
) -> dict[int, str]:
    """The names of every player the round's notes and its quality ``report`` mention: the
    seated ones from their seats, the others (a bye, a player of earlier rounds) in one more
    query."""
    names = {s.registration_id: s.registration.player.name for s in seats}
    mentioned = players_in(round_.notes) | {p for g in groups for p in players_in(g.table.notes)}
    mentioned |= players_in(report)
    missing = {p for p in mentioned if isinstance(p, int)} - set(names)
    if missing:
        names.update(
            Registration.objects.filter(
                tournament_id=round_.tournament_id, pk__in=missing
            ).values_list("pk", "player__name")
        )
    return names


@manage_page
@get_leads_to(lambda tournament: reverse("manage", args=[tournament.slug]))
def seat_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    method = request.POST.get("method", Round.Method.RANDOM)
    seed_text = request.POST.get("seed", "").strip()
    seed = (
        int(seed_text)
        if seed_text.isascii() and seed_text.isdecimal() and len(seed_text) < 19
        else None
    )
    attempt(
        request,
        lambda: services.seat_next_round(tournament.pk, request.user, method, seed),
        _("The next round is seated. Check it, adjust it if needed, then start it."),
    )
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return redirect("tournament", tournament.slug)
    return redirect("round", tournament.slug, last.number)


def _round_summary(round_: Round, action: str) -> Summary:
    """What starting or finishing the round means, from the round as it stands."""
    tables = list(round_.tables.annotate(players=Count("seats")).order_by("number"))
    locked = sum(1 for t in tables if t.status == Table.Status.LOCKED)
    facts: list[tuple[str, object]] = [
        (_("Round"), round_.number),
        (_("Tables"), len(tables)),
        (_("Players seated"), sum(t.players for t in tables)),
    ]
    if round_.byes:
        facts.append((_("Sitting out"), len(round_.byes)))
    tournament = round_.tournament
    if action == "start":
        if tournament.time_limit_minutes:
            facts.append((_("Minutes per round"), tournament.time_limit_minutes))
        return Summary(
            title=_("Start round %(n)s?") % {"n": round_.number},
            button=_("Start the round"),
            facts=facts,
            warning=_(
                "The seating can no longer change; the referees enter deals from now on"
                " and the round clock starts."
            ),
        )
    facts.append((_("Tables locked"), f"{locked} / {len(tables)}"))
    return Summary(
        title=_("Finish round %(n)s?") % {"n": round_.number},
        button=_("Finish the round"),
        facts=facts,
        warning=_("The round's results count in the standings; the next round can be seated."),
    )


#: the round's status each confirmed action starts from
ASKED = {"start": Round.Status.DRAFT, "finish": Round.Status.STARTED}


@manage_page
@with_round
def round_action(
    request: HttpRequest, tournament: Tournament, round: Round, action: str
) -> HttpResponse:
    """A round action by its button. Starting and finishing show their summary first, on a
    GET too (a reload of the summary); a GET never changes anything."""
    round_, slug = round, tournament.slug
    user, reason = request.user, request.POST.get("reason", "")
    back = reverse("round", args=[slug, round_.number])
    posted = request.method == "POST"
    if action in ASKED and not confirmed(request):
        if not posted and round_.status != ASKED[action]:
            return nothing_done(request, back)
        return ask(request, _round_summary(round_, action), back, {"tournament": tournament})
    if not posted:
        return nothing_done(request, back)
    if action == "start":
        attempt(request, lambda: services.start_round(round_.pk, user), _("The round is in play."))
    elif action == "finish":
        attempt(
            request, lambda: services.finish_round(round_.pk, user), _("The round is finished.")
        )
    elif action == "discard":
        attempt(
            request,
            lambda: services.discard_round(round_.pk, user, reason),
            _("The seating was discarded."),
        )
        return redirect("tournament", slug)
    elif action == "swap":
        try:
            first, second = int(request.POST["first"]), int(request.POST["second"])
        except (KeyError, ValueError):
            messages.error(request, _("Choose two players to swap."))
        else:
            attempt(
                request,
                lambda: services.swap_players(round_.pk, first, second, user, reason),
                _("The two players changed seats."),
            )
    return redirect("round", slug, round_.number)
