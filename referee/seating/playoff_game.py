"""A play-off game at a stage's cut (issue 34 point 3): when the cut of the next stage is tied
after the chain and the lot, the chief seats the tied players at a table of their own, for a
fixed number of deals (a short pulka: the deals cap it), recorded like any table. Its round
(method ``tiebreak``) belongs to the stage being cut, counts for no standings, rating or deal
cap of the tournament, and shifts no stage's rounds (``stages.stage_for``); its settled whists
order the tied players (``standings.services.groups``), and the next stage is then seated as
usual. Each tied group plays at its own table, so a tie of 3 or 4 players; a tie of two (no
table of preferans seats two) or of five and more is left to the lot."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core import rounds as kinds
from referee.core.permissions import require_chief
from referee.standings.services import playoff_games, stage_cut, stage_tables
from referee.tables.models import Seat, Table
from referee.tables.results import summary
from referee.tournaments.log import log_action
from referee.tournaments.models import Round, Tournament

from .pure.notes import Note
from .refusals import REFUSALS
from .stages import in_play, stage_of

MAX_DEALS = 99


@transaction.atomic
def seat_playoff_game(tournament_id: int, user: Any, deals: Any, seed: int | None = None) -> Round:
    """Seat a play-off game between the players tied at the next stage's cut: one table per
    tied group, seats and first dealer by lot, ``deals`` deals each."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    require_chief(user, tournament, _("Only the chief referee may seat and run rounds."))
    if tournament.status != Tournament.Status.RUNNING:
        raise REFUSALS.error("playoff.not_running")
    deals = _deals(deals)
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.status != Round.Status.FINISHED:
        raise REFUSALS.error("playoff.round_open")
    following = stage_of(tournament, last.number + 1)
    tables = stage_tables(tournament, viewer=user)
    cut = None
    if following is not None and not following.qualified:
        before = [t for t in tables if t.stage.number < following.number]
        games = playoff_games(tournament, before[-1].stage) if before else []
        playing = {str(p) for p in in_play(tournament, user, True)}
        cut = stage_cut(tables, following, playing, games)
    if cut is None or not cut.tied:
        raise REFUSALS.error("playoff.not_tied")
    for group in cut.tied:
        assert group.cut is not None
        if not 3 <= len(group.cut.tied) <= 4:
            raise REFUSALS.error(
                "playoff.table_size", label=group.cut.tied_label, n=len(group.cut.tied)
            )
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    stage = cut.table.stage
    notes = [
        Note(
            "playoff_game",
            {"stage": stage.name, "group": g.label, "places": g.cut.tied_label, "deals": deals},
        ).as_json()
        for g in cut.tied
        if g.cut is not None
    ]
    round_ = Round.objects.create(
        tournament=tournament,
        number=last.number + 1,
        method=Round.Method.TIEBREAK,
        seed=seed,
        notes=notes,
        stage=stage,
        status=Round.Status.STARTED,
    )
    for number, group in enumerate(cut.tied, start=1):
        assert group.cut is not None
        _table(round_, number, [int(p) for p in group.cut.tied], rng, notes[number - 1])
    log_action(
        tournament,
        user,
        "round.playoff_seated",
        str(round_.number),
        about=round_,
        data={"seed": seed, "deals": deals, "tied": [list(g.cut.tied) for g in cut.tied if g.cut]},
    )
    return round_


def _deals(deals: Any) -> int:
    try:
        count = int(str(deals).strip())
    except ValueError:
        raise REFUSALS.error("playoff.deals", "deals", n=MAX_DEALS) from None
    if not 1 <= count <= MAX_DEALS:
        raise REFUSALS.error("playoff.deals", "deals", n=MAX_DEALS)
    return count


def _table(round_: Round, number: int, players: list[int], rng: random.Random, note: Any) -> None:
    """The tied players' table: seats drawn, the first dealer drawn among them."""
    rng.shuffle(players)
    dealer = rng.choice(players)
    table = Table.objects.create(round=round_, number=number, notes=[note], result=summary(None, 0))
    Seat.objects.bulk_create(
        Seat(table=table, registration_id=p, position=i, first_dealer=p == dealer)
        for i, p in enumerate(players, start=1)
    )


def playoff_cap(table: Table) -> int | None:
    """The deals a play-off game's table plays (its note says), None when it says nothing."""
    for note in table.notes or []:
        if isinstance(note, dict) and note.get("code") == "playoff_game":
            deals = note.get("params", {}).get("deals")
            return int(deals) if isinstance(deals, int) else None
    return None


#: the play-off game's kind: it counts for nothing but the cut it breaks
PLAYOFF_KIND = kinds.RoundKind(Round.Method.TIEBREAK.value, counts=frozenset(), cap=playoff_cap)
