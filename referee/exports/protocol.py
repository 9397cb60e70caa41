"""A table's protocol (TOURNAMENTS §8.2) as rows, for its workbook sheet and its PDF."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import scoring
from referee.tables.dealdata import dealer_of
from referee.tables.models import Table
from referee.tables.sheet import SheetSeat, TableSheet, build_sheets
from scoring.ledger import Totals
from scoring.numbers import Amount

from . import tabular
from .words import words


@dataclass(frozen=True)
class ProtocolDeal:
    """A deal as the protocol lists it: its number, the dealer's seat, the summary, the
    engine's ledger entries and their explanation."""

    number: int
    dealer: str
    summary: str
    entries: tuple[scoring.Entry, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Column:
    """A column of a protocol's deals: ``kind`` is ``pool``, ``mountain``, ``whists`` (written
    by ``seat`` on ``on``) or ``adjustment``."""

    seat: str
    kind: str
    on: str | None
    label: str  # in the workbook: "A pool", "A→B"
    short: str  # under the player's name in the PDF: "pool", "→B"


class Protocol:
    """A table's protocol (TOURNAMENTS §8.2) as rows: every deal in order with its summary and
    what it wrote per player (pool, mountain, whists on each opponent, adjustments), the
    totals, and each player's final figures with the settled result. The row source of the
    table's workbook sheet and of its PDF for signing.

    Built from a table sheet (``of_sheet(build_sheet(table))``) or, for many tables at once,
    by ``table_protocols``; both give the same rows (a test holds them equal)."""

    def __init__(
        self,
        table: Table,
        seats: Sequence[SheetSeat],
        deals: Sequence[ProtocolDeal],
        totals: Totals,
        result: Mapping[str, Amount],
        error: str = "",
    ) -> None:
        self.table = table
        self.round = table.round
        self.tournament = table.round.tournament
        self.seats = list(seats)
        self.deals = list(deals)
        self.totals = totals
        self.result = dict(result)
        self.error = error
        self.letters = [s.letter for s in self.seats]
        self.names = {s.letter: s.name for s in self.seats}
        self.words = words()
        adjusted = bool(totals.adjustments) or any(
            e.kind == "adjustment" for deal in self.deals for e in deal.entries
        )
        self.columns = [c for seat in self.letters for c in self._columns_of(seat, adjusted)]

    @classmethod
    def of_sheet(cls, sheet: TableSheet) -> Protocol:
        deals = [
            ProtocolDeal(
                row.deal.number,
                dealer_of(row.deal.data),
                row.summary,
                tuple(row.entries),
                tuple(row.lines),
            )
            for row in sheet.rows
        ]
        totals = Totals(sheet.pool, sheet.mountain, sheet.whists, sheet.adjustments)
        return cls(sheet.table, sheet.seats, deals, totals, sheet.result, sheet.error)

    def _columns_of(self, seat: str, adjusted: bool) -> list[Column]:
        w = self.words
        columns = [
            Column(seat, "pool", None, w["pool"] % {"seat": seat}, w["pool_short"]),
            Column(seat, "mountain", None, w["mountain"] % {"seat": seat}, w["mountain_short"]),
            *(Column(seat, "whists", on, f"{seat}→{on}", f"→{on}") for on in self.letters),
        ]
        columns = [c for c in columns if c.on != seat]
        if adjusted:
            label = w["adjustment"] % {"seat": seat}
            columns.append(Column(seat, "adjustment", None, label, w["adjustment_short"]))
        return columns

    @property
    def title(self) -> str:
        return self.words["title"] % {"round": self.round.number, "table": self.table.number}

    def groups(self) -> list[tuple[str, str, list[Column]]]:
        """The deal columns by player: (seat letter, name, his columns)."""
        return [
            (seat, self.names[seat], [c for c in self.columns if c.seat == seat])
            for seat in self.letters
        ]

    def deal_header(self) -> list[str]:
        w = self.words
        return ["№", w["dealer"], w["deal"], *(c.label for c in self.columns), w["entries"]]

    def deal_rows(self) -> list[list[tabular.Value]]:
        """One row per deal: number, dealer's seat, summary, what it wrote (None where it
        wrote nothing), and the explanation of its entries."""
        rows: list[list[tabular.Value]] = []
        for deal in self.deals:
            written = Totals.of(deal.entries)
            rows.append(
                [
                    deal.number,
                    deal.dealer,
                    deal.summary,
                    *(_written(written, column) for column in self.columns),
                    "; ".join(deal.lines),
                ]
            )
        return rows

    def total_row(self) -> list[tabular.Value]:
        figures = [_written(self.totals, c) for c in self.columns]
        return ["", "", self.words["total"], *(0 if f is None else f for f in figures), ""]

    def summary_header(self) -> list[str]:
        w = self.words
        return [
            w["seat"],
            w["player"],
            w["pool_title"],
            w["mountain_title"],
            *(w["whists_on"] % {"seat": on} for on in self.letters),
            w["adjustments"],
            w["settled"],
        ]

    def summary_rows(self) -> list[list[tabular.Value]]:
        """Each player's final pool, mountain, whists on each other player, adjustments and
        settled result (zero-sum)."""
        totals = self.totals
        return [
            [
                seat,
                self.names[seat],
                totals.pulka.get(seat, 0),
                totals.gora.get(seat, 0),
                *(None if on == seat else totals.whists.get((seat, on), 0) for on in self.letters),
                totals.adjustments.get(seat, 0),
                self.result.get(seat, 0),
            ]
            for seat in self.letters
        ]

    def caption(self) -> str:
        seats = ", ".join(f"{seat} {name}" for seat, name in self.names.items())
        return f"{self.tournament.name} — {self.title}: {seats}"

    def sheet(self) -> tabular.Sheet:
        """The protocol as one worksheet: the deals, their total, then the final figures."""
        width = len(self.columns) + 4
        rows: list[Sequence[tabular.Value]] = [*self.deal_rows(), self.total_row()]
        if self.error:
            rows.append(["", "", f"{self.words['error']}: {self.error}"])
        rows += [[None] * width, self.summary_header(), *self.summary_rows()]
        title = self.words["sheet_title"] % {
            "round": self.round.number,
            "table": self.table.number,
        }
        widths = [6, 7, 44, *(8 for _ in self.columns), 80]
        return tabular.Sheet(title, self.deal_header(), rows, widths, self.caption())


def _written(totals: Totals, column: Column) -> Amount | None:
    """What ``totals`` hold for ``column`` (None where nothing was written). Called for
    every column of every deal: no dictionary of the books is built per call."""
    kind = column.kind
    if kind == "whists":
        return totals.whists.get((column.seat, column.on or ""))
    if kind == "pool":
        return totals.pulka.get(column.seat)
    if kind == "mountain":
        return totals.gora.get(column.seat)
    return totals.adjustments.get(column.seat)


def table_protocols(tables: Sequence[Table], lang: str = "ru") -> list[Protocol]:
    """The protocols of many tables (with ``round.tournament`` set), from the one loader of
    scored sheets (``tables.sheet.build_sheets``: two queries for all of them)."""
    return [Protocol.of_sheet(sheet) for sheet in build_sheets(tables, lang)]
