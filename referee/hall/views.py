"""The login lockouts page (django-axes), with an unlock button: the chief referee sees his
own tournament's officials, the site's staff everybody (``hall.unlocking``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from referee.core.errors import ServiceError
from referee.core.permissions import may_unlock_logins
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import tournament_for

from .unlocking import lift_lockout, visible_lockouts


@login_required
def lockouts(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("chief_referee"), slug=slug)
    if not may_unlock_logins(request.user, tournament):
        tournament_for(request, slug)  # a 404 for those who may not even see it
        raise PermissionDenied
    if request.method == "POST":
        try:
            username = lift_lockout(request.user, tournament, request.POST.get("username", ""))
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s may log in again.") % {"name": username})
        return redirect("hall-lockouts", tournament.slug)
    attempts = visible_lockouts(request.user, tournament)
    return render(
        request, "hall/lockouts.html", {"tournament": tournament, "attempts": attempts[:200]}
    )
