"""XLSX and CSV forms of a report: numbers stay numbers, text stays text."""

import io
from fractions import Fraction

from openpyxl import load_workbook

from referee.exports.tabular import Sheet, csv_bytes, workbook

SHEET = Sheet(
    "Итоги: тур 1/2",
    ["Место", "Игрок", "Висты"],
    [
        ["1", "Иванов Пётр", Fraction(52, 3)],
        ["2–3", '=HYPERLINK("x")', -10],
        ["2–3", "+7 (999)", Fraction(5, 2)],
        ["4", "@Smith", None],
    ],
)


def test_workbook_keeps_numbers_numeric_text_as_text_and_freezes_the_header():
    book = load_workbook(io.BytesIO(workbook([SHEET, SHEET])))
    ws = book.worksheets[0]
    assert ws.title == "Итоги  тур 1 2"  # ':' and '/' are not allowed in sheet names
    assert book.worksheets[1].title == "Итоги  тур 1 2 (2)"
    assert [c.value for c in ws[1]] == ["Место", "Игрок", "Висты"]
    assert ws.freeze_panes == "A2"
    assert ws["C2"].value == 17.33 and ws["C2"].data_type == "n"
    assert ws["C3"].value == -10
    assert ws["B3"].value == '=HYPERLINK("x")' and ws["B3"].data_type == "s"
    assert ws["B4"].data_type == "s" and ws["B5"].value == "@Smith"
    assert ws.column_dimensions["B"].width >= len("Иванов Пётр")


def test_csv_has_a_bom_semicolons_and_no_formulas():
    text = csv_bytes(SHEET).decode("utf-8")
    assert text.startswith("\ufeffМесто;Игрок;Висты\r\n")
    lines = text.splitlines()
    assert lines[1] == "1;Иванов Пётр;17,33"  # decimal comma: Russian-locale spreadsheets
    assert lines[2] == '2–3;"\'=HYPERLINK(""x"")";-10'  # quoted: the text holds quotes
    assert lines[3] == "2–3;'+7 (999);2,5"
    assert lines[4] == "4;'@Smith;"
