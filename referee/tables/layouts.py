"""The one store of double-dummy results (``models.Layout``) and the one place that fills it.

A layout's ``analysis`` is the board table: per hand ("1"-"3") as declarer, ``tricks`` and
``discards`` per strain (his best discard and what he takes with it against the best
defence, the first hand leading), ``misere`` (whether his misère holds) and
``misere_discards`` (the discard it holds with, or the first tried when it is caught).
Each (hand, line) is one *line* — a strain or ``MISERE`` — worked out by ``solve``; a
duplicate session's board gets every line at once from its background job
(``duplicate.analysis``), typed hands the lines their deal's contract needs when they are
entered. ``tried`` keeps what the declarer takes with a given discard (his actual one),
per ``"hand:discard"``: every strain and the misère, worked out together.

``with_lines`` and ``with_tried`` compute what is missing without writing (a page, a GET);
``keep`` writes it (the services, a POST), one UPDATE.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError

from scoring import dd
from scoring.board import Board, parse_board
from scoring.cards import cards_text, parse_cards
from scoring.model import STRAINS

from .models import Layout

MISERE = "misere"
LINES = (*STRAINS, MISERE)
HANDS = (1, 2, 3)
EVERY_LINE = tuple((hand, line) for hand in HANDS for line in LINES)


def solve(board: Board, hand: int, line: str) -> tuple[int | bool, str]:
    """One line of the table: in a strain the tricks with the best discard and that
    discard; at misère whether it holds, and with which discard."""
    if line == MISERE:
        found = dd.best_misere(board, hand)
        return found.tricks == 0, cards_text(found.discard)
    found = dd.best_discard(board, line, hand)
    return found.tricks, cards_text(found.discard)


def has_line(analysis: Mapping[str, Any] | None, hand: int, line: str) -> bool:
    if not analysis:
        return False
    if line == MISERE:
        keys = ("misere", "misere_discards")
        return all(str(hand) in (analysis.get(k) or {}) for k in keys)
    return all(line in (analysis.get(k) or {}).get(str(hand), {}) for k in ("tricks", "discards"))


def with_lines(
    analysis: Mapping[str, Any] | None, board: Board, wanted: Iterable[tuple[int, str]]
) -> dict[str, Any]:
    """``analysis`` with the ``wanted`` lines it lacks worked out (a new dict; the lines it
    holds are not computed again)."""
    out: dict[str, Any] = {
        key: {
            h: dict(v) if isinstance(v, dict) else v
            for h, v in (analysis or {}).get(key, {}).items()
        }
        for key in ("tricks", "discards", "misere", "misere_discards")
    }
    for hand, line in wanted:
        if has_line(out, hand, line):
            continue
        value, discard = solve(board, hand, line)
        if line == MISERE:
            out["misere"][str(hand)] = value
            out["misere_discards"][str(hand)] = discard
        else:
            out["tricks"].setdefault(str(hand), {})[line] = value
            out["discards"].setdefault(str(hand), {})[line] = discard
    return out


def table_of(text: str) -> dict[str, Any]:
    """The whole table of a board in the notation: every hand in every strain and at misère."""
    return with_lines(None, parse_board(text), EVERY_LINE)


def tried_key(hand: int, discard: str) -> str:
    return f"{hand}:{discard}"


def has_tried(tried: Mapping[str, Any] | None, hand: int, discard: str) -> bool:
    """Whether what ``discard`` takes is kept for every line (a row moved from before the
    one store may hold only its contract's)."""
    found = (tried or {}).get(tried_key(hand, discard))
    return isinstance(found, dict) and all(line in found for line in LINES)


def with_tried(tried: Mapping[str, Any] | None, board: Board, hand: int, discard: str) -> dict:
    """``tried`` with what the declarer at ``hand`` takes with ``discard`` (the cards'
    text): the tricks in each strain and whether his misère holds."""
    out = dict(tried or {})
    if has_tried(out, hand, discard):
        return out
    hands = dd.check_discard(board, hand, parse_cards(discard, "discard"))
    found: dict[str, Any] = {strain: dd.tricks(hands, strain, hand) for strain in STRAINS}
    found[MISERE] = dd.misere_holds(hands, hand)
    out[tried_key(hand, discard)] = found
    return out


def keep(layout: Layout, hand: int, line: str, discard: str = "", *, lines: bool = True) -> Layout:
    """Work out and keep on the layout's row what the evidence of a contract in ``line`` by
    ``hand`` reads: the line (unless ``lines`` is False: a board's table is written by its
    job alone) and, with a ``discard``, what that discard takes. One UPDATE, none when
    everything is kept already."""
    board = parse_board(layout.text)
    changed: dict[str, Any] = {}
    if lines and not has_line(layout.analysis, hand, line):
        changed["analysis"] = with_lines(layout.analysis, board, [(hand, line)])
    if discard and not has_tried(layout.tried, hand, discard):
        changed["tried"] = with_tried(layout.tried, board, hand, discard)
    if changed:
        Layout.objects.filter(pk=layout.pk).update(**changed)
        for field, value in changed.items():
            setattr(layout, field, value)
    return layout


def drop_unused(layout_id: int) -> None:
    """Delete a layout nothing holds any more (the board or the hands that held it deleted:
    ``post_delete``); one still held by a board or by hands is protected and stays."""
    try:
        with transaction.atomic():
            Layout.objects.filter(pk=layout_id).delete()
    except ProtectedError:
        pass


def holder_deleted(sender: type, instance: Any, **kwargs: Any) -> None:
    """``post_delete`` of what holds a layout (hands, a board: with their deal, session or
    tournament): the layout goes too when nothing else holds it."""
    drop_unused(instance.layout_id)
