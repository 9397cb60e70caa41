"""A cup or season: standings over several tournaments by the series' own rules (issue 22).

Pure: ``series_standings(tournaments, rules)`` computes the standings from every tournament's
result, so a tournament added later (or corrected) updates the series by computing again.
Each rule is a named field of ``SeriesRules`` with a documented default (proposals: the sources
name cups over a season, [S17] [S18], without their rules):

* ``method``: how a tournament's result becomes series points (``series_points``:
  ``points_by_place`` by default, or ``own_points``), times the tournament's weight.
* ``best``: only a player's best N results count (None, the default: all). Results equal at
  the cut are dropped by ``drop_equal``: ``earliest`` (default: the earlier tournament's result
  is dropped, the latest kept) or ``latest``. A dropped result says why: ``not_best`` (below
  every counted one) or ``equal_dropped`` (equal to the lowest counted one).
* ``min_starts`` (default 1): a player with fewer starts is listed after the ranked players,
  without a place, with the note ``unranked_min_starts``. They are ordered among themselves
  by the same rules.
* ``chain``: tie-breaks among players level on total, in order (``DEFAULT_SERIES_CHAIN``):
  ``more_starts`` / ``fewer_starts``; ``best_result`` (the best single result in series
  points); ``wins`` (first places, a shared first counting for each); ``latest`` (the series
  points in the latest tournament any of the tied players played; not playing it ranks below
  every result). Players still level share the place ("3–4").

Every ranked row that a criterion separated from players level with it carries a note
``tie_break`` with the criterion and its value for the player; a shared place ``shared_place``.
Tournaments are in order of date, then as listed.

    >>> from datetime import date
    >>> t1 = Tournament("t1", date(2026, 3, 1), (Entry(1, 1), Entry(2, 2), Entry(3, 3)))
    >>> t2 = Tournament("t2", date(2026, 4, 1), (Entry(2, 1), Entry(1, 2)))
    >>> rules = SeriesRules(PointsByPlace((100, 80, 60)), chain=())
    >>> [(r.rank_label, r.player, str(r.total)) for r in series_standings([t1, t2], rules)]
    [('1–2', 1, '180'), ('1–2', 2, '180'), ('3', 3, '60')]

With the default chain, 1 and 2 are level on the best result (100), wins (1) and starts (2);
the latest tournament, t2, puts 2 (100) above 1 (80):

    >>> rows = series_standings([t1, t2], SeriesRules(PointsByPlace((100, 80, 60))))
    >>> [(r.rank_label, r.player, r.decided_by) for r in rows]
    [('1', 2, None), ('2', 1, 'latest'), ('3', 3, 'total')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import groupby
from typing import Literal

from .exact import choice, exact_sum, place_label, set_field
from .ranking import chain_names
from .series_points import (
    FIS_TABLE,
    SERIES_METHODS,
    Entry,
    OwnPoints,
    PlayerId,
    PointsByPlace,
    SeriesError,
    SeriesMethod,
    Tournament,
    TournamentId,
    series_method,
    shared_places,
)

__all__ = [
    "DEFAULT_SERIES_CHAIN",
    "FIS_TABLE",
    "SERIES_METHODS",
    "Entry",
    "Note",
    "OwnPoints",
    "PointsByPlace",
    "SeriesError",
    "SeriesResult",
    "SeriesRow",
    "SeriesRules",
    "Tournament",
    "series_method",
    "series_standings",
]

DropRule = Literal["earliest", "latest"]
DEFAULT_SERIES_CHAIN = ("best_result", "wins", "more_starts", "latest")


@dataclass(frozen=True)
class SeriesResult:
    """One tournament in a player's line: its place ("2–3"), its own points, its series points
    (converted and weighted), whether it counts and, if not, why."""

    tournament: TournamentId
    order: int  # the tournament's position in the series, from 0
    place: int  # the best of the places he shares there, from 1
    place_label: str
    own_points: Fraction
    points: Fraction
    counted: bool
    reason: str | None = None


@dataclass(frozen=True)
class Note:
    """A stable code explaining the row, with its values (rendered by the site)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class SeriesRow:
    """One player of the series. ``rank`` is None for an unranked player (label "")."""

    rank: int | None
    rank_label: str
    player: PlayerId
    total: Fraction
    starts: int
    results: tuple[SeriesResult, ...]
    ranked: bool
    tied: bool
    decided_by: str | None  # what put him below the row above: "total", a criterion, or None
    notes: tuple[Note, ...] = ()

    @property
    def counted(self) -> tuple[SeriesResult, ...]:
        return tuple(r for r in self.results if r.counted)

    @property
    def dropped(self) -> tuple[SeriesResult, ...]:
        return tuple(r for r in self.results if not r.counted)


Rows = Mapping[PlayerId, SeriesRow]
Values = dict[PlayerId, Fraction | None]  # None: no value, below every value
Criterion = Callable[[Sequence[PlayerId], Rows], Values]


def _total(group: Sequence[PlayerId], rows: Rows) -> Values:
    return {p: rows[p].total for p in group}


def _more_starts(group: Sequence[PlayerId], rows: Rows) -> Values:
    return {p: Fraction(rows[p].starts) for p in group}


def _fewer_starts(group: Sequence[PlayerId], rows: Rows) -> Values:
    return {p: -Fraction(rows[p].starts) for p in group}


def _best_result(group: Sequence[PlayerId], rows: Rows) -> Values:
    return {p: max(r.points for r in rows[p].results) for p in group}


def _wins(group: Sequence[PlayerId], rows: Rows) -> Values:
    return {p: Fraction(sum(r.place == 1 for r in rows[p].results)) for p in group}


def _latest(group: Sequence[PlayerId], rows: Rows) -> Values:
    last = max(r.order for p in group for r in rows[p].results)
    return {p: next((r.points for r in rows[p].results if r.order == last), None) for p in group}


CRITERIA: dict[str, Criterion] = {
    "more_starts": _more_starts,
    "fewer_starts": _fewer_starts,
    "best_result": _best_result,
    "wins": _wins,
    "latest": _latest,
}


def series_chain(names: Sequence[str]) -> tuple[str, ...]:
    """The tie-break chain by name; unknown or repeated names are refused."""
    return chain_names(names, CRITERIA)


def _count(value: object, field: str, code: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SeriesError(
            f"expected a whole number of at least {least}, got {value!r}", field, code
        )
    return value


@dataclass(frozen=True)
class SeriesRules:
    """A series' rules (see the module): each field a named rule with its default."""

    method: SeriesMethod = field(default_factory=PointsByPlace)
    best: int | None = None
    drop_equal: DropRule = "earliest"
    min_starts: int = 1
    chain: tuple[str, ...] = DEFAULT_SERIES_CHAIN

    def __post_init__(self) -> None:
        if self.best is not None:
            _count(self.best, "best", "series.best", 1)
        _count(self.min_starts, "min_starts", "series.min_starts", 0)
        set_field(self, "drop_equal", choice(self.drop_equal, ("earliest", "latest"), "drop_equal"))
        set_field(self, "chain", series_chain(self.chain))


def series_standings(
    tournaments: Sequence[Tournament], rules: SeriesRules | None = None
) -> tuple[SeriesRow, ...]:
    """Every player with a start, the ranked first by total and the chain, then the unranked."""
    rules = rules or SeriesRules()
    ids = [t.id for t in tournaments]
    for t in tournaments:
        if ids.count(t.id) > 1:
            raise SeriesError(
                f"tournament {t.id} is listed twice", "tournaments", "series.tournament_twice"
            )
    order = sorted(range(len(tournaments)), key=lambda i: (tournaments[i].date, i))
    results: dict[PlayerId, list[SeriesResult]] = {}
    for position, i in enumerate(order):
        tournament = tournaments[i]
        points = rules.method.convert(tournament)
        places = shared_places(tournament)
        for entry in tournament.entries:
            best, worst = places[entry.player]
            results.setdefault(entry.player, []).append(
                SeriesResult(
                    tournament=tournament.id,
                    order=position,
                    place=best,
                    place_label=place_label(best - 1, worst - 1),
                    own_points=entry.points,
                    points=points[entry.player] * tournament.weight,
                    counted=True,
                )
            )
    rows = {p: _line(p, mine, rules) for p, mine in results.items()}
    players = sorted(rows)
    ranked = [p for p in players if rows[p].ranked]
    unranked = [p for p in players if not rows[p].ranked]
    notes: dict[PlayerId, list[Note]] = {p: list(rows[p].notes) for p in players}
    out: list[SeriesRow] = []
    rank = 1
    for members, decided in _order(ranked, rows, rules.chain, notes):
        last = rank + len(members) - 1
        for player in members:
            if last > rank:
                notes[player].append(Note("shared_place"))
            label = place_label(rank - 1, last - 1)
            out.append(_placed(rows[player], rank, label, last > rank, decided, notes[player]))
        rank = last + 1
    for members, decided in _order(unranked, rows, rules.chain, {}):
        for player in members:
            out.append(_placed(rows[player], None, "", len(members) > 1, decided, notes[player]))
    return tuple(out)


def _line(player: PlayerId, results: list[SeriesResult], rules: SeriesRules) -> SeriesRow:
    """A player's results with the counted ones chosen, before his place is known."""
    newest_first = rules.drop_equal == "earliest"
    keep = sorted(
        results, key=lambda r: (r.points, r.order if newest_first else -r.order), reverse=True
    )
    n = len(results) if rules.best is None else rules.best
    counted = {r.order for r in keep[:n]}
    lowest = min(r.points for r in keep[:n])
    marked = []
    for r in results:
        if r.order in counted:
            marked.append(r)
        else:
            reason = "equal_dropped" if r.points == lowest else "not_best"
            marked.append(replace(r, counted=False, reason=reason))
    starts = len(results)
    ranked = starts >= rules.min_starts
    notes = (
        ()
        if ranked
        else (Note("unranked_min_starts", {"starts": starts, "needed": rules.min_starts}),)
    )
    return SeriesRow(
        rank=None,
        rank_label="",
        player=player,
        total=exact_sum(r.points for r in marked if r.counted),
        starts=starts,
        results=tuple(marked),
        ranked=ranked,
        tied=False,
        decided_by=None,
        notes=notes,
    )


Block = tuple[list[PlayerId], str | None]


def _order(
    players: list[PlayerId],
    rows: Rows,
    chain: Sequence[str],
    notes: dict[PlayerId, list[Note]],
) -> list[Block]:
    """The players in blocks, best first: split by total, then by each criterion in turn.
    A split by a criterion notes its value on each player it separated (if ``notes`` has him)."""
    blocks: list[Block] = [(players, None)] if players else []
    for name, criterion in [("total", _total), *((n, CRITERIA[n]) for n in chain)]:
        split: list[Block] = []
        for members, reason in blocks:
            if len(members) == 1:
                split.append((members, reason))
                continue
            values = criterion(members, rows)

            def key(
                p: PlayerId, values: dict[PlayerId, Fraction | None] = values
            ) -> tuple[bool, Fraction]:
                value = values[p]
                return (value is not None, value if value is not None else Fraction(0))

            ordered = sorted(members, key=key, reverse=True)
            groups = [list(g) for _, g in groupby(ordered, key=key)]
            if len(groups) > 1 and name != "total":
                for p in members:
                    if p in notes:
                        notes[p].append(Note("tie_break", {"criterion": name, "value": values[p]}))
            split.extend((g, reason if i == 0 else name) for i, g in enumerate(groups))
        blocks = split
    return blocks


def _placed(
    row: SeriesRow, rank: int | None, label: str, tied: bool, decided: str | None, notes: list[Note]
) -> SeriesRow:
    return replace(
        row, rank=rank, rank_label=label, tied=tied, decided_by=decided, notes=tuple(notes)
    )
