"""The standings settings and publishing a round (``/api/v1/tournaments/<slug>/…``).

The same service as the standings settings page (``standings.update_settings``), with the
same right (the chief referee) and the same effect: ``published_through`` is the last round
the public sees. ``rounds/<n>/publish/`` makes the results public through round ``n`` (it
never hides a round already public: lower ``published_through`` in the settings for that).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import NotAllowed
from referee.core.permissions import is_official
from referee.standings import services as standings
from referee.standings.models import StandingsSettings
from referee.standings.pure import points, ranking

from .base import (
    ERRORS,
    IDEMPOTENCY_PARAMETER,
    READ_ERRORS,
    ApiView,
    idempotent,
    round_or_404,
    tournament_or_404,
)
from .strict import Strict

#: every setting of the standings settings page, by the service's names
FIELDS = standings.EDITABLE


class StandingsSettingsSerializer(Strict, serializers.Serializer[Any]):
    """The standings settings page's settings (TOURNAMENTS §3, §5, §11)."""

    method = serializers.ChoiceField(choices=sorted(points.METHODS))
    params = serializers.DictField(help_text='the method\'s parameters; numbers exact: 2 or "1/10"')
    normalisation = serializers.ChoiceField(choices=list(points.NORMALISATIONS))
    four_table_factor = serializers.CharField(max_length=20, help_text='exact, e.g. "4/3"')
    elimination_threshold = serializers.IntegerField(
        allow_null=True, min_value=-(10**9), max_value=-1, help_text="whists; null: none"
    )
    elimination_action = serializers.ChoiceField(choices=StandingsSettings.Action.choices)
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(ranking.METRICS)),
        max_length=len(ranking.METRICS),
    )
    count_adjustments = serializers.BooleanField()
    published_through = serializers.IntegerField(
        allow_null=True,
        min_value=1,
        max_value=10000,
        help_text="the last round the public sees; null: no results are public yet",
    )

    def validate_tie_breaks(self, value: list[str]) -> list[str]:
        """As the page's form: at least one, each once."""
        if not value:
            raise serializers.ValidationError(_("Choose at least one tie-break."))
        if len(set(value)) != len(value):
            raise serializers.ValidationError(_("Each tie-break once: remove the repeated one."))
        return value


def _body(tournament: Any) -> dict[str, Any]:
    saved = standings.settings_of(tournament)
    return {name: getattr(saved, name) for name in FIELDS}


class StandingsSettingsView(ApiView):
    @extend_schema(
        responses={200: StandingsSettingsSerializer, 403: ERRORS[403], **READ_ERRORS},
        tags=["standings"],
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        if not is_official(request.user, tournament):
            raise NotAllowed(_("Only this tournament's officials see its standings settings."))
        return Response(_body(tournament))

    @extend_schema(
        request=StandingsSettingsSerializer(partial=True),
        responses={200: StandingsSettingsSerializer, **ERRORS},
        description="Change any of the settings (the chief referee), as the standings "
        "settings page does; the whole result is checked before anything is saved.",
        tags=["standings"],
    )
    def patch(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        data = StandingsSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        standings.update_settings(tournament, request.user, dict(data.validated_data))
        return Response(_body(tournament))


class RoundPublish(ApiView):
    @extend_schema(
        request=None,
        responses={200: StandingsSettingsSerializer, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Make the results public through this round (the chief referee), as "
        "the standings settings page's 'The public sees results through round' does. A "
        "round already public stays public.",
        tags=["rounds"],
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int) -> Response:
        found = round_or_404(request, slug, round)
        tournament = found.tournament
        through = standings.settings_of(tournament).published_through or 0
        standings.update_settings(
            tournament, request.user, {"published_through": max(through, found.number)}
        )
        return Response(_body(tournament))
