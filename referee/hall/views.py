"""The chief referee's list of login lockouts (django-axes), with an unlock button."""

from __future__ import annotations

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
from referee.core.errors import ServiceError
from referee.core.permissions import may_unlock_logins
from referee.tournaments.log import log_action
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import manage_page


@manage_page
def lockouts(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if not may_unlock_logins(request.user, tournament):
        raise PermissionDenied
    if request.method == "POST":
        try:
            username = check_text(request.POST.get("username", ""), "username", 150)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            removed = reset(username=username)
            person = get_user_model().objects.filter(username=username).first()
            if removed and person is not None:
                log_action(tournament, request.user, "login.unlocked", username, about=person)
            if removed:
                messages.success(request, _("%(name)s may log in again.") % {"name": username})
            else:
                messages.error(request, _("%(name)s is not locked out.") % {"name": username})
        return redirect("hall-lockouts", tournament.slug)
    limit = settings.AXES_FAILURE_LIMIT
    attempts = AccessAttempt.objects.filter(failures_since_start__gte=limit).order_by(
        "-attempt_time"
    )
    return render(
        request, "hall/lockouts.html", {"tournament": tournament, "attempts": attempts[:200]}
    )
