"""Qualification points by final place from a category's points table, and titles or norms by
thresholds, each award with its reason (TOURNAMENTS §12).

A points table maps a final place (from 1) to points; places beyond it earn 0. Players who
share places (a tie the standings leave unbroken, e.g. "2–3") share their points by the
category's ``shared_places`` setting: ``average`` (the default: the mean of the places'
points) or ``best`` (each gets the best place's points).

A norm is met by a player whose place is at most ``place_at_most`` (if set) and whose points
are at least ``points_at_least`` (if set), in a field of at least ``min_players``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

AVERAGE = "average"
BEST = "best"


@dataclass(frozen=True)
class Norm:
    title: str
    place_at_most: int | None = None
    points_at_least: Fraction | None = None
    min_players: int = 0


@dataclass(frozen=True)
class Award:
    """A player's qualification result: points, and the norms met with their reasons."""

    best: int  # place from 1
    worst: int
    points: Fraction
    norms: tuple[tuple[str, str], ...]  # (title, reason)


def place_points(table: Mapping[int, Fraction | int], best: int, worst: int, rule: str) -> Fraction:
    """Points for places ``best``..``worst`` (from 1) shared by ``worst − best + 1`` players.

    >>> place_points({1: 100, 2: 60, 3: 40}, 2, 3, AVERAGE)   # (60 + 40) / 2
    Fraction(50, 1)
    >>> place_points({1: 100, 2: 60, 3: 40}, 2, 3, BEST)
    Fraction(60, 1)
    """
    values = [Fraction(table.get(place, 0)) for place in range(best, worst + 1)]
    if rule == BEST:
        return values[0]
    return sum(values, Fraction(0)) / len(values)


def awards(
    places: Mapping[int, tuple[int, int]],
    table: Mapping[int, Fraction | int],
    norms: Sequence[Norm],
    rule: str = AVERAGE,
) -> dict[int, Award]:
    """Each player's award from his final places (best, worst), counting from 1."""
    field = len(places)
    out = {}
    for key, (best, worst) in places.items():
        points = place_points(table, best, worst, rule)
        met = []
        for norm in norms:
            if field < norm.min_players:
                continue
            if norm.place_at_most is not None and best > norm.place_at_most:
                continue
            if norm.points_at_least is not None and points < norm.points_at_least:
                continue
            met.append((norm.title, reason(norm, best, worst, points, field)))
        out[key] = Award(best, worst, points, tuple(met))
    return out


def reason(norm: Norm, best: int, worst: int, points: Fraction, field: int) -> str:
    """The award's reason in plain terms (the pages translate the words around the numbers)."""
    place = f"{best}–{worst}" if worst > best else str(best)
    parts = [f"place {place}"]
    if norm.place_at_most is not None:
        parts[0] += f" ≤ {norm.place_at_most}"
    if norm.points_at_least is not None:
        parts.append(f"points {_number(points)} ≥ {_number(norm.points_at_least)}")
    parts.append(f"field {field}" + (f" ≥ {norm.min_players}" if norm.min_players else ""))
    return ", ".join(parts)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
