"""A registry player's profile across tournaments (``/api/v1/registry/players/<id>/``): his
tournaments with place and points and the statistics of his deals, as the profile page shows
them (``ratings.services.profile``): the published results only, whoever asks.

Every amount is the page's figure as a JSON number: exact whists and points rounded to two
decimals, half away from zero (``core.figures.rounded``), an integer when whole; a third is
never written as ``-131.33333333333334``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.ratings.services import listing, profile
from referee.ratings.surfaces import registry_player_endpoint
from referee.standings.pure.player_stats import Stats
from referee.tournaments.models import Player

from ..base import READ_ERRORS, ApiView
from ..fields import Figure


class RegistryPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    city = serializers.CharField()


class Contract(NamedTuple):
    level: int
    strain: str
    declared: int
    made: int


class ContractSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    strain = serializers.CharField(help_text="S, C, D, H or NT")
    declared = serializers.IntegerField()
    made = serializers.IntegerField()


class RecordSerializer(serializers.Serializer):
    """A record of his (``player_stats.Record``)."""

    value = Figure()
    tournament = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()


class StatsSerializer(serializers.Serializer):
    """The statistics of his deals (``player_stats.Stats``): counts, then the page's figures."""

    tables = serializers.IntegerField()
    first_places = serializers.IntegerField()
    deals = serializers.IntegerField()
    declared = serializers.IntegerField()
    made = serializers.IntegerField()
    set = serializers.IntegerField()
    misere_tried = serializers.IntegerField()
    misere_made = serializers.IntegerField()
    whists = serializers.IntegerField()
    whist_sets = serializers.IntegerField()
    shortfalls = serializers.IntegerField()
    raspasy = serializers.IntegerField()
    remizes = serializers.IntegerField()
    result = Figure(help_text="the sum of his settled results at the tables")
    whists_written = Figure()
    shortfall_mountain = Figure()
    raspasy_result = Figure()
    pool = Figure()
    mountain = Figure()
    whists_by = Figure()
    whists_on = Figure()
    remiz_mountain = Figure()
    made_share = Figure(
        allow_null=True, help_text="made / declared, two decimals (the page shows a percent)"
    )
    raspasy_average = Figure(allow_null=True)
    contracts = serializers.SerializerMethodField()
    best_result = RecordSerializer(allow_null=True)
    longest_raspasy = RecordSerializer(allow_null=True)
    worst_misere = RecordSerializer(allow_null=True)

    @extend_schema_field(ContractSerializer(many=True))
    def get_contracts(self, s: Stats) -> Any:
        """By level, then strain in the order of the pack (``profile.STRAINS``)."""
        ordered = sorted(s.contracts, key=lambda k: (k[0], profile.STRAINS.index(k[1])))
        lines = [
            Contract(lv, st, s.contracts[lv, st], s.contracts_made.get((lv, st), 0))
            for lv, st in ordered
        ]
        return ContractSerializer(lines, many=True).data


class ProfileTournamentSerializer(serializers.Serializer):
    """A tournament of his (``profile.TournamentLine``)."""

    slug = serializers.CharField(source="tournament.slug")
    name = serializers.CharField(source="tournament.name")
    starts_on = serializers.DateField(source="tournament.starts_on")
    registration = serializers.IntegerField()
    published_through = serializers.IntegerField(source="through")
    place = serializers.CharField(
        source="standing.place", help_text='"1", "2–3"; "" when not placed'
    )
    points = Figure(source="standing.points", allow_null=True)
    whists = Figure(source="standing.whists", allow_null=True)
    round_points = serializers.ListField(
        source="standing.round_points", child=Figure(allow_null=True)
    )
    tables = serializers.IntegerField(source="stats.tables")
    stats = StatsSerializer()


class Opponent(NamedTuple):
    id: int
    name: str
    tables: int


class OpponentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    tables = serializers.IntegerField()


class ProfileSerializer(serializers.Serializer):
    """A registry player's profile (``ratings.services.profile.Profile``)."""

    player = RegistryPlayerSerializer()
    overall = StatsSerializer()
    tournaments = ProfileTournamentSerializer(many=True)
    opponents = serializers.SerializerMethodField()

    @extend_schema_field(OpponentSerializer(many=True))
    def get_opponents(self, found: profile.Profile) -> Any:
        return OpponentSerializer([Opponent(*o) for o in found.opponents], many=True).data


class RegistryPlayerProfile(ApiView):
    @extend_schema(responses={200: ProfileSerializer, **READ_ERRORS}, tags=["players"])
    @registry_player_endpoint
    def get(self, request: Request, player: Player) -> Response:
        return Response(ProfileSerializer(profile.profile(player)).data)


class RegistryRowSerializer(serializers.Serializer):
    """A player of the registry's list (``listing.registry_page``)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    city = serializers.CharField()
    club = serializers.CharField()
    federation_id = serializers.CharField()
    tournaments = serializers.IntegerField(help_text="the published tournaments he played")


class RegistryPageSerializer(serializers.Serializer):
    query = serializers.CharField()
    page = serializers.IntegerField(source="number")
    has_next = serializers.BooleanField()
    players = RegistryRowSerializer(many=True)


class RegistryList(ApiView):
    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="words of the name, any case, ё = е"),
            OpenApiParameter("page", int, description="from 1"),
        ],
        responses={200: RegistryPageSerializer},
        tags=["players"],
        operation_id="v1_registry_players_list",
    )
    def get(self, request: Request) -> Response:
        """The registry's players of published tournaments, 50 a page, by name."""
        number = request.query_params.get("page", "")
        found = listing.registry_page(
            request.query_params.get("q", ""), int(number) if number.isdecimal() else 1
        )
        return Response(RegistryPageSerializer(found).data)
