"""A player's private link (issue 22 point 5): his table and seat in the latest round as soon
as it is seated, the check-in for the next round, his verdict against the next stage's cut,
and his card once the results are public. Whoever holds the link's key sees it (it cannot be
guessed; ``tournaments.checkin.link_key``), published or not; a wrong or revoked key is 404."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from referee.core.permissions import may_view, may_view_round
from referee.core.refusals import attempt
from referee.tables.dealdata import LETTERS
from referee.tables.models import Seat
from referee.tournaments import checkin
from referee.tournaments.models import CheckIn, Registration

from . import services
from .outlook_view import qualification_view


def player_link(request: HttpRequest, slug: str, registration: int, key: str) -> HttpResponse:
    entry = get_object_or_404(
        Registration.objects.select_related("tournament", "player"),
        pk=registration,
        tournament__slug=slug,
    )
    if not checkin.holds_key(entry, key):
        raise Http404
    tournament = entry.tournament
    if request.method == "POST":
        present = request.POST.get("action") == "present"
        reason = request.POST.get("reason", "")
        done = _("You are marked present.") if present else _("You are marked absent.")
        attempt(request, lambda: checkin.mark(entry.pk, present, reason=reason, key=key), done)
        return redirect(request.path)
    seat = (
        Seat.objects.filter(registration=entry)
        .select_related("table__round")
        .order_by("-table__round__number")
        .first()
    )
    number = checkin.next_round(tournament) if tournament.check_in else None
    mark = (
        CheckIn.objects.filter(registration=entry, round_number=number).first() if number else None
    )
    outlook = None
    public = may_view(request.user, tournament)
    if public:
        found = services.qualification(tournament, viewer=request.user)
        view = qualification_view(found, request.user, tournament)
        outlook = None if view is None else (view, found.of(entry.pk) if found else None)
    return render(
        request,
        "standings/player_link.html",
        {
            "tournament": tournament,
            "entry": entry,
            "seat": seat,
            "letter": LETTERS[seat.position - 1] if seat else "",
            "check_round": number,
            "mark": mark,
            "public": public,
            "table_public": seat is not None
            and may_view_round(request.user, tournament, seat.table.round.number),
            "outlook": outlook,
        },
    )
