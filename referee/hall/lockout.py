"""What a locked-out login sees (django-axes): the site's page, or for the API a JSON refusal
in the API's error shape, so that a device gets an answer its schema describes."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

LOCKED_STATUS = 429


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    if request.path.startswith("/api/"):
        message = _(
            "Too many wrong passwords for this account from this address: try again later, "
            "or ask the chief referee to unlock it."
        )
        body: dict[str, Any] = {
            "code": "login_locked",
            "field": None,
            "message": message,
            "params": {},
        }
        return JsonResponse(body, status=LOCKED_STATUS)
    return render(request, "hall/lockout.html", status=LOCKED_STATUS)
