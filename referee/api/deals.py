"""A table and its deals (``/api/v1/tournaments/{slug}/rounds/{n}/tables/{t}/…``).

A deal's version is its ``ETag``; ``PUT`` and ``DELETE`` need ``If-Match`` (428 without,
412 with a stale one and the current deal in the body). The version is compared by the
service under the table's row lock, so two simultaneous corrections of one version cannot
both be made."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import StaleVersion
from referee.core.permissions import is_official
from referee.tables import services
from referee.tables.agreements import Verdict, sign_off
from referee.tables.models import Deal, Seat, Table

from . import presenters
from .base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent, table_or_404
from .errors import ApiError, refusal_body
from .serializers import (
    DealSerializer,
    DealWriteSerializer,
    ErrorSerializer,
    ReasonSerializer,
    SignOffSerializer,
    StaleDealSerializer,
    TableSerializer,
)

IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    description='The deal\'s version as its ETag says, e.g. "3".',
)
CONFLICTS = {
    412: OpenApiResponse(StaleDealSerializer, description="stale version: the current deal"),
    428: OpenApiResponse(ErrorSerializer, description="If-Match is missing"),
}


def _etag(deal: Deal) -> str:
    return f'"{deal.version}"'


def _with_etag(body: dict[str, Any], deal: Deal, code: int = 200) -> Response:
    response = Response(body, status=code)
    response["ETag"] = _etag(deal)
    return response


def _deal_data(request: Request) -> tuple[dict[str, Any], str]:
    """The deal object of the request body and its ``reason``."""
    data = DealWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    raw = request.data
    return DealWriteSerializer.stored(raw, data.validated_data), data.validated_data.get(
        "reason", ""
    )


def _expected_version(request: Request) -> int:
    header = request.headers.get("If-Match")
    if header is None:
        raise ApiError(
            428,
            "if_match_required",
            _("Send the version you are changing in If-Match (the deal's ETag)."),
            "If-Match",
        )
    value = header.strip().removeprefix("W/").strip('"')
    if not value.isdigit() or len(value) > 9:
        return 0  # names no version: refused as stale (412, with the current deal)
    return int(value)


def _stale(table: Table, error: StaleVersion) -> Response:
    current: Deal = error.current  # type: ignore[assignment]
    body = refusal_body(error) | {"code": "version_mismatch"}
    body["params"] = {"version": current.version}
    body["current"] = presenters.deal(table, current.number)
    return _with_etag(body, current, status.HTTP_412_PRECONDITION_FAILED)


class TableDetail(ApiView):
    @extend_schema(responses={200: TableSerializer, **READ_ERRORS}, tags=["tables"])
    def get(self, request: Request, slug: str, round: int, table: int) -> Response:
        return Response(presenters.table(table_or_404(request, slug, round, table)))


def _verdicts(table: Table, words: list[dict[str, Any]]) -> dict[int, Verdict]:
    """The players' word by seat id, as ``sign_off`` takes it; a position no player holds at
    this table is refused at its field."""
    seats = dict(Seat.objects.filter(table=table).values_list("position", "pk"))
    verdicts = {}
    for i, word in enumerate(words):
        if word["position"] not in seats:
            raise ApiError(
                400,
                "no_such_seat",
                _("No player sits in this position at the table."),
                f"agreements[{i}].position",
            )
        verdicts[seats[word["position"]]] = Verdict(word["agreed"], word["dispute"])
    return verdicts


class TableSignOff(ApiView):
    @extend_schema(
        request=SignOffSerializer,
        responses={200: TableSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Sign the table off. Where the tournament has the players confirm their "
        "totals (players_confirm), every seated player's word is given in `agreements`: "
        '`{"position": 1, "agreed": true}` or `{"position": 2, "dispute": "why"}`; without '
        "it the sign-off is refused at the field `agreements` and nothing changes. A dispute "
        "does not stop the sign-off: it goes to the chief referee.",
        tags=["tables"],
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int, table: int) -> Response:
        found = table_or_404(request, slug, round, table)
        data = SignOffSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        words = data.validated_data["agreements"]
        # without players_confirm the word is not asked, and what a device sends is ignored
        verdicts = _verdicts(found, words) if found.round.tournament.players_confirm else None
        return Response(presenters.table(sign_off(found.pk, request.user, verdicts)))


class TableAction(ApiView):
    action = "confirm"

    @extend_schema(
        request=ReasonSerializer,
        responses={200: TableSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["tables"],
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int, table: int) -> Response:
        found = table_or_404(request, slug, round, table)
        if self.action == "confirm":
            done = services.confirm_table(found.pk, request.user)
        else:
            data = ReasonSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            done = services.reopen_table(found.pk, request.user, data.validated_data["reason"])
        return Response(presenters.table(done))


class DealList(ApiView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                DealSerializer(many=True), description="the sheet's deals in order"
            ),
            **READ_ERRORS,
        },
        operation_id="deals_list",
        tags=["deals"],
    )
    def get(self, request: Request, slug: str, round: int, table: int) -> Response:
        found = table_or_404(request, slug, round, table)
        listing = presenters.deals(found, is_official(request.user, found.round.tournament))
        totals = listing["totals"]
        return Response([d | {"totals": totals} for d in listing["deals"]])

    @extend_schema(
        request=DealWriteSerializer,
        responses={201: DealSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["deals"],
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int, table: int) -> Response:
        found = table_or_404(request, slug, round, table)
        data, reason = _deal_data(request)
        deal = services.record_deal(found.pk, data, request.user, reason)
        response = _with_etag(presenters.deal(found, deal.number), deal, status.HTTP_201_CREATED)
        response["Location"] = request.build_absolute_uri(f"{request.path}{deal.number}/")
        return response


class DealDetail(ApiView):
    def _deal(self, table: Table, number: int) -> Deal:
        return get_object_or_404(Deal, table=table, number=number)

    @extend_schema(responses={200: DealSerializer, **READ_ERRORS}, tags=["deals"])
    def get(self, request: Request, slug: str, round: int, table: int, number: int) -> Response:
        found = table_or_404(request, slug, round, table)
        deal = self._deal(found, number)
        if deal.deleted and not is_official(request.user, found.round.tournament):
            raise Http404  # a struck deal is in the history, for the referees
        return _with_etag(presenters.deal(found, number), deal)

    @extend_schema(
        request=DealWriteSerializer,
        responses={200: DealSerializer, **ERRORS, **CONFLICTS},
        parameters=[IF_MATCH],
        tags=["deals"],
    )
    def put(self, request: Request, slug: str, round: int, table: int, number: int) -> Response:
        found = table_or_404(request, slug, round, table)
        deal = self._deal(found, number)
        data, reason = _deal_data(request)
        expected = _expected_version(request)
        try:
            done = services.correct_deal(deal.pk, data, request.user, reason, expected)
        except StaleVersion as error:
            return _stale(found, error)
        return _with_etag(presenters.deal(found, number), done)

    @extend_schema(
        request=ReasonSerializer,
        parameters=[
            IF_MATCH,
            OpenApiParameter("reason", OpenApiTypes.STR, description="why it is deleted"),
        ],
        responses={200: DealSerializer, **ERRORS, **CONFLICTS},
        tags=["deals"],
    )
    def delete(self, request: Request, slug: str, round: int, table: int, number: int) -> Response:
        found = table_or_404(request, slug, round, table)
        deal = self._deal(found, number)
        body = dict(request.data.items()) if isinstance(request.data, dict) else {}
        # the body's other fields are refused as everywhere (ReasonSerializer is Strict)
        body["reason"] = body.get("reason") or request.query_params.get("reason", "")
        data = ReasonSerializer(data=body)
        data.is_valid(raise_exception=True)
        expected = _expected_version(request)
        try:
            done = services.delete_deal(
                deal.pk, request.user, data.validated_data["reason"], expected
            )
        except StaleVersion as error:
            return _stale(found, error)
        return _with_etag(presenters.deal(found, number), done)
