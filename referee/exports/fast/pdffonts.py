"""The font of the standings printouts (``gridpdf``): DejaVu Sans's advance widths and
vertical metrics, read once a process with fontTools. Apart from the layout because the file
writer needs the same faces to embed them, and neither needs the other's code."""

from __future__ import annotations

import functools
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTFont


class Face:
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
class Fonts:
    regular: Face
    bold: Face

    @classmethod
    def load(cls) -> Fonts:
        return cls(*faces())


@functools.cache
def faces() -> tuple[Face, Face]:
    return Face(font_file("DejaVu Sans"), "F1"), Face(font_file("DejaVu Sans:bold"), "F2")


FONT_FILES = {"DejaVu Sans": "DejaVuSans.ttf", "DejaVu Sans:bold": "DejaVuSans-Bold.ttf"}


def font_file(pattern: str) -> Path:
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


def line_height(size: float) -> float:
    """CSS ``line-height: normal`` of DejaVu Sans: its ascent and descent."""
    face = faces()[0]
    return (face.ascent + face.descent) * size / 1000


def baseline(middle: float, size: float) -> float:
    """The baseline of a line centred on ``middle`` (PDF's y grows upwards)."""
    face = faces()[0]
    return middle - (face.ascent - face.descent) * size / 2000


def descent(size: float) -> float:
    return faces()[0].descent * size / 1000
