"""What a row of a tournament archive must be to be restored (issue 30 point 3): the rules the
site's own forms and services keep, so that no archive restores what no page could have made
and what a page would then fail to show (a board ``XX``, a deal the engine refuses, a
convention option it does not know, a name written backwards).

``check_row`` runs on each row before it is written: the model's own field rules (choices,
lengths, the integer columns' range, ``Model.clean``), then the service's rule of its kind —
the tournament's settings, convention and format (``tournaments.services``: ``check_settings``,
``check_convention``, ``check_format``), a player's details (``checked_details``), a team's
name, the standings settings (``standings.services.rules_of``), a stage's carried fraction, a
layout of cards in the board notation (``scoring.board``, canonical) with its double-dummy
table and tries (``tables.layouts``), a board (its layout's number its own), every deal and
deal version (``core.bounds.check_data``, the engine's codec), entered hands (the hand, the
discard). ``check_tables`` then
scores each table's sheet with the engine (``tables.services.validate_sheet``, the rule of
every deal's entry), recomputes what is derived from the deals (the table's kept result, the
entered hands' double-dummy numbers): nothing derived is taken on trust. A refusal names
the section, the row's id in the archive, the field and the site's own reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

import scoring
from referee.core.bounds import check_data, check_name
from referee.core.codes import refusal_text
from referee.core.errors import InvalidDeal, ServiceError
from referee.duplicate.models import Board
from referee.standings.models import StandingsSettings
from referee.standings.services import rules_of
from referee.tables import layouts
from referee.tables.dealdata import to_deal
from referee.tables.evidence import cards_of, keep_numbers
from referee.tables.models import Deal, DealHands, DealVersion, Layout, Table
from referee.tables.results import compute_summary
from referee.tables.services import validate_sheet
from referee.tournaments.models import Application, Player, Stage, Team, Tournament
from referee.tournaments.services import (
    PlayerDetails,
    check_convention,
    check_format,
    check_settings,
    checked_details,
    exact_text,
)
from scoring.board import parse_board
from scoring.cards import parse_cards
from scoring.model import STRAINS

#: a model field's errors that a stored row may have and no page shows (an empty optional
#: reference, a text left empty where the form would ask): not a reason to refuse a row
_HARMLESS = frozenset({"blank", "null"})


class RowError(ServiceError):
    """A row the site's rules refuse: ``field`` and the site's reason (``message``)."""


def _refuse(field: str, message: str) -> RowError:
    return RowError(message, field)


def check_fields(obj: models.Model) -> None:
    """The model's own rules on its columns (not its references, which the import follows):
    choices, lengths, the integer range of the database, ``Model.clean``."""
    relations = [f.name for f in obj._meta.concrete_fields if f.is_relation]
    try:
        obj.clean_fields(exclude=relations)
        obj.clean()
    except ValidationError as error:
        found = error.error_dict if hasattr(error, "error_dict") else {"": error.error_list}
        for field, errors in found.items():
            for one in errors:
                if one.code not in _HARMLESS:
                    raise _refuse(field, " ".join(one.messages)) from None


def _engine(field: str, run: Callable[[], Any]) -> Any:
    """``run()``; the engine's refusal (``ScoringError``) as a row's, in the reader's language."""
    try:
        return run()
    except scoring.ScoringError as error:
        raise _refuse(field, refusal_text(error)) from None


def _board_text(text: Any, field: str, number: int | None = None) -> None:
    """A board in the notation, as the site writes it (canonical), of its own number."""
    if not isinstance(text, str):
        raise _refuse(field, _("Not a text."))
    board = _engine(field, lambda: parse_board(text))
    if number is not None and board.number != number:
        raise _refuse(
            field,
            _("Board %(found)s is stored as board %(n)s.") % {"found": board.number, "n": number},
        )
    if board.text() != text:
        raise _refuse(field, _("Not the board notation as this site writes it."))


def _tournament(found: Tournament) -> None:
    check_settings(found)
    if not isinstance(found.options, dict):
        raise _refuse("options", _("Not an object."))
    check_convention(found.convention, found.options)
    check_format(found)


def _player(found: Player) -> None:
    checked_details(
        PlayerDetails(found.name, found.city, found.club, found.rating, found.federation_id)
    )


def _team(found: Team) -> None:
    check_name(found.name, "name", 200)


def _application(found: Application) -> None:
    check_name(found.name, "name", 200)
    check_name(found.city, "city", 100)


def _stage(found: Stage) -> None:
    check_name(found.name, "name", 100)
    exact_text(found.carry_fraction, "carry_fraction")


def _standings(found: StandingsSettings) -> None:
    if not isinstance(found.params, dict):
        raise _refuse("params", _("Not an object."))
    if not isinstance(found.tie_breaks, list):
        raise _refuse("tie_breaks", _("Not a list."))
    if not isinstance(found.lots, dict):
        raise _refuse("lots", _("Not an object."))
    rules_of(found)


def _deal_data(data: Any) -> None:
    """A deal's data as the tables' services take it: bounded JSON the engine reads."""
    if not isinstance(data, dict):
        raise _refuse("data", _("Not a deal."))
    check_data(data)
    try:
        to_deal(data)
    except scoring.ScoringError as error:
        raise InvalidDeal.of(error) from None


def _deal(found: Deal) -> None:
    _deal_data(found.data)


def _deal_version(found: DealVersion) -> None:
    _deal_data(found.data)


def _layout(found: Layout) -> None:
    _board_text(found.text, "text")
    _layout_analysis(found.analysis)
    _layout_tried(found.tried)


def _refuse_table() -> RowError:
    return _refuse("analysis", _("Not a double-dummy table of the board."))


def _count(value: Any, top: int = 10) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(value)


def _two_cards(text: Any) -> None:
    """A discard: two cards in the notation."""
    if parse_cards(str(text), "discard").bit_count() != 2:
        raise ValueError(text)


def _layout_analysis(table: Any) -> None:
    """A layout's double-dummy table as ``tables.layouts`` keeps it (every line of a board's,
    the lines a contract needed of typed hands), or none (worked out again)."""
    if table is None:
        return
    try:
        if set(table) - {"tricks", "discards", "misere", "misere_discards"}:
            raise ValueError(table)
        for hand, line in layouts.EVERY_LINE:
            if not layouts.has_line(table, hand, line):
                continue
            key = str(hand)
            if line == layouts.MISERE:
                if not isinstance(table["misere"][key], bool):
                    raise ValueError(line)
                _two_cards(table["misere_discards"][key])
            else:
                _count(table["tricks"][key][line])
                _two_cards(table["discards"][key][line])
    except (KeyError, TypeError, ValueError, AttributeError, scoring.ScoringError):
        raise _refuse_table() from None


def _layout_tried(tried: Any) -> None:
    """What given discards take: per ``"hand:discard"`` the tricks per strain and the
    misère (holds or not)."""
    try:
        for key, found in dict(tried).items():
            hand, _colon, discard = str(key).partition(":")
            if hand not in ("1", "2", "3"):
                raise ValueError(key)
            _two_cards(discard)
            for line, value in dict(found).items():
                if line == layouts.MISERE:
                    if not isinstance(value, bool):
                        raise ValueError(line)
                elif line in STRAINS:
                    _count(value)
                else:
                    raise ValueError(line)
    except (TypeError, ValueError, scoring.ScoringError):
        raise _refuse("tried", _("Not a double-dummy table of the board.")) from None


def _board(found: Board) -> None:
    """A board is its layout's cards under its own number (the layout is checked first)."""
    layout = Layout.objects.filter(pk=found.layout_id).first()
    if layout is None:
        return  # the import refuses the missing reference itself
    board = parse_board(layout.text)
    if board.number != found.number:
        raise _refuse(
            "layout",
            _("Board %(found)s is stored as board %(n)s.")
            % {"found": board.number, "n": found.number},
        )


def _hands(found: DealHands) -> None:
    if found.declarer_hand not in (1, 2, 3):
        raise _refuse("declarer_hand", _("The declarer's hand is 1, 2 or 3."))
    if found.discard:
        _engine("discard", lambda: parse_cards(found.discard, "discard"))


CHECKS: dict[type[models.Model], Callable[[Any], None]] = {
    Tournament: _tournament,
    Player: _player,
    Team: _team,
    Application: _application,
    Stage: _stage,
    StandingsSettings: _standings,
    Layout: _layout,
    Board: _board,
    Deal: _deal,
    DealVersion: _deal_version,
    DealHands: _hands,
}


def check_row(obj: models.Model) -> None:
    """Refuse (``ServiceError`` at the field) a row no page or service would have written."""
    check_fields(obj)
    check = CHECKS.get(type(obj))
    if check is not None:
        check(obj)


def check_tables(
    tables: Iterable[int], refuse: Callable[[type[models.Model], int, Any], Any]
) -> None:
    """Score each table's sheet as a deal's entry does, and recompute what is derived from
    its deals: its kept result and its deals' double-dummy numbers. ``refuse(model, id,
    error)`` raises the archive's refusal of that row."""
    found = Table.objects.filter(pk__in=list(tables)).select_related("round__tournament")
    for table in found.order_by("pk"):
        deals = list(table.deals.filter(deleted=False).order_by("number"))
        sheet = [d.data for d in deals]
        try:
            if sheet:
                validate_sheet(table, sheet)
        except ServiceError as error:
            refuse(Table, table.pk, error)
        if table.result is not None:
            table.result = compute_summary(table, sheet, table.seats.count())
            table.save(update_fields=["result"])
        _keep_evidence(table, deals, refuse)


def _keep_evidence(
    table: Table, deals: list[Deal], refuse: Callable[[type[models.Model], int, Any], Any]
) -> None:
    """The double-dummy numbers of the table's entered hands worked out again: typed hands'
    tables and every actual discard's numbers are derived from the cards alone, so none is
    taken on trust (a board's own table is checked line by line above and kept: a
    session's boards take a background job)."""
    held = set(Layout.objects.filter(hands__deal__table=table).values_list("pk", flat=True))
    Layout.objects.filter(pk__in=held, board__isnull=True).update(analysis=None)
    Layout.objects.filter(pk__in=held).update(tried={})
    found = cards_of(table, deals)
    for deal in deals:
        cards = found.get(deal.pk)
        if cards is None or cards.entry is None:
            continue
        try:
            keep_numbers(cards, deal.data)
        except scoring.ScoringError as error:
            refuse(DealHands, cards.entry.pk, _refuse("layout", refusal_text(error)))
