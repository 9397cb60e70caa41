"""The players of a tournament: the list (``POST`` one or several), withdrawing, replacing,
marking a guest and eliminating one (the chief referee's). The player card is the standings'."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import ServiceError
from referee.tournaments import checkin
from referee.tournaments import services as tournaments
from referee.tournaments.models import Registration, Tournament

from ..actions import action
from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..strict import Strict
from ..surfaces import manage, public

POST = [IDEMPOTENCY_PARAMETER]


class PlayerSerializer(serializers.ModelSerializer):
    """A registration: the player as entered in this tournament."""

    player = serializers.IntegerField(source="player_id", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    city = serializers.CharField(source="player.city", read_only=True)
    club = serializers.CharField(source="player.club", read_only=True)
    rating = serializers.DecimalField(
        source="player.rating", max_digits=8, decimal_places=2, read_only=True, allow_null=True
    )
    federation_id = serializers.CharField(source="player.federation_id", read_only=True)
    substitute_for = serializers.IntegerField(
        source="substitute_for_id", read_only=True, allow_null=True
    )

    class Meta:
        model = Registration
        fields = (
            "id",
            "player",
            "name",
            "city",
            "club",
            "rating",
            "federation_id",
            "status",
            "withdrawn_after_round",
            "substitute_for",
            "guest",
        )
        read_only_fields = fields


def optional_text(max_length: int, **kwargs: Any) -> serializers.CharField:
    """A text a body may leave out or blank (``""`` then)."""
    return serializers.CharField(
        max_length=max_length, required=False, allow_blank=True, default="", **kwargs
    )


class NewPlayerSerializer(Strict, serializers.Serializer):
    """An existing player by ``player`` (his id), or a new one by name and details."""

    player = serializers.IntegerField(required=False, min_value=1)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    city = optional_text(100)
    club = optional_text(100)
    rating = serializers.DecimalField(
        max_digits=8, decimal_places=2, required=False, allow_null=True, default=None
    )
    federation_id = optional_text(40)
    category = optional_text(
        100, help_text="the entry category (its fee), one of the tournament's admission rules'"
    )
    division = optional_text(100, help_text="a division the admission rules admit")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("player") is None and not (attrs.get("name") or "").strip():
            raise serializers.ValidationError({"name": _("Give the player's name or id.")})
        return attrs


class WithdrawSerializer(Strict, serializers.Serializer):
    after_round = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class GuestSerializer(Strict, serializers.Serializer):
    guest = serializers.BooleanField(
        help_text="true: a guest whose results do not count (TOURNAMENTS §6.4); false: counts"
    )
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class SubstituteSerializer(NewPlayerSerializer):
    category = None  # type: ignore[assignment]  # a substitute takes the place as it is
    division = None  # type: ignore[assignment]
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class EliminationSerializer(Strict, serializers.Serializer):
    reason = serializers.CharField()


class EliminatedSerializer(serializers.Serializer):
    """The registration taken out of play, and after which round."""

    registration = serializers.IntegerField(source="pk")
    status = serializers.CharField()
    after_round = serializers.IntegerField(source="withdrawn_after_round", allow_null=True)


# -- the views ------------------------------------------------------------------------------


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


def _declared(values: dict[str, Any]) -> dict[str, str]:
    """The category and division the organiser declared for the player (admission rules)."""
    return {k: values[k] for k in ("category", "division") if values.get(k)}


class PlayerList(ApiView, generics.ListAPIView):
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    queryset = Registration.objects.none()
    tournament: Tournament

    def get_queryset(self) -> QuerySet[Registration]:
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return (
            Registration.objects.filter(tournament=self.tournament)
            .select_related("player")
            .order_by("player__name", "pk")
        )

    @extend_schema(responses={200: PlayerSerializer(many=True), **READ_ERRORS}, tags=["players"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        self.tournament = tournament
        return super().get(request)

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
        tags=["players"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament) -> Response:
        """One player (an object) or several (a list): all are registered or none."""
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
                            tournament.pk,
                            _new_player(values),
                            request.user,
                            choices=_declared(values),
                        )
                    )
                except ServiceError as error:
                    if many and error.field:
                        error.field = f"[{i}].{error.field}"
                    raise
        body = PlayerSerializer(entries, many=True).data
        return Response(body if many else body[0], status=status.HTTP_201_CREATED)


def registration_of(tournament: Tournament, registration: int) -> Registration:
    """The tournament's registration of the URL, or 404."""
    return get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )


@action(manage, request=WithdrawSerializer, response=PlayerSerializer, tags=["players"])
def PlayerWithdraw(
    request: Request, tournament: Tournament, data: dict[str, Any], registration: int
) -> Registration:
    entry = registration_of(tournament, registration)
    return tournaments.withdraw_player(
        entry.pk, request.user, data.get("after_round"), data["reason"]
    )


@action(manage, request=GuestSerializer, response=PlayerSerializer, tags=["players"])
def PlayerGuest(
    request: Request, tournament: Tournament, data: dict[str, Any], registration: int
) -> Registration:
    """Mark a player a guest (no place, rating change, qualification or cup points), or
    count him again (the chief referee's)."""
    entry = registration_of(tournament, registration)
    return tournaments.mark_guest(
        entry.pk, request.user, guest=data["guest"], reason=data["reason"]
    )


@action(
    manage,
    request=SubstituteSerializer,
    response=PlayerSerializer,
    created=True,
    tags=["players"],
)
def PlayerSubstitute(
    request: Request, tournament: Tournament, data: dict[str, Any], registration: int
) -> Registration:
    entry = registration_of(tournament, registration)
    return tournaments.substitute_player(entry.pk, _new_player(data), request.user, data["reason"])


@action(manage, request=EliminationSerializer, response=EliminatedSerializer, tags=["players"])
def PlayerEliminate(
    request: Request, tournament: Tournament, data: dict[str, Any], registration: int
) -> Any:
    """Take a player out of play after the latest round (the chief referee)."""
    entry = registration_of(tournament, registration)
    return tournaments.eliminate_player(entry.pk, request.user, data["reason"])


class CheckInSerializer(Strict, serializers.Serializer):
    present = serializers.BooleanField()
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class CheckInAnswerSerializer(serializers.Serializer):
    """A check-in mark (``tournaments.checkin.Check``)."""

    registration = serializers.IntegerField(source="registration_id")
    round = serializers.IntegerField(
        source="round_number", help_text="the round not yet seated this check-in is for"
    )
    present = serializers.BooleanField()
    reason = serializers.CharField()


@action(
    manage,
    request=CheckInSerializer,
    response=CheckInAnswerSerializer,
    tags=["players"],
)
def PlayerCheckIn(
    request: Request, tournament: Tournament, data: dict[str, Any], registration: int
) -> Any:
    """Mark the player present (or absent, with a reason) for the next round of a tournament that
    asks for check-in; the round seats only those present."""
    entry = registration_of(tournament, registration)
    return checkin.mark(entry.pk, data["present"], request.user, data["reason"])
