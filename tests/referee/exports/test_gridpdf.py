"""The standings' typesetter: wrapping, alignment, pages, the embedded font; the printout
has the words of its plain twin, WeasyPrint's."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass
from types import SimpleNamespace

import pypdf
import pytest
from django.utils import translation

from referee.exports import fast, printing
from referee.exports.fast import gridpdf


@dataclass(frozen=True)
class Cell:
    text: str
    numeric: bool = False
    negative: bool = False


@pytest.fixture
def face():
    return gridpdf.Fonts.load().regular


def text_of(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def document(blocks, **kwargs) -> gridpdf.Document:
    return gridpdf.Document("Кубок", "Кубок", "page %(page)s of %(pages)s", blocks, **kwargs)


def test_a_line_breaks_at_the_last_space_that_fits(face):
    width = face.width("Иванов Петров", 8) + 0.1  # the third word does not fit after them
    assert gridpdf.wrap("Иванов Петров Сидоров", face, 8, width) == ["Иванов Петров", "Сидоров"]
    assert gridpdf.wrap("  Иванов   Петров ", face, 8, width) == ["Иванов Петров"]  # collapsed


def test_a_word_longer_than_the_line_is_broken_only_where_breakable(face):
    width = face.width("Иван", 8) + 0.1  # 4 letters of "Иванович"
    assert gridpdf.wrap("Иванович", face, 8, width) == ["Иван", "ович"]
    assert gridpdf.wrap("Иванович", face, 8, width, breakable=False) == ["Иванович"]


def test_the_width_of_a_text_is_the_sum_of_its_advances(face):
    # DejaVu Sans: a digit advances 1303 of 2048 units, so "00" at 10 pt is 2 × 6.362 pt
    assert face.width("00", 10) == pytest.approx(2 * 1303 / 2048 * 10, abs=0.01)


def test_figures_are_right_aligned_text_left_aligned_negatives_red():
    fonts = gridpdf.Fonts.load()
    layout = gridpdf._Layout(fonts, *gridpdf.A4)
    columns = [gridpdf.Column("Игрок", False, 3), gridpdf.Column("Очки", True, 1)]
    [page] = layout.run([gridpdf.Grid(columns, [[Cell("Иванов"), Cell("-12", True, True)]])])
    name, figure = (r for r in page.runs if r.text in ("Иванов", "-12"))
    left = gridpdf.LEFT + gridpdf.PAGE_BODY
    right = left + layout.width  # the grid takes the page's width
    assert name.x == pytest.approx(left + gridpdf.PAD_X) and name.color == gridpdf.INK
    assert figure.x + fonts.regular.width("-12", 8) == pytest.approx(right - gridpdf.PAD_X)
    assert figure.color == gridpdf.RED
    header = next(r for r in page.runs if r.text == "Очки")
    assert header.face is fonts.bold and header.size == gridpdf.HEAD


def test_a_long_grid_repeats_its_header_on_every_page_and_loses_no_row():
    rows = [[Cell(str(n), True), Cell(f"Игрок {n:03}")] for n in range(1, 121)]
    columns = [gridpdf.Column("Место", True, 1), gridpdf.Column("Игрок", False, 4)]
    data = gridpdf.render(document([gridpdf.Grid(columns, rows)]))
    pages = text_of(data)
    assert len(pages) == 3  # 120 rows of 12.6 pt on pages of 755 pt: 55 a page
    found = []
    for number, page in enumerate(pages, start=1):
        lines = page.splitlines()
        assert "Место Игрок" in lines
        assert f"page {number} of 3" in page
        found += [line for line in lines if line.endswith(tuple("0123456789")) and "Игрок" in line]
    assert found == [f"{n} Игрок {n:03}" for n in range(1, 121)]
    assert "Кубок" not in pages[0]  # the running title from page 2 on
    assert all("Кубок" in page for page in pages[1:])


def test_a_row_is_never_split_across_pages():
    fonts = gridpdf.Fonts.load()
    layout = gridpdf._Layout(fonts, *gridpdf.A4)
    tall = " ".join(["слово"] * 40)  # wraps to several lines in a narrow column
    rows = [[Cell(tall)] for _ in range(30)]
    pages = layout.run([gridpdf.Grid([gridpdf.Column("Текст", False, 1)], rows)])
    assert len(pages) > 1
    for page in pages:
        lowest = min(r.y for r in page.runs)
        assert lowest >= gridpdf.BOTTOM


def test_the_fonts_are_dejavu_subsets_and_cyrillic_text_can_be_extracted():
    blocks = [
        gridpdf.Text("Турнир «Пуля»", bold=True, size=15),
        gridpdf.Signature("Главный судья", "Анна Судьина"),
    ]
    data = gridpdf.render(document(blocks, lang="ru"))
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = [f["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert sorted(name.split("+")[1] for name in fonts) == ["DejaVuSans", "DejaVuSans-Bold"]
    assert all(len(name.split("+")[0]) == 7 for name in fonts)  # "/ABCDEF": a subset's tag
    text = reader.pages[0].extract_text()
    assert "Турнир «Пуля»" in text
    assert "Главный судья  / Анна Судьина /" in text
    assert reader.metadata.title == "Кубок"


def test_a_document_of_only_a_paragraph_has_one_page_and_no_bold_font():
    data = gridpdf.render(document([gridpdf.Text("Нет результатов.")]))
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    assert [
        f["/BaseFont"].split("+")[1] for f in reader.pages[0]["/Resources"]["/Font"].values()
    ] == ["DejaVuSans"]
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.01)


def test_landscape_pages_are_wider_than_high():
    data = gridpdf.render(document([gridpdf.Text("x")], landscape=True))
    box = pypdf.PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (box.width, box.height) == pytest.approx((841.89, 595.28), abs=0.01)


# -- the twin: the same printout as WeasyPrint's (printing.standings_print) ------------------


def words_of(data: bytes) -> list[str]:
    return sorted(word for page in text_of(data) for word in page.split())


@pytest.mark.parametrize("landscape", [False, True])
def test_the_printout_has_the_words_of_the_weasyprint_printout(landscape):
    tournament = SimpleNamespace(
        name="Кубок «Пуля»",
        starts_on=datetime.date(2026, 5, 1),
        ends_on=datetime.date(2026, 5, 3),
        venue="Тула",
        convention="sochi",
    )
    standings = SimpleNamespace(after=2, provisional=True, official=True)
    columns = [("Место", True, 3), ("Игрок", False, 14), ("Очки", True, 5)]
    rows = [
        [Cell(str(n), True), Cell(f"Игрок {n:03}"), Cell(f"-{n * 7},5", True, True)]
        for n in range(1, 61)
    ]
    more = [("Команды", ["Команда", "Очки"], [[Cell("Север"), Cell("12", True)]])]
    rules = ["Очки: пуля и висты."]
    page = printing.Printout("Кубок — итоги", columns, rows, landscape, rules, more, "Анна Судьина")
    with translation.override("ru"):
        fast_words = words_of(fast.standings_print(tournament, standings, page))
        plain_words = words_of(printing.standings_print(tournament, standings, page))
    assert "Игрок" in fast_words and "Судьина" in fast_words and "-420,5" in fast_words
    assert fast_words == plain_words
