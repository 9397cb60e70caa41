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
from referee.standings.pure.cut import cut_at
from referee.standings.services import StageTable, stage_tables, standings_after
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Stage, Tournament


def stage_for(tournament: Tournament, number: int) -> Stage | None:
    """The stage round ``number`` belongs to; refused past the last stage's rounds."""
    stages = list(Stage.objects.filter(tournament=tournament).order_by("number"))
    if not stages:
        return None
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
        stage.qualified = _qualify(tournament, viewer, stage, playing, tables)
        stage.save(update_fields=["qualified"])
        log_action(
            tournament,
            viewer,
            "stage.qualified",
            stage.name,
            data={"stage": stage.number, "players": stage.qualified},
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
) -> list[int]:
    if stage.entry == Stage.Entry.NAMED:
        unknown = [p for p in stage.named if p not in playing]
        if unknown or not stage.named:
            raise REFUSALS.error("stage.named_unknown", stage=stage.name)
        return list(stage.named)
    previous = [t for t in tables if t.stage.number < stage.number]
    if stage.entry == Stage.Entry.ALL or not previous:
        return playing
    count = stage.entry_count or 0
    # the cut's one rule, the outlook's too: who still plays, ties sharing their places
    found = cut_at(previous[-1].rows, count, eligible={str(p) for p in playing})
    left = len(found.places)
    if count < 1 or count > left:
        raise REFUSALS.error("stage.too_few_left", stage=stage.name, n=count, left=left)
    if found.tied:
        raise REFUSALS.error("stage.tied_at_cut", label=found.tied_label, stage=stage.name)
    return [int(p) for p in found.through]


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
