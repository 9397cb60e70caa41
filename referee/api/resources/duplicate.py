"""Duplicate sessions (README, *Duplicate preferans*): the list (``POST`` creates one, the
chief's), one session with its movement and, once its boards are published (or for the
officials), its standings; seating the next stanza, publishing or hiding the boards; one
board with its hands and its traveller. A table's play of a board is posted as an ordinary
deal with its ``board`` number (``deals``)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.language import engine_language
from referee.core.permissions import is_official
from referee.duplicate import analysis, services
from referee.duplicate.models import Session
from referee.duplicate.notes import movement_notes
from referee.duplicate.results import SessionResults, Traveller
from referee.duplicate.sealing import results_for, sight
from referee.duplicate.surfaces import session_for
from referee.jobs.models import Job
from referee.tournaments.models import Tournament

from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..fields import number
from ..strict import Strict
from ..surfaces import manage, public

POST = [IDEMPOTENCY_PARAMETER]


class SessionCreateSerializer(Strict, serializers.Serializer):
    size = serializers.ChoiceField(choices=[3, 4], default=3)
    boards_per_set = serializers.IntegerField(min_value=1, max_value=12, default=2)
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**63 - 1
    )
    boards = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=40_000,
        help_text="the boards in the notation (README, Boards and double dummy), instead of a seed",
    )
    method = serializers.ChoiceField(choices=Session.Method.values, default="matchpoints")
    trim = serializers.BooleanField(default=False)
    stanzas = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=60,
        help_text="the session's length, 1 up to the number of tables (by default one stanza "
        "a table); players that do not fill the tables sit out in turn",
    )
    counts = serializers.ChoiceField(
        choices=Session.Counts.values,
        required=False,
        help_text="what the session counts for: own (its own standings only) or places (the "
        "tournament's final places); by default places when the tournament has no round "
        "before the session, else own",
    )


class GroupSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.IntegerField(), help_text="registration ids")


class PlannedBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    hands = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="registration ids in the order of the hands: first, second, third (, dealer)",
    )


class PlannedTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    group = serializers.IntegerField()
    set = serializers.IntegerField()
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text="registration ids in seat order"
    )
    boards = PlannedBoardSerializer(many=True, help_text="in playing order: deal j is board j")


class StanzaSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    tables = PlannedTableSerializer(many=True)


class LineSerializer(serializers.Serializer):
    place = serializers.CharField(help_text="a shared place reads 3–4")
    registration = serializers.IntegerField()
    name = serializers.CharField()
    boards = serializers.IntegerField()
    matchpoints = serializers.FloatField()
    most = serializers.IntegerField()
    percent = serializers.FloatField()
    difference = serializers.FloatField(help_text="the sum of the differences to the datum")


class SessionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    size = serializers.IntegerField()
    boards_per_set = serializers.IntegerField()
    first_round = serializers.IntegerField()
    seed = serializers.IntegerField(allow_null=True)
    method = serializers.CharField()
    trim = serializers.BooleanField()
    published = serializers.BooleanField()
    movement = serializers.ListField(
        child=serializers.CharField(), help_text="the movement's notes, in words"
    )
    groups = GroupSerializer(many=True)
    stanzas = StanzaSerializer(many=True)
    standings = LineSerializer(
        many=True,
        allow_null=True,
        help_text="over the boards the reader may see: the chief every board, the other "
        "officials the boards played at every table, the public those once the boards are "
        "published (null before)",
    )
    withheld = serializers.IntegerField(
        allow_null=True, help_text="boards left out of the standings: still to be played"
    )
    counts = serializers.ChoiceField(
        choices=Session.Counts.values,
        help_text="own: its own standings only; places: the tournament's final places",
    )


class HandSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=["first", "second", "third", "dealer"])
    registration = serializers.IntegerField()
    name = serializers.CharField()
    value = serializers.FloatField(allow_null=True, help_text="settled whists; null: not played")
    matchpoints = serializers.FloatField(allow_null=True)
    percent = serializers.FloatField(allow_null=True)
    difference = serializers.FloatField(allow_null=True)


class PlaySerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True, help_text="the deal's number at its table")
    summary = serializers.CharField()
    taken = serializers.IntegerField(allow_null=True, help_text="the declarer's tricks")
    dd = serializers.IntegerField(
        allow_null=True, help_text="double dummy in the contract's strain (misère: 0 holds)"
    )
    hands = HandSerializer(many=True)


class AnalysedHandSerializer(serializers.Serializer):
    hand = serializers.IntegerField(help_text="1, 2 or 3: the first, second or third hand")
    tricks = serializers.DictField(
        child=serializers.IntegerField(), help_text="per strain S C D H NT, his best discard"
    )
    misere = serializers.BooleanField(help_text="his misère holds")


class BoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    text = serializers.CharField(help_text="the board in the notation")
    analysis = AnalysedHandSerializer(
        many=True, allow_null=True, help_text="double dummy; null while it is computed"
    )
    plays = PlaySerializer(many=True)


class BoardJobSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    job = serializers.IntegerField(help_text="the background job's id")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    attempts = serializers.IntegerField()
    error = serializers.CharField(help_text="the last failure's reason, empty when none")


class AnalysisSerializer(serializers.Serializer):
    boards = serializers.IntegerField()
    analysed = serializers.IntegerField(help_text="boards whose double-dummy table is kept")
    done = serializers.BooleanField(help_text="every board analysed")
    analysed_boards = serializers.ListField(child=serializers.IntegerField())
    failed = serializers.IntegerField(help_text="boards whose job failed three times")
    jobs = BoardJobSerializer(
        many=True, allow_null=True, help_text="each board's job, for the officials; else null"
    )


def _standings(results: SessionResults) -> list[dict[str, Any]]:
    return [
        {
            "place": line.place,
            "registration": line.registration,
            "name": line.name,
            "boards": line.total.boards,
            "matchpoints": number(line.total.matchpoints),
            "most": line.total.most,
            "percent": number(line.total.percent),
            "difference": number(line.total.difference),
        }
        for line in results.standings
    ]


def session_body(request: Request, session: Session) -> dict[str, Any]:
    results = results_for(session, request.user, engine_language())
    return {
        "number": session.number,
        "size": session.size,
        "boards_per_set": session.boards_per_set,
        "first_round": session.first_round,
        "seed": session.seed,
        "method": session.method,
        "trim": session.trim,
        "counts": session.counts,
        "published": session.published,
        "movement": movement_notes(session.notes),
        "groups": session.plan["groups"],
        "stanzas": [
            {
                "number": k + 1,
                "round": session.first_round + k,
                "tables": [
                    {
                        **{key: table[key] for key in ("table", "group", "set", "seats")},
                        "boards": [{"board": b, "hands": held} for b, held in table["boards"]],
                    }
                    for table in stanza
                ],
            }
            for k, stanza in enumerate(session.plan["stanzas"])
        ],
        "standings": _standings(results) if results is not None else None,
        "withheld": results.withheld if results is not None else None,
    }


def _board_body(traveller: Traveller) -> dict[str, Any]:
    plays = []
    for play in traveller.plays:
        hands = []
        for hand in play.hands:
            c = hand.compared
            hands.append(
                {
                    "role": hand.role,
                    "registration": hand.registration,
                    "name": hand.name,
                    "value": number(hand.value),
                    "matchpoints": number(c.matchpoints) if c else None,
                    "percent": number(c.percent) if c else None,
                    "difference": number(c.difference) if c else None,
                }
            )
        plays.append(
            {
                "round": play.round,
                "table": play.table,
                "number": play.deal.number if play.deal else None,
                "summary": play.contract,
                "taken": play.taken,
                "dd": play.dd,
                "hands": hands,
            }
        )
    found = traveller.analysis
    analysis = None
    if found is not None:
        analysis = [
            {"hand": int(hand), "tricks": found["tricks"][hand], "misere": found["misere"][hand]}
            for hand in ("1", "2", "3")
        ]
    return {"number": traveller.board, "text": traveller.text, "analysis": analysis, "plays": plays}


class SessionList(ApiView):
    @extend_schema(responses={200: SessionSerializer(many=True), **READ_ERRORS}, tags=["duplicate"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        sessions = Session.objects.filter(tournament=tournament)
        return Response([session_body(request, s) for s in sessions])

    @extend_schema(
        request=SessionCreateSerializer,
        responses={201: SessionSerializer, **ERRORS},
        parameters=POST,
        description="Create a duplicate session and seat its first stanza as the next round.",
        tags=["duplicate"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament) -> Response:
        data = SessionCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values["size"] = int(values["size"])
        values["boards"] = values.get("boards") or ""
        session = services.create_session(tournament.pk, request.user, **values)
        return Response(session_body(request, session), status=201)


class SessionDetail(ApiView):
    @extend_schema(responses={200: SessionSerializer, **READ_ERRORS}, tags=["duplicate"])
    @public
    def get(self, request: Request, tournament: Tournament, session: int) -> Response:
        return Response(session_body(request, session_for(tournament, session)))


class SessionAction(ApiView):
    action = "seat"

    @extend_schema(
        request=None,
        responses={200: SessionSerializer, **ERRORS},
        parameters=POST,
        description="seat: the next stanza as the next round; publish or hide: the boards",
        tags=["duplicate"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament, session: int) -> Response:
        found = session_for(tournament, session)
        if self.action == "seat":
            services.seat_stanza(found.pk, request.user)
        else:
            services.publish_boards(found.pk, request.user, self.action == "publish")
        return Response(session_body(request, session_for(tournament, session)))


def _analysis_body(request: Request, session: Session) -> dict[str, Any]:
    state = analysis.session_analysis(session)
    numbers = dict(session.boards.values_list("pk", "number"))
    jobs = None
    if is_official(request.user, session.tournament):
        jobs = sorted(
            (
                {
                    "board": numbers.get(job.args.get("board"), 0),
                    "job": job.pk,
                    "status": job.status,
                    "attempts": job.attempts,
                    "error": job.error,
                }
                for job in Job.objects.filter(group=analysis.group_of(session.pk))
            ),
            key=lambda row: (int(str(row["board"])), int(str(row["job"]))),
        )
    return {
        "boards": state.boards,
        "analysed": state.analysed,
        "done": state.done,
        "analysed_boards": sorted(
            session.boards.filter(layout__analysis__isnull=False).values_list("number", flat=True)
        ),
        "failed": len(state.failed),
        "jobs": jobs,
    }


class SessionAnalysis(ApiView):
    @extend_schema(
        responses={200: AnalysisSerializer, **READ_ERRORS},
        description="How far the boards' double-dummy analysis is: one background job a "
        "board; the officials also see each job's state and a failure's reason.",
        tags=["duplicate"],
    )
    @public
    def get(self, request: Request, tournament: Tournament, session: int) -> Response:
        found = session_for(tournament, session)
        if not sight(found, request.user).shown:
            raise Http404
        return Response(_analysis_body(request, found))


class AnalysisRetry(ApiView):
    @extend_schema(
        request=None,
        responses={200: AnalysisSerializer, **ERRORS},
        parameters=POST,
        description="Queue again a board's analysis job that failed three times (the chief).",
        tags=["duplicate"],
    )
    @idempotent
    @manage
    def post(self, request: Request, tournament: Tournament, session: int, job: int) -> Response:
        found = session_for(tournament, session)
        analysis.retry_board(found, job)  # not a failed job of this session: nothing changes
        return Response(_analysis_body(request, found))


class BoardDetail(ApiView):
    @extend_schema(responses={200: BoardSerializer, **READ_ERRORS}, tags=["duplicate"])
    @public
    def get(self, request: Request, tournament: Tournament, session: int, board: int) -> Response:
        found = session_for(tournament, session)
        results = results_for(found, request.user, engine_language())
        if results is None:
            raise Http404
        traveller = next((t for t in results.travellers if t.board == board), None)
        if traveller is None:
            raise Http404
        return Response(_board_body(traveller))
