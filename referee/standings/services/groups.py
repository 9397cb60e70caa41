"""A stage's groups and the cut of the stage after it (issue 34 point 3, TOURNAMENTS §6.3).

A stage played in groups (``Stage.members``: the groups' registrations, fixed when its first
round is seated) ranks all its players together (``stages``); a group's standings are the
stage's rows of its players, its places counted among them (``pure.groups.cut_groups``).

The cut of the next stage: the top N of the whole stage (``Stage.Entry.TOP``) or of each
group (``GROUP_TOP``, ``CROSSOVER``), over the players still in play, a tie across it broken
by the chain, the lot, and then by the play-off games played between the tied players: the
tables of the finished rounds of method ``tiebreak`` attached to the stage, each a game, their
settled whists its result. The seating of the next stage (``seating.stages``) and the stages
page read this one function, so that they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from referee.core.permissions import is_official
from referee.tables.results import rounds_results
from referee.tournaments.models import Round, Stage, Tournament

from ..pure.cut import Cut
from ..pure.groups import cut_groups, label
from ..pure.ranking import StandingRow
from .settings import settings_of
from .stages import StageTable

Game = Mapping[str, Fraction]


@dataclass(frozen=True)
class Group:
    """One group of a stage: its letter, its players' rows (the stage's order) and, when the
    stage after it cuts, the cut among them."""

    label: str
    rows: tuple[StandingRow, ...]
    cut: Cut | None = None


@dataclass(frozen=True)
class StageCut:
    """The cut of ``following`` over the stage ``table`` (one group without groups)."""

    table: StageTable
    following: Stage
    groups: tuple[Group, ...]
    by_group: bool  # the best N of each group, not of the whole stage

    @property
    def tied(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.cut is not None and g.cut.tied)

    @property
    def through(self) -> tuple[tuple[str, ...], ...]:
        """The players through, group by group, best first."""
        return tuple(g.cut.through if g.cut else () for g in self.groups)


def groups_of(table: StageTable) -> tuple[Group, ...]:
    """The stage's groups (one, unlettered, without groups) with their rows."""
    members = table.stage.members or []
    if len(members) < 2:
        return (Group("", table.rows),)
    made = []
    for index, group in enumerate(members):
        chosen = {str(p) for p in group}
        made.append(Group(label(index), tuple(r for r in table.rows if r.player in chosen)))
    return tuple(made)


def playoff_games(tournament: Tournament, stage: Stage, viewer: Any = None) -> list[Game]:
    """The play-off games at the cut after ``stage``, in the order played: each finished
    table of its ``tiebreak`` rounds, its players' settled whists (the public sees those of the
    rounds published; ``viewer`` None: the seating's own reading, every one)."""
    rounds = Round.objects.filter(
        tournament=tournament,
        stage=stage,
        method=Round.Method.TIEBREAK,
        status=Round.Status.FINISHED,
    ).order_by("number")
    if viewer is not None and not is_official(viewer, tournament):
        rounds = rounds.filter(number__lte=settings_of(tournament).published_through or 0)
    return [
        {str(r): Fraction(table.result_of(r)) for r in table.registrations}
        for table in rounds_results(tournament, list(rounds))
        if table.deals and not table.error
    ]


def stage_cut(
    tables: Sequence[StageTable],
    following: Stage,
    eligible: Collection[str],
    games: Sequence[Game] = (),
) -> StageCut | None:
    """The cut of ``following`` (the top N of the stage before it, or of each of its
    groups), or None when it takes no top N or has no stage before."""
    before = [t for t in tables if t.stage.number < following.number]
    count = following.entry_count or 0
    tops = (Stage.Entry.TOP, Stage.Entry.GROUP_TOP, Stage.Entry.CROSSOVER)
    if not before or following.entry not in tops or count < 1:
        return None
    table = before[-1]
    by_group = following.entry != Stage.Entry.TOP
    groups = groups_of(table) if by_group else (Group("", table.rows),)
    members = [{r.player for r in g.rows} for g in groups]
    cuts = cut_groups(table.rows, members, count, eligible, games)
    made = tuple(Group(g.label, g.rows, cut) for g, cut in zip(groups, cuts, strict=True))
    return StageCut(table, following, made, by_group)


def next_cut(
    tournament: Tournament,
    viewer: Any,
    tables: Sequence[StageTable],
    rounds: Sequence[Round],
    eligible: Collection[str],
) -> StageCut | None:
    """The cut the next stage waits on, as ``viewer`` may see it: the first stage not yet
    seated whose stage before has finished its planned rounds (``rounds``: those the viewer
    sees); None when no stage waits on a cut."""
    finished = {r.number for r in rounds if r.status == Round.Status.FINISHED}
    for before, table in pairwise(tables):
        if table.stage.qualified:
            continue
        done = [n for n in before.rounds if n in finished]
        if len(done) < before.stage.rounds_planned or len(done) < len(before.rounds):
            return None
        games = playoff_games(tournament, before.stage, viewer)
        return stage_cut(tables, table.stage, eligible, games)
    return None
