"""A session's boards in the board file (``scoring.boardfile``, README *The board file*):
read for a session (its refusal at the offending line, in the reader's language) and written
for whoever may read the hand records (sealed boards stay sealed: ``sealing.sight``; before
every board is closed only the chief may export them)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from referee.core.engine_text import REFUSALS as ENGINE
from referee.core.errors import ServiceError
from referee.core.permissions import is_official, require_chief
from scoring.board import Board as CardBoard
from scoring.board import parse_board
from scoring.boardfile import LAYOUTS, FileBoard, dd_of, read_boards, write_boards
from scoring.errors import BoardError

from .models import Board, Session
from .sealing import sight


def is_file(text: str) -> bool:
    """Whether ``text`` is a board file (a tag line) rather than the board notation."""
    return any(line.strip().startswith("[") for line in text.splitlines())


def file_refusal(error: BoardError, field: str = "boards") -> ServiceError:
    """The file's refusal for a form or the API: "Line 14: ♠A is dealt twice" (``refusal_text``
    reads its ``line_number``), its code the engine's (``board.card_twice``) with the line
    among its params."""
    refusal = ENGINE.wrap(error, field)
    refusal.params["line"] = error.line_number
    refusal.line_number = error.line_number  # type: ignore[attr-defined]
    return refusal


def boards_of_file(text: str) -> list[CardBoard]:
    """The boards of a file, by seat role, in the file's order."""
    try:
        return [item.board for item in read_boards(text).boards]
    except BoardError as error:
        raise file_refusal(error) from None


def file_board(size: int, board: Board) -> FileBoard:
    """A session's board (of tables of ``size``) as the file holds it: seated as its tables
    are (``LAYOUTS``), with its double-dummy table once computed."""
    dealer, seats = LAYOUTS[size]
    return FileBoard(parse_board(board.text), dealer, seats, dd_of(board.analysis))


def file_boards(session: Session, numbers: frozenset[int] | None = None) -> list[FileBoard]:
    """The session's boards (``numbers`` of them, None: all) as the file holds them."""
    return [
        file_board(session.size, b)
        for b in session.boards.all()
        if numbers is None or b.number in numbers
    ]


SEAT_NAMES = {"N": _l("North"), "E": _l("East"), "S": _l("South"), "W": _l("West")}


def slip_headings(size: int) -> list[str]:
    """The board slips' columns: each hand with the seat the board file gives it at a table
    of ``size`` (``LAYOUTS``), so that the slips, the hand records and the file agree."""
    dealer, seats = LAYOUTS[size]
    hands = [_("first hand"), _("second hand"), _("third hand")]
    headings = [f"{hand} ({SEAT_NAMES[seat]})" for hand, seat in zip(hands, seats, strict=True)]
    if size == 4:
        headings.append(f"{_('dealer (no cards)')} ({SEAT_NAMES[dealer]})")
    return headings


def seating(record: FileBoard) -> str:
    """Who deals and which seat holds which hand, in words, as the hand records print it."""
    first, second, third = (str(SEAT_NAMES[seat]) for seat in record.seats)
    return _("Dealer: %(dealer)s; first hand %(first)s, second %(second)s, third %(third)s.") % {
        "dealer": SEAT_NAMES[record.dealer],
        "first": first,
        "second": second,
        "third": third,
    }


def export_text(session: Session, viewer: Any) -> str:
    """The session's boards as a file for ``viewer``: everybody who may read its hand
    records once every board is closed; before that the chief only (``NotAllowed`` for the
    other officials, a 404 for everybody else)."""
    seen = sight(session, viewer)
    tournament = session.tournament
    if not seen.shown or (seen.withheld and not is_official(viewer, tournament)):
        raise Http404
    if seen.withheld:
        message = _(
            "Only the chief referee may export the boards before every table has played "
            "them: %(n)s are still to be played."
        )
        require_chief(viewer, tournament, message % {"n": seen.withheld})
    tags = {
        "Event": f"{tournament.name}, D{session.number}",
        "Date": session.created_at.strftime("%Y.%m.%d"),
    }
    return write_boards(file_boards(session, seen.boards), size=session.size, tags=tags)


def export_name(session: Session) -> str:
    return f"{session.tournament.slug}-duplicate-{session.number}-boards.txt"
