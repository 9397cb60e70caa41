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

from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
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
    id = serializers.IntegerField()
    name = serializers.CharField()
    city = serializers.CharField()
    rating_number = serializers.CharField()
    contact = serializers.CharField()
    status = serializers.ChoiceField(choices=Application.Status.values)
    same_as = serializers.IntegerField(
        allow_null=True, help_text="the registry player of the same name and city"
    )
    registration = serializers.IntegerField(allow_null=True)


class ReceivedSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "waiting"])


def _body(a: Application) -> dict[str, Any]:
    return {
        "id": a.pk,
        "name": a.name,
        "city": a.city,
        "rating_number": a.rating_number,
        "contact": a.contact,
        "status": a.status,
        "same_as": a.same_as_id,
        "registration": a.registration_id,
    }


class ApplicationList(ApiView):
    @extend_schema(
        responses={200: ApplicationSerializer(many=True), **READ_ERRORS}, tags=["players"]
    )
    @manage
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response([_body(a) for a in Application.objects.filter(tournament=tournament)])


class Apply(ApiView):
    permission_classes = (AllowAny,)  # a public form: the player has no account

    @extend_schema(
        request=ApplySerializer,
        responses={201: ReceivedSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Apply to play a tournament open to self-registration.",
        tags=["players"],
    )
    @idempotent
    @public
    def post(self, request: Request, tournament: Tournament) -> Response:
        data = ApplySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        address = request.META.get("REMOTE_ADDR", "")
        made = applications.apply(tournament.pk, dict(data.validated_data), address)
        return Response({"status": made.status}, status=201)


class ApplicationDecision(ApiView):
    action = "approve"

    @extend_schema(
        request=DecisionSerializer,
        responses={200: ApplicationSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["players"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament, application: int) -> Response:
        found = get_object_or_404(Application, pk=application, tournament=tournament)
        data = DecisionSerializer(data=request.data or {})
        data.is_valid(raise_exception=True)
        done = applications.decide(
            found.pk,
            request.user,
            self.action == "approve",
            beyond_cap=data.validated_data["beyond_cap"],
        )
        return Response(_body(done))
