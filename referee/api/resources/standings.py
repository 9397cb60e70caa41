"""The standings: the table after a round, a round's results, a player's card, and the
standings settings (``GET`` for officials, ``PATCH`` for the chief referee).

The settings are the standings settings page's service (``standings.update_settings``) with
its right and effect: ``published_through`` is the last round the public sees (publishing
one round is ``rounds/<n>/publish/``, in ``rounds``). What the public reads is what the
standings services show the viewer; a round not public yet is 404 (``NotVisible``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.permissions import is_official
from referee.standings import services as standings
from referee.standings.models import StandingsSettings
from referee.standings.pure import points, ranking
from referee.standings.pure.outlook import Outlook
from referee.tournaments.models import Tournament

from ..base import ERRORS, READ_ERRORS, ApiView
from ..fields import Number
from ..strict import Strict
from ..surfaces import manage, public, surface
from .players import registration_of


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    rank_label = serializers.CharField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    city = serializers.CharField()
    points = Number()
    whists = Number()
    firsts = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    round_points = serializers.ListField(child=Number(allow_null=True))
    round_whists = serializers.ListField(child=Number(allow_null=True))
    provisional = serializers.BooleanField()
    flags = serializers.ListField(child=serializers.CharField())


class StandingsSerializer(serializers.Serializer):
    after = serializers.IntegerField(allow_null=True)
    rounds = serializers.ListField(child=serializers.IntegerField())
    provisional = serializers.BooleanField()
    rows = StandingsRowSerializer(many=True)


class SeatResultSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    letter = serializers.CharField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    whists = Number()
    points = Number(allow_null=True)
    place = serializers.CharField()
    flags = serializers.ListField(child=serializers.CharField())


class TableResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    provisional = serializers.BooleanField()
    deals = serializers.IntegerField()
    seats = SeatResultSerializer(many=True)


class RoundResultsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    provisional = serializers.BooleanField()
    tables = TableResultSerializer(many=True)


class CardRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    letter = serializers.CharField()
    opponents = serializers.ListField(child=serializers.CharField())
    whists = Number(allow_null=True)
    points = Number(allow_null=True)
    place = serializers.CharField()
    provisional = serializers.BooleanField()


class PlayerCardSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    city = serializers.CharField()
    withdrawn = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True, source="standing.rank", default=None)
    points = Number(allow_null=True, source="standing.points", default=None)
    rounds = CardRoundSerializer(many=True)


# -- the settings ---------------------------------------------------------------------------

#: every setting of the standings settings page, by the service's names
FIELDS = standings.EDITABLE
SETTINGS_REFUSAL = gettext_lazy("Only this tournament's officials see its standings settings.")


class StandingsSettingsSerializer(Strict, serializers.Serializer):
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


def settings_body(tournament: Tournament) -> Any:
    return StandingsSettingsSerializer(standings.settings_of(tournament)).data


# -- the views ------------------------------------------------------------------------------


class StandingsView(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("after", OpenApiTypes.INT, description="after round N")],
        responses={200: StandingsSerializer, **READ_ERRORS},
        tags=["standings"],
    )
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        after = request.query_params.get("after")
        number = None
        if after is not None:
            if not after.isdecimal() or len(after) > 4:
                raise ValidationError({"after": [_("A round number.")]})
            number = int(after)
        found = standings.standings_after(tournament, number, viewer=request.user)
        return Response(StandingsSerializer(found).data)


class RoundResults(ApiView):
    @extend_schema(responses={200: RoundResultsSerializer, **READ_ERRORS}, tags=["standings"])
    @public
    def get(self, request: Request, tournament: Tournament, round: int) -> Response:
        results = standings.round_results(tournament, round, viewer=request.user)
        return Response(RoundResultsSerializer(results).data)


class PlayerCard(ApiView):
    @extend_schema(responses={200: PlayerCardSerializer, **READ_ERRORS}, tags=["standings"])
    @public
    def get(self, request: Request, tournament: Tournament, registration: int) -> Response:
        entry = registration_of(tournament, registration)
        card = standings.player_card(tournament, entry, viewer=request.user)
        return Response(PlayerCardSerializer(card).data)


class StandingsSettingsView(ApiView):
    @extend_schema(
        responses={200: StandingsSettingsSerializer, 403: ERRORS[403], **READ_ERRORS},
        tags=["standings"],
    )
    @surface(is_official, SETTINGS_REFUSAL)
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(settings_body(tournament))

    @extend_schema(
        request=StandingsSettingsSerializer(partial=True),
        responses={200: StandingsSettingsSerializer, **ERRORS},
        tags=["standings"],
    )
    @manage
    def patch(self, request: Request, tournament: Tournament) -> Response:
        """Change any of the settings (the chief referee), as the standings settings page does; the
        whole result is checked before anything is saved."""
        data = StandingsSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        standings.update_settings(tournament, request.user, dict(data.validated_data))
        return Response(settings_body(tournament))


class CutFields(serializers.Serializer):
    """The next stage's cut (``standings.Qualification``, at ``cut``; null: no cut)."""

    stage = serializers.CharField(
        source="cut.stage.name", allow_null=True, help_text="the stage being played"
    )
    next_stage = serializers.CharField(
        source="cut.next_stage.name", allow_null=True, help_text="the stage of the best N"
    )
    cut = serializers.IntegerField(source="cut.cut", allow_null=True)
    rounds_left = serializers.IntegerField(source="cut.rounds_left", allow_null=True)
    exact = serializers.BooleanField(
        source="cut.exact",
        default=False,
        help_text="the places are the reachable ones (no round left), not bounds",
    )


class VerdictFields(serializers.Serializer):
    """A player's outlook against the cut (``standings.pure.outlook.Outlook``, at
    ``outlook``)."""

    current = serializers.IntegerField(source="outlook.current", help_text="his place now")
    best = serializers.IntegerField(source="outlook.best", allow_null=True)
    worst = serializers.IntegerField(source="outlook.worst", allow_null=True)
    verdict = serializers.ChoiceField(
        source="outlook.verdict", choices=["qualified", "eliminated", "open", "unknown"]
    )


class OutlookPlayerFields(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()


class OutlookSerializer(OutlookPlayerFields, VerdictFields):
    """A player's outlook (``PlayerOutlook``)."""


class QualificationSerializer(CutFields):
    """Who can still reach the next stage (``QualificationAnswer``)."""

    players = OutlookSerializer(many=True)


class PlayerOutlook(NamedTuple):
    registration: int
    name: str
    outlook: Outlook


@dataclass(frozen=True)
class QualificationAnswer:
    """The cut (None: no later stage takes the best N) and every player's outlook, by his
    place now."""

    tournament: Tournament
    cut: standings.Qualification | None

    @property
    def players(self) -> list[PlayerOutlook]:
        if self.cut is None:
            return []
        names = dict(self.tournament.entries.values_list("pk", "player__name"))
        found = sorted(self.cut.players.items(), key=lambda i: i[1].current)
        return [PlayerOutlook(r, names.get(r, ""), o) for r, o in found]


class Qualification(ApiView):
    @extend_schema(
        responses={200: QualificationSerializer, **READ_ERRORS},
        tags=["standings"],
    )
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        """Who can still reach the next stage: each player's best and worst possible place after the
        stage's remaining rounds (empty without a cut)."""
        found = standings.qualification(tournament, viewer=request.user)
        return Response(QualificationSerializer(QualificationAnswer(tournament, found)).data)
