"""The site's own forms get the API's idempotency: a form posted with a one-time key in its
``idempotency_key`` field (the deal form has one) is carried out once, whatever the number of
taps, resends or retries after a timeout; a repeat gets the first answer (usually the
redirect to the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _

from . import idempotency

FIELD = "idempotency_key"
#: form fields that differ between two renderings of one form and say nothing of the request
UNSIGNED = ("csrfmiddlewaretoken", FIELD, "on_behalf")
#: a shared tablet's queued deal names its author; the chief referee's explicit sending of
#: another referee's deal (``on_behalf=yes``, refused by the view to anybody else) uses that
#: author's keys, so that a deal whose first answer was lost is still stored once
AUTHOR = "entered_by"


def form_body(request: HttpRequest) -> bytes:
    """The form's fields in a stable order: the fingerprint of what was asked."""
    items = sorted(
        (name, value)
        for name in request.POST
        if name not in UNSIGNED
        for value in request.POST.getlist(name)
    )
    return urlencode(items).encode()


def _key_owner(request: HttpRequest) -> Any:
    """Whose keys the form's key is among: the signed-in user's, or on the chief referee's
    explicit path the named author's (the view refuses that path to anybody else)."""
    author = request.POST.get(AUTHOR, "")
    if request.POST.get("on_behalf") != "yes" or not author.isdecimal() or len(author) > 12:
        return request.user
    if int(author) == request.user.pk:
        return request.user
    return get_user_model().objects.filter(pk=int(author)).first() or request.user


class IdempotentFormMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponseBase],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> HttpResponseBase | None:
        if request.method != "POST" or request.path.startswith("/api/"):
            return None
        if not getattr(request, "user", None) or not request.user.is_authenticated:
            return None
        content = request.content_type or ""
        if not content.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
            return None
        key = request.POST.get(FIELD) or request.headers.get(idempotency.HEADER)
        if not key:
            return None
        try:
            outcome = idempotency.run_once(
                _key_owner(request),
                key,
                "POST",
                request.get_full_path(),
                form_body(request),
                lambda: view(request, *args, **kwargs),
            )
        except idempotency.BadKey:
            return HttpResponse(idempotency.bad_key_message(), status=400)
        except idempotency.KeyMismatch:
            return HttpResponse(
                _("This form was already sent with other values; reload the page."), status=422
            )
        return outcome.response
