"""What every API view shares: the idempotent POST, the lookups that answer 404 exactly
where the pages do, and the schema's common parts."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.request import Request
from rest_framework.views import APIView

from referee.core.permissions import may_view, may_view_round
from referee.tables.models import Table
from referee.tournaments.models import Round, Tournament

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


def tournament_or_404(request: Request, slug: str) -> Tournament:
    found = get_object_or_404(Tournament.objects.select_related("chief_referee"), slug=slug)
    if not may_view(request.user, found):
        raise Http404
    return found


def round_or_404(request: Request, slug: str, number: int) -> Round:
    tournament = tournament_or_404(request, slug)
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )


def table_or_404(request: Request, slug: str, round: int, number: int) -> Table:
    """As the table page: 404 to anybody who may not see the tournament, and to the public
    while the organiser keeps the round hidden."""
    found = get_object_or_404(
        Table.objects.select_related("round__tournament", "submitted_by", "confirmed_by"),
        round__tournament__slug=slug,
        round__number=round,
        number=number,
    )
    if not may_view_round(request.user, found.round.tournament, found.round.number):
        raise Http404
    return found
