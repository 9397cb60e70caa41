"""The rating chart's geometry: a polyline of a player's ratings in an SVG view box."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y …"
    low: float
    high: float
    ticks: tuple[tuple[float, float], ...]  # (y, rating) of the horizontal grid lines


#: the grid lines' labels: written above their line, in this size (``ratings/player.html``)
LABEL = 16


def chart(
    ratings: Sequence[float], width: int = 600, height: int = 200, pad: int = LABEL + 4
) -> Chart:
    """Ratings in order as a polyline; a flat or single rating sits in the middle. The
    default margin leaves the top line's label inside the box (it was cut in half).

    >>> chart([10.0, 20.0], width=100, height=50, pad=0).points
    '0.0,50.0 100.0,0.0'
    """
    if not ratings:
        return Chart(width, height, "", 0.0, 0.0, ())
    low, high = min(ratings), max(ratings)
    span = high - low
    steps = max(len(ratings) - 1, 1)

    def y(value: float) -> float:
        if span == 0:
            return height / 2
        return round(pad + (height - 2 * pad) * (high - value) / span, 1)

    coords = [
        (round(pad + (width - 2 * pad) * i / steps, 1), y(value)) for i, value in enumerate(ratings)
    ]
    ticks = tuple((y(v), round(v, 1)) for v in ({low, high} if span else {low}))
    return Chart(
        width, height, " ".join(f"{a},{b}" for a, b in coords), low, high, tuple(sorted(ticks))
    )
