"""Rounds: seat the next round, adjust it by hand, start and finish it (TOURNAMENTS.md §6).

The pure algorithm (``seating.algorithm``) chooses; these services feed it the tournament's
history and standings, store its choice with its notes, and keep the action log.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.admission.services import seatable
from referee.core.permissions import require_chief
from referee.seating.refusals import REFUSALS
from referee.standings.services import standings_after
from referee.tables.models import Seat, Table
from referee.tables.seats import NewTable, seated_round
from referee.tournaments.checkin import present_for
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Round, Tournament

from .groups import seat_in_groups
from .notes import refusal_of
from .pure import algorithm, fixed, playoff
from .pure.fixed import ScheduleError
from .pure.plan import Prefer
from .pure.values import Note, RoundSeating, SeatedTable, SeatingError
from .schedule import problem_text
from .stages import entrants, stage_for, stage_order


def _chief_only(user: Any, tournament: Tournament) -> None:
    require_chief(user, tournament, _("Only the chief referee may seat and run rounds."))


def past_rounds(tournament: Tournament, before: int | None = None) -> list[RoundSeating[int]]:
    """Earlier rounds as the algorithm sees them: registration ids in seat order, and each
    round's byes (the bye rotation of §6.2 counts them)."""
    # a play-off game at a cut is no round of the rotation or of the meetings
    rounds = Round.objects.filter(tournament=tournament).exclude(method=Round.Method.TIEBREAK)
    seats = (
        Seat.objects.filter(table__round__tournament=tournament)
        .exclude(table__round__method=Round.Method.TIEBREAK)
        .select_related("table__round")
    )
    if before is not None:
        seats = seats.filter(table__round__number__lt=before)
        rounds = rounds.filter(number__lt=before)
    byes = dict(rounds.values_list("number", "byes"))
    by_round: dict[int, dict[int, list[Seat]]] = defaultdict(lambda: defaultdict(list))
    for seat in seats.order_by("table__round__number", "table__number", "position"):
        by_round[seat.table.round.number][seat.table.number].append(seat)
    out = []
    for number in sorted(set(by_round) | set(byes)):
        tables = []
        for table_number, table_seats in sorted(by_round[number].items()):
            dealer = next((s for s in table_seats if s.first_dealer), table_seats[0])
            ids = tuple(s.registration_id for s in table_seats)
            tables.append(SeatedTable(table_number, ids, dealer.registration_id))
        out.append(RoundSeating(tuple(tables), byes=tuple(byes.get(number) or ())))
    return out


def standings_order(tournament: Tournament, viewer: Any) -> list[int]:
    """Active registrations in a Swiss round's order: the order of the standings page after
    the last round, as an official sees it (the points conversion, cut-off bands, placement
    points and the tie-breaks of TOURNAMENTS §3–§5, §6.3), then any active player not in the
    standings yet (a late substitute), by registration."""
    rows = standings_after(tournament, viewer=viewer).rows
    active = _active(tournament)
    playing = set(active)
    ranked = [row.registration for row in rows if row.registration in playing]
    listed = set(ranked)
    return ranked + [r for r in active if r not in listed]


def _names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entries.values_list("pk", "player__name"))


def _active(tournament: Tournament) -> list[int]:
    return list(
        Registration.objects.filter(tournament=tournament, status=Registration.Status.ACTIVE)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def missed_rounds(players: list[int], past: list[RoundSeating[int]]) -> dict[int, int]:
    """Rounds a player was neither seated nor given a bye (a late entry, a substitute): the
    bye rotation counts them as rounds sat out (§6.2, §6.4)."""
    present: dict[int, int] = defaultdict(int)
    for seating in past:
        for p in (*seating.seated, *seating.byes):
            present[p] += 1
    return {p: len(past) - present[p] for p in players if len(past) > present[p]}


def team_pairs(tournament: Tournament, players: list[int]) -> set[frozenset[int]]:
    """Pairs of team mates among ``players``, kept apart when the tournament says so (§2.5)."""
    if not tournament.keep_teammates_apart:
        return set()
    teams: dict[int, list[int]] = defaultdict(list)
    chosen = set(players)
    for pk, team in Registration.objects.filter(
        tournament=tournament, team__isnull=False
    ).values_list("pk", "team_id"):
        if pk in chosen:
            teams[team].append(pk)
    return {frozenset((a, b)) for mates in teams.values() for a in mates for b in mates if a < b}


@transaction.atomic
def seat_next_round(
    tournament_id: int, user: Any, method: str | None = None, seed: int | None = None
) -> Round:
    """Draw the next round's tables (the stage's method unless ``method`` is given; random
    without stages); the chief may adjust them before it starts."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    _chief_only(user, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("tournament.finished")
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise REFUSALS.error("round.previous_open", n=last.number)
    number = (last.number if last else 0) + 1
    stage = stage_for(tournament, number)
    method = method or (stage.method if stage else Round.Method.RANDOM)
    if method not in Round.Method.values or method in (
        Round.Method.DUPLICATE,
        Round.Method.TIEBREAK,
    ):
        # a duplicate stanza is seated by its session's movement (duplicate.services), a
        # play-off game at a cut by the stages page (playoff_game)
        raise REFUSALS.error("method.unknown", "method")
    players, tables = entrants(tournament, user, stage, number)
    players, absent = _present(tournament, number, players)
    players, unpaid = seatable(tournament, players)  # the unpaid, without the chief's leave
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    past = past_rounds(tournament)
    try:
        if stage is not None and len(stage.members) > 1:
            seating = seat_in_groups(
                stage.members,
                players,
                lambda group: _seat(
                    tournament, user, method, number, group, past, seed, stage, tables
                ),
            )
        else:
            seating = _seat(tournament, user, method, number, players, past, seed, stage, tables)
    except ScheduleError as error:
        names = dict(
            Registration.objects.filter(tournament=tournament).values_list("pk", "player__name")
        )
        faults = " ".join(problem_text(p, names) for p in error.problems)
        raise REFUSALS.error("schedule.faults", faults=faults) from None
    except SeatingError as error:
        raise refusal_of(error, _names(tournament)) from None
    notes = [note.as_json() for note in (*seating.notes, *absent)] + unpaid
    if stage is not None:
        # a count, not ``players``: that parameter names players (pure/notes.py)
        info = {"number": stage.number, "name": stage.name, "count": len(players)}
        notes.insert(0, Note("stage", info).as_json())
    at_tables = [
        NewTable(t.number, t.seats, t.first_dealer, [note.as_json() for note in t.notes])
        for t in seating.tables
    ]
    byes = seating.byes
    return seated_round(
        tournament, user, number, method, seed, at_tables, notes=notes, byes=byes, stage=stage
    )


def _present(
    tournament: Tournament, number: int, players: list[int]
) -> tuple[list[int], list[Note]]:
    """With check-in, only the players marked present for round ``number``
    (``tournaments.checkin``), and a note of each one absent; without it, everybody."""
    if not tournament.check_in:
        return players, []
    present, reasons = present_for(tournament, number)
    absent = [
        Note("absent", {"player": p, "reason": reasons.get(p, "")})
        for p in players
        if p not in present
    ]
    return [p for p in players if p in present], absent


def _seat(
    tournament: Tournament,
    user: Any,
    method: str,
    number: int,
    players: list[int],
    past: list[RoundSeating[int]],
    seed: int,
    stage: Any,
    tables: Any,
) -> RoundSeating[int]:
    rng = random.Random(seed)
    prefer: Prefer = 3 if tournament.table_size == 3 else 4
    if method == Round.Method.FIXED:
        planned = tournament.schedule.get(str(number))
        if not planned:
            raise REFUSALS.error("schedule.no_round", n=number)
        return fixed.seat_fixed(
            number, planned["tables"], planned["byes"], rng, history=past, players=players
        )
    order = None
    if method in (Round.Method.SWISS, Round.Method.PLAYOFF) and number > 1:
        if stage is not None:
            order = stage_order(tables, stage, players)
        else:
            chosen = set(players)
            order = [p for p in standings_order(tournament, user) if p in chosen]
    sat_out = missed_rounds(players, past)
    if method == Round.Method.PLAYOFF:
        return playoff.seat_playoff(
            order or players, rng, history=past, prefer=prefer, sat_out=sat_out
        )
    forbidden = {frozenset(pair) for pair in tournament.forbidden_pairs if len(set(pair)) == 2}
    return algorithm.seat_round(
        players,
        rng,
        history=past,
        standings=order if method == Round.Method.SWISS else None,
        forbidden=forbidden,
        prefer=prefer,
        sat_out=sat_out,
        apart=team_pairs(tournament, players),
    )


@transaction.atomic
def swap_players(round_id: int, first: int, second: int, user: Any, reason: str = "") -> None:
    """Exchange two players' seats before the round starts (a hand adjustment)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    _chief_only(user, round_.tournament)
    if round_.status != Round.Status.DRAFT:
        raise REFUSALS.error("swap.round_started")
    seats = {
        s.registration_id: s
        for s in Seat.objects.filter(table__round=round_, registration_id__in=[first, second])
    }
    if len(seats) != 2 or first == second:
        raise REFUSALS.error("swap.players")
    a, b = seats[first], seats[second]
    # Swap through a free position to respect the unique (table, registration) constraint.
    a_table, a_position, a_first = a.table_id, a.position, a.first_dealer
    a.delete()
    Seat.objects.filter(pk=b.pk).update(registration_id=first)
    Seat.objects.create(
        table_id=a_table, registration_id=second, position=a_position, first_dealer=a_first
    )
    swapped = Note("hand_swap", {"first": first, "second": second})
    round_.notes = [*round_.notes, swapped.as_json()]
    round_.save(update_fields=["notes"])
    log_action(
        round_.tournament,
        user,
        "round.swapped",
        str(round_.number),
        about=round_,
        reason=reason,
        data={"swapped": [first, second]},
    )


@transaction.atomic
def start_round(round_id: int, user: Any) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    tournament = round_.tournament
    _chief_only(user, tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise REFUSALS.error("round.tournament_not_started")
    if round_.status != Round.Status.DRAFT:
        raise REFUSALS.error("round.started")
    round_.status = Round.Status.STARTED
    round_.save(update_fields=["status"])
    log_action(tournament, user, "round.started", str(round_.number), about=round_)
    return round_


@transaction.atomic
def finish_round(round_id: int, user: Any) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    _chief_only(user, round_.tournament)
    if round_.status != Round.Status.STARTED:
        raise REFUSALS.error("round.not_in_play")
    open_tables = round_.tables.exclude(status=Table.Status.LOCKED).values_list("number", flat=True)
    if open_tables:
        listed = ", ".join(str(n) for n in open_tables)
        raise REFUSALS.error("round.tables_open", tables=listed)
    round_.status = Round.Status.FINISHED
    round_.save(update_fields=["status"])
    log_action(round_.tournament, user, "round.finished", str(round_.number), about=round_)
    return round_


@transaction.atomic
def discard_round(round_id: int, user: Any, reason: str) -> None:
    """Throw away a drafted seating (to draw again); a started round cannot be discarded."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    _chief_only(user, round_.tournament)
    if round_.status != Round.Status.DRAFT:
        raise REFUSALS.error("round.discard_started")
    log_action(
        round_.tournament,
        user,
        "round.discarded",
        str(round_.number),
        about=round_,
        reason=reason,
        data={"seed": round_.seed},
    )
    round_.delete()
