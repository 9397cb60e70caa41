"""One table of a report, and its XLSX and CSV forms (pretix style: one row source).

A ``Report`` is a list of ``Sheet`` values: a title, a header and rows of plain values
(str, int, Fraction, Decimal, None). The same sheets become an XLSX workbook (numbers as
numeric cells, frozen header, column widths, Cyrillic intact) or a CSV file (UTF-8 with a
BOM, so Excel opens Cyrillic right). Text that a spreadsheet would read as a formula
(``=``, ``+``, ``-``, ``@`` first) stays text in both.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from referee.core.figures import rounded

Value = str | int | float | Fraction | Decimal | None
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Sheet:
    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[Value]]
    widths: Sequence[int] = field(default_factory=tuple)
    caption: str = ""


def number(value: Value) -> Value:
    """Exact values become numbers a spreadsheet can sum, rounded to 2 places as the pages
    round them (``core.figures``: 1/8 is 0.13 in both)."""
    if isinstance(value, Fraction | Decimal):
        return rounded(value)
    return value


def workbook(sheets: Sequence[Sheet]) -> bytes:
    book = Workbook()
    book.remove(book.active)
    used: set[str] = set()
    for sheet in sheets:
        ws = book.create_sheet(sheet_title(sheet.title, used))
        first = 1
        if sheet.caption:
            ws.cell(row=1, column=1, value=sheet.caption).font = Font(bold=True)
            first = 3
        for col, title in enumerate(sheet.header, start=1):
            cell = ws.cell(row=first, column=col, value=title)
            cell.font = Font(bold=True)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
        for r, row in enumerate(sheet.rows, start=first + 1):
            for col, value in enumerate(row, start=1):
                cell = ws.cell(row=r, column=col, value=number(value))
                if isinstance(value, str):
                    cell.data_type = "s"  # never a formula, whatever the text starts with
        ws.row_dimensions[first].height = header_height(sheet)
        ws.freeze_panes = ws.cell(row=first + 1, column=1)
        ws.page_setup.orientation = "landscape"
        ws.page_setup.paperSize = ws.PAPERSIZE_A4
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = f"{first}:{first}"
        for col in range(1, len(sheet.header) + 1):
            ws.column_dimensions[get_column_letter(col)].width = column_width(sheet, col)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _width(sheet: Sheet, col: int) -> int:
    texts = [str(sheet.header[col - 1])] + [
        str(number(row[col - 1])) for row in sheet.rows[:200] if col <= len(row)
    ]
    return min(max(len(t) for t in texts) + 2, 50)


def sheet_title(title: str, used: set[str]) -> str:
    """Excel sheet names: at most 31 characters, no []:*?/\\, unique."""
    clean = "".join(" " if ch in "[]:*?/\\" else ch for ch in title)[:31] or "Sheet"
    name, n = clean, 2
    while name.lower() in used:
        suffix = f" ({n})"
        name, n = clean[: 31 - len(suffix)] + suffix, n + 1
    used.add(name.lower())
    return name


def csv_text(value: Value, decimal: str = ",") -> str:
    """A cell of the CSV: numbers with a decimal comma (``206,67``: the file's separator is
    ``;``, so Russian-locale spreadsheets read them as numbers), text as it is."""
    if value is None:
        return ""
    shown = number(value)
    text = str(shown)
    if isinstance(shown, float):
        text = text.replace(".", decimal)
    if isinstance(value, str) and text.startswith(FORMULA_STARTS):
        return "'" + text  # OWASP: keep it text in every spreadsheet
    return text


def csv_bytes(sheet: Sheet, delimiter: str = ";") -> bytes:
    """UTF-8 with a BOM; ``;`` and a decimal comma by default, as Russian Excel expects
    (with ``,`` as the separator the decimals keep their point)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(sheet.header)
    for row in sheet.rows:
        writer.writerow([csv_text(v, "," if delimiter != "," else ".") for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


#: the height of one line of the bold header in points (a 10-11 pt font and its leading)
LINE_HEIGHT = 15


def wrapped_lines(text: str, width: int) -> int:
    """How many lines ``text`` takes wrapped at its spaces into a column ``width`` characters
    wide (bold text: a character less than the column holds); a long word takes its own."""
    room = max(width - 1, 1)
    lines, used = 1, 0
    for word in str(text).split():
        if used and used + 1 + len(word) > room:
            lines, used = lines + 1, 0
        used += (1 if used else 0) + len(word)
        while used > room:  # a word longer than the column is broken across lines
            lines, used = lines + 1, used - room
    return lines


def header_height(sheet: Sheet) -> int:
    """The header row's height in points, tall enough for its most wrapped title: without it
    LibreOffice and Excel keep the default height and the wrapped title spills over row 1."""
    columns = range(1, len(sheet.header) + 1)
    lines = max(
        [wrapped_lines(sheet.header[c - 1], column_width(sheet, c)) for c in columns] or [1]
    )
    return LINE_HEIGHT * lines


def column_width(sheet: Sheet, col: int) -> int:
    """A column's width in characters: the sheet's own, else fitted to its first rows."""
    return sheet.widths[col - 1] if col <= len(sheet.widths) else _width(sheet, col)
