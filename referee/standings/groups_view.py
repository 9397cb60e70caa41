"""A stage's groups and the cut the next stage waits on, as the stages page shows them
(``services.groups``): the players' names, their places in the group, who is through, who is
tied across the cut."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.tournaments.models import Tournament

from . import services
from .services.qualify import in_the_running


@dataclass(frozen=True)
class GroupLine:
    label: str
    names: tuple[str, ...]  # best first
    through: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    tied_label: str = ""


@dataclass(frozen=True)
class CutView:
    stage: str  # the stage before the cut
    following: str  # the stage waiting on it
    count: int
    by_group: bool
    groups: tuple[GroupLine, ...]
    tied: bool


def _name(data: services.Loaded, player: str) -> str:
    entry = data.entries.get(int(player))
    return entry.player.name if entry else player


def stage_groups(
    tables: Sequence[services.StageTable], data: services.Loaded
) -> dict[int, tuple[GroupLine, ...]]:
    """Each stage played in groups (by its number): its groups with their players."""
    made = {}
    for table in tables:
        if len(table.stage.members or []) < 2:
            continue
        lines = []
        groups = services.groups_of(table)
        for group, members in zip(groups, table.stage.members, strict=True):
            ranked = [r.player for r in group.rows]  # then those with no result yet
            ranked += [str(p) for p in members if str(p) not in set(ranked)]
            lines.append(GroupLine(group.label, tuple(_name(data, p) for p in ranked)))
        made[table.stage.number] = tuple(lines)
    return made


def cut_view(
    tournament: Tournament,
    viewer: Any,
    tables: Sequence[services.StageTable],
    data: services.Loaded,
) -> CutView | None:
    found = services.next_cut(tournament, viewer, tables, data.rounds, in_the_running(data))
    if found is None:
        return None
    lines = []
    for group in found.groups:
        cut = group.cut
        assert cut is not None
        lines.append(
            GroupLine(
                group.label,
                tuple(_name(data, r.player) for r in group.rows),
                tuple(_name(data, p) for p in cut.through),
                tuple(_name(data, p) for p in cut.tied),
                cut.tied_label,
            )
        )
    return CutView(
        found.table.stage.name,
        found.following.name,
        found.following.entry_count or 0,
        found.by_group,
        tuple(lines),
        bool(found.tied),
    )
