"""Stage standings, final places and team standings (TOURNAMENTS §2.2, §2.5, §6.3).

A stage's standings rank its players by the stage's rounds only, plus what the stage carries
over from the stage before (``Stage.carry_over``): ``all`` the earlier stage's points, a
``fraction`` of them (``Stage.carry_fraction``, exact, e.g. "1/2"), ``none``, or
``tie_break``: the earlier points only break ties, right after the points (chain level
``carried``). The places of the tournament: the last stage's players by its standings, then
the players who did not reach it by the stage before, and so on.

Every function reads the same fixed number of queries as the standings (one load).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.tournaments.models import Stage, Tournament

from ..pure import ranking, teams
from .loading import Loaded, load
from .outside import Outside, outside
from .ranked import guests_of


@dataclass(frozen=True)
class StageTable:
    """One stage's standings: ``rows`` as the pure ranking makes them (players as text ids),
    ``rounds`` the tournament's round numbers of the stage, ``carried`` each player's
    carried points (for the tie-break or in the points)."""

    stage: Stage
    rounds: tuple[int, ...]
    rows: tuple[ranking.StandingRow, ...]
    carried: Mapping[str, Fraction]


@dataclass(frozen=True)
class FinalPlace:
    place: int
    place_label: str
    registration: int
    player: str
    stage: str  # the name of the last stage he played
    points: Fraction  # his points in that stage (with what it carried)


def stage_tables(
    tournament: Tournament, *, viewer: Any, data: Loaded | None = None
) -> tuple[StageTable, ...]:
    """Every stage's standings over the rounds the viewer sees, first stage first."""
    if data is not None and data.pre is not None:
        stages = data.pre.stages
    else:
        stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    if not stages:
        return ()
    data = data or load(tournament, viewer)
    last = data.rounds[-1].number if data.rounds else 0
    found = outside(tournament, data.rounds, data.tables, data.entries, last, data.pre)
    by_stage: dict[int | None, list[int]] = {}
    for round_ in data.rounds:
        by_stage.setdefault(round_.stage_id, []).append(round_.number)
    made: list[StageTable] = []
    before: StageTable | None = None
    for stage in stages:
        numbers = by_stage.get(stage.pk, [])
        entrants = [str(p) for p in stage.qualified]
        previous = {r.player: r.points for r in before.rows} if before else {}
        carried = _carried(stage, previous, entrants)
        rows = _rank(data, found, numbers, stage, carried, entrants)
        table = StageTable(stage, tuple(numbers), rows, carried)
        made.append(table)
        before = table
    return tuple(made)


def _carried(
    stage: Stage, previous: Mapping[str, Fraction], entrants: Sequence[str]
) -> dict[str, Fraction]:
    if stage.carry_over == Stage.CarryOver.NONE or not previous:
        return {}
    factor = Fraction(stage.carry_fraction) if stage.carry_over == Stage.CarryOver.FRACTION else 1
    keep = set(entrants) or set(previous)
    return {p: v * factor for p, v in previous.items() if p in keep}


def _rank(
    data: Loaded,
    found: Outside,
    numbers: Sequence[int],
    stage: Stage,
    carried: Mapping[str, Fraction],
    entrants: Sequence[str],
) -> tuple[ranking.StandingRow, ...]:
    local = {n: i for i, n in enumerate(numbers, start=1)}
    rounds = [[t.result for t in data.tables.get(n, []) if t.result is not None] for n in numbers]
    extra = {local[n]: v for n, v in found.extra.items() if n in local}
    removed = {p: local.get(n, 1) for p, n in found.removed.items()}
    chain = list(data.rules.tie_breaks)
    tie_break = stage.carry_over == Stage.CarryOver.TIE_BREAK
    if tie_break and "carried" not in chain:
        chain.insert(chain.index("points") + 1 if "points" in chain else 0, "carried")
    rows = ranking.standings(
        rounds,
        chain,
        data.rules.lots,
        extra=extra,
        removed={p: n for p, n in removed.items() if p in set(entrants) or not entrants},
        carried={} if tie_break else carried,
        carried_tie_break=carried if tie_break else {},
        guests=guests_of(data.entries),
    )
    if entrants:
        keep = set(entrants)
        rows = tuple(r for r in rows if r.player in keep)
    return rows


def final_places(
    tournament: Tournament,
    *,
    viewer: Any,
    tables: Sequence[StageTable] | None = None,
    data: Loaded | None = None,
) -> tuple[FinalPlace, ...]:
    """The tournament's places by stages: the last stage played decides its players'
    places, the others follow by the stage before (their ties kept as the stage left them);
    a stage with no round yet (the final before it begins) places nobody."""
    if data is None and tables is None:
        data = load(tournament, viewer)
    made = tables if tables is not None else stage_tables(tournament, viewer=viewer, data=data)
    entries = data.entries if data is not None else _entries(tournament)
    placed: set[str] = set()
    out: list[FinalPlace] = []
    for table in reversed(made):
        if not table.rounds:  # a stage not yet begun decides nobody's place
            continue
        # a guest takes no place (TOURNAMENTS §6.4)
        rows = [r for r in ranking.placed(table.rows) if r.player not in placed]
        start = len(out)
        for row in rows:
            # the stage's rank, shifted past the places the later stages took
            rank = start + 1 + sum(1 for r in rows if r.rank < row.rank)
            ties = sum(1 for r in rows if r.rank == row.rank)
            label = str(rank) if ties == 1 else f"{rank}–{rank + ties - 1}"
            entry = entries.get(int(row.player))
            out.append(
                FinalPlace(
                    rank,
                    label,
                    int(row.player),
                    entry.player.name if entry else row.player,
                    table.stage.name,
                    row.points,
                )
            )
            placed.add(row.player)
    return tuple(out)


def _entries(tournament: Tournament) -> dict[int, Any]:
    return {e.pk: e for e in tournament.entries.select_related("player")}


def team_table(tournament: Tournament, rows: Sequence[Any]) -> tuple[teams.TeamRow, ...]:
    """The team standings from the standings' rows (``StandingsRow``: their round points,
    byes and deductions included, and whists) with the tournament's team rule."""
    members: dict[str, list[str]] = {}
    names = {str(row.registration): row.player for row in rows}
    for row in rows:
        if row.team:
            members.setdefault(row.team, []).append(str(row.registration))
    for name in tournament.teams.values_list("name", flat=True):
        members.setdefault(name, [])
    points = {str(row.registration): row.round_points for row in rows if row.team}
    whists = {str(row.registration): row.whists for row in rows if row.team}
    best = tournament.team_best if tournament.team_scoring == "best" else None
    made = teams.team_standings(members, points, whists, best)
    return tuple(
        dataclasses.replace(row, members=tuple(names[m] for m in row.members)) for row in made
    )
