"""The tournament layer in the API (issue 11): the discipline register, appeals, the tournament
register, stages with the final places, and team standings.

Every right is the services' (``core.permissions``): recording discipline, filing and deciding
appeals and reading the register; a refusal is the API's usual 403 or 400.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.people import person
from referee.discipline import services as discipline
from referee.discipline.models import Appeal, Entry
from referee.discipline.register import register
from referee.standings import services as standings
from referee.tables.substitutes import substitute_in_pulka
from referee.tournaments import services as tournaments

from .base import (
    ERRORS,
    IDEMPOTENCY_PARAMETER,
    READ_ERRORS,
    ApiView,
    idempotent,
    table_or_404,
    tournament_or_404,
)
from .strict import Strict


def _number(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "registration": entry.registration_id,
        "kind": entry.kind,
        "round": entry.round_number,
        "table": entry.table_id,
        "points": entry.points,
        "rule": entry.rule,
        "reason": entry.reason,
        "referee": person(entry.referee) or None,
        "at": entry.at.isoformat(),
        "expires_at": entry.expires_at.isoformat() if entry.expires_at else None,
        "automatic": entry.automatic,
        "cancelled_by_appeal": entry.cancelled_by_id,
    }


def appeal_json(appeal: Appeal) -> dict[str, Any]:
    return {
        "id": appeal.pk,
        "subject": appeal.subject,
        "appellant": appeal.appellant_id,
        "table": appeal.table_id,
        "deal": appeal.deal_id,
        "entry": appeal.entry_id,
        "grounds": appeal.grounds,
        "decision": appeal.decision,
        "decision_reason": appeal.decision_reason,
        "decided_by": person(appeal.decided_by) or None,
        "deal_version": appeal.deal_version.version if appeal.deal_version else None,
    }


#: A plain JSON list of objects (these lists are short: a tournament's register, its teams).
LIST_OF_OBJECTS = {"type": "array", "items": {"type": "object"}}


class DisciplineEntrySerializer(Strict, serializers.Serializer[Any]):
    registration = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Entry.Kind.choices)
    rule = serializers.CharField(max_length=100)
    reason = serializers.CharField()
    round = serializers.IntegerField(required=False, min_value=0)
    table = serializers.IntegerField(required=False)
    points = serializers.CharField(required=False, max_length=20)


class AppealFilingSerializer(Strict, serializers.Serializer[Any]):
    appellant = serializers.IntegerField()
    subject = serializers.ChoiceField(choices=Appeal.Subject.choices)
    grounds = serializers.CharField()
    deal = serializers.IntegerField(required=False)
    table = serializers.IntegerField(required=False)
    entry = serializers.IntegerField(required=False)


class AppealDecisionSerializer(Strict, serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=Appeal.Decision.choices)
    reason = serializers.CharField()
    deal = serializers.JSONField(required=False)
    points = serializers.CharField(required=False, max_length=20)


class RegisterView(ApiView):
    """The tournament register with its zero-sum lines (officials only)."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **READ_ERRORS}, tags=["discipline"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        found = register(tournament, request.user)
        return Response(
            {
                "rows": [
                    {
                        "round": r.round,
                        "table": r.table,
                        "deal": r.deal,
                        "kind": r.kind,
                        "rule": r.rule,
                        "players": list(r.players),
                        "amount": _number(r.amount),
                        "detail": r.detail,
                        "by": r.by,
                        "status": r.status,
                    }
                    for r in found.rows
                ],
                "zero_sum": [
                    {
                        "round": z.round,
                        "tables": z.tables,
                        "whists": str(z.whists),
                        "adjustments": str(z.adjustments),
                        "balanced": z.balanced,
                    }
                    for z in found.zero_sum
                ],
            }
        )


class DisciplineList(ApiView):
    @extend_schema(responses={200: LIST_OF_OBJECTS, **READ_ERRORS}, tags=["discipline"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        register(tournament, request.user)  # officials only, as the register
        entries = Entry.objects.filter(tournament=tournament).select_related("referee")
        return Response([entry_json(e) for e in entries])

    @extend_schema(
        request=DisciplineEntrySerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["discipline"],
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        data = DisciplineEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        entry = discipline.record_entry(
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
        return Response(entry_json(entry), status=status.HTTP_201_CREATED)


class AppealList(ApiView):
    @extend_schema(responses={200: LIST_OF_OBJECTS, **READ_ERRORS}, tags=["discipline"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        register(tournament, request.user)  # officials only, as the register
        appeals = Appeal.objects.filter(tournament=tournament).select_related(
            "decided_by", "deal_version"
        )
        return Response([appeal_json(a) for a in appeals])

    @extend_schema(
        request=AppealFilingSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["discipline"],
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        data = AppealFilingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        appeal = discipline.file_appeal(
            tournament.pk,
            v["appellant"],
            v["subject"],
            v["grounds"],
            request.user,
            deal_id=v.get("deal"),
            table_id=v.get("table"),
            entry_id=v.get("entry"),
        )
        return Response(appeal_json(appeal), status=status.HTTP_201_CREATED)


class AppealDecide(ApiView):
    @extend_schema(
        request=AppealDecisionSerializer,
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["discipline"],
    )
    @idempotent
    def post(self, request: Request, slug: str, appeal: int) -> Response:
        tournament = tournament_or_404(request, slug)
        found = Appeal.objects.filter(tournament=tournament, pk=appeal).first()
        if found is None:
            raise Http404
        data = AppealDecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        done = discipline.decide_appeal(
            found.pk,
            v["decision"],
            v["reason"],
            request.user,
            deal_data=v.get("deal"),
            points=v.get("points"),
        )
        return Response(appeal_json(done))


class StagesView(ApiView):
    """The stages and the tournament's places by them (what the viewer may see)."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **READ_ERRORS}, tags=["standings"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        tables = standings.stage_tables(tournament, viewer=request.user)
        places = standings.final_places(tournament, viewer=request.user, tables=tables)
        return Response(
            {
                "stages": [
                    {
                        "number": t.stage.number,
                        "name": t.stage.name,
                        "rounds": list(t.rounds),
                        "method": t.stage.method,
                        "carry_over": t.stage.carry_over,
                        "entry": t.stage.entry,
                        "players": list(t.stage.qualified),
                    }
                    for t in tables
                ],
                "places": [
                    {
                        "place": p.place_label,
                        "registration": p.registration,
                        "player": p.player,
                        "stage": p.stage,
                        "points": str(p.points),
                    }
                    for p in places
                ],
            }
        )


class TeamsView(ApiView):
    @extend_schema(responses={200: LIST_OF_OBJECTS, **READ_ERRORS}, tags=["standings"])
    def get(self, request: Request, slug: str) -> Response:
        tournament = tournament_or_404(request, slug)
        rows = standings.standings_after(tournament, viewer=request.user).rows
        return Response(
            [
                {
                    "place": t.rank_label,
                    "team": t.team,
                    "members": list(t.members),
                    "points": str(t.points),
                    "rounds": [_number(v) for v in t.round_points],
                }
                for t in standings.team_table(tournament, rows)
            ]
        )


class EliminationSerializer(Strict, serializers.Serializer[Any]):
    reason = serializers.CharField()


class PlayerEliminate(ApiView):
    """Take a player out of play after the latest round (the chief referee)."""

    @extend_schema(
        request=EliminationSerializer,
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str, registration: int) -> Response:
        tournament = tournament_or_404(request, slug)
        entry = tournament.entries.filter(pk=registration).first()
        if entry is None:
            raise Http404
        data = EliminationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = tournaments.eliminate_player(entry.pk, request.user, data.validated_data["reason"])
        return Response(
            {
                "registration": done.pk,
                "status": done.status,
                "after_round": done.withdrawn_after_round,
            }
        )


class SubstitutionSerializer(Strict, serializers.Serializer[Any]):
    leaving = serializers.IntegerField()
    entering = serializers.IntegerField()
    from_deal = serializers.IntegerField(min_value=1)
    reason = serializers.CharField()


class TableSubstitute(ApiView):
    """A substitute takes a seat during the round, from a deal on (the chief referee)."""

    @extend_schema(
        request=SubstitutionSerializer,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["tables"],
    )
    @idempotent
    def post(self, request: Request, slug: str, round: int, table: int) -> Response:
        found = table_or_404(request, slug, round, table)
        data = SubstitutionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        done = substitute_in_pulka(
            found.pk, v["leaving"], v["entering"], v["from_deal"], request.user, v["reason"]
        )
        return Response(
            {"leaving": done.leaving_id, "entering": done.entering_id, "from_deal": done.from_deal},
            status=status.HTTP_201_CREATED,
        )
