"""The cards of a deal's evidence as the chief referee gives them (``services.enter_hands``):
for a deal of an ordinary round typed in the board notation and checked against the seats;
for a deal that plays a duplicate board the board's own, read and never typed again. Each
refusal names the offending card or field, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

import scoring
from referee.core.codes import refusal_text
from scoring.board import Board, parse_board
from scoring.cards import cards_text, parse_cards
from scoring.dd import check_discard

from .dealdata import dealer_of, declarer_of
from .evidence import hand_of_seats
from .extensions import PlayedBoard
from .models import Deal, Layout, Table
from .refusals import REFUSALS
from .sheet import seats_of

_WHERE = {
    "hand 1": gettext_lazy("hand 1"),
    "hand 2": gettext_lazy("hand 2"),
    "hand 3": gettext_lazy("hand 3"),
    "talon": gettext_lazy("talon"),
    "number": gettext_lazy("the board's number"),
    "line": gettext_lazy("a line"),
}


def _board_text(number: int, text: str) -> str:
    """The notation as entered, its ``Board N`` line added when the referee left it out."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return text if first.lower().startswith("board") else f"Board {number}\n{text}"


def typed_layout(table: Table, deal: Deal, text: str, declarer_hand: Any) -> Layout:
    """The typed cards of a deal of an ordinary round as a new (unsaved) layout, once they
    are the board notation and the declarer's hand is where the seats put him."""
    if declarer_hand not in (1, 2, 3):
        raise REFUSALS.error("hands.declarer_hand", "declarer_hand")
    try:
        board = parse_board(_board_text(deal.number, text))
    except scoring.ScoringError as error:
        where = _WHERE.get(error.field, error.field)
        raise REFUSALS.error(
            "hands.notation", "board", where=str(where), problem=refusal_text(error)
        ) from None
    seated = seats_of(table)
    seats = hand_of_seats(dealer_of(deal.data), [s.letter for s in seated])
    declarer = declarer_of(deal.data)
    if seats and seats.get(declarer) != declarer_hand:
        name = next((s.name for s in seated if s.letter == declarer), declarer)
        raise REFUSALS.error(
            "hands.declarer_seat",
            "declarer_hand",
            name=name,
            hand=seats.get(declarer, "—"),
            given=declarer_hand,
        )
    return Layout(text=board.text())


def board_hand(played: PlayedBoard, deal: Deal, text: str) -> int:
    """The declarer's hand on the board a deal plays (the movement's plan says who held
    which); refused when cards were typed for it: they are the board's."""
    if text.strip():
        raise REFUSALS.error("hands.board_deal", "board", board=played.number)
    hand = played.hands.get(declarer_of(deal.data), 0)
    if hand not in (1, 2, 3):
        raise REFUSALS.error("hands.no_contract")
    return hand


def checked_discard(board: Board, declarer_hand: int, discard: str) -> str:
    """The actual discard as the site writes it (empty: not known), two of his twelve."""
    if not discard.strip():
        return ""
    try:
        cards = parse_cards(discard, "discard")
        check_discard(board, declarer_hand, cards)
    except scoring.ScoringError as error:
        raise REFUSALS.error("hands.discard", "discard", problem=refusal_text(error)) from None
    return cards_text(cards)
