"""Can I still qualify (issue 22 point 6): for a tournament whose next stage takes the top N
of the standings, each player's best and worst possible place in the current stage after its
remaining rounds, and his verdict against the cut (``pure.outlook``: exact when no round is
left, else safe bounds said as such).

The current stage is the latest one whose rounds the viewer sees; the cut is the next stage's
N (``Stage.Entry.TOP``); the rounds left are the stage's planned rounds less those it has
played. One load of the standings' data, whatever the tournament's size."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.tournaments.models import Stage, Tournament

from ..pure.outlook import Outlook, OutlookError, outlook
from .loading import Loaded, load
from .stages import StageTable, stage_tables


@dataclass(frozen=True)
class Qualification:
    stage: Stage  # the stage being played
    next_stage: Stage  # the one the best ``cut`` go on to
    cut: int
    rounds_left: int
    exact: bool
    players: Mapping[int, Outlook]  # registration -> his outlook

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
    current, following = tables[played[-1]], tables[played[-1] + 1].stage
    if following.entry != Stage.Entry.TOP or not following.entry_count:
        return None
    left = max(current.stage.rounds_planned - len(current.rounds), 0)
    try:
        found = outlook(current.rows, data.rules.scoring, left, following.entry_count)
    except OutlookError:
        return None  # a cut or a plan the outlook cannot read: nothing is claimed
    players = {int(o.player): o for o in found}
    exact = all(o.exact for o in found)
    return Qualification(current.stage, following, following.entry_count, left, exact, players)
