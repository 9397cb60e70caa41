"""Plain JSON values of the site's objects, built from the same sheet and standings the pages
show (``tables.sheet``, ``standings.services``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import scoring
from referee.core.engine_text import rule_text
from referee.core.language import engine_language
from referee.core.people import person
from referee.tables.dealdata import LETTERS, describe_deal
from referee.tables.lap import table_lap
from referee.tables.models import Deal, Seat, Table
from referee.tables.sheet import TableSheet, build_sheet, table_case
from referee.tournaments.models import Registration, Round
from scoring.numbers import Amount, to_json


def lang() -> str:
    """The engine's language for the request: Russian or English (``Accept-Language``)."""
    return engine_language()


def number(value: Amount | Fraction | None) -> int | float | None:
    return None if value is None else to_json(value)


def _book(book: Mapping[str, Amount]) -> dict[str, int | float]:
    return {p: to_json(v) for p, v in book.items()}


def totals(sheet: TableSheet) -> dict[str, Any]:
    return {
        "pulka": _book(sheet.pool),
        "gora": _book(sheet.mountain),
        "whists": [
            {"by": by, "on": on, "amount": to_json(v)} for (by, on), v in sheet.whists.items() if v
        ],
        "adjustments": _book(sheet.adjustments),
        "result": _book(sheet.result),
    }


def seats(table: Table) -> list[dict[str, Any]]:
    found = Seat.objects.filter(table=table).select_related("registration__player")
    return [
        {
            "position": s.position,
            "letter": LETTERS[s.position - 1],
            "registration": s.registration_id,
            "name": s.registration.player.name,
            "first_dealer": s.first_dealer,
        }
        for s in found.order_by("position")
    ]


def _entry(entry: scoring.Entry, language: str) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "player": entry.player,
        "on": entry.on,
        "amount": to_json(entry.amount),
        "rule": rule_text(entry.rule),
        "explanation": scoring.explain_entry(entry, language),
    }


def deal_item(sheet: TableSheet, deal: Deal, language: str) -> dict[str, Any]:
    """One deal: its data as stored, its version, and its entries on the sheet."""
    row = next((r for r in sheet.rows if r.deal.pk == deal.pk), None)
    return {
        "number": deal.number,
        "version": deal.version,
        "deleted": deal.deleted,
        "position": row.position if row else None,
        "deal": deal.data,
        "summary": row.summary if row else describe_deal(deal.data, sheet.names, language),
        "entries": [_entry(e, language) for e in row.entries] if row else [],
    }


def deal(table: Table, number: int) -> dict[str, Any]:
    """The deal ``number`` of ``table`` with the table's totals."""
    language = lang()
    sheet = build_sheet(table, language)
    found = Deal.objects.get(table=table, number=number)
    return deal_item(sheet, found, language) | {"totals": totals(sheet)}


def deals(table: Table, with_deleted: bool) -> dict[str, Any]:
    language = lang()
    sheet = build_sheet(table, language)
    items = [deal_item(sheet, row.deal, language) for row in sheet.rows]
    if with_deleted:
        gone = Deal.objects.filter(table=table, deleted=True).order_by("number")
        items = sorted(
            items + [deal_item(sheet, d, language) for d in gone], key=lambda d: d["number"]
        )
    return {"totals": totals(sheet), "deals": items}


def table(found: Table) -> dict[str, Any]:
    sheet = build_sheet(found, lang())
    lap = table_lap(found)
    return {
        "round": found.round.number,
        "number": found.number,
        "status": found.status,
        "seats": seats(found),
        "deals": len(sheet.rows),
        "next_dealer": sheet.next_dealer,
        "totals": totals(sheet),
        "result": found.result,
        # the officials as every page names them: full name, else login
        "submitted_by": person(found.submitted_by) or None,
        "confirmed_by": person(found.confirmed_by) or None,
        "lap": {"limit": lap.limit, "remaining": lap.remaining} if lap else None,
        "case": table_case(build_sheet(found, "en")),
    }


def round_(found: Round) -> dict[str, Any]:
    tables = found.tables.order_by("number")
    byes = Registration.objects.filter(pk__in=found.byes).select_related("player")
    return {
        "number": found.number,
        "status": found.status,
        "method": found.method,
        "seed": found.seed,
        "notes": found.notes,
        "byes": [{"registration": r.pk, "name": r.player.name} for r in byes],
        "tables": [
            {"number": t.number, "status": t.status, "notes": t.notes, "seats": seats(t)}
            for t in tables
        ],
    }


def standings(value: Any) -> dict[str, Any]:
    rows = [
        {
            "rank": r.rank,
            "rank_label": r.rank_label,
            "registration": r.registration,
            "player": r.player,
            "city": r.city,
            "points": number(r.points),
            "whists": number(r.whists),
            "firsts": r.firsts,
            "rounds_played": r.rounds_played,
            "round_points": [number(v) for v in r.round_points],
            "round_whists": [number(v) for v in r.round_whists],
            "provisional": r.provisional,
            "flags": list(r.flags),
        }
        for r in value.rows
    ]
    return {
        "after": value.after,
        "rounds": list(value.rounds),
        "provisional": value.provisional,
        "rows": rows,
    }


def round_results(value: Any) -> dict[str, Any]:
    return {
        "number": value.number,
        "status": value.status,
        "provisional": value.provisional,
        "tables": [
            {
                "number": t.number,
                "status": t.status,
                "provisional": t.provisional,
                "deals": t.deals,
                "seats": [
                    {
                        "position": s.position,
                        "letter": s.letter,
                        "registration": s.registration,
                        "player": s.player,
                        "whists": number(s.whists),
                        "points": number(s.points),
                        "place": s.place,
                        "flags": list(s.flags),
                    }
                    for s in t.seats
                ],
            }
            for t in value.tables
        ],
    }


def player_card(card: Any) -> dict[str, Any]:
    standing = card.standing
    return {
        "registration": card.registration,
        "player": card.player,
        "city": card.city,
        "withdrawn": card.withdrawn,
        "rank": standing.rank if standing else None,
        "points": number(standing.points) if standing else None,
        "rounds": [
            {
                "round": r.round,
                "table": r.table,
                "seat": r.seat,
                "letter": r.letter,
                "opponents": list(r.opponents),
                "whists": number(r.whists),
                "points": number(r.points),
                "place": r.place,
                "provisional": r.provisional,
            }
            for r in card.rounds
        ],
    }
