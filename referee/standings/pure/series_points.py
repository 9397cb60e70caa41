"""A cup's or season's input and how one tournament's result becomes series points (issue 22).

The input is plain data: per tournament its id, date, weight and each player's place and points
(``Entry``; players are registry ids). Players who share a place in a tournament's final places
are given the same ``place``: two players on place 3 cover places 3 and 4, and the next player
is on place 5 or below (places may skip, for players the series does not list, but never
overlap a shared group).

Two methods turn a tournament into series points, each a frozen dataclass registered by name,
its parameters fields with documented defaults (proposals: the sources name cups over a season,
[S17] [S18], without their rules):

* ``points_by_place``: a table of points by place (default ``FIS_TABLE``, 1st 100, 2nd 80, …);
  a place beyond the table earns ``floor`` (default 0). Shared places (``shared``): ``average``
  (default) gives each player the exact mean of the places they cover, ``best`` the points of
  the best of them. The table may not rise from a place to the next (a worse place never earns
  more), nor hold a negative number, and ``floor`` may not exceed its last number.
* ``own_points``: the tournament's own points, multiplied by ``factor`` (default 1: as they
  are), or with ``winner_gets`` set, normalised so that the winner (the most points) gets that
  number: points × winner_gets / winner's points (refused if the winner's points are not above 0).

The tournament's ``weight`` (default 1, above 0; a final counts 3/2) multiplies the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import Field, dataclass
from datetime import date
from fractions import Fraction
from itertools import pairwise
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from .exact import StandingsError, choice, exact, set_field
from .methods import made_by_name

PlayerId = int
TournamentId = int | str
SharedRule = Literal["average", "best"]

#: The FIS World Cup's points by place, 1st to 30th (the default table; a proposal).
FIS_TABLE: tuple[int, ...] = (
    *(100, 80, 60, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20, 18, 16),
    *(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
)


class SeriesError(StandingsError):
    """A series' rules or input that cannot be used (``code`` names which, see refusals.py)."""


@dataclass(frozen=True)
class Entry:
    """One player's final result in one tournament: ``place`` from 1, the tournament's points."""

    player: PlayerId
    place: int
    points: Fraction = Fraction(0)


@dataclass(frozen=True)
class Tournament:
    """One tournament of the series. ``entries`` are in any order."""

    id: TournamentId
    date: date
    entries: tuple[Entry, ...]
    weight: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        where = f"tournament {self.id}"
        weight = exact(self.weight, f"{where}.weight", SeriesError)
        if weight <= 0:
            raise SeriesError("a weight must be above 0", f"{where}.weight", "series.weight")
        set_field(self, "weight", weight)
        entries = tuple(self.entries)
        seen: set[PlayerId] = set()
        for entry in entries:
            if entry.player in seen:
                raise SeriesError(
                    f"player {entry.player} is listed twice", where, "series.player_twice"
                )
            seen.add(entry.player)
            if isinstance(entry.place, bool) or not isinstance(entry.place, int) or entry.place < 1:
                raise SeriesError(f"place {entry.place!r} is not 1 or more", where, "series.place")
            set_field(entry, "points", exact(entry.points, f"{where}.points", SeriesError))
        set_field(self, "entries", entries)
        shared_places(self)  # refuses overlapping shared places


def shared_places(tournament: Tournament) -> dict[PlayerId, tuple[int, int]]:
    """Each player's places (best, worst), from 1: players on the same place share the places
    they cover. Refused where a shared group overlaps the next place.

    >>> t = Tournament("a", date(2026, 1, 1), (Entry(7, 1), Entry(8, 2), Entry(9, 2), Entry(5, 4)))
    >>> shared_places(t)
    {7: (1, 1), 8: (2, 3), 9: (2, 3), 5: (4, 4)}
    """
    count: dict[int, int] = {}
    for entry in tournament.entries:
        count[entry.place] = count.get(entry.place, 0) + 1
    ordered = sorted(count)
    for place, after in pairwise(ordered):
        if after < place + count[place]:
            raise SeriesError(
                f"{count[place]} players share place {place}, so nobody can be on place {after}",
                f"tournament {tournament.id}",
                "series.places_overlap",
                place=after,
            )
    return {e.player: (e.place, e.place + count[e.place] - 1) for e in tournament.entries}


class SeriesMethod(Protocol):
    """A named rule turning one tournament's result into series points (before its weight)."""

    name: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def convert(self, tournament: Tournament) -> dict[PlayerId, Fraction]: ...


S = TypeVar("S", bound=SeriesMethod)

SERIES_METHODS: dict[str, type[SeriesMethod]] = {}


def _register(method: type[S]) -> type[S]:
    SERIES_METHODS[method.name] = method
    return method


def series_method(name: str, params: Mapping[str, object] | None = None) -> SeriesMethod:
    """The series' method from its settings: a name and parameter values.

    >>> series_method("own_points", {"winner_gets": 100}).name
    'own_points'
    >>> series_method("by_rating")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    UnknownMethodError: method: unknown series method 'by_rating'
    """
    return made_by_name(SERIES_METHODS, name, params, "series", "series.method_unknown")


@_register
@dataclass(frozen=True)
class PointsByPlace:
    """``points_by_place``: series points by the tournament's final place (see the module).

    Worked: table 100, 80, 60, floor 0; places 1, 2–3 (two players), 4 → 100, (80 + 60)/2 = 70
    each, 0. With ``shared="best"``: 100, 80, 80, 0.
    """

    name: ClassVar[str] = "points_by_place"
    table: tuple[Fraction, ...] = tuple(Fraction(p) for p in FIS_TABLE)
    floor: Fraction = Fraction(0)
    shared: SharedRule = "average"

    def __post_init__(self) -> None:
        if isinstance(self.table, str | bytes) or not isinstance(self.table, Sequence):
            raise SeriesError("expected a list of points, one per place", "table", "series.table")
        table = tuple(exact(p, f"table[{i}]", SeriesError) for i, p in enumerate(self.table))
        if not table:
            raise SeriesError("the table needs at least one place", "table", "series.table")
        for i, points in enumerate(table):
            if points < 0:
                raise SeriesError("points cannot be negative", f"table[{i}]", "series.negative")
            if i and points > table[i - 1]:
                raise SeriesError(
                    "a worse place cannot earn more points",
                    f"table[{i}]",
                    "series.table_rises",
                    place=i + 1,
                )
        floor = exact(self.floor, "floor", SeriesError)
        if floor < 0:
            raise SeriesError("points cannot be negative", "floor", "series.negative")
        if floor > table[-1]:
            raise SeriesError(
                "a place beyond the table cannot earn more than its last place",
                "floor",
                "series.floor_above",
            )
        set_field(self, "table", table)
        set_field(self, "floor", floor)
        set_field(self, "shared", choice(self.shared, ("average", "best"), "shared"))

    def at(self, place: int) -> Fraction:
        """The points of one place, from 1."""
        return self.table[place - 1] if place <= len(self.table) else self.floor

    def convert(self, tournament: Tournament) -> dict[PlayerId, Fraction]:
        out = {}
        for player, (best, worst) in shared_places(tournament).items():
            if self.shared == "best":
                out[player] = self.at(best)
            else:
                covered = [self.at(place) for place in range(best, worst + 1)]
                out[player] = Fraction(sum(covered), len(covered))
        return out


@_register
@dataclass(frozen=True)
class OwnPoints:
    """``own_points``: the tournament's own points, × ``factor`` or normalised (see the module).

    Worked: points 12, 9, −3 with ``winner_gets=100`` → 100, 75, −25; with ``factor=2``: 24,
    18, −6.
    """

    name: ClassVar[str] = "own_points"
    factor: Fraction = Fraction(1)
    winner_gets: Fraction | None = None

    def __post_init__(self) -> None:
        factor = exact(self.factor, "factor", SeriesError)
        if factor <= 0:
            raise SeriesError("must be above 0", "factor", "factor.positive")
        set_field(self, "factor", factor)
        if self.winner_gets is not None:
            winner_gets = exact(self.winner_gets, "winner_gets", SeriesError)
            if winner_gets <= 0:
                raise SeriesError("must be above 0", "winner_gets", "series.winner_gets")
            if factor != 1:
                raise SeriesError(
                    "a factor or a winner's number, not both", "factor", "series.scaled_twice"
                )
            set_field(self, "winner_gets", winner_gets)

    def convert(self, tournament: Tournament) -> dict[PlayerId, Fraction]:
        points = {entry.player: entry.points for entry in tournament.entries}
        if self.winner_gets is None or not points:
            return {player: value * self.factor for player, value in points.items()}
        top = max(points.values())
        if top <= 0:
            raise SeriesError(
                "the winner's points are not above 0, so they cannot be normalised",
                f"tournament {tournament.id}",
                "series.winner_not_positive",
                tournament=tournament.id,
            )
        return {player: value * self.winner_gets / top for player, value in points.items()}
