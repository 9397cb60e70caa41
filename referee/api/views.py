"""Tournaments, players, rounds and standings, and the device tokens (``/api/v1/``).

Every change is a service call: the services check the rights (``core.permissions``) and
the rules; these views only read the request and show the answer or the refusal."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.db import transaction
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import AuthenticationFailed, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from referee.api.parsers import JSONParser
from referee.core.errors import ServiceError
from referee.core.permissions import may_view
from referee.seating import services as seating
from referee.standings import services as standings
from referee.tournaments import services as tournaments
from referee.tournaments.models import Registration, Round, Tournament

from . import presenters
from .base import (
    ERRORS,
    IDEMPOTENCY_PARAMETER,
    READ_ERRORS,
    ApiView,
    idempotent,
    round_or_404,
    tournament_or_404,
)
from .models import DeviceToken
from .serializers import (
    FORMAT,
    ErrorSerializer,
    NewPlayerSerializer,
    PlayerCardSerializer,
    PlayerSerializer,
    RoundResultsSerializer,
    RoundSerializer,
    SeatRoundSerializer,
    StandingsSerializer,
    SubstituteSerializer,
    TokenRequestSerializer,
    TokenSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
    TournamentUpdateSerializer,
    WithdrawSerializer,
)

POST = [IDEMPOTENCY_PARAMETER]

# -- tokens ---------------------------------------------------------------------------------


class TokenView(ApiView):
    """Exchange a username and password for a new device token."""

    authentication_classes: tuple[Any, ...] = ()
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "token"
    permission_classes = (AllowAny,)
    parser_classes = (JSONParser, FormParser, MultiPartParser)

    def get_authenticate_header(self, request: Request) -> str:
        return "Token"  # wrong credentials are a 401

    @extend_schema(
        request=TokenRequestSerializer,
        responses={201: TokenSerializer, **ERRORS, 429: ErrorSerializer},
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # a locked-out login (django-axes) is answered by hall.lockout, as JSON under /api/
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None or not user.is_active:
            raise AuthenticationFailed(_("Wrong username or password."))
        _token, key = DeviceToken.issue(user, data.validated_data.get("device", ""))
        return Response({"token": key}, status=status.HTTP_201_CREATED)


# -- tournaments ----------------------------------------------------------------------------


class TournamentFilter(filters.FilterSet):
    class Meta:
        model = Tournament
        fields = ("status", "published", "convention")


class TournamentList(ApiView, generics.ListAPIView):
    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter
    queryset = Tournament.objects.none()

    def get_queryset(self) -> QuerySet[Tournament]:
        if getattr(self, "swagger_fake_view", False):
            return Tournament.objects.none()
        user = self.request.user
        found = Tournament.objects.select_related("chief_referee").order_by("-starts_on", "pk")
        if getattr(user, "is_superuser", False):
            return found
        visible = [t.pk for t in found if may_view(user, t)]
        return found.filter(pk__in=visible)

    @extend_schema(
        responses={200: TournamentSerializer(many=True), **READ_ERRORS}, tags=["tournaments"]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: TournamentSerializer, **ERRORS},
        parameters=POST,
        tags=["tournaments"],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        with transaction.atomic():
            created = tournaments.create_tournament(
                request.user,
                {
                    "name": values.pop("name"),
                    "slug": values.pop("slug"),
                    "starts_on": values.pop("starts_on"),
                    "ends_on": values.pop("ends_on"),
                    "convention": values.pop("convention", "fspr"),
                    "options": values.pop("options", {}),
                },
            )
            created = _settings_and_format(created, values, request.user)
        return Response(TournamentSerializer(created).data, status=status.HTTP_201_CREATED)


def _settings_and_format(tournament: Tournament, values: dict[str, Any], user: Any) -> Tournament:
    """The settings page's and the format page's changes, by their own services."""
    changes = {k: values.pop(k) for k in list(values) if k in FORMAT}
    if values:
        tournament = tournaments.update_settings(tournament.pk, values, user)
    if changes:
        tournament = tournaments.update_format(tournament.pk, changes, user)
    return tournament


class TournamentDetail(ApiView):
    @extend_schema(responses={200: TournamentSerializer, **READ_ERRORS}, tags=["tournaments"])
    def get(self, request: Request, slug: str) -> Response:
        return Response(TournamentSerializer(tournament_or_404(request, slug)).data)

    @extend_schema(
        request=TournamentUpdateSerializer,
        responses={200: TournamentSerializer, **ERRORS},
        tags=["tournaments"],
    )
    def patch(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        data = TournamentUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        with transaction.atomic():
            if "convention" in values or "options" in values:
                tournaments.set_convention(
                    tournament.pk,
                    values.pop("convention", tournament.convention),
                    values.pop("options", tournament.options),
                    request.user,
                )
            tournament = _settings_and_format(tournament, values, request.user)
        return Response(TournamentSerializer(tournament).data)


class TournamentAction(ApiView):
    action = "start"

    @extend_schema(
        request=None,
        responses={200: TournamentSerializer, **ERRORS},
        parameters=POST,
        tags=["tournaments"],
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        service = (
            tournaments.start_tournament
            if self.action == "start"
            else tournaments.finish_tournament
        )
        return Response(TournamentSerializer(service(tournament.pk, request.user)).data)


# -- players --------------------------------------------------------------------------------


class PlayerFilter(filters.FilterSet):
    name = filters.CharFilter(field_name="player__name", lookup_expr="icontains")
    city = filters.CharFilter(field_name="player__city", lookup_expr="icontains")

    class Meta:
        model = Registration
        fields = ("status", "name", "city")


def _new_player(values: dict[str, Any]) -> int | tournaments.PlayerDetails:
    if values.get("player") is not None:
        return int(values["player"])
    return tournaments.PlayerDetails(
        name=values.get("name", ""),
        city=values.get("city", ""),
        club=values.get("club", ""),
        rating=values.get("rating"),
        federation_id=values.get("federation_id", ""),
    )


class PlayerList(ApiView, generics.ListAPIView):
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    queryset = Registration.objects.none()

    def get_queryset(self) -> QuerySet[Registration]:
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        tournament = tournament_or_404(self.request, self.kwargs["slug"])
        return (
            Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("player__name", "pk")
        )

    @extend_schema(responses={200: PlayerSerializer(many=True), **READ_ERRORS}, tags=["players"])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=NewPlayerSerializer(many=True),
        responses={
            201: OpenApiResponse(
                {
                    "oneOf": [
                        {"$ref": "#/components/schemas/Player"},
                        {"type": "array", "items": {"$ref": "#/components/schemas/Player"}},
                    ]
                },
                description="the registration, or the list of them when a list was sent",
            ),
            **ERRORS,
        },
        parameters=POST,
        description="One player (an object) or several (a list): all are registered or none.",
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        many = isinstance(request.data, list)
        data = NewPlayerSerializer(data=request.data, many=many)
        data.is_valid(raise_exception=True)
        rows = data.validated_data if many else [data.validated_data]
        if not rows:
            raise ValidationError({"players": [_("Give at least one player.")]})
        entries = []
        with transaction.atomic():
            for i, values in enumerate(rows):
                try:
                    entries.append(
                        tournaments.register_player(
                            tournament.pk, _new_player(values), request.user
                        )
                    )
                except ServiceError as error:
                    if many and error.field:
                        error.field = f"[{i}].{error.field}"
                    raise
        body = PlayerSerializer(entries, many=True).data
        return Response(body if many else body[0], status=status.HTTP_201_CREATED)


def _registration(request: Request, slug: str, registration: int) -> Registration:
    tournament = tournament_or_404(request, slug)
    return get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )


class PlayerWithdraw(ApiView):
    @extend_schema(
        request=WithdrawSerializer,
        responses={200: PlayerSerializer, **ERRORS},
        parameters=POST,
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str, registration: int) -> Response:
        entry = _registration(request, slug, registration)
        data = WithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = tournaments.withdraw_player(
            entry.pk,
            request.user,
            data.validated_data.get("after_round"),
            data.validated_data["reason"],
        )
        return Response(PlayerSerializer(done).data)


class PlayerSubstitute(ApiView):
    @extend_schema(
        request=SubstituteSerializer,
        responses={201: PlayerSerializer, **ERRORS},
        parameters=POST,
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str, registration: int) -> Response:
        entry = _registration(request, slug, registration)
        data = SubstituteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        done = tournaments.substitute_player(
            entry.pk, _new_player(values), request.user, values["reason"]
        )
        return Response(PlayerSerializer(done).data, status=status.HTTP_201_CREATED)


class PlayerCard(ApiView):
    @extend_schema(responses={200: PlayerCardSerializer, **READ_ERRORS}, tags=["standings"])
    def get(self, request: Request, slug: str, registration: int) -> Response:
        entry = _registration(request, slug, registration)
        card = standings.player_card(entry.tournament, entry, viewer=request.user)
        return Response(presenters.player_card(card))


# -- rounds ---------------------------------------------------------------------------------


class RoundList(ApiView):
    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS}, tags=["rounds"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
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
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        data = SeatRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seated = seating.seat_next_round(
            tournament.pk,
            request.user,
            data.validated_data["method"],
            data.validated_data.get("seed"),
        )
        return Response(presenters.round_(seated), status=status.HTTP_201_CREATED)


class RoundDetail(ApiView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS}, tags=["rounds"])
    def get(self, request: Request, slug: str, round: int) -> Response:
        return Response(presenters.round_(round_or_404(request, slug, round)))


class RoundAction(ApiView):
    action = "start"

    @extend_schema(
        request=None, responses={200: RoundSerializer, **ERRORS}, parameters=POST, tags=["rounds"]
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int) -> Response:
        found = round_or_404(request, slug, round)
        service = seating.start_round if self.action == "start" else seating.finish_round
        return Response(presenters.round_(service(found.pk, request.user)))


class RoundResults(ApiView):
    @extend_schema(responses={200: RoundResultsSerializer, **READ_ERRORS}, tags=["standings"])
    def get(self, request: Request, slug: str, round: int) -> Response:
        tournament = tournament_or_404(request, slug)
        results = standings.round_results(tournament, round, viewer=request.user)
        return Response(presenters.round_results(results))


# -- standings ------------------------------------------------------------------------------


class StandingsView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("after", OpenApiTypes.INT, description="after round N")],
        responses={200: StandingsSerializer, **READ_ERRORS},
        tags=["standings"],
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        after = request.query_params.get("after")
        number = None
        if after is not None:
            if not after.isdigit() or len(after) > 4:
                raise ValidationError({"after": [_("A round number.")]})
            number = int(after)
        found = standings.standings_after(tournament, number, viewer=request.user)
        return Response(presenters.standings(found))
