"""The tournaments of ``federation_build`` that are more than rounds of one field.

A tournament in stages (``qualification`` then ``final``) is modelled as the site models it
(``seating/stages.py``): a first stage of every player, whose rounds are tied to it
(``Round.stage``), its players fixed as they start it (``Stage.qualified``); then a final of
the top N of the first stage's standings, N taken where the standings do not tie across the
cut (the site refuses such a cut until a lot or a play-off decides it), its players those the
site's own ``stage_tables`` ranks first, fixed in ``Stage.qualified`` as the site does when
the final's first round is seated.

A duplicate event (``duplicate``) is what ``duplicate.services.create_session`` and the
referees' recording of each board make: a session (counting for the final places) of a
field that fills its tables, boards dealt from a seed, the movement's plan kept, a round a
stanza, and at each table deal j the play of board j of its set with the board's dealer; the
boards published, as after the last stanza.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from federation_build import Planned, State

DUPLICATE_FIELD = 36  # a duplicate event's most players (one movement group)


def make_rounds(
    tournament: Any, numbers: Iterable[int], stage: Any = None, method: str = "random", seed: int = 0
) -> list[Any]:
    """Finished rounds ``numbers`` of ``tournament`` (of ``stage``), written at once."""
    from referee.tournaments.models import Round

    return Round.objects.bulk_create(
        Round(
            tournament=tournament,
            number=n,
            status=Round.Status.FINISHED,
            method=method,
            seed=seed or n,
            stage=stage,
        )
        for n in numbers
    )


@dataclass
class Final:
    tournament: Any
    stage: Any
    first: int  # its first round's number
    rounds: int


def qualification(
    state: State, tournament: Any, rounds: int, entries: list[int], player_of: dict[int, int]
) -> tuple[list[Planned], Final]:
    """The two stages of a tournament of ``rounds`` rounds (the last two or three are the
    final's) and the qualification's tables; the final waits on its cut."""
    from federation_build import seat_round
    from referee.tournaments.models import Stage

    rng = state.rng
    finals = 2 if rounds < 7 else 3
    carry, fraction = rng.choice((("all", "1"), ("none", "1"), ("fraction", "1/2")))
    first, final = Stage.objects.bulk_create(
        [
            Stage(
                tournament=tournament,
                number=1,
                name="Отборочный этап",
                rounds_planned=rounds - finals,
                method="swiss",
                entry=Stage.Entry.ALL,
                qualified=list(entries),
            ),
            Stage(
                tournament=tournament,
                number=2,
                name="Финал",
                rounds_planned=finals,
                method="swiss",
                entry=Stage.Entry.TOP,
                carry_over=carry,
                carry_fraction=fraction,
            ),
        ]
    )
    plan = []
    for r in make_rounds(tournament, range(1, rounds - finals + 1), first, "swiss"):
        plan += seat_round(state, tournament, r, entries, player_of)
    return plan, Final(tournament, final, rounds - finals + 1, finals)


def cut_at(ranks: list[int], target: int) -> int | None:
    """The N nearest ``target`` (at least 6, fewer than all) at which ``ranks`` (the
    standings' ranks, best first, ties sharing one) do not tie across the cut."""
    for n in sorted(range(6, len(ranks)), key=lambda n: (abs(n - target), n)):
        if ranks[n - 1] != ranks[n]:
            return n
    return None


def final(state: State, planned: Final, player_of: dict[int, int]) -> list[Planned]:
    """The final of ``planned``: its top N fixed from the qualification's standings as the
    site ranks them, and its rounds seated."""
    from django.contrib.auth.models import AnonymousUser

    from federation_build import seat_round
    from referee.standings.services import stage_tables

    tournament, stage = planned.tournament, planned.stage
    rows = stage_tables(tournament, viewer=AnonymousUser())[0].rows
    count = cut_at([r.rank for r in rows], max(9, len(rows) // 2)) or len(rows)
    stage.entry_count = count
    stage.qualified = [int(r.player) for r in rows[:count]]
    stage.save(update_fields=["entry_count", "qualified"])
    numbers = range(planned.first, planned.first + planned.rounds)
    plan = []
    for r in make_rounds(tournament, numbers, stage, "swiss"):
        plan += seat_round(state, tournament, r, stage.qualified, player_of)
    return plan


def duplicate_field(state: State, chosen: list[int]) -> tuple[list[int], int]:
    """A duplicate event's field (at most ``DUPLICATE_FIELD``, filling its tables; the hero
    and the veterans, first in ``chosen``, kept) and its table size."""
    size = 4 if state.rng.random() < 0.4 else 3
    count = min(len(chosen), DUPLICATE_FIELD)
    return chosen[: count - count % size], size


def duplicate(
    state: State,
    tournament: Any,
    entries: list[int],
    player_of: dict[int, int],
    size: int,
    stanzas: int,
) -> list[Planned]:
    """A published duplicate session of ``entries`` at tables of ``size``: its boards, its
    movement's stanzas (at most ``stanzas``) as rounds, and every table's play of its set."""
    import random

    from federation_build import Planned
    from federation_pool import board_table
    from referee.duplicate.models import Board, Session
    from referee.duplicate.services import plan_json, shortened
    from referee.seating.pure.movement import plan_movement
    from referee.standings.models import StandingsSettings
    from referee.tables.dealdata import LETTERS
    from scoring.board import deal_boards

    rng = state.rng
    seed = rng.randrange(2**31)
    players = list(entries)
    random.Random(seed).shuffle(players)  # the draw of the first stanza's seats, as the site's
    per_set = rng.randint(2, 4)
    movement = plan_movement(players, size, boards_per_set=per_set)
    if len(movement.groups) == 1:
        movement = shortened(movement, min(stanzas, len(movement.stanzas)))
    boards = len(movement.groups) * len(movement.groups[0].sets) * per_set
    session = Session.objects.create(
        tournament=tournament,
        number=1,
        size=size,
        boards_per_set=per_set,
        first_round=1,
        stanzas=len(movement.stanzas),
        seed=seed,
        method=rng.choice(Session.Method.values),
        counts=Session.Counts.PLACES,
        published=True,
        plan={**plan_json(movement), "sitouts": [[] for _ in movement.stanzas]},
        notes=[note.as_json() for note in movement.notes],
    )
    Board.objects.bulk_create(
        Board(session=session, number=b.number, text=b.text()) for b in deal_boards(seed, boards)
    )
    StandingsSettings.objects.filter(tournament=tournament).update(
        published_through=session.stanzas
    )
    rounds = make_rounds(tournament, session.rounds, method="duplicate", seed=seed)
    rules = tournament.rules()
    plan = []
    for round_, stanza in zip(rounds, session.plan["stanzas"], strict=True):
        for table in stanza:
            seats = table["seats"]
            # the board's dealer: its last role (``duplicate.services.dealer_letter``)
            dealers = [LETTERS[seats.index(hands[size - 1])] for _b, hands in table["boards"]]
            deals, result, seated = board_table(rng, tournament, rules, dealers, size)
            people = [player_of[e] for e in seats]
            plan.append(
                Planned(
                    tournament.pk,
                    round_.pk,
                    round_.number,
                    table["table"],
                    people,
                    seats,
                    size,
                    deals,
                    result,
                    seated,
                )
            )
    return plan
