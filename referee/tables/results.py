"""Settled whists of many tables at once: two queries, whatever their number.

Standings, Swiss seating and exports read table results from here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

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


def table_results(tables: Iterable[Table]) -> list[TableResult]:
    """Each table's settlement by registration (tables need ``round__tournament`` loaded)."""
    tables = list(tables)
    ids = [t.pk for t in tables]
    seats: dict[int, list[int]] = defaultdict(list)
    for table_id, registration_id in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "position")
        .values_list("table_id", "registration_id")
    ):
        seats[table_id].append(registration_id)
    deals: dict[int, list[dict[str, object]]] = defaultdict(list)
    for table_id, data in (
        Deal.objects.filter(table_id__in=ids, deleted=False)
        .order_by("table_id", "number")
        .values_list("table_id", "data")
    ):
        deals[table_id].append(data)
    out = []
    rules_of: dict[int, scoring.Convention] = {}
    for table in tables:
        tournament = table.round.tournament
        rules = rules_of.setdefault(tournament.pk, tournament.rules())
        registrations = tuple(seats[table.pk])
        whists: dict[int, Amount] = dict.fromkeys(registrations, 0)
        adjustments: dict[int, Amount] = {}
        error = ""
        if deals[table.pk] and len(registrations) in (3, 4):
            try:
                sheet = score_table(
                    rules, len(registrations), deals[table.pk], tournament.pool_size
                )
            except scoring.ScoringError as refused:
                error = str(refused)
            else:
                by_letter = dict(zip(LETTERS, registrations, strict=False))
                whists = {by_letter[p]: v for p, v in sheet.result.items()}
                adjustments = {by_letter[p]: v for p, v in sheet.totals.adjustments.items() if v}
        out.append(
            TableResult(
                table.pk,
                table.round.number,
                table.number,
                table.status,
                registrations,
                whists,
                len(deals[table.pk]),
                error,
                adjustments,
            )
        )
    return out
