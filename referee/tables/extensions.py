"""Where the apps above the tables take part in a table's entry without being imported here
(the layers import only downward): a duplicate session's tables play boards, so a new deal
is checked against the table's next board, and the table page names the board and who holds
which hand. An app registers its hooks in its ``AppConfig.ready``.

A deal hook gets the table (locked), the deal's number on the sheet (a struck deal keeps
its number, so the deals after it keep theirs: a duplicate table's deal number is its
board's place in the set), the deal's data and the board number the referee gave (None if
none); it returns the data to store (e.g. with the board's dealer filled in), raises a
refusal, or returns None when the table is not its own. It is asked of new deals and of
corrections alike.
A board number no hook claims is refused: the table plays no boards.

A boards hook says which of a table's deals play a board, for their evidence
(``tables.evidence``): the board's cards are read there, never typed again."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.hooks import add_once

from .models import Deal, Layout, Table
from .refusals import REFUSALS

DealHook = Callable[[Table, int, Mapping[str, Any], "int | None"], "Mapping[str, Any] | None"]
#: the table page's panel for the next deal: a template and its context, or None
Panel = Callable[[Table], "tuple[str, dict[str, Any]] | None"]


@dataclass(frozen=True)
class PlayedBoard:
    """A deal that plays a board: the board's number, its cards and their double-dummy table
    (its ``Layout``), each seat letter's hand on it (1-3), and whether the reader may see it
    (a sealed board reaches only the chief and the tables that have played it)."""

    number: int
    layout: Layout
    hands: dict[str, int]
    seen: bool


#: the table's deals (of those given) that play a board, by deal pk; None: not its table
BoardsHook = Callable[[Table, Sequence[Deal], Any], "dict[int, PlayedBoard] | None"]

_DEAL_HOOKS: list[DealHook] = []
_PANELS: list[Panel] = []
_BOARDS_HOOKS: list[BoardsHook] = []


def on_new_deal(hook: DealHook) -> DealHook:
    return add_once(_DEAL_HOOKS, hook)


def table_panel(panel: Panel) -> Panel:
    return add_once(_PANELS, panel)


def boards_of(hook: BoardsHook) -> BoardsHook:
    return add_once(_BOARDS_HOOKS, hook)


def played_boards(table: Table, deals: Sequence[Deal], viewer: Any) -> dict[int, PlayedBoard]:
    """The deals among ``deals`` of ``table`` that play a board, as ``viewer`` may see them
    (None: a service, who sees every board), by deal pk; empty at an ordinary table."""
    for hook in _BOARDS_HOOKS:
        found = hook(table, deals, viewer)
        if found is not None:
            return found
    return {}


def prepared(
    table: Table, number: int, data: Mapping[str, Any], board: int | None
) -> dict[str, Any]:
    """The data of the table's deal ``number`` as the hooks would store it (see the
    module's docstring)."""
    for hook in _DEAL_HOOKS:
        result = hook(table, number, data, board)
        if result is not None:
            return dict(result)
    if board is not None:
        raise REFUSALS.error("deal.board_not_duplicate", "board")
    return dict(data)


def panels(table: Table) -> list[tuple[str, dict[str, Any]]]:
    """The panels of the table page for its next deal."""
    return [found for panel in _PANELS if (found := panel(table)) is not None]
