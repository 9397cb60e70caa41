"""The deals of a table: the sheet's list (``POST`` a deal), one deal (``PUT`` a correction,
``DELETE``), each with its version as the ``ETag``.

A correction or a deletion names the version it was made against in ``If-Match`` (428
without, 412 with a stale one and the current deal in the body). The version is compared by
the service under the table's row lock, so two simultaneous corrections of one version cannot
both be made."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import StaleVersion
from referee.core.permissions import is_official
from referee.tables import services
from referee.tables.models import Deal, Table

from .. import answers
from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..errors import ApiError, refusal_body
from ..fields import Number
from ..serializers import ErrorSerializer, ReasonSerializer, TotalsSerializer
from ..strict import Strict
from ..surfaces import public_table, referee_table


class DefenceCallSerializer(Strict, serializers.Serializer):
    player = serializers.CharField(max_length=10)
    call = serializers.CharField(max_length=20)
    order = serializers.IntegerField(required=False, min_value=0, max_value=100)
    replaces = serializers.CharField(max_length=10, required=False)


class DealDataSerializer(Strict, serializers.Serializer):
    """A deal object of SPEC §12.2 with its ``dealer``; players are the seat letters. Only
    its shape is checked here: the rules engine judges it (and names the field at fault)."""

    dealer = serializers.CharField(max_length=10, required=False, allow_null=True)
    type = serializers.ChoiceField(choices=["game", "misere", "raspasy"])
    declarer = serializers.CharField(max_length=10, required=False, allow_null=True)
    contract = serializers.DictField(required=False)
    defence = DefenceCallSerializer(many=True, required=False)
    play = serializers.ChoiceField(choices=["open", "closed", "none"], required=False)
    tricks = serializers.DictField(
        child=serializers.IntegerField(min_value=-100, max_value=100), required=False
    )
    raspasy = serializers.DictField(required=False)
    talon = serializers.ListField(
        child=serializers.CharField(max_length=3), required=False, max_length=2
    )
    ruling = serializers.DictField(required=False)
    referee_rulings = serializers.ListField(
        child=serializers.DictField(), required=False, max_length=20
    )

    also_accepted = frozenset({"reason", "board"})  # DealWriteSerializer's
    unknown_message = gettext_lazy("Not a field of a deal (SPEC §12.2).")

    @staticmethod
    def stored(data: Any, validated: dict[str, Any]) -> dict[str, Any]:
        """The deal as given (JSON values kept as sent), minus ``reason`` and ``board``."""
        return {k: v for k, v in data.items() if k in validated and k not in ("reason", "board")}


class DealWriteSerializer(DealDataSerializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True)
    board = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=9999,
        help_text="a duplicate session's table: the board this deal is (checked: the table's "
        "next board of its set); refused at a table that plays no boards",
    )


class EntrySerializer(serializers.Serializer):
    kind = serializers.CharField()
    player = serializers.CharField()
    on = serializers.CharField(allow_null=True)
    amount = Number()
    rule = serializers.CharField()
    explanation = serializers.CharField()


class DealSerializer(serializers.Serializer):
    """One deal with the table's totals (``answers.DealAnswer``)."""

    number = serializers.IntegerField(source="deal.number")
    version = serializers.IntegerField(source="deal.version")
    deleted = serializers.BooleanField(source="deal.deleted")
    position = serializers.IntegerField(allow_null=True)
    deal = serializers.JSONField(
        source="deal.data",
        help_text="the deal object of SPEC §12.2 as stored (players by seat letter)",
    )
    summary = serializers.CharField()
    entries = EntrySerializer(many=True)
    totals = TotalsSerializer(source="sheet")


class StaleDealSerializer(ErrorSerializer):
    current = DealSerializer()


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


def _answer(table: Table, number: int) -> dict[str, Any]:
    return DealSerializer(answers.deal(table, number)).data


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
    if not value.isdecimal() or len(value) > 9:
        return 0  # names no version: refused as stale (412, with the current deal)
    return int(value)


def _stale(table: Table, error: StaleVersion) -> Response:
    current: Deal = error.current  # type: ignore[assignment]
    body = refusal_body(error) | {"code": "version_mismatch"}
    body["params"] = {"version": current.version}
    body["current"] = DealSerializer(answers.deal(table, current.number)).data
    return _with_etag(body, current, status.HTTP_412_PRECONDITION_FAILED)


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
    @public_table
    def get(self, request: Request, found: Table) -> Response:
        listing = answers.deals(found, is_official(request.user, found.round.tournament))
        return Response(DealSerializer(listing, many=True).data)

    @extend_schema(
        request=DealWriteSerializer,
        responses={201: DealSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["deals"],
    )
    @idempotent
    @referee_table
    def post(self, request: Request, found: Table) -> Response:
        data, reason = _deal_data(request)
        given = request.data.get("board")  # checked by the serializer: a whole number 1..9999
        board = None if given is None else int(given)
        deal = services.record_deal(found.pk, data, request.user, reason, board=board)
        response = _with_etag(_answer(found, deal.number), deal, status.HTTP_201_CREATED)
        response["Location"] = request.build_absolute_uri(f"{request.path}{deal.number}/")
        return response


class DealDetail(ApiView):
    def _deal(self, table: Table, number: int) -> Deal:
        return get_object_or_404(Deal, table=table, number=number)

    @extend_schema(responses={200: DealSerializer, **READ_ERRORS}, tags=["deals"])
    @public_table
    def get(self, request: Request, found: Table, number: int) -> Response:
        deal = self._deal(found, number)
        if deal.deleted and not is_official(request.user, found.round.tournament):
            raise Http404  # a struck deal is in the history, for the referees
        return _with_etag(_answer(found, number), deal)

    @extend_schema(
        request=DealWriteSerializer,
        responses={200: DealSerializer, **ERRORS, **CONFLICTS},
        parameters=[IF_MATCH],
        tags=["deals"],
    )
    @referee_table
    def put(self, request: Request, found: Table, number: int) -> Response:
        deal = self._deal(found, number)
        data, reason = _deal_data(request)
        expected = _expected_version(request)
        try:
            done = services.correct_deal(deal.pk, data, request.user, reason, expected)
        except StaleVersion as error:
            return _stale(found, error)
        return _with_etag(_answer(found, number), done)

    @extend_schema(
        request=ReasonSerializer,
        parameters=[
            IF_MATCH,
            OpenApiParameter("reason", OpenApiTypes.STR, description="why it is deleted"),
        ],
        responses={200: DealSerializer, **ERRORS, **CONFLICTS},
        tags=["deals"],
    )
    @referee_table
    def delete(self, request: Request, found: Table, number: int) -> Response:
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
        return _with_etag(_answer(found, number), done)
