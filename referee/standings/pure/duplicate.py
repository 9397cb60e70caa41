"""Duplicate preferans: a seat's result on a board compared with the same seat at the other
tables that played the board (issue 20, TOURNAMENTS §10). Pure: no Django.

Every table of a group plays the same boards; a board at a table is valued on its own (one
deal settled in whists, zero-sum at the table). Then the value of each seat role of the board
(first, second, third hand, the dealer at a table of four) is compared with the values of the
same seat role at the other tables of the same group (tables of 3 with tables of 3, of 4 with
4). Two named methods, exact to the fraction:

* ``matchpoints``: 1 for each table beaten, ½ for each tie; with n plays of the board the most
  possible is n − 1, and the percentage is ``matchpoints / (n − 1) · 100``, so a board played
  fewer times weighs the same as the others. A board played at one table only has nothing to be
  compared with: its percentage is the average, 50 (``ALONE``), and its most possible 0. Over a
  seat's n plays the matchpoints sum to n(n − 1)/2 whatever the values.
* ``datum``: the value minus the mean of the same seat at the other tables (``trim``: the best
  and the worst of those others are dropped first when at least three remain after dropping,
  i.e. at least five others). Untrimmed, a seat's differences sum to 0. A lone play gets 0.

The session's line of a player (``totals``): the sum of his matchpoints and of the most
possible, the session percentage (their ratio × 100; 50 when nothing could be compared) and the
sum of his datum differences; the order and tie-breaks are the standings' own (``ranking``).

>>> plays = [Play(1, "A", 1, "Ivanov", Fraction(10)), Play(1, "B", 1, "Petrov", Fraction(-4)),
...          Play(1, "C", 1, "Sidorov", Fraction(10))]
>>> [(c.player, c.matchpoints, c.percent) for c in compare(plays)]
[('Ivanov', Fraction(3, 2), Fraction(75, 1)), ('Petrov', Fraction(0, 1), Fraction(0, 1)), \
('Sidorov', Fraction(3, 2), Fraction(75, 1))]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Literal, TypeVar

from .exact import StandingsError, exact_sum, places

P = TypeVar("P", bound=Hashable)
Method = Literal["matchpoints", "datum"]
METHODS: tuple[Method, ...] = ("matchpoints", "datum")
#: the percentage of a board that no other table played: the average
ALONE = Fraction(50)
SEAT_ROLES = (0, 1, 2, 3)  # 0: the dealer at a table of four (no cards), 1–3: the hands


class DuplicateError(StandingsError):
    """Plays of boards that cannot be compared (a seat written twice, a role out of range)."""


@dataclass(frozen=True)
class Play(Generic[P]):
    """One seat role of one board at one table: who held it and its value in whists.
    ``group``: the tables compared together (by default one group; tables of 3 and of 4 are
    different groups)."""

    board: int
    table: Hashable
    role: int
    player: P
    value: Fraction
    group: Hashable = 0


@dataclass(frozen=True)
class Compared(Generic[P]):
    """A play compared: ``plays`` of the seat in its group (this one included); ``matchpoints``
    and ``most`` (n − 1); ``percent``; ``datum``: the mean of the others it was compared with
    (None when alone) and ``difference`` to it."""

    play: Play[P]
    plays: int
    matchpoints: Fraction
    percent: Fraction
    datum: Fraction | None
    difference: Fraction

    @property
    def player(self) -> P:
        return self.play.player

    @property
    def most(self) -> int:
        return self.plays - 1


@dataclass(frozen=True)
class Total(Generic[P]):
    """A player's session: boards played, matchpoints of the most possible, the percentage and
    the sum of his datum differences."""

    player: P
    boards: int
    matchpoints: Fraction
    most: int
    percent: Fraction
    difference: Fraction

    def score(self, method: Method) -> Fraction:
        return self.percent if method == "matchpoints" else self.difference


def _key(play: Play[P]) -> tuple[Hashable, int, int]:
    return (play.group, play.board, play.role)


def _checked(plays: Iterable[Play[P]]) -> list[Play[P]]:
    seen: set[tuple[Hashable, int, int, Hashable]] = set()
    kept = []
    for play in plays:
        if play.role not in SEAT_ROLES:
            raise DuplicateError(
                f"a seat role is 0 (the dealer of four) or 1-3, got {play.role!r}",
                "role",
                "duplicate.role",
                role=play.role,
            )
        if not isinstance(play.value, Fraction | int) or isinstance(play.value, bool):
            raise DuplicateError(
                f"a value is a number of whists, got {play.value!r}", "value", "duplicate.value"
            )
        where = (*_key(play), play.table)
        if where in seen:
            raise DuplicateError(
                f"board {play.board}, seat {play.role} at table {play.table!r} is given twice",
                "board",
                "duplicate.seat_twice",
                board=play.board,
                role=play.role,
            )
        seen.add(where)
        kept.append(play)
    return kept


def _datum(others: Sequence[Fraction], trim: bool) -> Fraction:
    if trim and len(others) >= 5:
        others = sorted(others)[1:-1]
    return exact_sum(others) / len(others)


def compare(plays: Iterable[Play[P]], *, trim: bool = False) -> list[Compared[P]]:
    """Every play compared with the same seat of the same board at the other tables of its
    group; in the order given."""
    checked = _checked(plays)
    seats: dict[tuple[Hashable, int, int], list[int]] = {}
    for i, play in enumerate(checked):
        seats.setdefault(_key(play), []).append(i)
    result: list[Compared[P] | None] = [None] * len(checked)
    for seat in seats.values():
        values = [Fraction(checked[i].value) for i in seat]
        n = len(values)
        if n == 1:
            result[seat[0]] = Compared(checked[seat[0]], 1, Fraction(0), ALONE, None, Fraction(0))
            continue
        # shared places from 0 (best, worst): the tables below are n − 1 − worst, the ties
        # worst − best, so the matchpoints are n − 1 − (best + worst)/2
        for k, (best, worst) in enumerate(places(values)):
            i, value = seat[k], values[k]
            points = Fraction(2 * (n - 1) - best - worst, 2)
            datum = _datum(values[:k] + values[k + 1 :], trim)
            percent = points / (n - 1) * 100
            result[i] = Compared(checked[i], n, points, percent, datum, value - datum)
    return [c for c in result if c is not None]


def totals(compared: Iterable[Compared[P]]) -> list[Total[P]]:
    """Each player's session, in the order players first appear."""
    lines: dict[P, list[Compared[P]]] = {}
    for c in compared:
        lines.setdefault(c.player, []).append(c)
    out = []
    for player, own in lines.items():
        points = exact_sum(c.matchpoints for c in own)
        most = sum(c.most for c in own)
        percent = points / most * 100 if most else ALONE
        difference = exact_sum(c.difference for c in own)
        out.append(Total(player, len(own), points, most, percent, difference))
    return out


def method_of(name: object) -> Method:
    """The comparison method by its name, refused with ``duplicate.method`` when unknown."""
    for method in METHODS:
        if name == method:
            return method
    raise DuplicateError(
        f"a comparison method is one of {', '.join(METHODS)}, got {name!r}",
        "method",
        "duplicate.method",
    )
