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

from referee.core.permissions import is_official
from referee.duplicate import analysis, services
from referee.duplicate.models import Session
from referee.duplicate.sealing import sight
from referee.duplicate.surfaces import session_for
from referee.tournaments.models import Tournament

from ..actions import action
from ..answers import AnalysisAnswer, BoardAnswer, session_answer
from ..base import READ_ERRORS, ApiView
from ..fields import Number
from ..strict import Strict
from ..surfaces import manage, manage_session, public, public_session


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
    """A player's line (``duplicate.results.Line``)."""

    place = serializers.CharField(help_text="a shared place reads 3–4")
    registration = serializers.IntegerField()
    name = serializers.CharField()
    boards = serializers.IntegerField(source="total.boards")
    matchpoints = Number(source="total.matchpoints")
    most = serializers.IntegerField(source="total.most")
    percent = Number(source="total.percent")
    difference = Number(
        source="total.difference", help_text="the sum of the differences to the datum"
    )


class SessionSerializer(serializers.Serializer):
    """A session (``answers.SessionAnswer``)."""

    number = serializers.IntegerField()
    size = serializers.IntegerField()
    boards_per_set = serializers.IntegerField()
    first_round = serializers.IntegerField()
    seed = serializers.IntegerField(allow_null=True)
    method = serializers.CharField()
    trim = serializers.BooleanField()
    counts = serializers.ChoiceField(
        choices=Session.Counts.values,
        help_text="own: its own standings only; places: the tournament's final places",
    )
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


class HandSerializer(serializers.Serializer):
    """A hand of a table's play (``duplicate.results.Hand``)."""

    role = serializers.ChoiceField(choices=["first", "second", "third", "dealer"])
    registration = serializers.IntegerField()
    name = serializers.CharField()
    value = Number(allow_null=True, help_text="settled whists; null: not played")
    matchpoints = Number(allow_null=True, source="compared.matchpoints")
    percent = Number(allow_null=True, source="compared.percent")
    difference = Number(allow_null=True, source="compared.difference")


class PlaySerializer(serializers.Serializer):
    """A table's play of the board (``duplicate.results.TablePlay``)."""

    round = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField(
        source="deal.number", allow_null=True, help_text="the deal's number at its table"
    )
    summary = serializers.CharField(source="contract")
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
    """A board with its traveller (``answers.BoardAnswer``)."""

    number = serializers.IntegerField(source="board")
    text = serializers.CharField(help_text="the board in the notation")
    analysis = AnalysedHandSerializer(
        many=True, allow_null=True, help_text="double dummy; null while it is computed"
    )
    plays = PlaySerializer(many=True)


class BoardJobSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    job = serializers.IntegerField(source="job.pk", help_text="the background job's id")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    attempts = serializers.IntegerField()
    error = serializers.CharField(help_text="the last failure's reason, empty when none")


class AnalysisSerializer(serializers.Serializer):
    """How far the double dummy is (``answers.AnalysisAnswer``)."""

    boards = serializers.IntegerField()
    analysed = serializers.IntegerField(help_text="boards whose double-dummy table is kept")
    done = serializers.BooleanField(help_text="every board analysed")
    analysed_boards = serializers.ListField(child=serializers.IntegerField())
    failed = serializers.IntegerField(help_text="boards whose job failed three times")
    jobs = BoardJobSerializer(
        many=True, allow_null=True, help_text="each board's job, for the officials; else null"
    )


@action(
    manage,
    request=SessionCreateSerializer,
    response=SessionSerializer,
    created=True,
    tags=["duplicate"],
)
def SessionCreate(request: Request, tournament: Tournament, values: dict[str, Any]) -> Any:
    """Create a duplicate session and seat its first stanza as the next round."""
    values["size"] = int(values["size"])
    values["boards"] = values.get("boards") or ""
    session = services.create_session(tournament.pk, request.user, **values)
    return session_answer(session, request.user)


class SessionList(SessionCreate):  # type: ignore[valid-type,misc]
    """The tournament's sessions; ``POST`` creates one (``SessionCreate``)."""

    @extend_schema(responses={200: SessionSerializer(many=True), **READ_ERRORS}, tags=["duplicate"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        sessions = Session.objects.filter(tournament=tournament)
        answers = [session_answer(s, request.user) for s in sessions]
        return Response(SessionSerializer(answers, many=True).data)


class SessionDetail(ApiView):
    @extend_schema(responses={200: SessionSerializer, **READ_ERRORS}, tags=["duplicate"])
    @public_session
    def get(self, request: Request, session: Session) -> Response:
        return Response(SessionSerializer(session_answer(session, request.user)).data)


@action(
    manage_session,
    response=SessionSerializer,
    tags=["duplicate"],
)
def SessionAction(request: Request, session: Session, data: Any, verb: str) -> Any:
    """seat: the next stanza as the next round; publish or hide: the boards"""
    if verb == "seat":
        services.seat_stanza(session.pk, request.user)
    else:
        services.publish_boards(session.pk, request.user, verb == "publish")
    changed = session_for(session.tournament, session.number)  # as the service left it
    return session_answer(changed, request.user)


class SessionAnalysis(ApiView):
    @extend_schema(
        responses={200: AnalysisSerializer, **READ_ERRORS},
        tags=["duplicate"],
    )
    @public_session
    def get(self, request: Request, session: Session) -> Response:
        """How far the boards' double-dummy analysis is: one background job a board; the officials
        also see each job's state and a failure's reason."""
        if not sight(session, request.user).shown:
            raise Http404
        answer = AnalysisAnswer(session, is_official(request.user, session.tournament))
        return Response(AnalysisSerializer(answer).data)


@action(
    manage_session,
    response=AnalysisSerializer,
    tags=["duplicate"],
)
def AnalysisRetry(request: Request, session: Session, data: Any, job: int) -> AnalysisAnswer:
    """Queue again a board's analysis job that failed three times (the chief)."""
    analysis.retry_board(session, job)  # not a failed job of this session: nothing changes
    return AnalysisAnswer(session, is_official(request.user, session.tournament))


class BoardDetail(ApiView):
    @extend_schema(responses={200: BoardSerializer, **READ_ERRORS}, tags=["duplicate"])
    @public_session
    def get(self, request: Request, session: Session, board: int) -> Response:
        results = session_answer(session, request.user).results
        if results is None:
            raise Http404
        traveller = next((t for t in results.travellers if t.board == board), None)
        if traveller is None:
            raise Http404
        return Response(BoardSerializer(BoardAnswer(traveller)).data)
