"""The login lockouts page (django-axes), with an unlock button: the chief referee sees his
own tournament's officials, the site's staff everybody (``hall.unlocking``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.permissions import may_unlock_logins
from referee.core.refusals import attempt
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import manage_page

from .unlocking import lift_lockout, visible_lockouts


@manage_page(right=may_unlock_logins)  # the site's staff too, published or not
def lockouts(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.method == "POST":
        name = request.POST.get("username", "")
        lifted = attempt(request, lambda: lift_lockout(request.user, tournament, name))
        if lifted:
            messages.success(request, _("%(name)s may log in again.") % {"name": lifted.value})
        return redirect("hall-lockouts", tournament.slug)
    attempts = visible_lockouts(request.user, tournament)
    return render(
        request, "hall/lockouts.html", {"tournament": tournament, "attempts": attempts[:200]}
    )
