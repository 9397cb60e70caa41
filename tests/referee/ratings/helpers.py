"""Tournaments with finished rounds whose tables keep their settlement (no deals needed)."""

from __future__ import annotations

from referee.standings.models import StandingsSettings
from referee.tables.models import Seat, Table
from referee.tournaments.models import Registration, Round, Tournament

from ..factories import PlayerFactory, TournamentFactory

LETTERS = "ABCD"


def played(players, rounds, *, published=True, through=None, **fields) -> Tournament:
    """A tournament of ``players`` (registry players) and ``rounds``: each round a list of
    tables, each table a list of (player index, settled whists) in seat order."""
    tournament = TournamentFactory(published=published, **fields)
    entries = [Registration.objects.create(tournament=tournament, player=p) for p in players]
    for number, tables in enumerate(rounds, start=1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.FINISHED
        )
        for table_number, seats in enumerate(tables, start=1):
            table = Table.objects.create(
                round=round_,
                number=table_number,
                status=Table.Status.LOCKED,
                result={
                    "deals": 10,
                    "whists": {LETTERS[i]: str(w) for i, (_p, w) in enumerate(seats)},
                    "adjustments": {},
                    "error": "",
                },
            )
            for position, (index, _w) in enumerate(seats, start=1):
                Seat.objects.create(
                    table=table,
                    registration=entries[index],
                    position=position,
                    first_dealer=position == 1,
                )
    StandingsSettings.objects.create(
        tournament=tournament, published_through=len(rounds) if through is None else through
    )
    return tournament


def registry(n: int, **fields):
    return [PlayerFactory(**fields) for _ in range(n)]
