"""The stages in the API (issue 34 point 3): reading them with their groups and the cut the
next stage waits on; setting them (the chief referee, while the tournament is a draft, as the
Format page does); and seating a play-off game between the players tied at the cut, as the
stages page's *Seat the play-off game* does. The services decide and refuse
(``tournaments.services.set_stages``, ``seating.playoff_game``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.seating.playoff_game import MAX_DEALS, seat_playoff_game
from referee.standings import services as standings
from referee.standings.services.qualify import in_the_running
from referee.tournaments import services as setup
from referee.tournaments.models import Stage, Tournament

from ..actions import action
from ..answers import RoundAnswer
from ..base import READ_ERRORS
from ..strict import Strict
from ..surfaces import manage, public
from .format import FinalPlaceSerializer, StageSerializer
from .rounds import RoundSerializer


class StageSpecSerializer(Strict, serializers.Serializer):
    name = serializers.CharField(max_length=100)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=99)
    method = serializers.CharField(max_length=10, help_text="random, swiss, playoff, fixed")
    carry_over = serializers.CharField(max_length=10, default=Stage.CarryOver.ALL)
    carry_fraction = serializers.CharField(max_length=20, default="1")
    entry = serializers.CharField(
        max_length=10,
        default=Stage.Entry.ALL,
        help_text="all, top, named, group_top (the top N of each group), crossover",
    )
    entry_count = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    named = serializers.ListField(child=serializers.IntegerField(), required=False)
    groups = serializers.IntegerField(default=1, min_value=0, help_text="1: no groups")
    seeding = serializers.CharField(
        max_length=10, default=Stage.Seeding.SNAKE, help_text="snake, standings, rating"
    )


class StagesInSerializer(Strict, serializers.Serializer):
    stages = StageSpecSerializer(many=True)


class GroupedStageSerializer(StageSerializer):
    groups = serializers.IntegerField(source="stage.groups")
    seeding = serializers.CharField(source="stage.seeding")
    members = serializers.ListField(
        source="stage.members",
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="the groups' registrations, A first (empty: one field)",
    )


class GroupCutSerializer(serializers.Serializer):
    """A group's cut (``standings.services.groups.Group``)."""

    group = serializers.CharField(
        source="label", help_text="the group's letter, empty without groups"
    )
    through = serializers.ListField(
        source="cut.through", child=serializers.IntegerField(), help_text="registrations"
    )
    tied = serializers.ListField(
        source="cut.tied",
        child=serializers.IntegerField(),
        help_text="tied across the cut, registrations",
    )
    places = serializers.CharField(
        source="cut.tied_label", help_text="the places the tie shares, e.g. 3–6"
    )


class CutSerializer(serializers.Serializer):
    """The cut the next stage waits on (``standings.StageCut``)."""

    stage = serializers.IntegerField(source="table.stage.number", help_text="the stage being cut")
    following = serializers.IntegerField(
        source="following.number", help_text="the stage waiting on the cut"
    )
    count = serializers.SerializerMethodField(help_text="N, of each group when by_group")
    by_group = serializers.BooleanField()
    tied = serializers.BooleanField(help_text="a play-off game or the lot must decide")
    groups = GroupCutSerializer(many=True)

    def get_count(self, found: standings.StageCut) -> int:
        return found.following.entry_count or 0


class GroupedStagesSerializer(serializers.Serializer):
    stages = GroupedStageSerializer(many=True)
    places = FinalPlaceSerializer(many=True)
    cut = CutSerializer(allow_null=True)


class PlayoffSerializer(Strict, serializers.Serializer):
    deals = serializers.IntegerField(help_text=f"1 to {MAX_DEALS}")
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)


class Stages(NamedTuple):
    stages: Sequence[Any]
    places: Sequence[Any]
    cut: standings.StageCut | None


def _stages(tournament: Tournament, viewer: object) -> Stages:
    """What ``GroupedStagesSerializer`` reads: the stages, the places and the cut."""
    data = standings.load(tournament, viewer)
    tables = standings.stage_tables(tournament, viewer=viewer, data=data)
    places = standings.final_places(tournament, viewer=viewer, tables=tables)
    found = standings.next_cut(tournament, viewer, tables, data.rounds, in_the_running(data))
    return Stages(tables, places, found)


@action(
    manage,
    request=StagesInSerializer,
    response=GroupedStagesSerializer,
    tags=["standings"],
)
def StagesSet(request: Request, tournament: Tournament, data: dict[str, Any]) -> Stages:
    """Replace the stages, first to last (the chief referee, before play starts), as the Format page
    does."""
    setup.set_stages(tournament.pk, [dict(s) for s in data["stages"]], request.user)
    return _stages(tournament, request.user)


class StagesView(StagesSet):  # type: ignore[valid-type,misc]
    """The stages with their groups, the tournament's places by them and the cut the next
    stage waits on (what the viewer may see); ``POST`` sets them (``StagesSet``)."""

    @extend_schema(responses={200: GroupedStagesSerializer, **READ_ERRORS}, tags=["standings"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(GroupedStagesSerializer(_stages(tournament, request.user)).data)


@action(
    manage,
    request=PlayoffSerializer,
    response=RoundSerializer,
    created=True,
    tags=["rounds"],
)
def PlayoffView(request: Request, tournament: Tournament, data: dict[str, Any]) -> RoundAnswer:
    """Seat a play-off game between the players tied across the next stage's cut: one table per tied
    group, in play at once, its deals capped at `deals`."""
    seated = seat_playoff_game(tournament.pk, request.user, data["deals"], data.get("seed"))
    return RoundAnswer(seated)
