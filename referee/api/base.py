"""What every API view shares: the idempotent POST and the schema's common parts (the
objects of the URL and the surface's right are ``surfaces``')."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.request import Request
from rest_framework.views import APIView

from . import idempotency
from .errors import ApiError
from .serializers import ErrorSerializer

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    idempotency.HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Any string up to 200 characters: a repeat with the same key and body "
    "replays the first answer (header Idempotent-Replayed: true).",
)
ERRORS = {
    code: OpenApiResponse(ErrorSerializer, description=text)
    for code, text in (
        (400, "refused: the reason at its field"),
        (401, "no or an invalid token"),
        (403, "no right to do this"),
        (404, "no such thing, or not for this user"),
        (405, "method not allowed"),
        (413, "the request is too large"),
        (415, "unsupported media type"),
        (422, "the idempotency key was used for another request"),
    )
}
READ_ERRORS = {k: v for k, v in ERRORS.items() if k in (400, 401, 404)}


class ApiView(APIView):
    def initialize_request(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Request:
        if request.method == "POST":
            # keep the raw body for the idempotency fingerprint (a body too large or
            # unreadable is the parser's to refuse)
            with contextlib.suppress(Exception):
                _ = request.body
        return super().initialize_request(request, *args, **kwargs)


def idempotent(method: Callable[..., Any]) -> Callable[..., Any]:
    """Carry a POST out once per ``Idempotency-Key`` of the authenticated user."""

    @functools.wraps(method)
    def wrapper(self: ApiView, request: Request, *args: Any, **kwargs: Any) -> Any:
        key = request.headers.get(idempotency.HEADER)
        if key is None or not request.user.is_authenticated:
            return method(self, request, *args, **kwargs)
        try:
            idempotency.check_key(key)
        except idempotency.BadKey:
            raise ApiError(
                400,
                "invalid_idempotency_key",
                idempotency.bad_key_message(),
                "Idempotency-Key",
            ) from None

        def call() -> HttpResponseBase:
            try:
                response = method(self, request, *args, **kwargs)
            except Exception as error:
                response = self.handle_exception(error)
            response = self.finalize_response(request, response, *args, **kwargs)
            response.render()
            return response

        raw = getattr(request._request, "_body", b"")
        try:
            outcome = idempotency.run_once(
                request.user, key, request.method or "POST", request.get_full_path(), raw, call
            )
        except idempotency.KeyMismatch:
            raise ApiError(
                422,
                "idempotency_key_reused",
                _("This idempotency key was used for another request."),
                "Idempotency-Key",
            ) from None
        return outcome.response

    return wrapper
