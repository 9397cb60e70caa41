"""A small typesetter for the standings printouts: headings, paragraphs, grids of cells and a
signature line on A4 pages, written straight as PDF (pydyf writes the file, fontTools reads
and subsets DejaVu Sans).

Why not WeasyPrint, as the other PDFs: it lays every table cell out as CSS boxes, about
0.4 ms a cell, and a 300-player standings has 5,400 cells (2.4 s on a quiet machine). A grid
of fixed columns needs only the widths of its words, read here from the font's advance
widths, so the same pages take a tenth of that. The look is the print styles' of
``templates/exports/_print.html``: DejaVu Sans 8 pt, a bold 6.5 pt header repeated on every
page, figures right-aligned and negatives in red, a thin line under each row, rows never
split, the document's title at the top of every page after the first and "page X of Y" at
the bottom. No kerning or shaping: Cyrillic and Latin need none.

The font's metrics are in ``pdffonts`` and the writing of the laid-out pages in ``pdfpages``;
this module lays the blocks out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .pdffonts import Face, Fonts, baseline, descent, line_height
from .pdfpages import Color, Page, write

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
TOP, RIGHT, BOTTOM, LEFT = 14 * MM, 12 * MM, 16 * MM, 12 * MM
PAD_X, PAD_Y = 1 * MM, 0.5 * MM  # a cell's padding
PAGE_BODY = 6.0  # the HTML body's margin (8 px) inside the page's, above only on page 1
INK: Color = (0x11 / 255, 0x11 / 255, 0x11 / 255)
GREY: Color = (0x44 / 255, 0x44 / 255, 0x44 / 255)
MARGIN_GREY: Color = (0x55 / 255, 0x55 / 255, 0x55 / 255)
RED: Color = (0xAA / 255, 0, 0)
RULE: Color = (0xBB / 255, 0xBB / 255, 0xBB / 255)
BODY, HEAD, MARGIN_TEXT = 8.0, 6.5, 7.5  # font sizes, pt


class Cell(Protocol):
    """A printed cell (``printing.Cell``): its text, right-aligned when numeric."""

    @property
    def text(self) -> str: ...
    @property
    def numeric(self) -> bool: ...
    @property
    def negative(self) -> bool: ...


@dataclass(frozen=True)
class Text:
    """A paragraph, wrapped to the page's width; ``before`` and ``after`` collapse with
    the neighbours' as CSS margins do."""

    text: str
    size: float = BODY
    bold: bool = False
    color: Color = INK
    before: float = 0.0
    after: float = 1 * MM


@dataclass(frozen=True)
class Column:
    title: str
    numeric: bool
    share: float  # of the page's width


@dataclass(frozen=True)
class Grid:
    """A table: its header repeats on every page it runs over."""

    columns: Sequence[Column]
    rows: Sequence[Sequence[Cell]]
    before: float = 0.0
    after: float = 0.0


@dataclass(frozen=True)
class Signature:
    """ "Chief referee ______ / name /", kept on one page."""

    label: str
    name: str = ""
    before: float = 8 * MM


Block = Text | Grid | Signature


@dataclass(frozen=True)
class Document:
    title: str  # the file's title
    running_title: str  # at the top of every page after the first
    page_counter: str  # "page %(page)s of %(pages)s", translated
    blocks: Sequence[Block]
    landscape: bool = False
    lang: str = "en"


def render(document: Document) -> bytes:
    width, height = (A4[1], A4[0]) if document.landscape else A4
    fonts = Fonts.load()
    pages = _Layout(fonts, width, height).run(document.blocks)
    face, size = fonts.regular, MARGIN_TEXT
    for number, page in enumerate(pages, start=1):
        if number > 1 and document.running_title:  # in the top margin, at its middle
            y = baseline(height - TOP / 2, size)
            page.text(face, size, MARGIN_GREY, LEFT, y, document.running_title)
        counter = document.page_counter % {"page": number, "pages": len(pages)}
        x = width - RIGHT - face.width(counter, size)
        page.text(face, size, MARGIN_GREY, x, baseline(BOTTOM / 2, size), counter)
    return write(pages, fonts, width, height, document.title, document.lang)


# --- laying out -------------------------------------------------------------------------------


def wrap(text: str, face: Face, size: float, width: float, breakable: bool = True) -> list[str]:
    """Lines of ``text`` within ``width``: broken at spaces, and a word longer than the line
    broken anywhere when ``breakable`` (CSS ``overflow-wrap: break-word``)."""
    text = " ".join(text.split())
    if face.width(text, size) <= width:
        return [text]
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if face.width(candidate, size) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while breakable and len(current) > 1 and face.width(current, size) > width:
            cut = len(current) - 1
            while cut > 1 and face.width(current[:cut], size) > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    lines.append(current)
    return lines


class _Layout:
    def __init__(self, fonts: Fonts, width: float, height: float) -> None:
        self.fonts = fonts
        self.left = LEFT + PAGE_BODY
        self.width = width - LEFT - RIGHT - 2 * PAGE_BODY
        self.top, self.bottom = height - TOP, BOTTOM
        self.pages: list[Page] = []
        self.new_page()
        self.y -= PAGE_BODY

    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = self.top
        self.gap = 0.0
        self.fresh = True  # nothing on the page yet: a block's top margin is dropped

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def space(self, before: float) -> None:
        if not self.fresh:
            self.y -= max(self.gap, before)
        self.gap = 0.0

    def fits(self, height: float, before: float = 0.0) -> bool:
        margin = 0.0 if self.fresh else max(self.gap, before)
        return self.y - margin - height >= self.bottom - 0.01

    def run(self, blocks: Sequence[Block]) -> list[Page]:
        for block in blocks:
            if isinstance(block, Text):
                self.paragraph(block)
            elif isinstance(block, Grid):
                self.grid(block)
            else:
                self.signature(block)
        return self.pages

    def paragraph(self, block: Text) -> None:
        face = self.fonts.bold if block.bold else self.fonts.regular
        step = line_height(block.size)
        lines = wrap(block.text, face, block.size, self.width)
        if not self.fits(step, block.before):
            self.new_page()
        self.space(block.before)
        for line in lines:
            if not self.fits(step):
                self.new_page()
            self.page.text(
                face, block.size, block.color, self.left, self.y - step + descent(block.size), line
            )
            self.y -= step
            self.fresh = False
        self.gap = block.after

    def grid(self, block: Grid) -> None:
        fonts = self.fonts
        total = sum(c.share for c in block.columns) or 1
        widths = [self.width * c.share / total for c in block.columns]
        lefts = [self.left + sum(widths[:i]) for i in range(len(widths))]
        head_step, body_step = line_height(HEAD), line_height(BODY)
        header = [
            wrap(c.title, fonts.bold, HEAD, w - 2 * PAD_X, False)
            for c, w in zip(block.columns, widths, strict=True)
        ]
        header_height = max((len(h) for h in header), default=1) * head_step + 2 * PAD_Y + 0.8

        def draw_header() -> None:
            rows = max((len(h) for h in header), default=1)
            for column, lines, left, width in zip(
                block.columns, header, lefts, widths, strict=True
            ):
                y = self.y - PAD_Y - (rows - len(lines)) * head_step  # bottom-aligned
                for line in lines:
                    x = left + PAD_X
                    if column.numeric:
                        x = left + width - PAD_X - fonts.bold.width(line, HEAD)
                    self.page.text(fonts.bold, HEAD, INK, x, y - head_step + descent(HEAD), line)
                    y -= head_step
            self.y -= header_height
            self.page.rule(self.left, self.left + self.width, self.y + 0.4, 0.8, INK)
            self.fresh = False

        laid = [self._row(row, widths) for row in block.rows]
        first = laid[0][0] if laid else 0.0
        if not self.fits(header_height + first, block.before):
            self.new_page()
        self.space(block.before)
        draw_header()
        regular = fonts.regular
        for height, cells in laid:
            if not self.fits(height):
                self.new_page()
                draw_header()
            for (cell, lines), left, width in zip(cells, lefts, widths, strict=False):
                color = RED if cell.negative else INK
                y = self.y - PAD_Y
                for line in lines:
                    x = left + PAD_X
                    if cell.numeric:
                        x = left + width - PAD_X - regular.width(line, BODY)
                    self.page.text(regular, BODY, color, x, y - body_step + descent(BODY), line)
                    y -= body_step
            self.y -= height
            self.page.rule(self.left, self.left + self.width, self.y + 0.2, 0.4, RULE)
        self.gap = block.after

    def _row(
        self, row: Sequence[Cell], widths: Sequence[float]
    ) -> tuple[float, list[tuple[Cell, list[str]]]]:
        """A row's height and each cell's lines: figures never wrap, text does."""
        regular = self.fonts.regular
        cells = []
        for cell, width in zip(row, widths, strict=False):
            if not cell.text:
                lines = []
            elif cell.numeric:
                lines = [cell.text]
            else:
                lines = wrap(cell.text, regular, BODY, width - 2 * PAD_X)
            cells.append((cell, lines))
        count = max((len(lines) for _cell, lines in cells), default=0) or 1
        return count * line_height(BODY) + 2 * PAD_Y + 0.4, cells

    def signature(self, block: Signature) -> None:
        step = line_height(BODY)
        if not self.fits(step, block.before):
            self.new_page()
        self.space(block.before)
        regular = self.fonts.regular
        baseline = self.y - step + descent(BODY)
        label = f"{block.label} "
        self.page.text(regular, BODY, INK, self.left, baseline, label)
        start = self.left + regular.width(label, BODY) + 2 * MM
        self.page.rule(start, start + 62 * MM, baseline + 0.3, 0.6, INK)
        if block.name:
            self.page.text(regular, BODY, INK, start + 64 * MM, baseline, f" / {block.name} /")
        self.y -= step
        self.fresh = False
        self.gap = 6 * MM
