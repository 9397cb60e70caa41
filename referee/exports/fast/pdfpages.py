"""The printouts' pages as laid out (``gridpdf``: runs of text and rules at fixed places)
and their writing as a PDF file: pydyf writes the objects, fontTools subsets each face to the
characters used. Apart from the layout because it knows nothing of blocks and grids: it
draws what it is given."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field

import pydyf
from fontTools import subset
from fontTools.ttLib import TTFont

from .pdffonts import Face, Fonts

Color = tuple[float, float, float]


@dataclass
class Run:
    face: Face
    size: float
    color: Color
    x: float
    y: float
    text: str


@dataclass
class Page:
    runs: list[Run] = field(default_factory=list)
    lines: list[tuple[float, float, float, float, Color]] = field(default_factory=list)

    def text(self, face: Face, size: float, color: Color, x: float, y: float, text: str) -> None:
        if text:
            self.runs.append(Run(face, size, color, x, y, text))

    def rule(self, x1: float, x2: float, y: float, width: float, color: Color) -> None:
        self.lines.append((x1, x2, y, width, color))


def write(
    pages: list[Page], fonts: Fonts, width: float, height: float, title: str, lang: str
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
            font, encoders[face.key] = embed(pdf, face, used[face.key])
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
    pdf.info["Title"] = pydyf.String(title)
    pdf.info["Producer"] = pydyf.String("preferans-referee")
    pdf.catalog["Lang"] = pydyf.String(lang)
    out = io.BytesIO()
    pdf.write(out, compress=True)
    return out.getvalue()


def embed(pdf: pydyf.PDF, face: Face, used: set[str]) -> tuple[pydyf.Dictionary, dict[str, str]]:
    """The face as a Type 0 font of the characters ``used`` (its glyphs renumbered by the
    subsetter), with their widths and a ToUnicode map (text can be searched and copied)."""
    chars = sorted(ch for ch in used if ch in face.advance)
    font, data = _subset(face, chars)
    scale = 1000 / font["head"].unitsPerEm
    gid = {ch: font.getGlyphID(face.glyph[ord(ch)]) for ch in chars}
    code = {ch: f"{g:04x}" for ch, g in gid.items()}
    metrics = font["hmtx"].metrics
    widths = [round(metrics[name][0] * scale) for name in font.getGlyphOrder()]
    digest = zlib.crc32("".join(chars).encode())  # the subset's tag: six letters of its glyphs
    tag = "".join(chr(65 + (digest >> (5 * i)) % 26) for i in range(6))
    base = f"/{tag}+{face.name}"
    file = pydyf.Stream([data], {"Length1": len(data)}, compress=True)
    pdf.add_object(file)
    cid = _cid_font(pdf, face, base, file, widths)
    unicode = pydyf.Stream([to_unicode(gid)], compress=True)
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


def _subset(face: Face, chars: list[str]) -> tuple[TTFont, bytes]:
    """The face cut down to the glyphs of ``chars``, without its layout tables (no shaping
    here), and the bytes of that subset as a TrueType file."""
    font = TTFont(face.path)
    for tag in ("GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH"):
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    data = io.BytesIO()
    font.save(data)
    return font, data.getvalue()


def _cid_font(
    pdf: pydyf.PDF, face: Face, base: str, file: pydyf.Stream, widths: list[int]
) -> pydyf.Dictionary:
    """The CID font and its descriptor over the embedded subset ``file``."""
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
    return cid


def to_unicode(gid: dict[str, int]) -> bytes:
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
