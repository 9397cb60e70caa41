"""A registry player's profile across tournaments (``/api/v1/registry/players/<id>/``): his
tournaments with place and points and the statistics of his deals, as the profile page shows
them (``ratings.services.profile``): the published results only, whoever asks.

Every amount is the page's figure as a JSON number: exact whists and points rounded to two
decimals, half away from zero (``core.figures.rounded``), an integer when whole; a third is
never written as ``-131.33333333333334``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.figures import rounded
from referee.ratings.services import profile
from referee.standings.pure.player_stats import Record, Stats

from ..base import READ_ERRORS, ApiView


class RegistryPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    city = serializers.CharField()


class ContractSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    strain = serializers.CharField(help_text="S, C, D, H or NT")
    declared = serializers.IntegerField()
    made = serializers.IntegerField()


class RecordSerializer(serializers.Serializer):
    value = serializers.FloatField()
    tournament = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()


class StatsSerializer(serializers.Serializer):
    tables = serializers.IntegerField()
    result = serializers.FloatField(help_text="the sum of his settled results at the tables")
    first_places = serializers.IntegerField()
    deals = serializers.IntegerField()
    declared = serializers.IntegerField()
    made = serializers.IntegerField()
    set = serializers.IntegerField()
    made_share = serializers.FloatField(
        allow_null=True, help_text="made / declared, two decimals (the page shows a percent)"
    )
    contracts = ContractSerializer(many=True)
    misere_tried = serializers.IntegerField()
    misere_made = serializers.IntegerField()
    whists = serializers.IntegerField()
    whist_sets = serializers.IntegerField()
    whists_written = serializers.FloatField()
    shortfalls = serializers.IntegerField()
    shortfall_mountain = serializers.FloatField()
    raspasy = serializers.IntegerField()
    raspasy_result = serializers.FloatField()
    raspasy_average = serializers.FloatField(allow_null=True)
    pool = serializers.FloatField()
    mountain = serializers.FloatField()
    whists_by = serializers.FloatField()
    whists_on = serializers.FloatField()
    remizes = serializers.IntegerField()
    remiz_mountain = serializers.FloatField()
    best_result = RecordSerializer(allow_null=True)
    longest_raspasy = RecordSerializer(allow_null=True)
    worst_misere = RecordSerializer(allow_null=True)


class ProfileTournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    registration = serializers.IntegerField()
    published_through = serializers.IntegerField()
    place = serializers.CharField(help_text='"1", "2–3"; "" when not placed')
    points = serializers.FloatField(allow_null=True)
    whists = serializers.FloatField(allow_null=True)
    round_points = serializers.ListField(child=serializers.FloatField(allow_null=True))
    tables = serializers.IntegerField()
    stats = StatsSerializer()


class OpponentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    tables = serializers.IntegerField()


class ProfileSerializer(serializers.Serializer):
    player = RegistryPlayerSerializer()
    overall = StatsSerializer()
    tournaments = ProfileTournamentSerializer(many=True)
    opponents = OpponentSerializer(many=True)


def _number(value: Fraction | int | None) -> int | float | None:
    """The page's figure as a number: two decimals at most, an int when whole."""
    return None if value is None else rounded(value)


def _record(record: Record | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {
        "value": rounded(record.value),
        "tournament": record.tournament,
        "round": record.round,
        "table": record.table,
    }


COUNTS = (
    "tables",
    "first_places",
    "deals",
    "declared",
    "made",
    "set",
    "misere_tried",
    "misere_made",
    "whists",
    "whist_sets",
    "shortfalls",
    "raspasy",
    "remizes",
)
AMOUNTS = (
    "result",
    "whists_written",
    "shortfall_mountain",
    "raspasy_result",
    "pool",
    "mountain",
    "whists_by",
    "whists_on",
    "remiz_mountain",
)


def stats_body(s: Stats) -> dict[str, Any]:
    body: dict[str, Any] = {name: getattr(s, name) for name in COUNTS}
    body |= {name: rounded(getattr(s, name)) for name in AMOUNTS}
    body["made_share"] = _number(s.made_share)
    body["raspasy_average"] = _number(s.raspasy_average)
    ordered = sorted(s.contracts, key=lambda k: (k[0], profile.STRAINS.index(k[1])))
    body["contracts"] = [
        {
            "level": lv,
            "strain": st,
            "declared": s.contracts[lv, st],
            "made": s.contracts_made.get((lv, st), 0),
        }
        for lv, st in ordered
    ]
    for name in ("best_result", "longest_raspasy", "worst_misere"):
        body[name] = _record(getattr(s, name))
    return body


def profile_body(found: profile.Profile) -> dict[str, Any]:
    p = found.player
    return {
        "player": {"id": p.pk, "name": p.name, "city": p.city},
        "overall": stats_body(found.overall),
        "tournaments": [
            {
                "slug": line.tournament.slug,
                "name": line.tournament.name,
                "starts_on": line.tournament.starts_on.isoformat(),
                "registration": line.registration,
                "published_through": line.through,
                "place": line.standing.place,
                "points": _number(line.standing.points),
                "whists": _number(line.standing.whists),
                "round_points": [_number(v) for v in line.standing.round_points],
                "tables": line.stats.tables,
                "stats": stats_body(line.stats),
            }
            for line in found.tournaments
        ],
        "opponents": [{"id": pk, "name": name, "tables": n} for pk, name, n in found.opponents],
    }


class RegistryPlayerProfile(ApiView):
    @extend_schema(responses={200: ProfileSerializer, **READ_ERRORS}, tags=["players"])
    def get(self, request: Request, player: int) -> Response:
        return Response(profile_body(profile.profile(player)))
