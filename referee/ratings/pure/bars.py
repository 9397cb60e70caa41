"""A bar chart's geometry for the server's SVG (the profile's points per round and contracts by
level): bars up from a zero line, negative ones down, in a view box that scales to the page
(readable at 390 px: few labels, a large font relative to the box)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    value: str
    label: str  # shown under the bar ("" for none)
    title: str  # the tooltip and the accessible text
    negative: bool
    inner: float = 0.0  # a second value drawn inside the bar from its foot (e.g. made)
    inner_y: float = 0.0


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    zero: float  # the y of the zero line
    bars: tuple[Bar, ...]
    top: str  # the largest value, written at the top left
    bottom: str  # the smallest (when below zero)
    label_y: float


def _text(value: Fraction | int | float) -> str:
    number = round(float(value), 1)
    return str(int(number)) if number == int(number) else str(number).replace(".", ",")


def bar_chart(
    values: Sequence[tuple[str, Fraction | int | float]],
    inner: Sequence[Fraction | int | float] | None = None,
    titles: Sequence[str] | None = None,
    width: int = 360,
    height: int = 160,
    labels: int = 12,
) -> BarChart:
    """Bars of ``values`` (label, value) in order; ``inner`` (as many) is drawn inside each
    bar from its foot; ``titles`` (as many) name the bars in full. At most ``labels``
    labels are written under the bars (every k-th).

    >>> c = bar_chart([("6", 4), ("7", 2)], width=100, height=60)
    >>> [(b.height, b.negative) for b in c.bars], c.zero
    ([(38.0, False), (19.0, False)], 44.0)
    """
    pad_top, pad_bottom, pad_side = 6, 16, 2
    span_h = height - pad_top - pad_bottom
    numbers = [float(v) for _label, v in values]
    high = max([0.0, *numbers])
    low = min([0.0, *numbers])
    span = (high - low) or 1.0
    zero = round(pad_top + span_h * high / span, 1)
    n = max(len(values), 1)
    slot = (width - 2 * pad_side) / n
    every = max(1, -(-len(values) // labels))
    bars = []
    for i, (label, value) in enumerate(values):
        v = float(value)
        h = round(span_h * abs(v) / span, 1)
        x = round(pad_side + slot * i + slot * 0.1, 1)
        y = zero if v < 0 else round(zero - h, 1)
        inside = float(inner[i]) if inner is not None else 0.0
        ih = round(span_h * abs(inside) / span, 1)
        bars.append(
            Bar(
                x,
                y,
                round(slot * 0.8, 1),
                h,
                _text(value),
                label if i % every == 0 else "",
                f"{titles[i] if titles is not None else label}: {_text(value)}",
                v < 0,
                ih,
                round(zero - ih, 1),
            )
        )
    return BarChart(
        width,
        height,
        zero,
        tuple(bars),
        _text(high),
        _text(low) if low < 0 else "",
        height - 4,
    )
