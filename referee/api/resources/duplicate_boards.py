"""A duplicate session's boards as a board file (README, *The board file*): ``GET`` gives the
file's text to whoever may read the session's hand records (before every board is closed,
the chief only), ``POST`` replaces the session's boards by a file's before any is played
(the chief)."""

from __future__ import annotations

from typing import Any, NamedTuple

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.duplicate import services
from referee.duplicate.boardfile import export_name, export_text
from referee.duplicate.models import Session
from referee.duplicate.surfaces import session_for

from ..actions import action
from ..answers import session_answer
from ..base import READ_ERRORS
from ..strict import Strict
from ..surfaces import manage_session, public_session
from .duplicate import SessionSerializer


class BoardFileSerializer(serializers.Serializer):
    filename = serializers.CharField()
    text = serializers.CharField(help_text="the board file (README, The board file)")


class BoardFileImportSerializer(Strict, serializers.Serializer):
    text = serializers.CharField(
        max_length=200_000,
        help_text="the board file (or the board notation): one board for each of the session's",
    )


class BoardFile(NamedTuple):
    filename: str
    text: str


@action(
    manage_session,
    request=BoardFileImportSerializer,
    response=SessionSerializer,
    tags=["duplicate"],
)
def SessionBoardImport(request: Request, session: Session, data: dict[str, Any]) -> Any:
    """Replace the session's boards by a board file's, before any table has played one; refused at
    the offending line and card (the code the card's, e.g. board.card_twice, and params.line the
    line's number), nothing changed."""
    services.import_boards(session.pk, request.user, data["text"])
    changed = session_for(session.tournament, session.number)  # as the service left it
    return session_answer(changed, request.user)


class SessionBoardFile(SessionBoardImport):  # type: ignore[valid-type,misc]
    """The board file; ``POST`` replaces the boards by one (``SessionBoardImport``)."""

    @extend_schema(
        responses={200: BoardFileSerializer, **READ_ERRORS},
        tags=["duplicate"],
    )
    @public_session
    def get(self, request: Request, session: Session) -> Response:
        """The session's boards as a board file: whoever may read its hand records once every board
        is played; before that the chief referee only (403 to the other officials, 404 to whoever
        sees nothing of the session)."""
        text = export_text(session, request.user)
        return Response(BoardFileSerializer(BoardFile(export_name(session), text)).data)
