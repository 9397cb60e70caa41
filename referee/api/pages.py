"""The API app's two pages: revoking a device token (the staff page's button) and the
service worker, served from the site's root so that it may keep the table pages offline."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from referee.core.bounds import check_text
from referee.core.refusals import outcome_of
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import manage_page

from .devices import revoke_device_token
from .errors import error_body


@login_required
@require_POST
def revoke_device(request: HttpRequest, token: int) -> HttpResponse:
    """The chief referee revokes a device token of one of his tournament's officials; the
    tournament is the form's (the staff page's), so the surface is entered here."""
    slug = request.POST.get("tournament", "")
    # a NUL byte PostgreSQL cannot even compare is a bad request, not a server error
    bad = outcome_of(lambda: check_text(slug, "tournament", 100)).refusal
    if bad is not None:
        return HttpResponseBadRequest(bad.message)
    return _revoke(request, slug, token)


@manage_page
def _revoke(request: HttpRequest, tournament: Tournament, token: int) -> HttpResponse:
    label = revoke_device_token(tournament, request.user, token)
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
