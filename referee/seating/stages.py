"""Who plays the next round: active players not eliminated, in the round's stage, and the
standings order the stage seats them by (TOURNAMENTS §6.3, qualification then final).

A round belongs to the stage whose planned rounds cover its number (stage 1 takes rounds
1…n₁, stage 2 the next n₂, …); without stages every round is open to every active player.
The players of a stage are fixed when its first round is seated (``Stage.qualified``): all
still in play, the top N of the stage before by its standings (their tie-breaks included; a
tie across the cut is refused until the lot decides it), or the players the chief named. The
cut is ``standings.pure.cut``, the rule "can I still qualify" calls its verdicts by.
"""

from __future__ import annotations

from typing import Any

from referee.core.errors import ServiceError
from referee.seating.refusals import REFUSALS
from referee.standings.pure.groups import crossover
from referee.standings.services import (
    StageTable,
    playoff_games,
    stage_cut,
    stage_tables,
    standings_after,
)
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Round, Stage, Tournament

from .groups import split_stage


def stage_for(tournament: Tournament, number: int) -> Stage | None:
    """The stage round ``number`` belongs to; refused past the last stage's rounds. A play-off
    game at a cut is a round of no stage's count: the rounds after it shift by one."""
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    if not stages:
        return None
    number -= Round.objects.filter(
        tournament=tournament, number__lt=number, method=Round.Method.TIEBREAK
    ).count()
    end = 0
    for stage in stages:
        end += stage.rounds_planned
        if number <= end:
            return stage
    raise REFUSALS.error("stage.all_played", n=end)


def stage_of(tournament: Tournament, number: int) -> Stage | None:
    """The stage round ``number`` belongs to, None without stages or past the last one (the
    seating form offers a draw; seating it is then refused, saying why)."""
    try:
        return stage_for(tournament, number)
    except ServiceError:
        return None


def first_round_of(stage: Stage) -> int:
    earlier = Stage.objects.filter(tournament=stage.tournament_id, number__lt=stage.number)
    return sum(s.rounds_planned for s in earlier) + 1


def in_play(tournament: Tournament, viewer: Any, played: bool) -> list[int]:
    """Active registrations not removed by the elimination threshold, by registration."""
    active = list(
        Registration.objects.filter(tournament=tournament, status=Registration.Status.ACTIVE)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not played:
        return active
    rows = standings_after(tournament, viewer=viewer).rows
    out = {row.registration for row in rows if row.removed_in is not None}
    return [p for p in active if p not in out]


def entrants(
    tournament: Tournament, viewer: Any, stage: Stage | None, number: int
) -> tuple[list[int], tuple[StageTable, ...]]:
    """The players of round ``number`` and the stage tables (empty without stages)."""
    playing = in_play(tournament, viewer, number > 1)
    if stage is None:
        return playing, ()
    tables = stage_tables(tournament, viewer=viewer)
    if not stage.qualified:
        stage.qualified, crossed = _qualify(tournament, viewer, stage, playing, tables)
        stage.members = crossed or split_stage(stage, stage_order(tables, stage, stage.qualified))
        stage.save(update_fields=["qualified", "members"])
        log_action(
            tournament,
            viewer,
            "stage.qualified",
            stage.name,
            data={"stage": stage.number, "players": stage.qualified, "groups": stage.members},
        )
        tables = stage_tables(tournament, viewer=viewer)
    chosen = set(stage.qualified)
    return [p for p in playing if p in chosen], tables


def _qualify(
    tournament: Tournament,
    viewer: Any,
    stage: Stage,
    playing: list[int],
    tables: tuple[StageTable, ...],
) -> tuple[list[int], list[list[int]]]:
    """The stage's players, and its groups when the cut crosses them (else empty)."""
    if stage.entry == Stage.Entry.NAMED:
        unknown = [p for p in stage.named if p not in playing]
        if unknown or not stage.named:
            raise REFUSALS.error("stage.named_unknown", stage=stage.name)
        return list(stage.named), []
    previous = [t for t in tables if t.stage.number < stage.number]
    if stage.entry == Stage.Entry.ALL or not previous:
        return playing, []
    count = stage.entry_count or 0
    games = playoff_games(tournament, previous[-1].stage)
    # the cut's one rule, the stages page's too: who still plays, ties sharing their places,
    # a tie across the cut broken by the play-off games
    found = stage_cut(tables, stage, {str(p) for p in playing}, games)
    if found is None:  # a top N below 1 (set_stages refuses it; an archive may hold one)
        raise REFUSALS.error("stage.too_few_left", stage=stage.name, n=count, left=len(playing))
    for group in found.groups:
        assert group.cut is not None
        left = len(group.cut.places)
        if count > left:
            where = f"{stage.name} ({group.label})" if group.label else stage.name
            raise REFUSALS.error("stage.too_few_left", stage=where, n=count, left=left)
    for group in found.tied:
        assert group.cut is not None
        if group.label:
            raise REFUSALS.error(
                "stage.tied_at_group_cut",
                label=group.cut.tied_label,
                group=group.label,
                stage=stage.name,
            )
        raise REFUSALS.error("stage.tied_at_cut", label=group.cut.tied_label, stage=stage.name)
    through = [[int(p) for p in ids] for ids in found.through]
    chosen = [p for ids in through for p in ids]
    if stage.entry == Stage.Entry.CROSSOVER:
        return chosen, [list(g) for g in crossover(through)]
    return chosen, []


def stage_order(tables: tuple[StageTable, ...], stage: Stage, players: list[int]) -> list[int]:
    """The stage's players best first: by the stage's standings, then (new to the stage) by
    the stage before, then by registration."""
    order: list[int] = []
    for table in sorted(tables, key=lambda t: -t.stage.number):
        if table.stage.number > stage.number:
            continue
        order += [int(r.player) for r in table.rows if int(r.player) not in order]
    chosen = set(players)
    ranked = [p for p in order if p in chosen]
    return ranked + [p for p in players if p not in set(ranked)]
