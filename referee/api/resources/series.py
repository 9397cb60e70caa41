"""Cups and seasons: the list of series and one series' standings (read only; the series'
managers change them on its management page). What the public sees: a published series,
counting its published tournaments; an unpublished one is its managers'."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.permissions import may_view_series
from referee.series import services
from referee.series.models import Series

from ..base import READ_ERRORS, ApiView


class SeriesTournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    weight = serializers.CharField(help_text='exact, e.g. "1" or "3/2"')


class SeriesSummarySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    season = serializers.CharField()
    published = serializers.BooleanField()
    tournaments = SeriesTournamentSerializer(many=True)


class SeriesRulesSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=Series.Method.choices)
    points_table = serializers.ListField(child=serializers.FloatField())
    best = serializers.IntegerField(allow_null=True, help_text="null: every result counts")
    drop_equal = serializers.ChoiceField(choices=Series.DropEqual.choices)
    min_starts = serializers.IntegerField()
    chain = serializers.ListField(child=serializers.CharField())


class SeriesResultSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="the tournament's slug")
    place = serializers.CharField()
    own_points = serializers.FloatField()
    points = serializers.FloatField()
    counted = serializers.BooleanField()
    reason = serializers.CharField(
        allow_null=True, help_text="not_best or equal_dropped; null when it counts"
    )
    reason_text = serializers.CharField()


class SeriesNoteSerializer(serializers.Serializer):
    code = serializers.CharField()
    text = serializers.CharField()


class SeriesRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="null: below the minimum starts")
    rank_label = serializers.CharField()
    player = serializers.IntegerField(help_text="the registry player's id")
    name = serializers.CharField()
    city = serializers.CharField()
    total = serializers.FloatField()
    starts = serializers.IntegerField()
    ranked = serializers.BooleanField()
    decided_by = serializers.CharField(allow_null=True)
    results = SeriesResultSerializer(many=True)
    notes = SeriesNoteSerializer(many=True)


class SeriesStandingsSerializer(SeriesSummarySerializer):
    rules = SeriesRulesSerializer()
    counted = serializers.ListField(
        child=serializers.CharField(), help_text="the slugs of the tournaments counted"
    )
    rows = SeriesRowSerializer(many=True)


def _summary(series: Series) -> dict[str, Any]:
    return {
        "slug": series.slug,
        "name": series.name,
        "season": series.season,
        "published": series.published,
        "tournaments": [
            {
                "slug": e.tournament.slug,
                "name": e.tournament.name,
                "starts_on": e.tournament.starts_on.isoformat(),
                "weight": e.weight,
            }
            for e in series.entries.select_related("tournament")
        ],
    }


def _standings(series: Series) -> dict[str, Any]:
    table = services.series_table(series)
    slugs: dict[int | str, str] = {t.pk: t.slug for t in table.tournaments}
    method = table.rules.method
    rows = []
    for line in (*table.ranked, *table.unranked):
        row = line.row
        rows.append(
            {
                "rank": row.rank,
                "rank_label": row.rank_label,
                "player": row.player,
                "name": line.player.name,
                "city": line.player.city,
                "total": float(row.total),
                "starts": row.starts,
                "ranked": row.ranked,
                "decided_by": row.decided_by,
                "results": [
                    {
                        "tournament": slugs[r.tournament],
                        "place": r.place_label,
                        "own_points": float(r.own_points),
                        "points": float(r.points),
                        "counted": r.counted,
                        "reason": r.reason,
                        "reason_text": services.reason_text(r.reason, table.rules),
                    }
                    for r in row.results
                ],
                "notes": [{"code": n.code, "text": services.note_text(n)} for n in row.notes],
            }
        )
    return {
        **_summary(series),
        "rules": {
            "method": method.name,
            "points_table": [float(p) for p in getattr(method, "table", ())],
            "best": table.rules.best,
            "drop_equal": table.rules.drop_equal,
            "min_starts": table.rules.min_starts,
            "chain": list(table.rules.chain),
        },
        "counted": [t.slug for t in table.tournaments],
        "rows": rows,
    }


class SeriesList(ApiView):
    @extend_schema(responses={200: SeriesSummarySerializer(many=True)}, tags=["series"])
    def get(self, request: Request) -> Response:
        return Response([_summary(s) for s in services.visible_series(request.user)])


class SeriesDetail(ApiView):
    @extend_schema(responses={200: SeriesStandingsSerializer, **READ_ERRORS}, tags=["series"])
    def get(self, request: Request, series: str) -> Response:
        found = Series.objects.filter(slug=series).first()
        if found is None or not may_view_series(request.user, found):
            raise Http404
        return Response(_standings(found))
