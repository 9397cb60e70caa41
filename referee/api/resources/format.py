"""The tournament's format in the API (issue 11; the README's "The tournament's format"):
discipline entries, appeals, the tournament register and team standings (the stages with
the final places are in ``stages``). Eliminating a player is in ``players``, a substitute at
a table in ``tables``.

The register and its lists are the officials' (``may_view_register``), recording discipline
and filing appeals any official's, deciding one the chief referee's: the surface refuses who
has no such right before the body is read; the finer rights (a disqualification, the second
instance) are the discipline services'."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.people import person
from referee.core.permissions import may_view_register
from referee.discipline import services as discipline
from referee.discipline.models import Appeal, Entry
from referee.discipline.register import register
from referee.standings import services as standings
from referee.tournaments.models import Tournament

from ..actions import action
from ..base import IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView
from ..fields import IsoDateTimeField
from ..strict import Strict
from ..surfaces import manage, public, referee, surface

POST = [IDEMPOTENCY_PARAMETER]
#: the register's own refusal (``discipline.register``), for its lists too
REGISTER_REFUSAL = _("Only this tournament's referees see the tournament register.")
officials_reading = surface(may_view_register, REGISTER_REFUSAL)


# -- what the API reads ---------------------------------------------------------------------

TAGS = ["discipline"]


class NewDisciplineEntrySerializer(Strict, serializers.Serializer):
    registration = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Entry.Kind.choices)
    rule = serializers.CharField(max_length=100)
    reason = serializers.CharField()
    round = serializers.IntegerField(required=False, min_value=0)
    table = serializers.IntegerField(required=False)
    points = serializers.CharField(required=False, max_length=20)


class AppealFilingSerializer(Strict, serializers.Serializer):
    appellant = serializers.IntegerField()
    subject = serializers.ChoiceField(choices=Appeal.Subject.choices)
    grounds = serializers.CharField()
    deal = serializers.IntegerField(required=False)
    table = serializers.IntegerField(required=False)
    entry = serializers.IntegerField(required=False)


class AppealDecisionSerializer(Strict, serializers.Serializer):
    decision = serializers.ChoiceField(choices=Appeal.Decision.choices)
    reason = serializers.CharField()
    deal = serializers.JSONField(required=False)
    points = serializers.CharField(required=False, max_length=20)


# -- what it answers ------------------------------------------------------------------------


class DisciplineEntrySerializer(serializers.Serializer):
    """A warning, a yellow card, a deduction or a disqualification (registrations by id)."""

    id = serializers.IntegerField(source="pk")
    registration = serializers.IntegerField(source="registration_id")
    kind = serializers.ChoiceField(choices=Entry.Kind.choices)
    round = serializers.IntegerField(source="round_number")
    table = serializers.IntegerField(source="table_id", allow_null=True, help_text="table id")
    points = serializers.CharField(help_text='points deducted, exact: "5", "1/2"')
    rule = serializers.CharField()
    reason = serializers.CharField()
    referee = serializers.SerializerMethodField(help_text="by full name, else login")
    at = IsoDateTimeField()
    expires_at = IsoDateTimeField(allow_null=True)
    automatic = serializers.BooleanField(help_text="made by the yellow cards, not a referee")
    cancelled_by_appeal = serializers.IntegerField(source="cancelled_by_id", allow_null=True)

    def get_referee(self, entry: Entry) -> str | None:
        return person(entry.referee) or None


class AppealSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    subject = serializers.ChoiceField(choices=Appeal.Subject.choices)
    appellant = serializers.IntegerField(source="appellant_id", help_text="registration id")
    table = serializers.IntegerField(source="table_id", allow_null=True)
    deal = serializers.IntegerField(source="deal_id", allow_null=True)
    entry = serializers.IntegerField(source="entry_id", allow_null=True)
    grounds = serializers.CharField()
    decision = serializers.ChoiceField(choices=Appeal.Decision.choices)
    decision_reason = serializers.CharField()
    decided_by = serializers.SerializerMethodField(help_text="by full name, else login")
    deal_version = serializers.IntegerField(
        source="deal_version.version",
        allow_null=True,
        help_text="the deal's version the decision made",
    )

    def get_decided_by(self, appeal: Appeal) -> str | None:
        return person(appeal.decided_by) or None


class RegisterRowSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    deal = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    rule = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField(), help_text="registrations")
    amount = serializers.CharField(
        allow_null=True, help_text='whists of an adjustment, points of a deduction, exact: "5"'
    )
    detail = serializers.CharField()
    by = serializers.CharField()
    status = serializers.CharField()


class ZeroSumSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    tables = serializers.IntegerField()
    whists = serializers.CharField(help_text="every table's settled whists summed: exactly 0")
    adjustments = serializers.CharField(help_text="referee adjustments outside the sheets")
    balanced = serializers.BooleanField()


class RegisterSerializer(serializers.Serializer):
    rows = RegisterRowSerializer(many=True)
    zero_sum = ZeroSumSerializer(many=True)


class StageSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="stage.number")
    name = serializers.CharField(source="stage.name")
    rounds = serializers.ListField(child=serializers.IntegerField())
    method = serializers.CharField(source="stage.method")
    carry_over = serializers.CharField(source="stage.carry_over")
    entry = serializers.CharField(source="stage.entry")
    players = serializers.ListField(
        source="stage.qualified", child=serializers.IntegerField(), help_text="registrations"
    )


class FinalPlaceSerializer(serializers.Serializer):
    place = serializers.CharField(source="place_label")
    registration = serializers.IntegerField()
    player = serializers.CharField()
    stage = serializers.CharField(help_text="the last stage he played")
    points = serializers.CharField(help_text="his points in that stage, exact")


class TeamSerializer(serializers.Serializer):
    place = serializers.CharField(source="rank_label")
    team = serializers.CharField()
    members = serializers.ListField(child=serializers.CharField())
    points = serializers.CharField(help_text="exact")
    rounds = serializers.ListField(
        source="round_points", child=serializers.CharField(allow_null=True), help_text="exact"
    )


# -- the views ------------------------------------------------------------------------------


class RegisterView(ApiView):
    """The tournament register with its zero-sum lines (officials only)."""

    @extend_schema(responses={200: RegisterSerializer, **READ_ERRORS}, tags=TAGS)
    @officials_reading
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(RegisterSerializer(register(tournament, request.user)).data)


@action(referee, NewDisciplineEntrySerializer, DisciplineEntrySerializer, created=True, tags=TAGS)
def DisciplineRecord(request: Request, tournament: Tournament, v: dict[str, Any]) -> Entry:
    return discipline.record_entry(
        tournament.pk,
        v["registration"],
        v["kind"],
        request.user,
        rule=v["rule"],
        reason=v["reason"],
        round_number=v.get("round"),
        table_id=v.get("table"),
        points=v.get("points"),
    )


class DisciplineList(DisciplineRecord):  # type: ignore[valid-type,misc]
    """The register's entries; ``POST`` records one (``DisciplineRecord``)."""

    @extend_schema(responses={200: DisciplineEntrySerializer(many=True), **READ_ERRORS}, tags=TAGS)
    @officials_reading
    def get(self, request: Request, tournament: Tournament) -> Response:
        entries = Entry.objects.filter(tournament=tournament).select_related("referee")
        return Response(DisciplineEntrySerializer(entries, many=True).data)


@action(referee, AppealFilingSerializer, AppealSerializer, created=True, tags=TAGS)
def AppealFile(request: Request, tournament: Tournament, v: dict[str, Any]) -> Appeal:
    return discipline.file_appeal(
        tournament.pk,
        v["appellant"],
        v["subject"],
        v["grounds"],
        request.user,
        deal_id=v.get("deal"),
        table_id=v.get("table"),
        entry_id=v.get("entry"),
    )


class AppealList(AppealFile):  # type: ignore[valid-type,misc]
    """The appeals; ``POST`` files one (``AppealFile``)."""

    @extend_schema(responses={200: AppealSerializer(many=True), **READ_ERRORS}, tags=TAGS)
    @officials_reading
    def get(self, request: Request, tournament: Tournament) -> Response:
        appeals = Appeal.objects.filter(tournament=tournament).select_related(
            "decided_by", "deal_version"
        )
        return Response(AppealSerializer(appeals, many=True).data)


@action(manage, request=AppealDecisionSerializer, response=AppealSerializer, tags=TAGS)
def AppealDecide(
    request: Request, tournament: Tournament, v: dict[str, Any], appeal: int
) -> Appeal:
    found = Appeal.objects.filter(tournament=tournament, pk=appeal).first()
    if found is None:
        raise Http404
    return discipline.decide_appeal(
        found.pk,
        v["decision"],
        v["reason"],
        request.user,
        deal_data=v.get("deal"),
        points=v.get("points"),
    )


class TeamsView(ApiView):
    @extend_schema(responses={200: TeamSerializer(many=True), **READ_ERRORS}, tags=["standings"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        rows = standings.standings_after(tournament, viewer=request.user).rows
        teams = standings.team_table(tournament, rows)
        return Response(TeamSerializer(teams, many=True).data)
