"""Can I still qualify (issue 22 point 6): for a tournament whose next stage takes the top N
of the standings, each player's best and worst possible place in the current stage after its
remaining rounds, and his verdict against the cut (``pure.outlook``: exact when no round is
left, else safe bounds said as such).

The current stage is the latest one whose rounds the viewer sees; the cut is the next stage's
N (``Stage.Entry.TOP``). Only a finished round is settled: the rounds left are the stage's
planned rounds less its finished ones, and the outlook reads the standings of the finished
rounds, so a round in play (a table open, or locked and still open to the chief's reopening)
is a round left whatever its tables show so far (issue 29 point 4). The players in play are
those the seating of the next stage takes from (``pure.cut``): registered and playing, not
withdrawn, eliminated or disqualified. One load of the standings' data, whatever the
tournament's size."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.tournaments.models import ByeValue, Registration, Round, Stage, Tournament

from ..pure.outlook import Outlook, OutlookError, outlook
from ..pure.points import TableResult
from .loading import Loaded, ScoredTable, load
from .stages import StageTable, stage_tables


@dataclass(frozen=True)
class Qualification:
    stage: Stage  # the stage being played
    next_stage: Stage  # the one the best ``cut`` go on to
    cut: int
    rounds_left: int  # planned and not finished, the round in play included
    exact: bool
    players: Mapping[int, Outlook]  # registration -> his outlook
    in_play: int | None = None  # the number of the stage's round not yet finished

    def of(self, registration: int) -> Outlook | None:
        return self.players.get(registration)


def qualification(
    tournament: Tournament,
    *,
    viewer: Any,
    data: Loaded | None = None,
    tables: Sequence[StageTable] | None = None,
) -> Qualification | None:
    """The outlook of every player of the current stage, or None when no later stage takes
    the top N (or nothing of the stage is played yet). ``tables``: the stage tables already
    made from the same data."""
    data = data or load(tournament, viewer)
    if tables is None:
        tables = stage_tables(tournament, viewer=viewer, data=data)
    played = [i for i, t in enumerate(tables) if t.rounds]
    if not played or played[-1] + 1 >= len(tables):
        return None
    index = played[-1]
    current, following = tables[index], tables[index + 1].stage
    if following.entry != Stage.Entry.TOP or not following.entry_count:
        return None
    finished = {r.number for r in data.rounds if r.status == Round.Status.FINISHED}
    unfinished = [n for n in current.rounds if n not in finished]
    if unfinished:  # its tables can still change: the standings of the finished rounds only
        settled = dataclasses.replace(data, tables=_unplayed(data.tables, finished))
        current = stage_tables(tournament, viewer=viewer, data=settled)[index]
    left = max(current.stage.rounds_planned - len(current.rounds) + len(unfinished), 0)
    try:
        found = outlook(
            current.rows,
            data.rules.scoring,
            left,
            following.entry_count,
            eligible=in_the_running(data),
            outside=_fixed_bye(tournament),
        )
    except OutlookError:
        return None  # a cut or a plan the outlook cannot read: nothing is claimed
    players = {int(o.player): o for o in found}
    return Qualification(
        current.stage,
        following,
        following.entry_count,
        left,
        left == 0,
        players,
        unfinished[0] if unfinished else None,
    )


def _unplayed(
    tables: Mapping[int, Sequence[ScoredTable]], finished: set[int]
) -> dict[int, list[ScoredTable]]:
    """The tables of a round not finished as if nothing were played yet (0 to everybody, its
    players still listed): the whole round is a round left."""
    return {
        n: [t if n in finished else _nothing_yet(t) for t in round_tables]
        for n, round_tables in tables.items()
    }


def _nothing_yet(table: ScoredTable) -> ScoredTable:
    players = tuple(str(r) for r in table.registrations)
    zeros = tuple(Fraction(0) for _ in players)
    result = TableResult(table.number, players, zeros, zeros)
    return dataclasses.replace(table, whists=zeros, result=result)


def in_the_running(data: Loaded) -> set[str]:
    """The players who may go on (as text ids): registered and playing, as the seating of the
    next stage takes them (``seating.stages.in_play``)."""
    active = Registration.Status.ACTIVE
    return {str(pk) for pk, entry in data.entries.items() if entry.status == active}


def _fixed_bye(tournament: Tournament) -> tuple[Fraction, ...]:
    """A fixed bye may lie outside what a table gives: a round left may give it."""
    if tournament.bye_value == ByeValue.FIXED:
        return (Fraction(tournament.bye_points),)
    return ()
