"""The printed pages' layout, read from WeasyPrint's own boxes and the PDF's text: the
protocol's first page holds more than one deal and no header's text runs out of its cell; a
poster's letter heading never ends a column; the workbook's wrapped header row is tall enough
for its lines (LibreOffice and Excel do not grow a row by themselves)."""

import io
import re
from types import SimpleNamespace

import openpyxl
import pypdf
import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from referee.exports import fast, reports, tabular
from referee.exports.pdf import render_pdf
from referee.tables.models import Table


def boxes(box):
    yield box
    for child in getattr(box, "children", None) or ():
        yield from boxes(child)


def layout(template, context):
    import weasyprint

    return weasyprint.HTML(string=render_to_string(template, context)).render()


def poster_lines(n):
    letters = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЭЮЯ"
    lines = [
        {
            "name": f"{letters[int(i / 2.3) % len(letters)]}{'абвгд'[i % 5]}ров Иван {i}",
            "seat": "A",
            "table": i // 4 + 1,
            "first_dealer": i % 4 == 0,
        }
        for i in range(n)
    ]
    return sorted(lines, key=lambda line: line["name"])


@pytest.mark.parametrize("players", [40, 61, 173])
def test_a_posters_letter_heading_never_ends_a_column(players):
    # without break-after: avoid, 40 and 61 players leave a heading at a column's foot
    document = layout(
        "exports/poster.html",
        {
            "tournament": SimpleNamespace(name="Кубок"),
            "round": SimpleNamespace(number=1),
            "lines": poster_lines(players),
            "printed": timezone.now(),
            "page_counter": "counter(page)",
        },
    )
    alone = []
    for number, page in enumerate(document.pages, start=1):
        columns: dict[int, list] = {}
        for row in boxes(page._page_box):
            if type(row).__name__ == "TableRowBox":
                columns.setdefault(round(row.position_x), []).append(row)
        for x, rows in columns.items():
            last = max(rows, key=lambda row: row.position_y)
            if "letter" in (last.element.get("class") or ""):
                alone.append((number, x))
    assert alone == []


@pytest.fixture
def protocol(monkeypatch, demo):
    """The demo's first table's protocol: its template and context, and its PDF."""
    seen = {}

    def spy(template, context):
        seen.update(template=template, context=context)
        return render_pdf(template, context)

    monkeypatch.setattr(reports, "render_pdf", spy)
    table = Table.objects.get(round__tournament__slug="demo", round__number=1, number=1)
    pdf = reports.protocol_pdf(table, None, "http://testserver/")
    return seen["template"], seen["context"], pdf


def test_the_protocols_first_page_holds_more_than_one_deal(protocol):
    _template, _context, pdf = protocol
    first = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    deals = first.split("\nDeals\n", 1)[1]
    numbers = {int(n) for n in re.findall(r"^(\d+) [A-D] ", deals, re.MULTILINE)}
    assert {1, 2} <= numbers


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_text_of_the_protocol_runs_out_of_its_cell(protocol, language):
    from django.utils import translation

    template, context, _pdf = protocol
    with translation.override(language):
        document = layout(template, context)
    out = []
    for number, page in enumerate(document.pages, start=1):
        for cell in boxes(page._page_box):
            if type(cell).__name__ != "TableCellBox":
                continue
            right = cell.content_box_x() + cell.width
            out += [
                (number, text.text)
                for text in boxes(cell)
                if type(text).__name__ == "TextBox" and text.position_x + text.width > right + 0.5
            ]
    assert out == []


def test_a_wrapped_title_takes_as_many_lines_as_it_needs():
    assert tabular.wrapped_lines("Очки", 9) == 1
    assert tabular.wrapped_lines("Очки соперников", 9) == 3  # 8 letters a line: соперник|ов
    assert tabular.wrapped_lines("1-е места", 7) == 2


@pytest.mark.parametrize("writer", [tabular.workbook, fast.workbook])
def test_the_workbooks_header_row_is_as_tall_as_its_wrapped_titles(writer):
    sheet = tabular.Sheet(
        "Таблица", ["Место", "Очки соперников", "Висты"], [[1, 2, 3]], widths=[7, 9, 8]
    )
    book = openpyxl.load_workbook(io.BytesIO(writer([sheet])))
    assert book.active.row_dimensions[1].height == 45  # three lines of 15 pt
    captioned = tabular.Sheet("Т", ["Место"], [[1]], widths=[7], caption="Итоги")
    book = openpyxl.load_workbook(io.BytesIO(writer([captioned])))
    assert book.active.row_dimensions[3].height == 15
