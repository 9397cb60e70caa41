"""The chief's check-in page (issue 22 point 3): every player in play with his word for the
next round, a button for present and one for absent (with a reason), and his private link to
print on his badge, revocable."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from referee.core.refusals import attempt
from referee.core.site import site_url_warning

from . import checkin, gates
from .models import CheckIn, Registration, Tournament
from .search import folded
from .surfaces import manage_page, manage_render


@manage_page
def manage_check_in(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    number = checkin.next_round(tournament)
    entries = sorted(
        tournament.entries.filter(status=Registration.Status.ACTIVE).select_related("player"),
        key=lambda e: (folded(e.player.name), e.player.name, e.pk),
    )
    marks = {}
    if number is not None:
        checks = CheckIn.objects.filter(registration__tournament=tournament, round_number=number)
        marks = {c.registration_id: c for c in checks}
    rows = []
    fees = gates.marks(tournament, entries)  # paid and unpaid (referee.admission)
    for entry in entries:
        entry.tournament = tournament
        key = checkin.link_key(entry)
        link = reverse("player-link", args=[tournament.slug, entry.pk, key])
        rows.append(
            {
                "entry": entry,
                "mark": marks.get(entry.pk),
                "link": request.build_absolute_uri(link),
                "fees": fees.get(entry.pk, []),
            }
        )
    present = sum(1 for mark in marks.values() if mark.present)
    return manage_render(
        request,
        "tournaments/manage_check_in.html",
        tournament,
        round=number,
        rows=rows,
        present=present,
        unmarked=sum(1 for row in rows if row["mark"] is None),
        unpaid=sum(1 for marks_of in fees.values() if any(not m.ok for m in marks_of)),
        site_url_warning=site_url_warning(),
    )


@manage_page
@require_POST
def check_in_all(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """*All present*: everyone not yet marked is marked present, in one step."""
    done = attempt(request, lambda: checkin.mark_all_present(tournament.pk, request.user))
    if done.value is not None:
        n = done.value
        messages.success(
            request,
            ngettext("%(counter)s player marked present.", "%(counter)s players marked present.", n)
            % {"counter": n}
            if n
            else _("Everybody was marked already: nothing changed."),
        )
    return redirect("manage-check-in", tournament.slug)


@manage_page
@require_POST
def check_in_action(
    request: HttpRequest, tournament: Tournament, registration: int
) -> HttpResponse:
    action = request.POST.get("action")
    if not tournament.entries.filter(pk=registration).exists():
        raise Http404
    user = request.user
    if action in ("present", "absent"):
        reason = request.POST.get("reason", "")
        attempt(
            request,
            lambda: checkin.mark(registration, action == "present", user, reason),
            _("Marked present.") if action == "present" else _("Marked absent."),
        )
    elif action == "revoke":
        attempt(
            request,
            lambda: checkin.revoke_link(registration, user),
            _("The old link no longer works: print the new one."),
        )
    else:
        raise Http404
    return redirect("manage-check-in", tournament.slug)
