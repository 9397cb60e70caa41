"""``fast.workbook`` writes the same workbook as its plain twin ``tabular.workbook``
(openpyxl), only faster."""

import io
import zipfile
from fractions import Fraction

from django.utils.translation import gettext_lazy
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from referee.exports.fast import workbook as fast_workbook
from referee.exports.tabular import Sheet, workbook

from .test_tabular import SHEET

CAPTIONED = Sheet(
    "Протокол",
    ["№", "A pool", "A→B"],
    [[1, 2, None], [2, None, Fraction(7, 2)]],
    [6, 9, 8],
    "Кубок",
)


def cells(data):
    book = load_workbook(io.BytesIO(data))
    return [
        (
            ws.title,
            ws.freeze_panes,
            [[(c.value, c.data_type) for c in row] for row in ws.iter_rows()],
        )
        for ws in book.worksheets
    ]


def test_it_reads_back_exactly_as_the_openpyxl_workbook():
    sheets = [SHEET, SHEET, CAPTIONED]
    assert cells(fast_workbook(sheets)) == cells(workbook(sheets))


def test_numbers_are_numeric_and_formula_like_text_is_text():
    ws = load_workbook(io.BytesIO(fast_workbook([SHEET]))).active
    assert ws["C2"].value == 17.33 and ws["C2"].data_type == "n"
    assert ws["B3"].value == '=HYPERLINK("x")' and ws["B3"].data_type == "s"
    assert ws["B4"].value == "+7 (999)" and ws["B5"].value == "@Smith"


def test_the_header_is_bold_frozen_and_the_columns_have_their_widths():
    ws = load_workbook(io.BytesIO(fast_workbook([CAPTIONED]))).active
    assert ws["A1"].value == "Кубок" and ws["A1"].font.b
    assert ws["B3"].value == "A pool" and ws["B3"].font.b
    assert ws.freeze_panes == "A4"
    assert [ws.column_dimensions[c].width for c in "ABC"] == [6, 9, 8]


def test_sheet_names_are_cleaned_and_unique():
    book = load_workbook(io.BytesIO(fast_workbook([SHEET, SHEET])))
    assert book.sheetnames == ["Итоги  тур 1 2", "Итоги  тур 1 2 (2)"]


def test_text_an_xml_file_cannot_hold_is_dropped_and_markup_is_escaped():
    sheet = Sheet('Q&A "1"', ["<b>"], [["a\x00b\x1fc & <d>\n"], [gettext_lazy("Player")]])
    ws = load_workbook(io.BytesIO(fast_workbook([sheet]))).active
    assert ws.title == 'Q&A "1"'
    assert [ws["A1"].value, ws["A2"].value, ws["A3"].value] == ["<b>", "abc & <d>\n", "Player"]


def test_a_workbook_without_sheets_still_opens():
    data = fast_workbook([])
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    assert load_workbook(io.BytesIO(data)).sheetnames == ["Sheet"]


# -- generated sheets: read back alike, cell by cell, with their widths and header heights --

VALUES = st.one_of(
    st.none(),
    st.integers(-(10**6), 10**6),
    st.fractions(max_denominator=8).filter(lambda f: abs(f) < 10**6),
    st.decimals(places=2, min_value=-1000, max_value=1000),
    st.text(st.sampled_from("Аб c=+-@<&\"' 1\t"), max_size=10),
)


def read_back(data):
    book = load_workbook(io.BytesIO(data))
    return [
        (
            ws.title,
            ws.freeze_panes,
            ws.print_title_rows,
            {k: d.width for k, d in ws.column_dimensions.items() if d.width},
            {k: d.height for k, d in ws.row_dimensions.items() if d.height},
            [
                [(c.value, c.data_type) for c in r if c.value not in (None, "")]
                for r in ws.iter_rows()
            ],
        )
        for ws in book.worksheets
    ]


@st.composite
def sheets(draw):
    width = draw(st.integers(1, 4))
    return Sheet(
        draw(st.text(st.sampled_from("Тур 1:/[]*?"), min_size=1, max_size=35)),
        draw(
            st.lists(
                st.text(st.sampled_from("Очки соперников "), max_size=20),
                min_size=width,
                max_size=width,
            )
        ),
        draw(st.lists(st.lists(VALUES, min_size=width, max_size=width), max_size=5)),
        draw(st.lists(st.integers(4, 30), max_size=width)),
        draw(st.sampled_from(["", "Кубок"])),
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(sheets(), min_size=1, max_size=3))
def test_generated_sheets_read_back_as_the_openpyxl_workbook(drawn):
    assert read_back(fast_workbook(drawn)) == read_back(workbook(drawn))
