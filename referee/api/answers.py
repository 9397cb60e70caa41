"""What the API's output serializers read: the sheet and standings the pages show
(``tables.sheet``, ``standings.services``), gathered once per answer. The serializers
(``serializers``, ``resources``) say what of it each answer carries and how it is written;
nothing here builds JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db.models import Prefetch

import scoring
from referee.core.engine_text import rule_text
from referee.core.language import engine_language
from referee.core.people import person
from referee.tables.dealdata import LETTERS, describe_deal
from referee.tables.lap import Lap, table_lap
from referee.tables.models import Deal, Seat, Table
from referee.tables.sheet import SheetRow, TableSheet, build_sheet, table_case
from referee.tournaments.models import Registration, Round
from scoring.numbers import Amount


def seats_of(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table=table).select_related("registration__player").order_by("position")
    )


def letter(seat: Seat) -> str:
    return LETTERS[seat.position - 1]


@dataclass(frozen=True)
class Whist:
    by: str
    on: str
    amount: Amount


def whists(sheet: TableSheet) -> list[Whist]:
    """The sheet's whists written by one player on another, the zero ones left out."""
    return [Whist(by, on, v) for (by, on), v in sheet.whists.items() if v]


@dataclass(frozen=True)
class EntryAnswer:
    entry: scoring.Entry
    language: str

    def __getattr__(self, name: str) -> Any:
        return getattr(self.entry, name)

    @property
    def rule(self) -> str:
        return rule_text(self.entry.rule)

    @property
    def explanation(self) -> str:
        return scoring.explain_entry(self.entry, self.language)


@dataclass(frozen=True)
class DealAnswer:
    """One deal: as stored, its version, its entries on the sheet, and the table's totals."""

    sheet: TableSheet
    deal: Deal
    language: str

    @cached_property
    def row(self) -> SheetRow | None:
        return next((r for r in self.sheet.rows if r.deal.pk == self.deal.pk), None)

    @property
    def position(self) -> int | None:
        return self.row.position if self.row else None

    @property
    def summary(self) -> str:
        if self.row:
            return self.row.summary
        return describe_deal(self.deal.data, self.sheet.names, self.language)

    @property
    def entries(self) -> list[EntryAnswer]:
        return [EntryAnswer(e, self.language) for e in self.row.entries] if self.row else []


def deal(table: Table, number: int) -> DealAnswer:
    language = engine_language()
    return DealAnswer(
        build_sheet(table, language), Deal.objects.get(table=table, number=number), language
    )


def deals(table: Table, with_deleted: bool) -> list[DealAnswer]:
    """The sheet's deals in order; ``with_deleted``: the struck ones too, at their numbers."""
    language = engine_language()
    sheet = build_sheet(table, language)
    found = [row.deal for row in sheet.rows]
    if with_deleted:
        gone = Deal.objects.filter(table=table, deleted=True)
        found = sorted([*found, *gone], key=lambda d: d.number)
    return [DealAnswer(sheet, d, language) for d in found]


@dataclass
class TableAnswer:
    table: Table
    sheet: TableSheet = field(init=False)
    lap: Lap | None = field(init=False)

    def __post_init__(self) -> None:
        self.sheet = build_sheet(self.table, engine_language())
        self.lap = table_lap(self.table)

    @property
    def seats(self) -> list[Seat]:
        return seats_of(self.table)

    @property
    def deals(self) -> int:
        return len(self.sheet.rows)

    @property
    def submitted_by(self) -> str | None:
        # the officials as every page names them: full name, else login
        return person(self.table.submitted_by) or None

    @property
    def confirmed_by(self) -> str | None:
        return person(self.table.confirmed_by) or None

    @property
    def case(self) -> dict[str, Any]:
        return table_case(build_sheet(self.table, "en"))


@dataclass(frozen=True)
class RoundAnswer:
    round: Round

    def __getattr__(self, name: str) -> Any:
        return getattr(self.round, name)

    @property
    def byes(self) -> list[Registration]:
        return list(Registration.objects.filter(pk__in=self.round.byes).select_related("player"))

    @property
    def tables(self) -> list[Table]:
        """The round's tables with their seats and players: three queries for the round."""
        seats = Seat.objects.select_related("registration__player").order_by("position")
        found = self.round.tables.order_by("number").prefetch_related(Prefetch("seats", seats))
        return list(found)
