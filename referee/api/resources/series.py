"""Cups and seasons: the list of series and one series' standings (read only; the series'
managers change them on its management page). What the public sees: a published series,
counting its published tournaments; an unpublished one is its managers'."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.series import services
from referee.series.models import Series
from referee.series.surfaces import series_endpoint
from scoring.numbers import to_json

from ..base import READ_ERRORS, ApiView
from ..fields import Number


class SeriesTournamentSerializer(serializers.Serializer):
    """A tournament of the series (``series.models.SeriesEntry``)."""

    slug = serializers.CharField(source="tournament.slug")
    name = serializers.CharField(source="tournament.name")
    starts_on = serializers.DateField(source="tournament.starts_on")
    weight = serializers.CharField(help_text='exact, e.g. "1" or "3/2"')


class SeriesSummarySerializer(serializers.Serializer):
    """A series (``Series``, its entries read with their tournaments)."""

    slug = serializers.CharField()
    name = serializers.CharField()
    season = serializers.CharField()
    published = serializers.BooleanField()
    tournaments = serializers.SerializerMethodField()

    @extend_schema_field(SeriesTournamentSerializer(many=True))
    def get_tournaments(self, series: Series) -> Any:
        entries = series.entries.select_related("tournament")
        return SeriesTournamentSerializer(entries, many=True).data


class SeriesRulesSerializer(serializers.Serializer):
    """The series' rules (``standings.pure.series.Rules``)."""

    method = serializers.ChoiceField(choices=Series.Method.choices, source="method.name")
    points_table = serializers.SerializerMethodField()
    best = serializers.IntegerField(allow_null=True, help_text="null: every result counts")
    drop_equal = serializers.ChoiceField(choices=Series.DropEqual.choices)
    min_starts = serializers.IntegerField()
    chain = serializers.ListField(child=serializers.CharField())

    @extend_schema_field(serializers.ListField(child=serializers.FloatField()))
    def get_points_table(self, rules: Any) -> list[int | float]:
        return [to_json(p) for p in getattr(rules.method, "table", ())]


class SeriesResultSerializer(serializers.Serializer):
    """One tournament's result of a player (``SeriesResult``); ``context["table"]``."""

    tournament = serializers.SerializerMethodField(help_text="the tournament's slug")
    place = serializers.CharField(source="place_label")
    own_points = Number()
    points = Number()
    counted = serializers.BooleanField()
    reason = serializers.CharField(
        allow_null=True, help_text="not_best or equal_dropped; null when it counts"
    )
    reason_text = serializers.SerializerMethodField()

    def get_tournament(self, result: Any) -> str:
        return str(self.context["slugs"][result.tournament])

    def get_reason_text(self, result: Any) -> str:
        return str(services.reason_text(result.reason, self.context["table"].rules))


class SeriesNoteSerializer(serializers.Serializer):
    code = serializers.CharField()
    text = serializers.SerializerMethodField()

    def get_text(self, note: Any) -> str:
        return str(services.note_text(note))


class SeriesRowSerializer(serializers.Serializer):
    """A player's line (``services.SeriesLine``: the registry player and his row)."""

    rank = serializers.IntegerField(
        allow_null=True, source="row.rank", help_text="null: below the minimum starts"
    )
    rank_label = serializers.CharField(source="row.rank_label")
    player = serializers.IntegerField(source="row.player", help_text="the registry player's id")
    name = serializers.CharField(source="player.name")
    city = serializers.CharField(source="player.city")
    total = Number(source="row.total")
    starts = serializers.IntegerField(source="row.starts")
    ranked = serializers.BooleanField(source="row.ranked")
    decided_by = serializers.CharField(allow_null=True, source="row.decided_by")
    results = SeriesResultSerializer(many=True, source="row.results")
    notes = SeriesNoteSerializer(many=True, source="row.notes")


class SeriesStandingsSerializer(SeriesSummarySerializer):
    """A series with its standings; ``context["table"]``: ``services.series_table``'s."""

    rules = serializers.SerializerMethodField()
    counted = serializers.SerializerMethodField(help_text="the slugs of the tournaments counted")
    rows = serializers.SerializerMethodField()

    @extend_schema_field(SeriesRulesSerializer)
    def get_rules(self, series: Series) -> Any:
        return SeriesRulesSerializer(self.context["table"].rules).data

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_counted(self, series: Series) -> list[str]:
        return [t.slug for t in self.context["table"].tournaments]

    @extend_schema_field(SeriesRowSerializer(many=True))
    def get_rows(self, series: Series) -> Any:
        table = self.context["table"]
        lines = (*table.ranked, *table.unranked)
        return SeriesRowSerializer(lines, many=True, context=self.context).data


def _standings(series: Series) -> Any:
    table = services.series_table(series)
    slugs = {t.pk: t.slug for t in table.tournaments}
    return SeriesStandingsSerializer(series, context={"table": table, "slugs": slugs}).data


class SeriesList(ApiView):
    @extend_schema(responses={200: SeriesSummarySerializer(many=True)}, tags=["series"])
    def get(self, request: Request) -> Response:
        return Response(
            SeriesSummarySerializer(services.visible_series(request.user), many=True).data
        )


class SeriesDetail(ApiView):
    @extend_schema(responses={200: SeriesStandingsSerializer, **READ_ERRORS}, tags=["series"])
    @series_endpoint
    def get(self, request: Request, series: Series) -> Response:
        return Response(_standings(series))
