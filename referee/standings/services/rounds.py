"""Round results: every table of a round with its seats, whists, places and points."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.standings.refusals import REFUSALS
from referee.tables.dealdata import LETTERS
from referee.tournaments.models import Registration, Round, Tournament

from .loading import Loaded, ScoredTable, load, places_at_table
from .ranked import Standings, ranked_standings
from .settings import NotVisible, Rules


@dataclass(frozen=True)
class SeatResult:
    position: int
    letter: str
    registration: int
    player: str
    city: str
    whists: Fraction
    points: Fraction | None
    place: str
    flags: tuple[str, ...]


@dataclass(frozen=True)
class TableResults:
    number: int
    status: str
    provisional: bool
    deals: int
    error: str
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class RoundResults:
    tournament: Tournament
    number: int
    status: str
    provisional: bool
    official: bool
    rounds: tuple[int, ...]
    rules: Rules
    tables: tuple[TableResults, ...]


def round_results(tournament: Tournament, number: int, *, viewer: Any) -> RoundResults:
    """Every table of round ``number``: players in seat order, settled whists, round points."""
    data = load(tournament, viewer, only_round=number)
    found = [r for r in data.rounds if r.number == number]
    if not found:
        raise REFUSALS.error("round_not_public", cls=NotVisible)
    return round_of(data, tournament, found[0])


def standings_with_rounds(
    tournament: Tournament, after: int | None = None, *, viewer: Any
) -> tuple[Standings, tuple[RoundResults, ...], tuple[Round, ...]]:
    """The standings after ``after`` and the results of every round they cover, from one
    load (the exports' workbook): ``round_results`` round by round would load each again.
    Also returns the covered rounds themselves."""
    data = load(tournament, viewer)
    table = ranked_standings(data, tournament, after)
    last = table.after or 0
    shown = tuple(r for r in data.rounds if r.number <= last)
    return table, tuple(round_of(data, tournament, r) for r in shown), shown


def round_of(data: Loaded, tournament: Tournament, round_: Round) -> RoundResults:
    tables = tuple(_table_results(t, data.entries) for t in data.tables.get(round_.number, []))
    return RoundResults(
        tournament=tournament,
        number=round_.number,
        status=round_.status,
        provisional=any(t.provisional for t in tables),
        official=data.official,
        rounds=tuple(r.number for r in data.rounds),
        rules=data.rules,
        tables=tables,
    )


def _table_results(table: ScoredTable, entries: Mapping[int, Registration]) -> TableResults:
    places = places_at_table(table.whists)
    seats = []
    for i, registration in enumerate(table.registrations):
        entry = entries.get(registration)
        key = str(registration)
        flags = [
            name
            for name, on in (
                ("yellow_card", table.result is not None and key in table.result.flagged),
                ("removed", table.result is not None and key in table.result.removed),
            )
            if on
        ]
        seats.append(
            SeatResult(
                position=i + 1,
                letter=LETTERS[i],
                registration=registration,
                player=entry.player.name if entry else str(registration),
                city=entry.player.city if entry else "",
                whists=table.whists[i],
                points=table.points_of(registration),
                place=places[i],
                flags=tuple(flags),
            )
        )
    return TableResults(
        number=table.number,
        status=table.status,
        provisional=table.provisional,
        deals=table.deals,
        error=table.error,
        seats=tuple(seats),
    )


def round_rows(results: RoundResults) -> list[dict[str, Any]]:
    """The round as plain rows, one per seat (exact numbers): the page's and exports' source."""
    return [
        {
            "round": results.number,
            "table": table.number,
            "table_status": table.status,
            "provisional": table.provisional,
            **dataclasses.asdict(seat),
        }
        for table in results.tables
        for seat in table.seats
    ]
