"""The rounds: the list (``POST`` seats the next one), one round's draw, starting and
finishing it, and publishing its results (the chief referee's).

A round's draw is public as on the round's seating page (``seating.views.round_page``): the
players must find their tables before any result is public. Its results and table sheets
follow the visibility rule (``standings``, ``tables``); the chief's actions look the round
up with it (``round_for``), which hides nothing from him."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.seating import services as seating
from referee.standings import services as standings
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import round_for

from ..actions import action
from ..answers import RoundAnswer
from ..base import IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView
from ..serializers import SeatSerializer
from ..strict import Strict
from ..surfaces import manage, public
from .standings import StandingsSettingsSerializer

POST = [IDEMPOTENCY_PARAMETER]


class SeatRoundSerializer(Strict, serializers.Serializer):
    method = serializers.ChoiceField(choices=Round.Method.values, default=Round.Method.RANDOM)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)


def seating_notes() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.JSONField(),
        help_text="the seating's notes, each a code with its parameters (seating.notes)",
    )


class TableBriefSerializer(serializers.Serializer):
    """A table of a round's draw (``tables.models.Table``, its seats prefetched)."""

    number = serializers.IntegerField()
    status = serializers.CharField()
    notes = seating_notes()
    seats = SeatSerializer(many=True)


class ByeSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="player.name")


class RoundSerializer(serializers.Serializer):
    """A round's draw (``answers.RoundAnswer``)."""

    number = serializers.IntegerField()
    status = serializers.CharField()
    method = serializers.CharField()
    seed = serializers.IntegerField()
    notes = seating_notes()
    byes = ByeSerializer(many=True)
    tables = TableBriefSerializer(many=True)


@action(
    manage,
    request=SeatRoundSerializer,
    response=RoundSerializer,
    created=True,
    tags=["rounds"],
)
def RoundSeat(request: Request, tournament: Tournament, data: dict[str, Any]) -> RoundAnswer:
    """Seat the next round (random draw, or by standings)."""
    seated = seating.seat_next_round(tournament.pk, request.user, data["method"], data.get("seed"))
    return RoundAnswer(seated)


class RoundList(RoundSeat):  # type: ignore[valid-type,misc]
    """The rounds in order; ``POST`` seats the next one (``RoundSeat``)."""

    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS}, tags=["rounds"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        rounds = Round.objects.filter(tournament=tournament).order_by("number")
        return Response(RoundSerializer(map(RoundAnswer, rounds), many=True).data)


class RoundDetail(ApiView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS}, tags=["rounds"])
    @public
    def get(self, request: Request, tournament: Tournament, round: int) -> Response:
        # the draw, public as on the seating page (see the module's docstring)
        found = get_object_or_404(Round, tournament=tournament, number=round)
        return Response(RoundSerializer(RoundAnswer(found)).data)


@action(manage, response=RoundSerializer, tags=["rounds"])
def RoundStart(request: Request, tournament: Tournament, data: Any, round: int) -> RoundAnswer:
    found = round_for(request, tournament, round)
    return RoundAnswer(seating.start_round(found.pk, request.user))


@action(manage, response=RoundSerializer, tags=["rounds"])
def RoundFinish(request: Request, tournament: Tournament, data: Any, round: int) -> RoundAnswer:
    found = round_for(request, tournament, round)
    return RoundAnswer(seating.finish_round(found.pk, request.user))


@action(
    manage,
    response=StandingsSettingsSerializer,
    tags=["rounds"],
)
def RoundPublish(request: Request, tournament: Tournament, data: Any, round: int) -> Any:
    """Make the results public through this round (the chief referee), as the standings settings
    page's 'The public sees results through round' does. A round already public stays public."""
    found = round_for(request, tournament, round)
    through = standings.settings_of(tournament).published_through or 0
    standings.update_settings(
        tournament, request.user, {"published_through": max(through, found.number)}
    )
    return standings.settings_of(tournament)
