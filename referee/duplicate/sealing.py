"""Sealed boards: nothing of a board reaches anyone but the chief referee, and the table that
plays or has played it, until the board is *closed*: played (or struck) at every table of its
group that the movement gives it to. This module is the duplicate kind of round
(``core.rounds``): a stanza's table is sealed while any board of its set is open, a stanza
while any of its tables is, and such a round cannot be published. It also says what of a
session each reader sees (``sight``) and gives a duplicate event's final places.

A board's plays are read from the plan (``Session.plan``) and the deals at their places (deal
j of a table is board j of its set; a struck deal keeps its place and closes it too): two
queries a session (its tables, their deals' places).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from referee.core import rounds as kinds
from referee.core.permissions import is_chief, is_official
from referee.tables.models import Deal, Table
from referee.tournaments.models import Round, Tournament

from .models import Session
from .refusals import REFUSALS
from .results import SessionResults, session_results


def session_of(round_: Round) -> Session | None:
    """The session whose stanza ``round_`` is (no query for an ordinary round)."""
    if round_.method != Round.Method.DUPLICATE:
        return None
    for session in Session.objects.filter(tournament_id=round_.tournament_id):
        if round_.number in session.rounds:
            return session
    return None


def _plays(session: Session) -> list[tuple[int, int, int, int]]:
    """Every planned play: (board, round number, table number, deal number at that table)."""
    return [
        (board, session.first_round + k, planned["table"], j + 1)
        for k, stanza in enumerate(session.plan["stanzas"])
        for planned in stanza
        for j, (board, _hands) in enumerate(planned["boards"])
    ]


def board_numbers(session: Session) -> frozenset[int]:
    """Every board of the session, read from its plan (each board is played somewhere)."""
    return frozenset(board for board, _r, _t, _n in _plays(session))


def closed_boards(session: Session) -> frozenset[int]:
    """The session's boards played or struck at every table the movement gives them to."""
    tables = {
        pk: (r, n)
        for pk, r, n in Table.objects.filter(
            round__tournament_id=session.tournament_id, round__number__in=list(session.rounds)
        ).values_list("pk", "round__number", "number")
    }
    done = {
        (*tables[t], n)
        for t, n in Deal.objects.filter(table_id__in=list(tables)).values_list("table_id", "number")
    }
    open_ = {board for board, r, t, n in _plays(session) if (r, t, n) not in done}
    return board_numbers(session) - open_


def _boards_of(session: Session, round_number: int, table: int | None) -> set[int]:
    stanza = session.plan["stanzas"][round_number - session.first_round]
    return {
        board
        for planned in stanza
        if table is None or planned["table"] == table
        for board, _hands in planned["boards"]
    }


def _open_of(round_: Round, table: int | None) -> set[int]:
    session = session_of(round_)
    if session is None:
        return set()
    return _boards_of(session, round_.number, table) - closed_boards(session)


def table_sealed(table: Table) -> bool:
    return bool(_open_of(table.round, table.number))


def round_sealed(round_: Round) -> bool:
    return bool(_open_of(round_, None))


def publish_refusal(round_: Round) -> Exception | None:
    """Publishing a stanza whose boards are still to be played elsewhere is refused: the
    round's sheets would tell the tables yet to play them how they went."""
    waiting = _open_of(round_, None)
    if not waiting:
        return None
    return REFUSALS.error(
        "round.boards_open",
        "published_through",
        n=round_.number,
        boards=", ".join(map(str, sorted(waiting))),
    )


KIND = kinds.RoundKind(
    "duplicate",
    counts=frozenset(),
    table_sealed=table_sealed,
    round_sealed=round_sealed,
    publish_refusal=publish_refusal,
)


@dataclass(frozen=True)
class Sight:
    """What one reader sees of a session: the boards whose hands and plays he reads, how many
    are withheld from him (open boards; none for the chief), and whether the session's
    results are shown to him at all (the public: once the chief has published them)."""

    boards: frozenset[int]
    withheld: int
    shown: bool


def sight(session: Session, viewer: Any, closed: frozenset[int] | None = None) -> Sight:
    """The chief sees every board; the other officials the closed ones; the public the
    closed ones once the session is published (``session.tournament`` loaded)."""
    everything = board_numbers(session)
    if is_chief(viewer, session.tournament):
        return Sight(everything, 0, True)
    if not (session.published or is_official(viewer, session.tournament)):
        return Sight(frozenset(), 0, False)
    closed = closed_boards(session) if closed is None else closed
    return Sight(closed, len(everything - closed), True)


def results_for(session: Session, viewer: Any, lang: str = "ru") -> SessionResults | None:
    """The session's results as ``viewer`` may see them (``sight``), None when he sees none:
    the one reading of the pages, the downloads and the API."""
    seen = sight(session, viewer)
    if not seen.shown:
        return None
    return session_results(session, lang, boards=seen.boards)


def places(tournaments: Sequence[Tournament], viewer: Any) -> dict[int, kinds.Places]:
    """The duplicate events among ``tournaments`` (a session that counts for the final places,
    ``Session.Counts.PLACES``) with their final places: the last such session's standings over
    the boards ``viewer`` sees, shared places kept shared. One query for the others."""
    by_id = {t.pk: t for t in tournaments}
    last: dict[int, Session] = {}
    for session in Session.objects.filter(
        tournament__in=list(by_id), counts=Session.Counts.PLACES
    ).order_by("number"):
        last[session.tournament_id] = session
    found: dict[int, kinds.Places] = {}
    for pk, session in last.items():
        session.tournament = by_id[pk]
        results = results_for(session, viewer)
        found[pk] = (
            {}
            if results is None
            else {line.registration: (line.best + 1, line.worst + 1) for line in results.standings}
        )
    return found


def notes(tournament: Tournament) -> list[tuple[str, str]]:
    """Each session of ``tournament`` in words, with the address of its standings."""
    out = []
    for session in Session.objects.filter(tournament=tournament):
        rounds = session.rounds
        words = {"n": session.number, "first": rounds[0], "last": rounds[-1]}
        if session.counts == Session.Counts.PLACES:
            text = _(
                "Rounds %(first)s–%(last)s are duplicate session %(n)s: they are not counted "
                "here; the session's own standings give the tournament's final places."
            )
        else:
            text = _(
                "Rounds %(first)s–%(last)s are duplicate session %(n)s: they are not counted "
                "here nor in the ratings; the session has standings of its own."
            )
        out.append(
            (text % words, reverse("duplicate-session", args=[tournament.slug, session.number]))
        )
    return out


def register() -> None:
    kinds.register(Round.Method.DUPLICATE, KIND)
    kinds.register_places(places)
    kinds.register_notes(notes)
