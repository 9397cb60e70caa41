"""The classic paper pulka (пулька, the score sheet) as SVG, drawn from a table's running
figures.

No Django but the core's figure (given its comma, it reads no settings): ``pulka_svg`` takes
the players' names and the cumulative figures as players write them on paper and returns an
SVG document (a string).

The sheet is split from the centre into one sector per player (three or four). Each player
sits at the edge of his sector and reads it from there: the whists (висты) along the edge,
split into one part per opponent (the part next to an opponent's sector is written on him),
then the pool (пуля), then the mountain (гора) nearest the centre, where the circle holds
the pool size. Figures are cumulative and never crossed out: ``2.4.6.10`` (TOURNAMENTS §8.3).
Every piece of text is escaped: names are typed by people.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from xml.sax.saxutils import escape

from referee.core.figures import figure
from scoring.numbers import Amount

Point = tuple[float, float]

MARGIN = 34.0
INK = "#1d232a"
PENCIL = "#7a8590"
FONT = "DejaVu Sans, Arial, sans-serif"
CHAR_WIDTH = 0.62  # of the font size, for digits and dots
LINE_HEIGHT = 1.18
_CLASS = {3: "three", 4: "four"}
SIZES = (13.0, 12.0, 11.0, 10.0, 9.0, 8.0, 7.0)


@dataclass(frozen=True)
class Layout:
    """A sheet of ``width`` × ``height``; per seat, its edge from one sector line to the
    next, clockwise (the corners between are the sector's own); the bands' inner offsets
    from the edge (whists, pool, mountain); the side where the player's name is written."""

    width: float
    height: float
    sectors: tuple[tuple[Point, ...], ...]
    bands: tuple[float, float, float]
    main_side: tuple[int, ...]
    circle: float


def _layout(players: int) -> Layout:
    if players == 3:
        # Twice as wide as high: the side sectors turn a corner exactly halfway along
        # their edge, where their whists on the two opponents meet.
        w, h = 900.0, 450.0
        sectors: tuple[tuple[Point, ...], ...] = (
            ((w, h), (0.0, h)),  # seat 1 at the bottom
            ((0.0, h), (0.0, 0.0), (w / 2, 0.0)),  # seat 2 on the left (and top left)
            ((w / 2, 0.0), (w, 0.0), (w, h)),  # seat 3 on the right (and top right)
        )
        return Layout(w, h, sectors, (64.0, 118.0, 178.0), (0, 0, 1), 34.0)
    if players == 4:
        w = h = 720.0
        sectors = (
            ((w, h), (0.0, h)),  # seat 1 at the bottom
            ((0.0, h), (0.0, 0.0)),  # seat 2 on the left
            ((0.0, 0.0), (w, 0.0)),  # seat 3 at the top
            ((w, 0.0), (w, h)),  # seat 4 on the right
        )
        return Layout(w, h, sectors, (78.0, 140.0, 222.0), (0, 0, 0, 0), 40.0)
    raise ValueError(f"a pulka has 3 or 4 players, not {players}")


# -- plane geometry -----------------------------------------------------------------------


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _add(p: Point, q: Point, k: float = 1.0) -> Point:
    return (p[0] + k * q[0], p[1] + k * q[1])


def _unit(p: Point, q: Point) -> Point:
    dx, dy = _sub(q, p)
    length = math.hypot(dx, dy)
    return (dx / length, dy / length)


def _cross(p: Point, q: Point) -> float:
    return p[0] * q[1] - p[1] * q[0]


def _dot(p: Point, q: Point) -> float:
    return p[0] * q[0] + p[1] * q[1]


def _meet(p: Point, direction: Point, a: Point, b: Point) -> Point:
    """Where the line through ``p`` along ``direction`` crosses the line ``a``–``b``."""
    ab = _sub(b, a)
    t = _cross(_sub(a, p), ab) / _cross(direction, ab)
    return _add(p, direction, t)


@dataclass(frozen=True)
class Side:
    """A straight piece of a sector's edge, walked clockwise from ``start`` to ``end``.

    ``start_line``/``end_line``: the end is where a sector line meets the edge (else it is
    a corner inside the sector). Inside the sheet is on the right of the walk."""

    start: Point
    end: Point
    start_line: bool
    end_line: bool
    centre: Point

    @property
    def along(self) -> Point:
        return _unit(self.start, self.end)

    @property
    def inward(self) -> Point:
        ux, uy = self.along
        return (-uy, ux)

    def span(self, offset: float) -> tuple[float, float]:
        """The stretch (distances from ``start`` along the side) that lies in the sector
        at ``offset`` from the edge: sector lines converge on the centre."""
        u, n = self.along, self.inward
        base = _add(self.start, n, offset)
        length = math.hypot(*_sub(self.end, self.start))
        if self.start_line:
            low = _dot(_sub(_meet(base, u, self.centre, self.start), base), u)
        else:
            low = offset
        if self.end_line:
            high = _dot(_sub(_meet(base, u, self.centre, self.end), base), u)
        else:
            high = length - offset
        return low, high

    def point(self, distance: float, offset: float) -> Point:
        return _add(_add(self.start, self.along, distance), self.inward, offset)

    @property
    def angle(self) -> float:
        """Text runs against the walk, its top towards the centre: readable from outside."""
        ux, uy = self.along
        return math.degrees(math.atan2(-uy, -ux)) % 360


def sides_of(edge: Sequence[Point], centre: Point) -> list[Side]:
    last = len(edge) - 2
    return [Side(edge[i], edge[i + 1], i == 0, i == last, centre) for i in range(len(edge) - 1)]


# -- figures as players write them --------------------------------------------------------


def paper_figure(value: Amount) -> str:
    """A figure for the sheet: ``12``, ``7,5``, ``17,33`` (the site's one number format, with
    a decimal comma whatever the language: on paper the dot separates figures)."""
    return figure(Fraction(value) if not isinstance(value, int) else value, ",")


def chain(values: Sequence[Amount]) -> list[str]:
    """The cumulative figures as written: each followed by a dot but the last."""
    figures = [paper_figure(v) for v in values]
    return [f + "." for f in figures[:-1]] + figures[-1:]


def _wrap(tokens: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + len(token) > width:
            lines.append(line)
            line = ""
        line += token
    if line:
        lines.append(line)
    return lines


def fit(tokens: Sequence[str], length: float, depth: float) -> tuple[float, list[str]]:
    """The largest font size at which the figures fit ``length`` × ``depth``, wrapped at
    the dots; if even the smallest does not fit, the latest lines (the current figures)
    are kept behind an ellipsis."""
    if not tokens:
        return SIZES[0], []
    for size in SIZES:
        width = max(1, int(length / (CHAR_WIDTH * size)))
        rows = max(1, int(depth / (LINE_HEIGHT * size)))
        lines = _wrap(tokens, width)
        if len(lines) <= rows:
            return size, lines
    return size, ["…" + lines[-rows], *lines[len(lines) - rows + 1 :]]


# -- SVG --------------------------------------------------------------------------------


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _line(p: Point, q: Point, colour: str = INK, width: float = 1.2) -> str:
    return (
        f'<line x1="{_n(p[0])}" y1="{_n(p[1])}" x2="{_n(q[0])}" y2="{_n(q[1])}" '
        f'stroke="{colour}" stroke-width="{_n(width)}"/>'
    )


def _text(at: Point, angle: float, text: str, size: float, cls: str, anchor: str = "start") -> str:
    rotate = f" rotate({_n(angle)})" if angle else ""
    return (
        f'<text class="{cls}" transform="translate({_n(at[0])} {_n(at[1])}){rotate}" '
        f'font-size="{_n(size)}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _block(
    side: Side, low: float, high: float, outer: float, inner: float, tokens: Sequence[str], cls: str
) -> list[str]:
    """Figures written in the band ``outer``–``inner`` (offsets from the edge) between
    ``low`` and ``high`` along ``side``, read from outside the sheet."""
    pad = 5.0
    size, lines = fit(tokens, high - low - 2 * pad, inner - outer - 2 * pad)
    step = LINE_HEIGHT * size
    top = (outer + inner + len(lines) * step) / 2  # nearest the centre: the reader's top
    out = []
    for k, text in enumerate(lines):
        baseline = top - (k + 1) * step + 0.3 * size
        out.append(_text(side.point(high - pad, baseline), side.angle, text, size, cls))
    return out


def pulka_svg(
    names: Mapping[str, str],
    pool: Mapping[str, Sequence[Amount]],
    mountain: Mapping[str, Sequence[Amount]],
    whists: Mapping[tuple[str, str], Sequence[Amount]],
    result: Mapping[str, Amount],
    *,
    pool_size: Amount | None = None,
    title: str = "",
) -> str:
    """The paper pulka of a table.

    ``names``: seat id → name, clockwise from the first seat (3 or 4 players);
    ``pool``, ``mountain``: per player, the cumulative figures in the order written;
    ``whists``: per (writer, on) the cumulative figures; ``result``: the settled whists;
    ``pool_size`` is written in the centre circle; ``title`` describes the picture.

    >>> svg = pulka_svg({"A": "Ann", "B": "Bob", "C": "Cy"}, {"A": [2, 4]}, {}, {}, {})
    >>> svg.startswith("<svg") and "2.4" in svg
    True
    """
    seats = list(names)
    layout = _layout(len(seats))
    w, h = layout.width, layout.height
    centre = (w / 2, h / 2)
    whist_band, pool_band, mountain_band = layout.bands
    parts = _paper(layout, centre, pool_size)
    for index, player in enumerate(seats):
        sides = sides_of(layout.sectors[index], centre)
        main = sides[layout.main_side[index]]
        parts.append(f'<g class="sector" data-player="{escape(player)}">')
        # whists: one part per opponent, the part beside an opponent's sector is on him
        opponents = [seats[(index - 1 - j) % len(seats)] for j in range(len(seats) - 1)]
        for j, (side, low, high) in enumerate(_whist_parts(sides, len(opponents), whist_band)):
            on = opponents[j]
            tokens = chain(whists.get((player, on), ()))
            parts += _block(side, low, high, 0, whist_band, tokens, f"whists on-{on}")
            if j:
                parts.append(_split_line(sides, j, len(opponents), whist_band))
        low, high = main.span(pool_band)
        parts += _block(main, low, high, whist_band, pool_band, chain(pool.get(player, ())), "pool")
        low, high = main.span(mountain_band)
        parts += _block(
            main, low, high, pool_band, mountain_band, chain(mountain.get(player, ())), "mountain"
        )
        parts.append(_name(main, names[player], result.get(player)))
        parts.append("</g>")

    label = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pulka {_CLASS[len(seats)]}" role="img" '
        f'viewBox="{_n(-MARGIN)} {_n(-MARGIN)} {_n(w + 2 * MARGIN)} {_n(h + 2 * MARGIN)}" '
        f'font-family="{FONT}" fill="{INK}">{label}' + "".join(parts) + "</svg>"
    )


def _paper(layout: Layout, centre: Point, pool_size: Amount | None) -> list[str]:
    """The sheet before anything is written on it: its edge, the whist and pool bands, the
    sector lines and the centre circle with the pool's size."""
    w, h = layout.width, layout.height
    whist_band, pool_band, _mountain = layout.bands
    parts: list[str] = [
        f'<rect x="0" y="0" width="{_n(w)}" height="{_n(h)}" fill="#fffef8" '
        f'stroke="{INK}" stroke-width="2"/>'
    ]
    for offset in (whist_band, pool_band):  # the mountain runs on to the circle
        parts.append(
            f'<rect x="{_n(offset)}" y="{_n(offset)}" width="{_n(w - 2 * offset)}" '
            f'height="{_n(h - 2 * offset)}" fill="none" stroke="{INK}" stroke-width="1.2"/>'
        )
    for edge in layout.sectors:
        # the sector line from the circle out to the edge
        start = _add(centre, _unit(centre, edge[0]), layout.circle)
        parts.append(_line(start, edge[0], INK, 1.6))
    parts.append(
        f'<circle cx="{_n(centre[0])}" cy="{_n(centre[1])}" r="{_n(layout.circle)}" '
        f'fill="#fffef8" stroke="{INK}" stroke-width="1.6"/>'
    )
    if pool_size is not None:
        parts.append(
            _text((centre[0], centre[1] + 6), 0, paper_figure(pool_size), 17, "size", "middle")
        )
    return parts


def _whist_parts(sides: list[Side], count: int, depth: float) -> list[tuple[Side, float, float]]:
    """Where the whists on each opponent go, from the start of the sector's edge: one side
    each when the edge turns a corner per opponent, else equal parts of the single side
    (measured at the inner line of the whists, where the sector is narrowest)."""
    if len(sides) == count:
        return [(side, *side.span(depth)) for side in sides]
    side = sides[0]
    low, high = side.span(depth)
    step = (high - low) / count
    return [(side, low + j * step, low + (j + 1) * step) for j in range(count)]


def _split_line(sides: list[Side], j: int, count: int, depth: float) -> str:
    """The short line across the whists between two opponents' parts."""
    if len(sides) == count:
        corner = sides[j].start
        return _line(corner, sides[j].point(depth, depth), PENCIL)
    side = sides[0]
    outer_low, outer_high = side.span(0)
    inner_low, inner_high = side.span(depth)
    at_edge = outer_low + j * (outer_high - outer_low) / count
    inside = inner_low + j * (inner_high - inner_low) / count
    return _line(side.point(at_edge, 0), side.point(inside, depth), PENCIL)


def _name(side: Side, name: str, result: Amount | None) -> str:
    """The player's name outside his edge, and his settled result."""
    low, high = side.span(0)
    at = side.point((low + high) / 2, 10 - MARGIN)
    rotate = f" rotate({_n(side.angle)})" if side.angle else ""
    settled = ""
    if result is not None:
        sign = "+" if result > 0 else ""
        text = escape(sign + paper_figure(result))
        settled = f' <tspan class="result" font-weight="bold">{text}</tspan>'
    return (
        f'<text class="name" transform="translate({_n(at[0])} {_n(at[1])}){rotate}" '
        f'font-size="15" text-anchor="middle">{escape(name)}{settled}</text>'
    )
