"""The organisers' reports (TOURNAMENTS §8.2, §11): standings, round results, table protocols.

One row source per report, pretix style: ``standings_sheet``, ``round_sheet`` and
``Protocol`` turn the standings services' rows (``standings_rows``, ``round_rows``) and the
table sheets into ``tabular.Sheet`` values, and the same values become the XLSX workbook, the
CSV file and the HTML that the PDF prints. No figure is computed here: places, points and
whists come from ``referee.standings.services``; every ledger entry, total and settled result
from the engine, exactly as the table sheet (``tables.sheet.build_sheet``) scores it.

Who sees what is the pages' rule: the standings exports follow the standings page (officials
see every round in play or finished, the public a published tournament's rounds up to
``published_through``), a protocol follows its table page (officials always, the public once
the tournament is published). Anything else raises ``NotVisible``; a view answers 404.

Each export reads a fixed number of queries whatever the size of the tournament: the
standings' six, and for the workbook the tables, their seats and their deals at once.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.template.defaultfilters import floatformat
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import scoring
from referee.core.permissions import may_view, may_view_round
from referee.standings import services as standings
from referee.standings.labels import METHOD_LABELS, TIE_BREAK_LABELS
from referee.standings.services import NotVisible, RoundResults, Standings
from referee.tables.dealdata import LETTERS, score_table
from referee.tables.drawing import pulka_svg
from referee.tables.models import Deal, Seat, Table
from referee.tables.sheet import Sheet as TableSheet
from referee.tables.sheet import SheetSeat, build_sheet, describe_deal, paper_figures
from referee.tournaments.models import Tournament
from scoring.ledger import Totals
from scoring.numbers import Amount

from . import tabular
from .pdf import render_pdf

__all__ = [
    "NotVisible",
    "Protocol",
    "Results",
    "load_results",
    "protocol_pdf",
    "results_workbook",
    "round_sheet",
    "standings_csv",
    "standings_pdf",
    "standings_sheet",
    "table_protocols",
]


# --- what an export shows --------------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    """A tournament as the viewer may see it after round ``standings.after``: the standings,
    every round's results up to it, and (when asked for) every table's protocol."""

    tournament: Tournament
    standings: Standings
    rounds: tuple[RoundResults, ...]
    protocols: tuple[Protocol, ...]


def load_results(
    tournament: Tournament,
    viewer: Any,
    after: int | None = None,
    *,
    protocols: bool = False,
    lang: str | None = None,
) -> Results:
    """Everything in one load: six queries for the standings and the rounds, three more for
    the protocols. ``after`` defaults to the last round the viewer sees."""
    table, rounds, shown = standings.standings_with_rounds(tournament, after, viewer=viewer)
    found: tuple[Protocol, ...] = ()
    if protocols and shown:
        by_id = {r.pk: r for r in shown}
        for round_ in shown:
            round_.tournament = tournament  # the protocols read the convention from here
        tables = list(Table.objects.filter(round__in=shown).order_by("round__number", "number"))
        for t in tables:
            t.round = by_id[t.round_id]
        found = tuple(table_protocols(tables, lang or _lang()))
    return Results(tournament, table, rounds, found)


def _lang() -> str:
    """The language of the engine's words: the active one, Russian or English."""
    return "en" if (get_language() or "ru").startswith("en") else "ru"


@lru_cache(maxsize=8)
def _words_in(language: str) -> dict[str, str]:
    """The report's words in ``language``, looked up once: a workbook repeats them on
    hundreds of sheets and thousands of rows."""
    return {
        "pool": _("%(seat)s pool"),
        "mountain": _("%(seat)s mountain"),
        "adjustment": _("%(seat)s adj."),
        "pool_short": _("pool"),
        "mountain_short": _("mountain"),
        "adjustment_short": _("adj."),
        "dealer": _("Dealer"),
        "deal": _("Deal"),
        "entries": _("Entries"),
        "total": _("Total"),
        "seat": _("Seat"),
        "player": _("Player"),
        "pool_title": _("Pool"),
        "mountain_title": _("Mountain"),
        "whists_on": _("Whists on %(seat)s"),
        "adjustments": _("Adjustments"),
        "settled": _("Settled"),
        "sheet_title": _("R%(round)s T%(table)s"),
        "title": _("Round %(round)s, table %(table)s"),
        "error": _("The sheet cannot be scored"),
        "provisional": _("provisional"),
        "yellow_card": _("yellow card"),
        "withdrawn": _("withdrawn"),
        "out_after": _("out after round %(n)s"),
    }


def _words() -> dict[str, str]:
    return _words_in(get_language() or "")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector walks every tracked object each time enough new ones pile
    up; an export allocates hundreds of thousands of short-lived objects (deals, ledger
    entries, WeasyPrint's boxes), so the collector pauses for the export (a third of the
    standings PDF's time). Garbage with cycles is collected after it, as usual."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- standings and rounds ---------------------------------------------------------------------


def standings_sheet(table: Standings) -> tabular.Sheet:
    """The standings (TOURNAMENTS §11): place ("3–4" when shared), player, city, points,
    whists, first places, rounds played, the tie-break values the chain uses beyond those,
    the round points of every round, and notes."""
    after = table.after or 0
    extra = _extra_tie_breaks(table)
    header = [
        _("Place"),
        _("Player"),
        _("City"),
        _("Points"),
        _("Whists"),
        _("1st places"),
        _("Rounds"),
        *(label for _key, label in extra),
        *(_("R%(n)s") % {"n": n} for n in range(1, after + 1)),
        _("Notes"),
    ]
    rows = [
        [
            row["rank_label"],
            row["player"],
            row["city"],
            row["points"],
            row["whists"],
            row["firsts"],
            row["rounds_played"],
            *(row[key] for key, _label in extra),
            *row["round_points"],
            _notes(row["flags"], row["removed_in"]),
        ]
        for row in standings.standings_rows(table)
    ]
    widths = [7, 28, 18, 9, 9, 6, 7, *(9 for _ in extra), *(7 for _ in range(after)), 20]
    return tabular.Sheet(_("Standings"), header, rows, widths, caption=_standings_title(table))


def _extra_tie_breaks(table: Standings) -> list[tuple[str, str]]:
    """Tie-break values of the chain that the main columns do not show (§11: "each
    tie-break value"); head to head has no single value to show."""
    chain = table.rules.tie_breaks
    extra = []
    if "opponents_points" in chain:
        extra.append(("opponents_points", _("Opponents' points")))
    if "lot" in chain and table.rules.lots:
        extra.append(("lot", _("Lot")))
    return extra


def _notes(flags: Iterable[str], removed_in: int | None = None) -> str:
    words = _words()
    out = []
    for flag in flags:
        if flag == "removed":
            out.append(words["out_after"] % {"n": removed_in})
        elif flag in words:
            out.append(words[flag])
    return ", ".join(out)


def _standings_title(table: Standings) -> str:
    name = table.tournament.name
    if table.after is None:
        return name
    title = _("%(name)s — standings after round %(n)s") % {"name": name, "n": table.after}
    return f"{title} ({_('provisional')})" if table.provisional else title


def round_sheet(results: RoundResults) -> tabular.Sheet:
    """A round's results: every table's players in seat order with their settled whists,
    round points and place at the table."""
    header = [
        _("Table"),
        _("Seat"),
        _("Player"),
        _("City"),
        _("Whists"),
        _("Points"),
        _("Place"),
        _("Notes"),
    ]
    rows = [
        [
            row["table"],
            row["position"],
            row["player"],
            row["city"],
            row["whists"],
            row["points"],
            row["place"],
            _notes((["provisional"] if row["provisional"] else []) + list(row["flags"])),
        ]
        for row in standings.round_rows(results)
    ]
    title = _("Results of round %(n)s") % {"n": results.number}
    caption = f"{results.tournament.name} — {title}"
    if results.provisional:
        caption += f" ({_('provisional')})"
    return tabular.Sheet(
        _("Round %(n)s") % {"n": results.number},
        header,
        rows,
        [7, 6, 28, 18, 9, 9, 7, 20],
        caption=caption,
    )


# --- table protocols --------------------------------------------------------------------------


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
        self.words = _words()
        adjusted = bool(totals.adjustments) or any(
            e.kind == "adjustment" for deal in self.deals for e in deal.entries
        )
        self.columns = [c for seat in self.letters for c in self._columns_of(seat, adjusted)]

    @classmethod
    def of_sheet(cls, sheet: TableSheet) -> Protocol:
        deals = [
            ProtocolDeal(
                row.deal.number,
                row.deal.data.get("dealer") or "",
                row.summary,
                tuple(row.entries),
                tuple(row.lines),
            )
            for row in sheet.rows
        ]
        totals = Totals(sheet.pulka, sheet.gora, sheet.whists, sheet.adjustments)
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
                    *(_figure(written, column) for column in self.columns),
                    "; ".join(deal.lines),
                ]
            )
        return rows

    def total_row(self) -> list[tabular.Value]:
        figures = [_figure(self.totals, c) for c in self.columns]
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


def _figure(totals: Totals, column: Column) -> Amount | None:
    """What ``totals`` hold for ``column`` (None where nothing was written)."""
    if column.kind == "whists":
        return totals.whists.get((column.seat, column.on or ""))
    book = {"pool": totals.pulka, "mountain": totals.gora, "adjustment": totals.adjustments}
    return book[column.kind].get(column.seat)


def table_protocols(tables: Sequence[Table], lang: str = "ru") -> list[Protocol]:
    """The protocols of many tables (with ``round.tournament`` set) in two queries: their
    seats and their deals, read for all the tables at once, then each table scored by the
    engine as ``build_sheet`` scores it (the same calls: ``score_table``, ``describe_deal``,
    ``scoring.explain``)."""
    wanted = {t.pk for t in tables}
    rounds = {t.round_id for t in tables}
    seats: dict[int, list[SheetSeat]] = defaultdict(list)
    for table_id, position, name, registration, first in (
        Seat.objects.filter(table__round_id__in=rounds)
        .order_by("table_id", "position")
        .values_list(
            "table_id", "position", "registration__player__name", "registration_id", "first_dealer"
        )
    ):
        if table_id in wanted:
            seats[table_id].append(SheetSeat(LETTERS[position - 1], name, registration, first))
    deals: dict[int, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    for table_id, number, data in (
        Deal.objects.filter(table__round_id__in=rounds, deleted=False)
        .order_by("table_id", "number")
        .values_list("table_id", "number", "data")
    ):
        if table_id in wanted:
            deals[table_id].append((number, data))
    conventions: dict[int, scoring.Convention] = {}
    out = []
    for table in tables:
        tournament = table.round.tournament
        rules = conventions.setdefault(tournament.pk, tournament.rules())
        out.append(_protocol(table, seats[table.pk], deals[table.pk], rules, lang))
    return out


def _protocol(
    table: Table,
    seats: list[SheetSeat],
    deals: list[tuple[int, dict[str, Any]]],
    rules: scoring.Convention,
    lang: str,
) -> Protocol:
    names = {s.letter: s.name for s in seats}
    pool_size = table.round.tournament.pool_size
    try:
        scored = score_table(rules, len(seats), [data for _n, data in deals], pool_size)
    except scoring.ScoringError as error:  # stored deals are validated; as build_sheet does
        return Protocol(table, seats, [], Totals({}, {}, {}, {}), {}, str(error))
    listed = [
        ProtocolDeal(
            number,
            data.get("dealer") or "",
            describe_deal(data, names, lang),
            result.entries,
            tuple(scoring.explain(result.entries, lang, names)),
        )
        for (number, data), result in zip(deals, scored.deals, strict=True)
    ]
    return Protocol(table, seats, listed, scored.totals, scored.result)


# --- the files ------------------------------------------------------------------------------


def results_workbook(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The results workbook: the standings, one sheet per round, one per table protocol."""
    with _collector_paused():
        return workbook_of(load_results(tournament, viewer, after, protocols=True))


def workbook_of(results: Results) -> bytes:
    sheets = [standings_sheet(results.standings)]
    sheets += [round_sheet(r) for r in results.rounds]
    sheets += [p.sheet() for p in results.protocols]
    return tabular.fast_workbook(sheets)


def standings_csv(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The standings sheet as CSV (UTF-8 with a BOM, ``;``)."""
    table = standings.standings_after(tournament, after, viewer=viewer)
    return tabular.csv_bytes(standings_sheet(table))


def standings_pdf(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The standings for printing: A4, the header repeated on every page, numbered pages,
    the rules in the footer and the chief referee's signature line."""
    with _collector_paused():
        table = standings.standings_after(tournament, after, viewer=viewer)
        sheet = standings_sheet(table)
        numeric = [isinstance(v, int | Fraction) for v in _first_values(sheet)]
        rows = [_cells(row, numeric) for row in sheet.rows]
        widths = _print_widths(sheet.header, rows)
        total = sum(widths)
        columns = [
            {"title": title, "numeric": numeric[i], "width": f"{100 * width / total:.2f}%"}
            for i, (title, width) in enumerate(zip(sheet.header, widths, strict=True))
        ]
        return render_pdf(
            "exports/standings.html",
            {
                "tournament": tournament,
                "standings": table,
                "title": sheet.caption,
                "columns": columns,
                "rows": rows,
                # A4 portrait holds about 120 characters of 8 pt text a line
                "landscape": total * 1.55 + 2.2 * len(widths) > 186,
                "rules": _rules_lines(table),
                "chief": _person(tournament.chief_referee),
                "printed": timezone.localdate(),
                "page_counter": page_counter(),
            },
        )


def _print_widths(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> list[int]:
    """Each column's width in characters: its longest figure or header word, names up to 32
    characters (longer ones wrap)."""
    widths = []
    for i, title in enumerate(header):
        word = max((len(w) for w in str(title).split()), default=1)
        content = max((len(row[i].text) for row in rows if i < len(row)), default=0)
        widths.append(max(word, min(content, 32), 2) + 1)
    return widths


def protocol_pdf(table: Table, viewer: Any) -> bytes:
    """A table's protocol for signing: the seats, the pulka as drawn on paper, every deal
    with what it wrote, the totals and settled result, and signature lines for every player
    and the referee. ``table`` has ``round.tournament`` loaded."""
    tournament = table.round.tournament
    if not may_view(viewer, tournament):
        raise NotVisible(_("This tournament is not published."))
    if not may_view_round(viewer, tournament, table.round.number):
        raise NotVisible(_("The results of this round are not public yet."))
    with _collector_paused():
        return protocol_pdf_of(build_sheet(table, _lang()))


def protocol_pdf_of(sheet: TableSheet) -> bytes:
    protocol = Protocol.of_sheet(sheet)
    figures = paper_figures(sheet)
    drawing = pulka_svg(
        sheet.names,
        figures.pool,
        figures.mountain,
        figures.whists,
        sheet.result,
        pool_size=protocol.tournament.pool_size,
        title=protocol.title,
    )
    table = protocol.table
    return render_pdf(
        "exports/protocol.html",
        {
            "tournament": protocol.tournament,
            "protocol": protocol,
            "table": table,
            "groups": protocol.groups(),
            "deals": [
                {"cells": _cells(row[:-1]), "lines": deal.lines}
                for row, deal in zip(protocol.deal_rows(), protocol.deals, strict=True)
            ],
            "total": _cells(protocol.total_row()[:-1]),
            "summary_header": protocol.summary_header(),
            "summary": [_cells(row) for row in protocol.summary_rows()],
            "drawing": mark_safe(drawing),  # pulka_svg escapes every text it writes
            "referee": _person(table.submitted_by if table.submitted_by_id else None),
            "printed": timezone.localdate(),
            "page_counter": page_counter(),
        },
    )


# --- printing helpers -----------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    text: str
    numeric: bool
    negative: bool = False


def _first_values(sheet: tabular.Sheet) -> list[tabular.Value]:
    """Per column, its first value that is not empty (numeric columns are right-aligned)."""
    firsts: list[tabular.Value] = [None] * len(sheet.header)
    for row in sheet.rows:
        for i, value in enumerate(row[: len(firsts)]):
            if firsts[i] is None and value is not None:
                firsts[i] = value
    return firsts


def _cells(row: Sequence[tabular.Value], numeric: Sequence[bool] = ()) -> list[Cell]:
    """A row as printed: figures to two places at most, right-aligned, negatives marked."""
    out = []
    for i, value in enumerate(row):
        figure = isinstance(value, int | Fraction | float)
        out.append(
            Cell(
                shown(value),
                figure or (i < len(numeric) and numeric[i]),
                figure and value < 0,  # type: ignore[operator]
            )
        )
    return out


def shown(value: tabular.Value) -> str:
    """A value as the pages show it: figures to two places at most (``17.33``, ``-10``,
    ``2.50``, with the language's decimal sign), text as it is, empty for None."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return str(floatformat(value, "-2"))


def _person(user: Any) -> str:
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username())


def _rules_lines(table: Standings) -> list[str]:
    """The footer (§11): the convention and its options, the round points, the tie-breaks."""
    tournament = table.tournament
    rules = table.rules
    convention = tournament.convention
    if tournament.options:
        convention += " " + ", ".join(f"{k}={v}" for k, v in tournament.options.items())
    method = str(METHOD_LABELS.get(rules.method, rules.method))
    if rules.params:
        method += " " + ", ".join(f"{k}={v}" for k, v in rules.params.items())
    lines = [
        _("convention") + f": {convention}",
        _("round points") + f": {method}",
    ]
    if rules.normalisation == "factor":
        lines.append(_("tables of 4 × %(f)s") % {"f": rules.four_table_factor})
    if rules.elimination_threshold is not None:
        lines.append(_("elimination below %(t)s whists") % {"t": rules.elimination_threshold})
    chain = ", ".join(str(TIE_BREAK_LABELS.get(n, n)) for n in rules.tie_breaks)
    lines.append(_("tie-breaks") + f": {chain}")
    return lines


def page_counter() -> SafeString:
    """CSS ``content`` for "page X of Y" in the active language, from one translatable
    message: its text parts quoted, the numbers as the page counters."""
    marked = _("page %(page)s of %(pages)s") % {"page": "\x00page\x00", "pages": "\x00pages\x00"}
    parts = []
    for i, piece in enumerate(marked.split("\x00")):
        if i % 2:
            parts.append(f"counter({piece})")
        elif piece:
            quoted = piece.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3C ")
            parts.append(f'"{quoted}"')
    return mark_safe(" ".join(parts))  # text parts quoted and escaped above
