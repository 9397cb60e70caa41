"""Duplicate sessions: create one (boards dealt from a seed or given in the notation, the
movement planned), seat its stanzas one round at a time, record a table's play of a board,
publish the boards. Each service locks, checks the chief's right, validates, logs."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.engine_text import REFUSALS as ENGINE
from referee.core.permissions import require_chief
from referee.seating.pure.field import plan_field, repeats_in
from referee.seating.pure.movement import Movement, plan_movement
from referee.seating.pure.movenotes import MovementError, MoveNote
from referee.tables.dealdata import LETTERS
from referee.tables.models import Deal, Layout, Seat, Table
from referee.tables.seats import NewTable, seated_round
from referee.tables.services import record_deal
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Round, Tournament
from scoring.board import Board as CardBoard
from scoring.board import deal_boards, parse_board
from scoring.errors import BoardError

from .analysis import schedule_analysis
from .boardfile import boards_of_file, is_file
from .models import Board, Session
from .refusals import REFUSALS
from .sealing import board_numbers, closed_boards, session_of

_BOARD_LINE = re.compile(r"^\s*(board|сдача)\b", re.IGNORECASE | re.MULTILINE)


def _chief_only(user: Any, tournament: Tournament) -> None:
    require_chief(user, tournament, _("Only the chief referee may run a duplicate session."))


def plan_json(movement: Movement[int]) -> dict[str, Any]:
    """The movement as the session keeps it (``models``' docstring)."""
    return {
        "size": movement.size,
        "boards_per_set": movement.boards_per_set,
        "groups": [
            {"number": g.number, "tables": list(g.tables), "players": list(g.players)}
            for g in movement.groups
        ],
        "stanzas": [
            [
                {
                    "table": t.table,
                    "group": t.group,
                    "set": t.board_set,
                    "seats": list(t.seats),
                    "boards": [[b.board, list(b.hands)] for b in t.boards],
                }
                for t in stanza.tables
            ]
            for stanza in movement.stanzas
        ],
    }


def split_boards(text: str) -> list[CardBoard]:
    """Boards in the notation, one after another (each begins with its "Board N" or
    "Сдача N" line);
    refused at the first bad card of the first bad board."""
    starts = [m.start() for m in _BOARD_LINE.finditer(text)] or [0]
    chunks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    boards = []
    for chunk in chunks:
        try:
            boards.append(parse_board(chunk))
        except BoardError as error:
            raise ENGINE.wrap(error, "boards") from None
    return boards


def _boards(seed: int | None, text: str, count: int) -> list[CardBoard]:
    if not text.strip():
        try:
            return deal_boards(seed if seed is not None else 0, count)
        except BoardError as error:
            raise ENGINE.wrap(error, "seed") from None
    boards = boards_of_file(text) if is_file(text) else split_boards(text)
    if len(boards) != count:
        raise REFUSALS.error("session.boards_count", "boards", want=count, got=len(boards))
    if sorted(b.number for b in boards) != list(range(1, count + 1)):
        raise REFUSALS.error("session.board_numbers", "boards", want=count)
    return sorted(boards, key=lambda b: b.number)


@transaction.atomic
def create_session(
    tournament_id: int,
    user: Any,
    *,
    size: int = 3,
    boards_per_set: int = 2,
    seed: int | None = None,
    boards: str = "",
    method: str = Session.Method.MATCHPOINTS,
    trim: bool = False,
    counts: str | None = None,
    stanzas: int | None = None,
) -> Session:
    """A session of the tournament's active players in the order of a draw from ``seed``
    (or given boards), its movement planned and its first stanza seated as the next round.
    ``counts`` (``Session.Counts``): by default a tournament with no round before the session
    is a duplicate event, whose final places the session gives; otherwise the session is a
    competition of its own. The tournament's settings are left as they are: a table plays
    its set's boards (``board_deal``), whatever the tournament's deals per table."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    _chief_only(user, tournament)
    last = _last_round_closed(tournament)
    if method not in Session.Method.values:
        method = Session.Method.MATCHPOINTS
    counts = _counts(counts, first=last is None)
    if seed is None and not boards.strip():
        seed = random.SystemRandom().randrange(2**31)
    players, movement, sitouts = _drawn(tournament, seed, size, boards_per_set, stanzas)
    count = len(movement.groups) * len(movement.groups[0].sets) * boards_per_set
    dealt = _boards(seed, boards, count)
    session = Session.objects.create(
        tournament=tournament,
        number=tournament.duplicate_sessions.count() + 1,
        size=size,
        boards_per_set=boards_per_set,
        first_round=(last.number if last else 0) + 1,
        stanzas=len(movement.stanzas),
        seed=seed if not boards.strip() else None,
        method=method,
        trim=trim,
        counts=counts,
        plan={**plan_json(movement), "sitouts": sitouts},
        notes=[note.as_json() for note in movement.notes],
        created_by=user,
    )
    _store_boards(session, dealt)
    _log_created(session, user, boards=count, players=len(players))
    _seat(session, tournament, 1, user)
    schedule_analysis(session)  # the boards' double-dummy tables: one job a board
    return session


def _last_round_closed(tournament: Tournament) -> Round | None:
    """The tournament's last round, checked to let a session begin after it: the tournament
    runs and that round (if any) is finished."""
    if tournament.status != Tournament.Status.RUNNING:
        raise REFUSALS.error("session.not_running")
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise REFUSALS.error("session.round_open", n=last.number)
    return last


def _log_created(session: Session, user: Any, *, boards: int, players: int) -> None:
    log_action(
        session.tournament,
        user,
        "duplicate.created",
        str(session.number),
        data={
            "seed": session.seed,
            "boards": boards,
            "players": players,
            "size": session.size,
            "counts": session.counts,
        },
    )


def _counts(counts: str | None, *, first: bool) -> str:
    """What the session counts for: by default the final places when it is the
    tournament's ``first`` round (a duplicate event), else its own competition."""
    if counts is None:
        return Session.Counts.PLACES if first else Session.Counts.OWN
    if counts not in Session.Counts.values:
        raise REFUSALS.error("session.counts", "counts")
    return counts


def _drawn(
    tournament: Tournament,
    seed: int | None,
    size: int,
    boards_per_set: int,
    stanzas: int | None = None,
) -> tuple[list[int], Movement[int], list[list[int]]]:
    """The active players in the order of the draw from ``seed`` (the first stanza's
    seats), their movement and who sits out in each stanza: the Mitchell movement when the
    tables seat everybody over the full length, else the field's (``seating.pure.field``:
    sit-outs in turn, ``stanzas`` of the chief's choosing)."""
    players = list(
        tournament.entries.filter(status=Registration.Status.ACTIVE)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    random.Random(seed or 0).shuffle(players)  # the draw of the first stanza's seats
    tables = len(players) // size if size in (3, 4) else 0
    try:
        if len(players) % size == 0 or size not in (3, 4):
            movement = shortened(
                plan_movement(players, size, boards_per_set=boards_per_set), stanzas
            )
            return players, movement, [[] for _ in movement.stanzas]
        plan = plan_field(
            players, size, stanzas=stanzas or tables, boards_per_set=boards_per_set, seed=seed or 0
        )
    except MovementError as error:
        raise REFUSALS.error(f"movement.{error.code}", "players", **error.params) from None
    return players, plan.movement, [list(out) for out in plan.sitouts]


def shortened(movement: Movement[int], stanzas: int | None) -> Movement[int]:
    """The Mitchell movement's first ``stanzas`` stanzas (every set is at a table every
    stanza, so each board is played once a stanza; nobody meets anyone more often than in the
    whole); ``stanzas`` more than it has is refused as the field's planner refuses it."""
    whole = len(movement.stanzas)
    if stanzas is None or stanzas == whole:
        return movement
    if not 1 <= stanzas <= whole or len(movement.groups) != 1:
        raise MovementError("stanzas", {"stanzas": stanzas, "tables": whole})
    kept = movement.stanzas[:stanzas]
    note = MoveNote(
        "move_field",
        {
            "stanzas": stanzas,
            "sitouts": 0,
            "plays": stanzas,
            "comparisons": stanzas - 1,
            "repeats": repeats_in(kept),
        },
    )
    return replace(movement, stanzas=kept, notes=(*movement.notes[:1], note))


def preview(
    tournament_id: int,
    user: Any,
    *,
    size: int = 3,
    boards_per_set: int = 2,
    stanzas: int | None = None,
) -> dict[str, Any]:
    """What a session of the tournament's players would be, before the chief confirms it:
    its tables, sit-outs, boards and the comparisons each hand of a board gets."""
    tournament = Tournament.objects.get(pk=tournament_id)
    _chief_only(user, tournament)
    players, movement, sitouts = _drawn(tournament, 0, size, boards_per_set, stanzas)
    played = {p: 0 for p in players}
    for stanza in movement.stanzas:
        for table in stanza.tables:
            for p in table.seats:
                played[p] += len(table.boards)
    count = len(movement.stanzas)
    return {
        "players": len(players),
        "size": size,
        "tables": len(movement.stanzas[0].tables),
        "stanzas": count,
        "most_stanzas": len(players) // size,
        "sitouts": len(sitouts[0]),
        "boards": len(movement.groups) * len(movement.groups[0].sets) * boards_per_set,
        "plays": count,  # every board is played once a stanza (one group)
        "comparisons": count - 1,
        "boards_per_player": [min(played.values()), max(played.values())],
    }


def _seat(session: Session, tournament: Tournament, stanza: int, user: Any) -> Round:
    number = session.first_round + stanza - 1
    dealer = session.size  # the board's dealer: the third hand at 3, the dealer at 4
    tables = [
        NewTable(table["table"], table["seats"], table["seats"][dealer - 1])
        for table in session.plan["stanzas"][stanza - 1]
    ]
    # no notes: the movement's notes are the session's (duplicate.notes)
    method, seed = Round.Method.DUPLICATE, session.seed or 0
    return seated_round(tournament, user, number, method, seed, tables)


@transaction.atomic
def seat_stanza(session_id: int, user: Any) -> Round:
    """Seat the session's next stanza as the next round, once the last one is finished."""
    session = Session.objects.select_for_update().select_related("tournament").get(pk=session_id)
    tournament = session.tournament
    _chief_only(user, tournament)
    stanzas = tournament.rounds.filter(number__in=session.rounds, method=Round.Method.DUPLICATE)
    last = stanzas.order_by("-number").first()
    if last is not None and last.number == session.rounds[-1]:
        raise REFUSALS.error("session.stanzas_done")
    if last is not None and last.status != Round.Status.FINISHED:
        raise REFUSALS.error("session.stanza_open", n=last.number)
    stanza = 1 if last is None else last.number - session.first_round + 2
    number = session.first_round + stanza - 1
    if tournament.rounds.filter(number=number).exists():
        # an ordinary round was seated in the stanza's place: the movement cannot go on
        raise REFUSALS.error("session.round_taken", n=number)
    return _seat(session, tournament, stanza, user)


@transaction.atomic
def import_boards(session_id: int, user: Any, text: str) -> Session:
    """Replace the session's boards by those of ``text`` (the board file or the notation),
    as long as no table has played any (their double-dummy tables computed afresh)."""
    session = Session.objects.select_for_update().select_related("tournament").get(pk=session_id)
    _chief_only(user, session.tournament)
    played = Deal.objects.filter(
        table__round__tournament_id=session.tournament_id,
        table__round__number__in=list(session.rounds),
    )
    if played.exists():
        raise REFUSALS.error("session.boards_played", "boards")
    if not text.strip():
        raise REFUSALS.error("session.boards_empty", "boards")
    dealt = _boards(None, text, session.boards.count())
    session.boards.all().delete()  # their layouts with them (tables.layouts.holder_deleted)
    _store_boards(session, dealt)
    session.seed = None
    session.save(update_fields=["seed"])
    log_action(
        session.tournament,
        user,
        "duplicate.boards_imported",
        str(session.number),
        data={"boards": len(dealt)},
    )
    schedule_analysis(session)
    return session


@transaction.atomic
def publish_boards(session_id: int, user: Any, published: bool = True) -> Session:
    """Show the hands, the travellers and the board pages to the public (or hide them).
    Publishing is refused while a board is still to be played somewhere: the public would
    read the plays of a board that a table has yet to play (``sealing``)."""
    session = Session.objects.select_for_update().select_related("tournament").get(pk=session_id)
    _chief_only(user, session.tournament)
    if published:
        waiting = sorted(board_numbers(session) - closed_boards(session))
        if waiting:
            raise REFUSALS.error(
                "session.boards_open", boards=", ".join(map(str, waiting)), n=len(waiting)
            )
    session.published = published
    session.save(update_fields=["published"])
    code = "duplicate.published" if published else "duplicate.hidden"
    log_action(session.tournament, user, code, str(session.number))
    return session


# -- a table's play of a board -------------------------------------------------------------


def table_plan(session: Session, round_number: int, table_number: int) -> Mapping[str, Any]:
    stanza = session.plan["stanzas"][round_number - session.first_round]
    return next(t for t in stanza if t["table"] == table_number)


def dealer_letter(session: Session, seats: Sequence[int], hands: Sequence[int]) -> str:
    """The seat letter of a board's dealer (its last role) at a table seated ``seats``."""
    return LETTERS[list(seats).index(hands[session.size - 1])]


def _store_boards(session: Session, dealt: Sequence[CardBoard]) -> None:
    """The session's boards, each with its cards as a layout (``tables.Layout``, where its
    double-dummy table will be kept): two bulk inserts."""
    layouts = Layout.objects.bulk_create(Layout(text=b.text()) for b in dealt)
    Board.objects.bulk_create(
        Board(session=session, number=b.number, layout=layout)
        for b, layout in zip(dealt, layouts, strict=True)
    )


def record_board(
    table_id: int, board: int, data: Mapping[str, Any], user: Any, reason: str = ""
) -> Deal:
    """Record a table's play of ``board``: the ordinary ``record_deal``, with the board
    checked by ``board_deal``."""
    return record_deal(table_id, data, user, reason, board=board)


def board_deal(
    table: Table, number: int, data: Mapping[str, Any], board: int | None
) -> Mapping[str, Any] | None:
    """The hook of ``tables.extensions`` for deal ``number`` of a session's table, new or
    corrected: the deal plays the set's board at that place (a struck deal keeps its
    number, so its board stays unplayed until it is restored); refused when ``board``, if
    the referee named one, is another, when the set is played out, or when the table does
    not seat as many as the board set is made for; the dealer is the board's (filled in when
    not given). None for a table of an ordinary round."""
    session = session_of(table.round)
    if session is None:
        return None
    seats = table.seats.count()
    if seats != session.size:
        raise REFUSALS.error("board.size", "board", size=session.size, seats=seats)
    plan = table_plan(session, table.round.number, table.number)
    numbers = [b for b, _hands in plan["boards"]]
    if board is not None and board not in numbers:
        listed = ", ".join(map(str, numbers))
        raise REFUSALS.error("board.not_at_table", "board", board=board, boards=listed)
    if number > len(numbers):
        raise REFUSALS.error("board.set_full", "board")
    expected = numbers[number - 1]
    if board is not None and board != expected:
        raise REFUSALS.error("board.not_next", "board", board=board, next=expected)
    dealer = dealer_letter(session, plan["seats"], plan["boards"][number - 1][1])
    if data.get("dealer") not in (None, dealer):
        seat = Seat.objects.select_related("registration__player").get(
            table=table, position=LETTERS.index(dealer) + 1
        )
        name = seat.registration.player.name
        raise REFUSALS.error("board.dealer", "dealer", board=expected, name=name)
    return {**data, "dealer": dealer}
