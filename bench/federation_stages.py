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
from typing import Any

from federation_plan import Planned, State, seat_round

DUPLICATE_FIELD = 36  # a duplicate event's most players (one movement group)


def make_rounds(
    tournament: Any,
    numbers: Iterable[int],
    stage: Any = None,
    method: str = "random",
    seed: int = 0,
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


def finals(state: State, planned: list[Final], player_of: dict[int, int]) -> list[Planned]:
    """The finals of ``planned``: each one's top N fixed from its qualification's standings
    as the site ranks them (the tournaments' tables read at once, ``standings.batch``), and
    its rounds seated."""
    from django.contrib.auth.models import AnonymousUser

    from referee.standings.services import stage_tables
    from referee.standings.services.batch import loaded

    if not planned:
        return []
    viewer = AnonymousUser()
    data = loaded([p.tournament for p in planned], viewer)
    plan = []
    for one in planned:
        tournament, stage = one.tournament, one.stage
        rows = stage_tables(tournament, viewer=viewer, data=data[tournament.pk])[0].rows
        count = cut_at([r.rank for r in rows], max(9, len(rows) // 2)) or len(rows)
        stage.entry_count = count
        stage.qualified = [int(r.player) for r in rows[:count]]
        stage.save(update_fields=["entry_count", "qualified"])
        numbers = range(one.first, one.first + one.rounds)
        for r in make_rounds(tournament, numbers, stage, "swiss"):
            plan += seat_round(state, tournament, r, stage.qualified, player_of)
    return plan


def duplicate_field(state: State, chosen: list[int]) -> tuple[list[int], int]:
    """A duplicate event's field (at most ``DUPLICATE_FIELD``, filling its tables; the hero
    and the veterans, first in ``chosen``, kept) and its table size."""
    count = min(len(chosen), DUPLICATE_FIELD)
    size = 4 if state.rng.random() < 0.4 and count >= 12 else 3  # three tables at least
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
    from referee.tables.dealdata import LETTERS

    session = _session(state, tournament, entries, size, stanzas)
    rounds = make_rounds(tournament, session.rounds, method="duplicate", seed=session.seed)
    rules = tournament.rules()
    plan: list[Planned] = []
    for round_, stanza in zip(rounds, session.plan["stanzas"], strict=True):
        for table in stanza:
            seats = table["seats"]
            # the board's dealer: its last role (``duplicate.services.dealer_letter``)
            dealers = [LETTERS[seats.index(hands[size - 1])] for _b, hands in table["boards"]]
            deals, result, seated = _board_sheet(state, tournament, rules, dealers, size)
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


def _session(state: State, tournament: Any, entries: list[int], size: int, stanzas: int) -> Any:
    """The session (counting for the final places, its boards published) and its boards."""
    import random

    from referee.duplicate.models import Board, Session
    from referee.standings.models import StandingsSettings
    from referee.tables.models import Layout
    from scoring.board import deal_boards

    rng = state.rng
    seed = rng.randrange(2**31)
    players = list(entries)
    random.Random(seed).shuffle(players)  # the draw of the first stanza's seats, as the site's
    per_set = rng.randint(2, 4)
    shape, notes, boards = _movement(state, len(players), size, per_set, stanzas)
    movement = _relabel(shape, players)
    session = Session.objects.create(
        tournament=tournament,
        number=1,
        size=size,
        boards_per_set=per_set,
        first_round=1,
        stanzas=len(movement["stanzas"]),
        seed=seed,
        method=rng.choice(Session.Method.values),
        counts=Session.Counts.PLACES,
        published=True,
        plan=movement,
        notes=notes,
    )
    dealt = deal_boards(seed, boards)  # each board's cards in a layout, as the site keeps them
    layouts = Layout.objects.bulk_create(Layout(text=b.text()) for b in dealt)
    Board.objects.bulk_create(
        Board(session=session, number=b.number, layout=layout)
        for b, layout in zip(dealt, layouts, strict=True)
    )
    StandingsSettings.objects.filter(tournament=tournament).update(
        published_through=session.stanzas
    )
    return session


BOARD_SHEETS = 6  # scored sheets per (convention, table size, dealers) of duplicate tables


def _board_sheet(
    state: State, tournament: Any, rules: Any, dealers: list[str], size: int
) -> tuple[Any, ...]:
    """A duplicate table's sheet for these dealers: a new one scored until its pool holds
    ``BOARD_SHEETS`` of them, then one of those (scoring is the dear part)."""
    from federation_pool import board_table

    sheets = state.boards.setdefault((tournament.convention, size, *dealers), [])
    if len(sheets) < BOARD_SHEETS:
        sheets.append(board_table(state.rng, tournament, rules, dealers, size))
        return sheets[-1]
    return state.rng.choice(sheets)


def _movement(
    state: State, players: int, size: int, per_set: int, stanzas: int
) -> tuple[dict[str, Any], list[Any], int]:
    """The session's plan (``duplicate.services.plan_json``, sit-outs included) for players
    0..``players``-1, its notes and its number of boards: the movement the site plans, the
    Mitchell movement's first ``stanzas`` (one group), planned once for each shape (its
    search takes a second) and kept in ``state.movements``."""
    from referee.duplicate.services import plan_json, shortened
    from referee.seating.pure.movement import plan_movement

    key = (players, size, per_set, stanzas)
    if key not in state.movements:
        movement = plan_movement(list(range(players)), size, boards_per_set=per_set)
        if len(movement.groups) == 1:
            movement = shortened(movement, min(stanzas, len(movement.stanzas)))
        boards = len(movement.groups) * len(movement.groups[0].sets) * per_set
        plan = {**plan_json(movement), "sitouts": [[] for _ in movement.stanzas]}
        state.movements[key] = (plan, [note.as_json() for note in movement.notes], boards)
    return state.movements[key]


def _relabel(plan: dict[str, Any], players: list[int]) -> dict[str, Any]:
    """``plan`` of players 0..n-1 with ``players`` (registration ids) put in."""
    return {
        **plan,
        "groups": [{**g, "players": [players[p] for p in g["players"]]} for g in plan["groups"]],
        "stanzas": [
            [
                {
                    **table,
                    "seats": [players[p] for p in table["seats"]],
                    "boards": [[b, [players[p] for p in hands]] for b, hands in table["boards"]],
                }
                for table in stanza
            ]
            for stanza in plan["stanzas"]
        ],
    }
