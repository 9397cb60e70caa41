"""Self-registration through the API: anyone who sees the tournament applies (``POST``,
throttled by address); its chief lists the applications and approves or declines them."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from referee.tournaments import applications
from referee.tournaments.models import Application, Tournament

from ..actions import action
from ..base import READ_ERRORS, ApiView
from ..strict import Strict
from ..surfaces import manage, public


class ApplySerializer(Strict, serializers.Serializer):
    name = serializers.CharField(max_length=200, allow_blank=True)
    city = serializers.CharField(max_length=100, allow_blank=True)
    rating_number = serializers.CharField(max_length=40, required=False, allow_blank=True)
    contact = serializers.CharField(max_length=200, allow_blank=True)
    category = serializers.CharField(
        max_length=100, required=False, allow_blank=True, help_text="when the rules ask for one"
    )
    division = serializers.CharField(
        max_length=100, required=False, allow_blank=True, help_text="when the rules ask for one"
    )


class DecisionSerializer(Strict, serializers.Serializer):
    beyond_cap = serializers.BooleanField(
        required=False,
        default=False,
        help_text="approve even though the players then exceed the cap (refused without it,"
        " code tournaments.apply.over_cap)",
    )


class ApplicationSerializer(serializers.Serializer):
    """An application (``tournaments.models.Application``)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    city = serializers.CharField()
    rating_number = serializers.CharField()
    contact = serializers.CharField()
    status = serializers.ChoiceField(choices=Application.Status.values)
    same_as = serializers.IntegerField(
        source="same_as_id",
        allow_null=True,
        help_text="the registry player of the same name and city",
    )
    registration = serializers.IntegerField(source="registration_id", allow_null=True)


class ReceivedSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "waiting"])


class ApplicationList(ApiView):
    @extend_schema(
        responses={200: ApplicationSerializer(many=True), **READ_ERRORS}, tags=["players"]
    )
    @manage
    def get(self, request: Request, tournament: Tournament) -> Response:
        found = Application.objects.filter(tournament=tournament)
        return Response(ApplicationSerializer(found, many=True).data)


@action(
    public,
    request=ApplySerializer,
    response=ReceivedSerializer,
    created=True,
    tags=["players"],
)
def Applying(request: Request, tournament: Tournament, data: dict[str, Any]) -> Application:
    """Apply to play a tournament open to self-registration."""
    address = request.META.get("REMOTE_ADDR", "")
    return applications.apply(tournament.pk, data, address)


class Apply(Applying):  # type: ignore[valid-type,misc]
    permission_classes = (AllowAny,)  # a public form: the player has no account


@action(manage, request=DecisionSerializer, response=ApplicationSerializer, tags=["players"])
def ApplicationDecision(
    request: Request, tournament: Tournament, data: dict[str, Any], application: int, verb: str
) -> Application:
    """Approve or decline an application (the URL's verb)."""
    found = get_object_or_404(Application, pk=application, tournament=tournament)
    approve = verb == "approve"
    return applications.decide(found.pk, request.user, approve, beyond_cap=data["beyond_cap"])
