"""The rounds: the list (``POST`` seats the next one), one round's draw, starting and
finishing it, and publishing its results (the chief referee's).

A round's draw is public as on the round's seating page (``seating.views.round_page``): the
players must find their tables before any result is public. Its results and table sheets
follow the visibility rule (``standings``, ``tables``); the chief's actions look the round
up with it (``round_for``), which hides nothing from him."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.seating import services as seating
from referee.standings import services as standings
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import round_for

from .. import presenters
from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..serializers import SeatSerializer
from ..strict import Strict
from ..surfaces import manage, public
from .standings import StandingsSettingsSerializer, settings_body

POST = [IDEMPOTENCY_PARAMETER]


class SeatRoundSerializer(Strict, serializers.Serializer):
    method = serializers.ChoiceField(choices=Round.Method.values, default=Round.Method.RANDOM)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)


class TableBriefSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    notes = serializers.ListField(
        child=serializers.JSONField(),
        help_text="the seating's notes, each a code with its parameters (seating.notes)",
    )
    seats = SeatSerializer(many=True)


class ByeSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    method = serializers.CharField()
    seed = serializers.IntegerField()
    notes = serializers.ListField(
        child=serializers.JSONField(),
        help_text="the seating's notes, each a code with its parameters (seating.notes)",
    )
    byes = ByeSerializer(many=True)
    tables = TableBriefSerializer(many=True)


class RoundList(ApiView):
    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS}, tags=["rounds"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        rounds = Round.objects.filter(tournament=tournament).order_by("number")
        return Response([presenters.round_(r) for r in rounds])

    @extend_schema(
        request=SeatRoundSerializer,
        responses={201: RoundSerializer, **ERRORS},
        parameters=POST,
        description="Seat the next round (random draw, or by standings).",
        tags=["rounds"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament) -> Response:
        data = SeatRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seated = seating.seat_next_round(
            tournament.pk,
            request.user,
            data.validated_data["method"],
            data.validated_data.get("seed"),
        )
        return Response(presenters.round_(seated), status=201)


class RoundDetail(ApiView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS}, tags=["rounds"])
    @public
    def get(self, request: Request, tournament: Tournament, round: int) -> Response:
        # the draw, public as on the seating page (see the module's docstring)
        found = get_object_or_404(Round, tournament=tournament, number=round)
        return Response(presenters.round_(found))


class RoundAction(ApiView):
    action = "start"

    @extend_schema(
        request=None, responses={200: RoundSerializer, **ERRORS}, parameters=POST, tags=["rounds"]
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament, round: int) -> Response:
        found = round_for(request, tournament, round)
        service = seating.start_round if self.action == "start" else seating.finish_round
        return Response(presenters.round_(service(found.pk, request.user)))


class RoundPublish(ApiView):
    @extend_schema(
        request=None,
        responses={200: StandingsSettingsSerializer, **ERRORS},
        parameters=POST,
        description="Make the results public through this round (the chief referee), as "
        "the standings settings page's 'The public sees results through round' does. A "
        "round already public stays public.",
        tags=["rounds"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament, round: int) -> Response:
        found = round_for(request, tournament, round)
        through = standings.settings_of(tournament).published_through or 0
        standings.update_settings(
            tournament, request.user, {"published_through": max(through, found.number)}
        )
        return Response(settings_body(tournament))
