"""The results workbook written straight as SpreadsheetML: the speed twin of
``tabular.workbook`` (openpyxl), behind ``referee.exports.fast``.

A tournament's workbook has a sheet per table protocol (hundreds of sheets, ~400,000 cells).
openpyxl builds and saves an object per cell; its ``write_only`` mode and XlsxWriter's
``constant_memory`` mode stream the rows but still spend microseconds a cell: side by side
(README, Speed: ``bench/twins.py``) they took 23, 10 and 12 times this module's time, which
writes the XML itself: the same sheets, titles, bold header and its height, frozen panes,
widths, print set-up and cell types as ``tabular.workbook``. Strings are inline strings (never
formulas). ``tests/referee/exports/test_fast_workbook.py`` reads both back cell by cell, on
hand-made and on generated sheets.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Sequence
from xml.sax.saxutils import escape

from ..tabular import Sheet, Value, column_width, header_height, number, sheet_title

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


def workbook(sheets: Sequence[Sheet]) -> bytes:
    """``tabular.workbook(sheets)``, written directly: for workbooks of hundreds of sheets."""
    used: set[str] = set()
    titles = [sheet_title(sheet.title, used) for sheet in sheets] or ["Sheet"]
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
    letters = [_letter(col) for col in range(1, widest + 1)]
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
        f'<col min="{col}" max="{col}" width="{column_width(sheet, col)}" customWidth="1"/>'
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


def _letter(col: int) -> str:
    """A column's letters: 1 is A, 26 Z, 27 AA (openpyxl's ``get_column_letter``)."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _quoted(title: str) -> str:
    """A sheet's name inside a formula: single quotes doubled, XML-escaped."""
    return escape(title.replace("'", "''"))


def _header_row(sheet: Sheet) -> int:
    return 3 if sheet.caption else 1


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
