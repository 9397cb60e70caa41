"""Settled whists of many tables at once: two queries, whatever their number.

Standings, Swiss seating and exports read table results from here.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import scoring
from scoring.numbers import Amount

from .dealdata import LETTERS, score_table
from .models import Deal, Seat, Table
from .sheet import seated_by_table

if TYPE_CHECKING:
    from referee.tournaments.models import Round, Tournament


@dataclass(frozen=True)
class SettledTable:
    table_id: int
    round_number: int
    table_number: int
    status: str
    registrations: tuple[int, ...]  # in seat order
    whists: dict[int, Amount]  # registration id -> settled whists (zero-sum)
    deals: int
    error: str = ""
    # referee awards outside the sheet (Kodeks 3.8.5.1 compensation, disciplinary whists)
    adjustments: dict[int, Amount] = field(default_factory=dict)
    # the pulka closed (every pool reached the pool size); kept summaries from before the
    # flag read as unfinished (TOURNAMENTS §7: the policy applies to them)
    finished: bool = False

    def result_of(self, registration: int) -> Amount:
        """The player's result at this table: settled whists plus his adjustments."""
        return self.whists.get(registration, 0) + self.adjustments.get(registration, 0)


def summary(sheet: scoring.PulkaResult | None, deals: int, error: str = "") -> dict[str, Any]:
    """What ``Table.result`` keeps: the settlement and adjustments by seat letter, exact
    (fractions as text), the number of deals, and the engine's refusal if any."""
    if sheet is None:
        return {"deals": deals, "whists": {}, "adjustments": {}, "error": error}
    return {
        "deals": deals,
        "whists": {p: str(v) for p, v in sheet.result.items()},
        "adjustments": {p: str(v) for p, v in sheet.totals.adjustments.items() if v},
        "error": error,
        "finished": sheet.finished,
    }


def compute_summary(table: Table, deals: list[dict[str, Any]], seat_count: int) -> dict[str, Any]:
    """Score a table's deals into its summary (the engine's refusal kept, not raised)."""
    return _summarise(table.round.tournament, deals, seat_count)


def _summarise(
    tournament: Tournament, deals: list[dict[str, Any]], seat_count: int
) -> dict[str, Any]:
    if not deals or seat_count not in (3, 4):
        return summary(None, len(deals))
    try:
        sheet = score_table(tournament.rules(), seat_count, deals, tournament.pool_size)
    except scoring.ScoringError as refused:
        return summary(None, len(deals), str(refused))
    return summary(sheet, len(deals))


def refresh(table: Table) -> dict[str, Any]:
    """Recompute and store one table's summary from its deals."""
    deals = list(
        Deal.objects.filter(table=table, deleted=False)
        .order_by("number")
        .values_list("data", flat=True)
    )
    table.result = compute_summary(table, deals, Seat.objects.filter(table=table).count())
    table.save(update_fields=["result"])
    return table.result


# table id, round number, table number, status, kept summary (None: not computed yet)
_Kept = tuple[int, int, int, str, dict[str, Any] | None]
_Summarise = Callable[[int, list[dict[str, Any]], int], dict[str, Any]]


def table_results(tables: Iterable[Table]) -> list[SettledTable]:
    """Each table's settlement by registration (tables need ``round__tournament`` loaded).

    Reads the stored summaries; only tables without one are scored here (two queries in
    all, whatever the number of tables)."""
    tables = list(tables)
    by_id = {t.pk: t for t in tables}
    kept = [(t.pk, t.round.number, t.number, t.status, t.result) for t in tables]
    return _results(
        kept,
        {"table_id__in": list(by_id)},
        lambda pk, deals, seated: compute_summary(by_id[pk], deals, seated),
    )


def rounds_results(tournament: Tournament, rounds: Iterable[Round]) -> list[SettledTable]:
    """``table_results`` of every table of ``rounds`` (of ``tournament``), by table number.

    Three queries, whatever the number of tables: the tables, then as ``table_results``. The
    tables are read as plain values, not as model instances: a standings page reads hundreds
    of them, and building the instances (and decoding their notes) was a good part of its time.
    """
    rounds = list(rounds)
    kept: list[_Kept] = list(
        Table.objects.filter(round__in=rounds)
        .order_by("number")
        .values_list("pk", "round__number", "number", "status", "result")
    )
    return _results(
        kept,
        # the seats by their rounds (a join), not by hundreds of table ids: a faster query
        {"table__round__in": rounds},
        lambda _pk, deals, seated: _summarise(tournament, deals, seated),
    )


def tournaments_results(
    tournaments: Mapping[int, Tournament], rounds: Iterable[Round]
) -> dict[int, list[SettledTable]]:
    """``rounds_results`` of rounds of several tournaments at once, by tournament id (the
    same three queries, whatever the number of tournaments): a player's profile places him
    in every tournament he played."""
    rounds = list(rounds)
    kept = list(
        Table.objects.filter(round__in=rounds)
        .order_by("number")
        .values_list("pk", "round__number", "number", "status", "result", "round__tournament_id")
    )
    owner = {pk: tournament for pk, *_rest, tournament in kept}
    made = _results(
        [(pk, r, n, status, result) for pk, r, n, status, result, _t in kept],
        # by the tables' ids: the seats' index on PostgreSQL, not a scan of every seat
        {"table_id__in": list(owner)},
        lambda pk, deals, seated: _summarise(tournaments[owner[pk]], deals, seated),
    )
    out: dict[int, list[SettledTable]] = defaultdict(list)
    for table in made:
        out[owner[table.table_id]].append(table)
    return out


def _results(
    tables: Sequence[_Kept], seated: Mapping[str, Any], summarise: _Summarise
) -> list[SettledTable]:
    """The tables' results; ``seated`` filters the seats of (at least) these tables."""
    seats = seated_by_table(**seated)
    missing = [pk for pk, *_, result in tables if result is None]
    deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if missing:
        for table_id, data in (
            Deal.objects.filter(table_id__in=missing, deleted=False)
            .order_by("table_id", "number")
            .values_list("table_id", "data")
        ):
            deals[table_id].append(data)
    # The same few texts ("-12", "1/3") recur across a tournament's tables: parse each once.
    amount = functools.cache(_exact)

    out = []
    for pk, round_number, number, status, result in tables:
        registrations = tuple(seats[pk])
        kept = result if result is not None else summarise(pk, deals[pk], len(registrations))
        by_letter = dict(zip(LETTERS, registrations, strict=False))
        whists: dict[int, Amount] = dict.fromkeys(registrations, 0)
        whists.update({by_letter[p]: amount(v) for p, v in kept["whists"].items()})
        adjustments = {by_letter[p]: amount(v) for p, v in kept["adjustments"].items()}
        out.append(
            SettledTable(
                pk,
                round_number,
                number,
                status,
                registrations,
                whists,
                kept["deals"],
                kept["error"],
                adjustments,
                bool(kept.get("finished")),
            )
        )
    return out


def _exact(text: str) -> Amount:
    try:
        # Most kept values are whole ("-12"): int() reads them several times faster than
        # Fraction() and reads the same whole numbers; anything else is left to Fraction().
        return int(text)
    except ValueError:
        value = Fraction(text)
        return value.numerator if value.denominator == 1 else value
