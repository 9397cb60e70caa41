"""The site's sections of ``bench/twins.py`` (workbook, rows, pdf, gc): run from there."""

from __future__ import annotations

import contextlib
import gc
import io
import re
from collections.abc import Iterator, Sequence
from typing import Any

from sidebyside import Work, kib, side_by_side

from referee.exports import fast, tabular
from referee.exports.tabular import Sheet, column_width, header_height, number, sheet_title

# -- workbook ---------------------------------------------------------------------------------


def openpyxl_write_only(sheets: Sequence[Sheet]) -> bytes:
    """``tabular.workbook`` in openpyxl's write-only mode (rows streamed, no cell objects
    kept): the same titles, bold wrapped header and its height, frozen panes, widths, print
    set-up and cell types."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=True)
    bold, top = Font(bold=True), Alignment(wrap_text=True, vertical="top")
    used: set[str] = set()
    for sheet in sheets or [Sheet("Sheet", [], [])]:
        ws = book.create_sheet(sheet_title(sheet.title, used))
        first = 3 if sheet.caption else 1
        for col in range(1, len(sheet.header) + 1):
            ws.column_dimensions[get_column_letter(col)].width = column_width(sheet, col)
        ws.freeze_panes = f"A{first + 1}"
        ws.page_setup.orientation = "landscape"
        ws.page_setup.paperSize = "9"  # A4
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = f"{first}:{first}"
        ws.row_dimensions[first].height = header_height(sheet)
        if sheet.caption:
            caption = WriteOnlyCell(ws, value=sheet.caption)
            caption.font = bold
            ws.append([caption])
            ws.append([])
        header = []
        for title in sheet.header:
            cell = WriteOnlyCell(ws, value=str(title))
            cell.font, cell.alignment = bold, top
            header.append(cell)
        ws.append(header)
        for row in sheet.rows:
            values: list[Any] = []
            for value in row:
                if type(value) is str and value.startswith("="):
                    cell = WriteOnlyCell(ws, value=value)
                    cell.data_type = "s"  # never a formula
                    values.append(cell)
                elif type(value) is int or type(value) is str or value is None:
                    values.append(value)
                else:
                    shown = number(value)
                    values.append(shown if isinstance(shown, int | float) else str(shown))
            ws.append(values)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xlsxwriter_constant_memory(sheets: Sequence[Sheet]) -> bytes:
    """``tabular.workbook`` with XlsxWriter in ``constant_memory`` mode (each row flushed
    to a temporary file as the next begins)."""
    import xlsxwriter

    out = io.BytesIO()
    book = xlsxwriter.Workbook(
        out,
        {
            "constant_memory": True,
            "strings_to_formulas": False,
            "strings_to_urls": False,
            "strings_to_numbers": False,
        },
    )
    bold = book.add_format({"bold": True})
    top = book.add_format({"bold": True, "text_wrap": True, "valign": "top"})
    used: set[str] = set()
    for sheet in sheets or [Sheet("Sheet", [], [])]:
        ws = book.add_worksheet(sheet_title(sheet.title, used))
        first = 2 if sheet.caption else 0  # XlsxWriter counts rows from 0
        for col in range(len(sheet.header)):
            ws.set_column(col, col, column_width(sheet, col + 1))
        ws.freeze_panes(first + 1, 0)
        ws.set_landscape()
        ws.set_paper(9)
        ws.fit_to_pages(1, 0)
        ws.repeat_rows(first)
        if sheet.caption:
            ws.write_string(0, 0, sheet.caption, bold)
        ws.set_row(first, header_height(sheet))
        for col, title in enumerate(sheet.header):
            ws.write_string(first, col, str(title), top)
        write_string, write_number = ws.write_string, ws.write_number
        for r, row in enumerate(sheet.rows, start=first + 1):
            for col, value in enumerate(row):
                if type(value) is int:
                    write_number(r, col, value)
                elif type(value) is str:
                    write_string(r, col, value)
                elif value is not None:
                    shown = number(value)
                    if isinstance(shown, int | float):
                        write_number(r, col, shown)
                    else:
                        write_string(r, col, str(shown))
    book.close()
    return out.getvalue()


def widths(ws: Any) -> dict[int, int]:
    """Each column's width in whole characters (XlsxWriter adds Excel's padding of 0.71
    and writes equal neighbours as one range)."""
    return {
        col: int(d.width)
        for d in ws.column_dimensions.values()
        if d.width
        for col in range(d.min, d.max + 1)
    }


def read_back(data: bytes) -> list[Any]:
    """What a reader sees: titles, frozen panes, widths, header heights, print titles and
    every cell's value and type."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data))
    return [
        (
            ws.title,
            ws.freeze_panes,
            ws.print_title_rows,
            ws.page_setup.orientation,
            widths(ws),
            {k: d.height for k, d in ws.row_dimensions.items() if d.height},
            [
                [(c.value, c.data_type) for c in row if c.value not in (None, "")]
                for row in ws.iter_rows()
            ],
        )
        for ws in book.worksheets
    ]


def workbook_sheets(tournament: Any, viewer: Any) -> list[Sheet]:
    """The results workbook's sheets, as the site makes them (``reports.workbook_sheets``)."""
    from referee.exports import reports

    results = reports.load_results(tournament, viewer, None, protocols=True)
    return reports.workbook_sheets(results, viewer)


def workbook_section(tournament: Any, viewer: Any, repeat: int) -> None:
    sheets = workbook_sheets(tournament, viewer)
    cells = sum(len(row) for s in sheets for row in s.rows)
    candidates = [
        ("fast.workbook (speed code)", lambda: fast.workbook(sheets)),
        ("openpyxl (tabular.workbook)", lambda: tabular.workbook(sheets)),
        ("openpyxl write_only", lambda: openpyxl_write_only(sheets)),
    ]
    try:
        import xlsxwriter  # noqa: F401

        candidates.append(
            ("XlsxWriter constant_memory", lambda: xlsxwriter_constant_memory(sheets))
        )
    except ImportError:
        print("  (XlsxWriter is not installed: pip install XlsxWriter to measure it)")
    expected = read_back(fast.workbook(sheets))
    for name, work in candidates[1:]:
        assert read_back(work()) == expected, name
    side_by_side(
        f"results workbook: {len(sheets)} sheets, {cells:,} cells (writing only)",
        candidates,
        repeat,
        kib,
    )


# -- rows -------------------------------------------------------------------------------------

#: page_rows' markup as a Django template and as a Jinja2 template (the words of the page
#: looked up once a page, as page_rows does; ``cells``: label, text, missing, negative, bye).
DJANGO_ROWS = (
    "{% for r in rows %}"
    '<tr class="{{ r.classes }}"><td class="num">{{ r.rank_label }}</td>'
    '<td class="who"><a href="{{ r.card_url }}">{{ r.player }}</a>'
    '{% if r.provisional %}<span class="narrow-only">*</span>{% endif %}\n'
    '<details class="narrow-only row-details"><summary>{{ w.details }}</summary><dl>'
    "{% if r.city %}<dt>{{ w.city }}</dt><dd>{{ r.city }}</dd>{% endif %}"
    "<dt>{{ w.whists }}</dt><dd>{{ r.whists_text }}</dd>"
    "<dt>{{ w.firsts }}</dt><dd>{{ r.firsts }}</dd>"
    "<dt>{{ w.rounds }}</dt><dd>{{ r.rounds_played }}</dd>"
    "{% for label, text, missing, negative, bye in r.cells %}<dt>{{ label }}</dt><dd>"
    "{% if bye %}{{ mark }} {% endif %}{% if missing %}—{% else %}{{ text }}{% endif %}</dd>"
    "{% endfor %}</dl></details></td>"
    '<td class="wide">{{ r.city }}</td>'
    '<td class="num strong{% if r.points < 0 %} neg{% endif %}">{{ r.points_text }}</td>'
    '<td class="num wide{% if r.whists < 0 %} neg{% endif %}">{{ r.whists_text }}</td>'
    '<td class="num wide">{{ r.firsts }}</td><td class="num wide">{{ r.rounds_played }}</td>'
    "{% for label, text, missing, negative, bye in r.cells %}"
    '{% if missing %}<td class="num wide{% if bye %} bye{% endif %}">'
    '{% if bye %}{{ mark }} {% endif %}<span class="muted">—</span></td>'
    '{% else %}<td class="num wide{% if negative %} neg{% endif %}{% if bye %} bye{% endif %}">'
    "{% if bye %}{{ mark }} {% endif %}{{ text }}</td>{% endif %}{% endfor %}"
    '<td class="wide">{{ r.notes }}</td></tr>\n'
    "{% endfor %}"
)
JINJA_ROWS = DJANGO_ROWS  # the same syntax serves both here


def normalized(html: str) -> str:
    """The markup with its layout whitespace gone: runs of spaces as one, none between tags."""
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


def template_rows(rows: list[dict[str, Any]], rounds: int) -> list[dict[str, Any]]:
    """What a template needs beyond the view's rows: each round's cell with its label and
    bye, the row's classes and its notes (page_rows' own ``_notes``: the same badges)."""
    from django.utils.html import escape
    from django.utils.translation import gettext as _

    from referee.standings import page_rows

    labels = [_("R%(n)s") % {"n": n} for n in range(1, rounds + 1)]
    words = {"provisional": escape(_("provisional")), "withdrawn": escape(_("withdrawn"))}
    words["yellow_title"] = escape(_("round result below the elimination threshold"))
    words["yellow"] = escape(_("yellow card"))
    out = []
    for row in rows:
        byes = set(row.get("byes") or ())
        flags = row["flags"]
        out.append(
            {
                **row,
                "classes": ("tied" if row["tied"] else "")
                + (" removed" if "removed" in flags else ""),
                "cells": [
                    (label, text, missing, negative, n in byes)
                    for n, (label, (text, missing, negative)) in enumerate(
                        zip(labels, row["round_cells"], strict=False), 1
                    )
                ],
                "notes": page_rows._notes(row, words),  # already escaped: marked safe below
            }
        )
    return out


def rows_section(tournament: Any, viewer: Any, repeat: int) -> None:
    from referee.standings import services
    from referee.standings.views import display_rows

    table = services.standings_after(tournament, None, viewer=viewer)
    rows = display_rows(services.standings_rows(table), tournament.slug)
    rounds = table.after or 0
    candidates = rows_candidates(rows, rounds)
    expected = candidates[0][1]()
    for name, work in candidates[1:]:
        assert normalized(work()) == normalized(expected), name
    side_by_side(
        f"standings page rows: {len(rows)} rows, {rounds} rounds (rendering the rows only)",
        candidates,
        repeat,
        kib,
    )


def rows_candidates(rows: list[dict[str, Any]], rounds: int) -> list[tuple[str, Work]]:
    """The speed code first, then the templates that render the same rows."""
    from django.template import engines
    from django.template.loader import get_template
    from django.utils.translation import gettext as _

    from referee.standings.page_rows import standings_body

    django_template = engines["django"].from_string(DJANGO_ROWS)
    words = {
        "details": _("details"),
        "city": _("City"),
        "whists": _("Whists"),
        "firsts": _("first places at tables"),
        "rounds": _("Rounds"),
    }

    def by_django() -> str:
        return django_template.render(rows_context(rows, rounds, words))

    plain = get_template("standings/_rows.html")

    def by_plain_template() -> str:
        return plain.render({"rows": rows})

    candidates: list[tuple[str, Work]] = [
        ("page_rows.standings_body (speed code)", lambda: str(standings_body(rows, rounds))),
        ("Django template (words looked up once)", by_django),
        ("Django template standings/_rows.html", by_plain_template),
    ]
    try:
        import jinja2

        environment = jinja2.Environment(autoescape=True)
        jinja_template = environment.from_string(JINJA_ROWS)

        def by_jinja() -> str:
            return jinja_template.render(rows_context(rows, rounds, words))

        candidates.append(("Jinja2 template", by_jinja))
    except ImportError:
        print("  (Jinja2 is not installed: pip install Jinja2 to measure it)")
    return candidates


def rows_context(rows: list[dict[str, Any]], rounds: int, words: dict[str, str]) -> dict[str, Any]:
    """The context of DJANGO_ROWS and JINJA_ROWS; the bye mark is looked up at each render,
    as ``standings_body`` does."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext as _
    from django.utils.translation import pgettext

    prepared = template_rows(rows, rounds)
    for row in prepared:
        row["notes"] = mark_safe(row["notes"])
    bye, title = pgettext("a round sat out", "bye"), _("sat out this round (bye)")
    mark = mark_safe(f'<span class="bye-mark" title="{escape(title)}">{escape(bye)}</span>')
    return {"rows": prepared, "w": words, "mark": mark}


# -- pdf --------------------------------------------------------------------------------------


@contextlib.contextmanager
def weasyprint_standings() -> Iterator[None]:
    """The exports print the standings the plain way: ``printing.standings_print``."""
    from referee.exports import fast, printing

    speed_code = fast.standings_print
    fast.standings_print = printing.standings_print
    try:
        yield
    finally:
        fast.standings_print = speed_code


def pdf_words(data: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return sorted(w for page in reader.pages for w in page.extract_text().split())


def pdf_section(tournament: Any, viewer: Any, repeat: int) -> None:
    from referee.exports import reports

    def by_weasyprint() -> bytes:
        with weasyprint_standings():
            return reports.standings_pdf(tournament, viewer)

    def by_gridpdf() -> bytes:
        return reports.standings_pdf(tournament, viewer)

    def pages(data: bytes) -> str:
        from pypdf import PdfReader

        return f"{len(data) / 1024:,.0f} KiB, {len(PdfReader(io.BytesIO(data)).pages)} pages"

    fast, slow = pdf_words(by_gridpdf()), pdf_words(by_weasyprint())
    same = fast == slow
    print(f"\n  the same words in both PDFs: {same} ({len(fast):,} and {len(slow):,} words)")
    side_by_side(
        "standings PDF (the standings computed as well: cached after the first)",
        [("gridpdf (speed code)", by_gridpdf), ("WeasyPrint", by_weasyprint)],
        repeat,
        pages,
    )


# -- gc ---------------------------------------------------------------------------------------


def gc_section(tournament: Any, viewer: Any, repeat: int) -> None:
    """The collector paused for the request (as ``core/collector.py`` did until it was
    removed), running, and running with what start-up made frozen (as ``referee/wsgi.py``
    does now)."""
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from referee.exports import reports

    client, page = Client(), reverse("standings", args=[tournament.slug])

    def standings_page() -> bytes:
        cache.clear()  # as right after a change: the standings are computed again
        response = client.get(page)
        assert response.status_code == 200
        return response.content

    def workbook() -> bytes:
        return reports.results_workbook(tournament, viewer)

    for label, work in (("standings page after a change", standings_page), ("workbook", workbook)):

        def paused(work: Any = work) -> Any:
            gc.disable()
            try:
                return work()
            finally:
                gc.enable()

        def frozen(work: Any = work) -> Any:
            gc.freeze()  # what start-up made (and the bench's tournament) stays out of passes
            try:
                return work()
            finally:
                gc.unfreeze()

        gc.collect()
        side_by_side(
            f"{label}: the collector (frozen at start: {len(gc.get_objects()):,} objects)",
            [
                ("paused per request (core/collector.py, removed)", paused),
                ("running, nothing frozen", work),
                ("running, gc.freeze() after start-up (wsgi.py)", frozen),
            ],
            repeat,
            kib,
        )
