"""The API app's two pages: revoking a device token (the staff page's button) and the
service worker, served from the site's root so that it may keep the table pages offline."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from referee.accounts.models import Role
from referee.core.bounds import check_text
from referee.core.errors import ServiceError
from referee.core.people import person
from referee.core.permissions import is_chief
from referee.tournaments.log import log_action
from referee.tournaments.surfaces import tournament_for

from .errors import error_body
from .models import DeviceToken


@login_required
@require_POST
def revoke_device(request: HttpRequest, token: int) -> HttpResponse:
    """The chief referee revokes a device token of one of his tournament's officials."""
    try:  # a NUL byte PostgreSQL cannot even compare is a bad request, not a server error
        slug = check_text(request.POST.get("tournament", ""), "tournament", 100)
    except ServiceError as error:
        return HttpResponseBadRequest(error.message)
    tournament = tournament_for(request, slug)  # 404 to whoever may not see it
    found = get_object_or_404(DeviceToken.objects.select_related("user"), pk=token)
    official = (
        found.user_id == tournament.chief_referee_id
        or Role.objects.filter(tournament=tournament, user_id=found.user_id).exists()
    )
    if not is_chief(request.user, tournament) or not official:
        raise PermissionDenied(_("Only the chief referee may revoke his officials' devices."))
    label = f"{person(found.user)} — {found.name or found.prefix}"
    found.delete()
    log_action(tournament, request.user, "device.revoked", label, about=found.user)
    messages.success(request, _("The device token is revoked: %(device)s.") % {"device": label})
    return redirect("manage-staff", tournament.slug)


def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the worker's scope is the whole site."""
    path = settings.BASE_DIR / "static" / "js" / "sw.js"
    response = HttpResponse(path.read_text(encoding="utf-8"), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@csrf_exempt  # a POST to no endpoint is a 404, not a CSRF refusal
def api_not_found(request: HttpRequest) -> JsonResponse:
    return JsonResponse(error_body("not_found", _("Not found.")), status=404)
