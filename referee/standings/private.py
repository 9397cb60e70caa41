"""A player's private link (issue 22 point 5): his table and seat in the latest round as soon
as it is seated, the check-in for the next round, his verdict against the next stage's cut,
and his card once the results are public. Whoever holds the link's key sees it (it cannot be
guessed; ``tournaments.checkin.link_key``), published or not; a wrong or revoked key is 404.
What it shows is ``services.private_link``'s, the API's too (``/api/v1/…/me/…``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.refusals import attempt
from referee.core.throttle import key_page
from referee.tournaments import checkin

from . import services


@key_page("player_link", by="registration")
def player_link(request: HttpRequest, slug: str, registration: int, key: str) -> HttpResponse:
    entry = services.link_entry(slug, registration, key)
    if entry is None:
        raise Http404
    if request.method == "POST":
        present = request.POST.get("action") == "present"
        reason = request.POST.get("reason", "")
        done = _("You are marked present.") if present else _("You are marked absent.")
        attempt(request, lambda: checkin.mark(entry.pk, present, reason=reason, key=key), done)
        return redirect(request.path)
    link = services.private_link(entry, request.user)
    return render(
        request,
        "standings/player_link.html",
        {"tournament": link.tournament, "entry": link.entry, "link": link, "key": key},
    )
