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
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from xml.sax.saxutils import escape

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
        ws = book.create_sheet(_sheet_title(sheet.title, used))
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
            width = sheet.widths[col - 1] if col <= len(sheet.widths) else _width(sheet, col)
            ws.column_dimensions[get_column_letter(col)].width = width
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _width(sheet: Sheet, col: int) -> int:
    texts = [str(sheet.header[col - 1])] + [
        str(number(row[col - 1])) for row in sheet.rows[:200] if col <= len(row)
    ]
    return min(max(len(t) for t in texts) + 2, 50)


def _sheet_title(title: str, used: set[str]) -> str:
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


# -- the same workbook, written straight as SpreadsheetML ------------------------------------
# openpyxl spends ~8 µs a cell building and saving its object model; a tournament's workbook
# has a sheet per table protocol (hundreds of sheets, ~200,000 cells), so ``fast_workbook``
# writes the XML itself: the same sheets, titles, bold header, frozen panes, widths and cell
# types as ``workbook``, about ten times faster. Strings are inline strings (never formulas).

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # XML 1.0 forbids these
_STYLES = (
    f'{_HEAD}<styleSheet xmlns="{_MAIN}">'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" '
    'applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)
_BOLD, _HEADER = 1, 2  # cellXfs above


def fast_workbook(sheets: Sequence[Sheet]) -> bytes:
    """``workbook(sheets)``, written directly: for workbooks of hundreds of sheets."""
    used: set[str] = set()
    titles = [_sheet_title(sheet.title, used) for sheet in sheets] or ["Sheet"]
    parts = [_sheet_xml(sheet) for sheet in sheets] or [_sheet_xml(Sheet("Sheet", [], []))]
    count = len(parts)
    types = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{_TYPE}.worksheet+xml"/>'
        for i in range(1, count + 1)
    )
    listed = "".join(
        f'<sheet name="{escape(title, _QUOTES)}" sheetId="{i}" r:id="rId{i}"/>'
        for i, title in enumerate(titles, start=1)
    )
    # the header row repeats on every printed page
    printed = "".join(
        f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">'
        f"'{_quoted(title)}'!${_header_row(sheet)}:${_header_row(sheet)}"
        "</definedName>"
        for i, (title, sheet) in enumerate(zip(titles, sheets, strict=False))
    )
    names = f"<definedNames>{printed}</definedNames>" if printed else ""
    links = "".join(
        f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, count + 1)
    )
    files = {
        "[Content_Types].xml": f'{_HEAD}<Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/'
        'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
        'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        f'ContentType="{_TYPE}.sheet.main+xml"/><Override PartName="/xl/styles.xml" '
        f'ContentType="{_TYPE}.styles+xml"/>{types}</Types>',
        "_rels/.rels": f'{_HEAD}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
        f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'{_HEAD}<workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><bookViews>'
        f"<workbookView/></bookViews><sheets>{listed}</sheets>{names}</workbook>",
        "xl/_rels/workbook.xml.rels": f'{_HEAD}<Relationships xmlns="{_PKG_REL}">{links}'
        f'<Relationship Id="rId{count + 1}" Type="{_REL}/styles" Target="styles.xml"/>'
        "</Relationships>",
        "xl/styles.xml": _STYLES,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=5) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        for i, part in enumerate(parts, start=1):
            archive.writestr(f"xl/worksheets/sheet{i}.xml", part)
    return out.getvalue()


_QUOTES = {'"': "&quot;"}


def _sheet_xml(sheet: Sheet) -> str:
    columns = len(sheet.header)
    widest = max([columns, 1, *(len(row) for row in sheet.rows)])
    letters = [get_column_letter(col) for col in range(1, widest + 1)]
    rows: list[str] = []
    first = 1
    if sheet.caption:
        rows.append(f'<row r="1">{_cell("A1", sheet.caption, _BOLD)}</row>')
        first = 3
    header = "".join(
        _cell(f"{letters[col]}{first}", title, _HEADER) for col, title in enumerate(sheet.header)
    )
    height = header_height(sheet)
    rows.append(f'<row r="{first}" ht="{height}" customHeight="1">{header}</row>')
    for r, row in enumerate(sheet.rows, start=first + 1):
        at = str(r)
        cells = "".join(
            f'<c r="{letters[col]}{at}"><v>{value}</v></c>'  # most cells: plain integers
            if type(value) is int
            else _cell(letters[col] + at, value, 0)
            for col, value in enumerate(row)
            if value is not None
        )
        rows.append(f'<row r="{at}">{cells}</row>')
    widths = "".join(
        f'<col min="{col}" max="{col}" width="{_column_width(sheet, col)}" customWidth="1"/>'
        for col in range(1, columns + 1)
    )
    return (
        f'{_HEAD}<worksheet xmlns="{_MAIN}" xmlns:r="{_REL}">'
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetViews>'
        f'<sheetView workbookViewId="0"><pane ySplit="{first}" topLeftCell="A{first + 1}" '
        'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>'
        '</sheetViews><sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{widths}</cols>" if widths else "")
        + f"<sheetData>{''.join(rows)}</sheetData>{_PRINT}</worksheet>"
    )


#: Print set-up of every sheet: A4 landscape, fitted to the page width (any number of
#: pages down), narrow margins; the header row repeats (``_xlnm.Print_Titles``).
_PRINT = (
    '<pageMargins left="0.4" right="0.4" top="0.5" bottom="0.5" header="0.3" footer="0.3"/>'
    '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
)


def _quoted(title: str) -> str:
    """A sheet's name inside a formula: single quotes doubled, XML-escaped."""
    return escape(title.replace("'", "''"))


def _header_row(sheet: Sheet) -> int:
    return 3 if sheet.caption else 1


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
        [wrapped_lines(sheet.header[c - 1], _column_width(sheet, c)) for c in columns] or [1]
    )
    return LINE_HEIGHT * lines


def _column_width(sheet: Sheet, col: int) -> int:
    return sheet.widths[col - 1] if col <= len(sheet.widths) else _width(sheet, col)


def _cell(ref: str, value: Value, style: int) -> str:
    styled = f' s="{style}"' if style else ""
    if type(value) is int:  # the common case first: isinstance(…, Fraction) asks an ABC
        return f'<c r="{ref}"{styled}><v>{value}</v></c>'
    if not isinstance(value, str):
        shown = number(value)
        if isinstance(shown, bool):
            shown = int(shown)
        if isinstance(shown, int | float):
            return f'<c r="{ref}"{styled}><v>{shown!r}</v></c>'
        value = str(shown)  # a lazy translation, or anything else shown as text
    text = value if value.isprintable() else _NOT_XML.sub("", value)
    return (
        f'<c r="{ref}" t="inlineStr"{styled}><is><t xml:space="preserve">{escape(text)}</t>'
        "</is></c>"
    )
