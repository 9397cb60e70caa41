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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from referee.core.language import engine_language as reader_language
from referee.core.people import person
from referee.core.permissions import may_view, may_view_table
from referee.exports.refusals import REFUSALS
from referee.standings import services as standings
from referee.standings.services import NotVisible, RoundResults, Standings
from referee.tables.evidence import deals_evidence
from referee.tables.models import Table
from referee.tables.seat_draw import current_draw
from referee.tables.sheet import TableSheet, build_sheet, sheet_drawing
from referee.tournaments.models import Tournament

from . import fast, tabular
from .format_sheets import format_lines, format_notes, sheets_of_format
from .hall import protocol_extras
from .pdf import render_pdf
from .printing import Cell, Printout, cells, first_values, page_counter, rules_lines
from .protocol import Protocol, table_protocols
from .words import words

__all__ = [
    "NotVisible",
    "Protocol",
    "Results",
    "load_results",
    "protocol_pdf",
    "results_workbook",
    "round_sheet",
    "shown_protocol_pdf",
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
        found = tuple(table_protocols(tables, lang or reader_language()))
    return Results(tournament, table, rounds, found)


# --- standings and rounds ---------------------------------------------------------------------


def standings_sheet(table: Standings, numeric_places: bool = False) -> tabular.Sheet:
    """The standings (TOURNAMENTS §11): place ("3–4" when shared; for spreadsheets a number,
    the first of a shared place, the share in the notes; "guest" for a guest, who takes
    none, his notes saying so), player, city, points,
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
    guest = words()["guest_place"]  # a guest takes no place (TOURNAMENTS §6.4)
    rows = [
        [
            guest if row["guest"] else row["rank"] if numeric_places else row["rank_label"],
            row["player"],
            row["city"],
            row["points"],
            row["whists"],
            row["firsts"],
            row["rounds_played"],
            *(row[key] for key, _label in extra),
            *row["round_points"],
            _notes(
                row["flags"],
                row["removed_in"],
                row["rank_label"] if numeric_places and row["tied"] else "",
                format_notes(row["byes"], row["discipline"]),
            ),
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


def _notes(
    flags: Iterable[str],
    removed_in: int | None = None,
    shared: str = "",
    extra: Iterable[str] = (),
) -> str:
    said = words()
    out = [_("shared place %(places)s") % {"places": shared}] if shared else []
    for flag in flags:
        if flag == "removed":
            out.append(said["out_after"] % {"n": removed_in})
        elif flag in said:
            out.append(said[flag])
    return ", ".join([*out, *extra])


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


# --- the files ------------------------------------------------------------------------------


def results_workbook(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The results workbook: the standings, one sheet per round, one per table protocol."""
    return workbook_of(load_results(tournament, viewer, after, protocols=True), viewer)


def workbook_of(results: Results, viewer: Any = None) -> bytes:
    return fast.workbook(workbook_sheets(results, viewer))


def workbook_sheets(results: Results, viewer: Any = None) -> list[tabular.Sheet]:
    """The results workbook's sheets: the standings, the format's, one per round and one per
    table protocol (``bench/twins.py`` writes them with each writer)."""
    sheets = [standings_sheet(results.standings, numeric_places=True)]
    sheets += sheets_of_format(results.tournament, results.standings, viewer)
    sheets += [round_sheet(r) for r in results.rounds]
    sheets += [p.sheet() for p in results.protocols]
    return sheets


def standings_csv(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The standings sheet as CSV (UTF-8 with a BOM, ``;``)."""
    table = standings.standings_after(tournament, after, viewer=viewer)
    return tabular.csv_bytes(standings_sheet(table, numeric_places=True))


def standings_pdf(tournament: Tournament, viewer: Any, after: int | None = None) -> bytes:
    """The standings for printing: A4, the header repeated on every page, numbered pages,
    the rules in the footer and the chief referee's signature line."""
    table = standings.standings_after(tournament, after, viewer=viewer)
    sheet = standings_sheet(table)
    more = [
        (s.caption, s.header, [cells(r) for r in s.rows])
        for s in sheets_of_format(tournament, table, viewer)
    ]
    numeric = [isinstance(v, int | Fraction) for v in first_values(sheet)]
    rows = [cells(row, numeric) for row in sheet.rows]
    widths = print_widths(sheet.header, rows)
    total = sum(widths)
    page = Printout(
        sheet.caption,
        list(zip(sheet.header, numeric, widths, strict=True)),
        rows,
        # A4 portrait holds about 120 characters of 8 pt text a line
        landscape=total * 1.55 + 2.2 * len(widths) > 186,
        rules=rules_lines(table) + format_lines(tournament),
        more=more,
        chief=person(tournament.chief_referee),
    )
    return fast.standings_print(tournament, table, page)


def print_widths(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> list[int]:
    """Each column's width in characters: its longest figure or header word, names up to 32
    characters (longer ones wrap)."""
    widths = []
    for i, title in enumerate(header):
        word = max((len(w) for w in str(title).split()), default=1)
        content = max((len(row[i].text) for row in rows if i < len(row)), default=0)
        widths.append(max(word, min(content, 32), 2) + 1)
    return widths


def protocol_pdf(table: Table, viewer: Any, base: str = "") -> bytes:
    """A table's protocol for signing: the seats, the pulka as drawn on paper, every deal
    with what it wrote, the totals and settled result, and signature lines for every player
    and the referee. ``table`` has ``round.tournament`` loaded."""
    tournament = table.round.tournament
    if not may_view(viewer, tournament):
        raise REFUSALS.error("not_published", cls=NotVisible)
    if not may_view_table(viewer, table):
        raise REFUSALS.error("round_not_public", cls=NotVisible)
    return shown_protocol_pdf(table, base)


def shown_protocol_pdf(table: Table, base: str = "") -> bytes:
    """The protocol of a table its reader may see: the protocol's page has found it through
    its surface (``tables.surfaces.table_for``), which carries the same rule as above."""
    return protocol_pdf_of(build_sheet(table, reader_language()), base)


def protocol_pdf_of(sheet: TableSheet, base: str = "") -> bytes:
    protocol = Protocol.of_sheet(sheet)
    drawing = sheet_drawing(sheet, protocol.title)
    table = protocol.table
    return render_pdf(
        "exports/protocol.html",
        {
            "tournament": protocol.tournament,
            "protocol": protocol,
            "table": table,
            "groups": protocol.groups(),
            "deals": [
                {"cells": cells(row[:-1]), "lines": deal.lines}
                for row, deal in zip(protocol.deal_rows(), protocol.deals, strict=True)
            ],
            "total": cells(protocol.total_row()[:-1]),
            "summary_header": protocol.summary_header(),
            "summary": [cells(row) for row in protocol.summary_rows()],
            "drawing": mark_safe(drawing),  # pulka_svg escapes every text it writes
            "printed": timezone.localdate(),
            "page_counter": page_counter(),
            "evidence": deals_evidence(table, [row.deal for row in sheet.rows], sheet.names),
            "seat_draw": current_draw(table, sheet.seat_names),  # Kodeks 3.1.1, on record
            **protocol_extras(table, base),
        },
    )
