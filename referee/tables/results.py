"""Settled whists of many tables at once: two queries, whatever their number.

Standings, Swiss seating and exports read table results from here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import scoring
from scoring.numbers import Amount

from .dealdata import LETTERS, score_table
from .models import Deal, Seat, Table


@dataclass(frozen=True)
class TableResult:
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
    }


def compute_summary(table: Table, deals: list[dict[str, Any]], seat_count: int) -> dict[str, Any]:
    """Score a table's deals into its summary (the engine's refusal kept, not raised)."""
    tournament = table.round.tournament
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


def table_results(tables: Iterable[Table]) -> list[TableResult]:
    """Each table's settlement by registration (tables need ``round__tournament`` loaded).

    Reads the stored summaries; only tables without one are scored here (two queries in
    all, whatever the number of tables)."""
    tables = list(tables)
    ids = [t.pk for t in tables]
    seats: dict[int, list[int]] = defaultdict(list)
    for table_id, registration_id in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "position")
        .values_list("table_id", "registration_id")
    ):
        seats[table_id].append(registration_id)
    missing = [t.pk for t in tables if t.result is None]
    deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if missing:
        for table_id, data in (
            Deal.objects.filter(table_id__in=missing, deleted=False)
            .order_by("table_id", "number")
            .values_list("table_id", "data")
        ):
            deals[table_id].append(data)
    out = []
    for table in tables:
        registrations = tuple(seats[table.pk])
        kept = table.result
        if kept is None:
            kept = compute_summary(table, deals[table.pk], len(registrations))
        by_letter = dict(zip(LETTERS, registrations, strict=False))
        whists: dict[int, Amount] = dict.fromkeys(registrations, 0)
        whists.update({by_letter[p]: _exact(v) for p, v in kept["whists"].items()})
        adjustments = {by_letter[p]: _exact(v) for p, v in kept["adjustments"].items()}
        out.append(
            TableResult(
                table.pk,
                table.round.number,
                table.number,
                table.status,
                registrations,
                whists,
                kept["deals"],
                kept["error"],
                adjustments,
            )
        )
    return out


def _exact(text: str) -> Amount:
    value = Fraction(text)
    return value.numerator if value.denominator == 1 else value
