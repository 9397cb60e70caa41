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
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pydyf
from fontTools import subset
from fontTools.ttLib import TTFont

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
TOP, RIGHT, BOTTOM, LEFT = 14 * MM, 12 * MM, 16 * MM, 12 * MM
PAD_X, PAD_Y = 1 * MM, 0.5 * MM  # a cell's padding
PAGE_BODY = 6.0  # the HTML body's margin (8 px) inside the page's, above only on page 1
Color = tuple[float, float, float]
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
    fonts = _Fonts.load()
    pages = _Layout(fonts, width, height).run(document.blocks)
    face, size = fonts.regular, MARGIN_TEXT
    for number, page in enumerate(pages, start=1):
        if number > 1 and document.running_title:  # in the top margin, at its middle
            y = _baseline(height - TOP / 2, size)
            page.text(face, size, MARGIN_GREY, LEFT, y, document.running_title)
        counter = document.page_counter % {"page": number, "pages": len(pages)}
        x = width - RIGHT - face.width(counter, size)
        page.text(face, size, MARGIN_GREY, x, _baseline(BOTTOM / 2, size), counter)
    return _write(document, pages, fonts, width, height)


# --- the font ---------------------------------------------------------------------------------


class _Face:
    """One font file's advance widths (in thousandths of an em), read once a process and
    shared by the threads (read only: the characters a document uses are its own)."""

    def __init__(self, path: Path, key: str) -> None:
        self.path, self.key = path, key
        font = TTFont(path, lazy=True)
        per_em = font["head"].unitsPerEm
        scale = 1000 / per_em
        metrics = font["hmtx"].metrics
        self.glyph = font.getBestCmap()
        self.advance = {chr(cp): metrics[name][0] * scale for cp, name in self.glyph.items()}
        self.missing = metrics[".notdef"][0] * scale
        self.name = font["name"].getDebugName(6) or path.stem
        self.ascent = font["hhea"].ascent * scale
        self.descent = -font["hhea"].descent * scale
        head = font["head"]
        self.bbox = [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]

    def width(self, text: str, size: float) -> float:
        advance, missing = self.advance, self.missing
        return sum(advance.get(ch, missing) for ch in text) * size / 1000


@dataclass
class _Fonts:
    regular: _Face
    bold: _Face

    @classmethod
    def load(cls) -> _Fonts:
        return cls(*_faces())


@functools.cache
def _faces() -> tuple[_Face, _Face]:
    return _Face(_font_file("DejaVu Sans"), "F1"), _Face(_font_file("DejaVu Sans:bold"), "F2")


FONT_FILES = {"DejaVu Sans": "DejaVuSans.ttf", "DejaVu Sans:bold": "DejaVuSans-Bold.ttf"}


def _font_file(pattern: str) -> Path:
    """The font's file through fontconfig (as WeasyPrint finds it), else Debian's place."""
    if shutil.which("fc-match"):
        found = subprocess.run(
            ["fc-match", "--format=%{file}", pattern], capture_output=True, text=True, check=False
        ).stdout.strip()
        if found.endswith(FONT_FILES[pattern]):
            return Path(found)
    path = Path("/usr/share/fonts/truetype/dejavu") / FONT_FILES[pattern]
    if not path.exists():
        raise FileNotFoundError(
            f"{FONT_FILES[pattern]} (Debian: apt-get install fonts-dejavu-core)"
        )
    return path


def _line_height(size: float) -> float:
    """CSS ``line-height: normal`` of DejaVu Sans: its ascent and descent."""
    face = _faces()[0]
    return (face.ascent + face.descent) * size / 1000


def _baseline(middle: float, size: float) -> float:
    """The baseline of a line centred on ``middle`` (PDF's y grows upwards)."""
    face = _faces()[0]
    return middle - (face.ascent - face.descent) * size / 2000


# --- laying out -------------------------------------------------------------------------------


@dataclass
class _Run:
    face: _Face
    size: float
    color: Color
    x: float
    y: float
    text: str


@dataclass
class _Page:
    runs: list[_Run] = field(default_factory=list)
    lines: list[tuple[float, float, float, float, Color]] = field(default_factory=list)

    def text(self, face: _Face, size: float, color: Color, x: float, y: float, text: str) -> None:
        if text:
            self.runs.append(_Run(face, size, color, x, y, text))

    def rule(self, x1: float, x2: float, y: float, width: float, color: Color) -> None:
        self.lines.append((x1, x2, y, width, color))


def wrap(text: str, face: _Face, size: float, width: float, breakable: bool = True) -> list[str]:
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
    def __init__(self, fonts: _Fonts, width: float, height: float) -> None:
        self.fonts = fonts
        self.left = LEFT + PAGE_BODY
        self.width = width - LEFT - RIGHT - 2 * PAGE_BODY
        self.top, self.bottom = height - TOP, BOTTOM
        self.pages: list[_Page] = []
        self.new_page()
        self.y -= PAGE_BODY

    def new_page(self) -> None:
        self.pages.append(_Page())
        self.y = self.top
        self.gap = 0.0
        self.fresh = True  # nothing on the page yet: a block's top margin is dropped

    @property
    def page(self) -> _Page:
        return self.pages[-1]

    def space(self, before: float) -> None:
        if not self.fresh:
            self.y -= max(self.gap, before)
        self.gap = 0.0

    def fits(self, height: float, before: float = 0.0) -> bool:
        margin = 0.0 if self.fresh else max(self.gap, before)
        return self.y - margin - height >= self.bottom - 0.01

    def run(self, blocks: Sequence[Block]) -> list[_Page]:
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
        step = _line_height(block.size)
        lines = wrap(block.text, face, block.size, self.width)
        if not self.fits(step, block.before):
            self.new_page()
        self.space(block.before)
        for line in lines:
            if not self.fits(step):
                self.new_page()
            self.page.text(
                face, block.size, block.color, self.left, self.y - step + _descent(block.size), line
            )
            self.y -= step
            self.fresh = False
        self.gap = block.after

    def grid(self, block: Grid) -> None:
        fonts = self.fonts
        total = sum(c.share for c in block.columns) or 1
        widths = [self.width * c.share / total for c in block.columns]
        lefts = [self.left + sum(widths[:i]) for i in range(len(widths))]
        head_step, body_step = _line_height(HEAD), _line_height(BODY)
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
                    self.page.text(fonts.bold, HEAD, INK, x, y - head_step + _descent(HEAD), line)
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
                    self.page.text(regular, BODY, color, x, y - body_step + _descent(BODY), line)
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
        return count * _line_height(BODY) + 2 * PAD_Y + 0.4, cells

    def signature(self, block: Signature) -> None:
        step = _line_height(BODY)
        if not self.fits(step, block.before):
            self.new_page()
        self.space(block.before)
        regular = self.fonts.regular
        baseline = self.y - step + _descent(BODY)
        label = f"{block.label} "
        self.page.text(regular, BODY, INK, self.left, baseline, label)
        start = self.left + regular.width(label, BODY) + 2 * MM
        self.page.rule(start, start + 62 * MM, baseline + 0.3, 0.6, INK)
        if block.name:
            self.page.text(regular, BODY, INK, start + 64 * MM, baseline, f" / {block.name} /")
        self.y -= step
        self.fresh = False
        self.gap = 6 * MM


def _descent(size: float) -> float:
    return _faces()[0].descent * size / 1000


# --- writing the file -------------------------------------------------------------------------


def _write(
    document: Document, pages: list[_Page], fonts: _Fonts, width: float, height: float
) -> bytes:
    pdf = pydyf.PDF()
    used: dict[str, set[str]] = {fonts.regular.key: set(), fonts.bold.key: set()}
    for page in pages:
        for run in page.runs:
            used[run.face.key].update(run.text)
    encoders: dict[str, dict[str, str]] = {}
    font_refs = pydyf.Dictionary()
    for face in (fonts.regular, fonts.bold):
        if used[face.key]:
            font, encoders[face.key] = _embed(pdf, face, used[face.key])
            font_refs[face.key] = font.reference
    resources = pydyf.Dictionary({"Font": font_refs})
    pdf.add_object(resources)
    for page in pages:
        stream = pydyf.Stream(compress=True)
        for x1, x2, y, line_width, color in page.lines:
            stream.set_color_rgb(*color, stroke=True)
            stream.set_line_width(line_width)
            stream.move_to(x1, y)
            stream.line_to(x2, y)
            stream.stroke()
        current: tuple[str, float] | None = None
        colour: Color | None = None
        stream.begin_text()
        for run in page.runs:
            if (run.face.key, run.size) != current:
                current = (run.face.key, run.size)
                stream.set_font_size(run.face.key, run.size)
            if run.color != colour:
                colour = run.color
                stream.set_color_rgb(*run.color)
            stream.set_text_matrix(1, 0, 0, 1, round(run.x, 2), round(run.y, 2))
            code = encoders[run.face.key]
            stream.show_text("<" + "".join(code.get(ch, "0000") for ch in run.text) + ">")
        stream.end_text()
        pdf.add_object(stream)
        pdf.add_page(
            pydyf.Dictionary(
                {
                    "Type": "/Page",
                    "Parent": pdf.pages.reference,
                    "MediaBox": pydyf.Array([0, 0, round(width, 3), round(height, 3)]),
                    "Contents": stream.reference,
                    "Resources": resources.reference,
                }
            )
        )
    pdf.info["Title"] = pydyf.String(document.title)
    pdf.info["Producer"] = pydyf.String("preferans-referee")
    pdf.catalog["Lang"] = pydyf.String(document.lang)
    out = io.BytesIO()
    pdf.write(out, compress=True)
    return out.getvalue()


def _embed(pdf: pydyf.PDF, face: _Face, used: set[str]) -> tuple[pydyf.Dictionary, dict[str, str]]:
    """The face as a Type 0 font of the characters ``used`` (its glyphs renumbered by the
    subsetter), with their widths and a ToUnicode map (text can be searched and copied)."""
    font = TTFont(face.path)
    for tag in ("GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH"):  # no shaping here
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.glyph_names = False
    chars = sorted(ch for ch in used if ch in face.advance)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    data = io.BytesIO()
    font.save(data)
    scale = 1000 / font["head"].unitsPerEm
    gid = {ch: font.getGlyphID(face.glyph[ord(ch)]) for ch in chars}
    code = {ch: f"{g:04x}" for ch, g in gid.items()}
    metrics = font["hmtx"].metrics
    widths = [round(metrics[name][0] * scale) for name in font.getGlyphOrder()]
    digest = zlib.crc32("".join(chars).encode())  # the subset's tag: six letters of its glyphs
    tag = "".join(chr(65 + (digest >> (5 * i)) % 26) for i in range(6))
    base = f"/{tag}+{face.name}"
    file = pydyf.Stream([data.getvalue()], {"Length1": len(data.getvalue())}, compress=True)
    pdf.add_object(file)
    descriptor = pydyf.Dictionary(
        {
            "Type": "/FontDescriptor",
            "FontName": base,
            "Flags": 4,
            "FontBBox": pydyf.Array(face.bbox),
            "ItalicAngle": 0,
            "Ascent": round(face.ascent),
            "Descent": -round(face.descent),
            "CapHeight": round(face.ascent),
            "StemV": 80,
            "FontFile2": file.reference,
        }
    )
    pdf.add_object(descriptor)
    cid = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/CIDFontType2",
            "BaseFont": base,
            "CIDSystemInfo": pydyf.Dictionary(
                {
                    "Registry": pydyf.String("Adobe"),
                    "Ordering": pydyf.String("Identity"),
                    "Supplement": 0,
                }
            ),
            "FontDescriptor": descriptor.reference,
            "W": pydyf.Array([0, pydyf.Array(widths)]),
            "CIDToGIDMap": "/Identity",
        }
    )
    pdf.add_object(cid)
    unicode = pydyf.Stream([_to_unicode(gid)], compress=True)
    pdf.add_object(unicode)
    font_dict = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/Type0",
            "BaseFont": base,
            "Encoding": "/Identity-H",
            "DescendantFonts": pydyf.Array([cid.reference]),
            "ToUnicode": unicode.reference,
        }
    )
    pdf.add_object(font_dict)
    return font_dict, code


def _to_unicode(gid: dict[str, int]) -> bytes:
    pairs = sorted((g, ch) for ch, g in gid.items())
    chunks = []
    for start in range(0, len(pairs), 100):
        part = pairs[start : start + 100]
        body = "\n".join(f"<{g:04x}> <{ch.encode('utf-16-be').hex()}>" for g, ch in part)
        chunks.append(f"{len(part)} beginbfchar\n{body}\nendbfchar")
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n"
        + "\n".join(chunks)
        + "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
    ).encode("ascii")
