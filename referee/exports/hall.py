"""Hall material for a round, as PDF: the seating poster (every player alphabetically → table
and seat) and the table cards (the table's number, its players in seat order, who deals first
and a QR code of the table's card page, which is its public sheet once the round is
published). The protocol carries the same QR code. Both hold the site's public address
(``SITE_URL``, ``core.site``), never the address the material is printed from; without it
they are printed without QR codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django.utils import timezone

from referee.core.people import person
from referee.core.site import printed_base
from referee.tables.agreements import words_of
from referee.tables.card import card_path
from referee.tables.models import Seat, Table
from referee.tournaments.models import Round
from referee.tournaments.search import folded

from .pdf import render_pdf

LETTERS = "ABCD"


def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as an SVG data URI (medium error correction: it survives a
    crease or a coffee ring on a table card)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#111"))


def card_url(base: str, table: Table) -> str:
    """The address a table card's QR code holds: the card's page, which anybody holding the
    card can open at once and which is the table's sheet once its round is published (a
    sheet's own address would be "not found" to the public until then)."""
    return base.rstrip("/") + card_path(table)


@dataclass(frozen=True)
class PosterLine:
    name: str
    table: int
    seat: str
    first_dealer: bool


def _seats(round_: Round) -> list[Seat]:
    return list(
        Seat.objects.filter(table__round=round_)
        .select_related("table", "registration__player")
        .order_by("table__number", "position")
    )


def poster_lines(round_: Round) -> list[PosterLine]:
    """Every seated player, alphabetically (ё as е), with the table and seat."""
    lines = [
        PosterLine(
            s.registration.player.name,
            s.table.number,
            f"{s.position} {LETTERS[s.position - 1]}",
            s.first_dealer,
        )
        for s in _seats(round_)
    ]
    return sorted(lines, key=lambda line: (folded(line.name), line.name))


def poster_pdf(round_: Round) -> bytes:
    return render_pdf(
        "exports/poster.html",
        {
            "tournament": round_.tournament,
            "round": round_,
            "lines": poster_lines(round_),
            "printed": timezone.localtime(),
            "page_counter": "counter(page)",
        },
    )


def cards_pdf(round_: Round, base: str | None = None) -> bytes:
    return render_pdf(
        "exports/cards.html",
        {"tournament": round_.tournament, "round": round_, "cards": cards(round_, base)},
    )


def cards(round_: Round, base: str | None = None) -> list[dict[str, Any]]:
    """Each table's card: its number, its seats in order, and the QR code with the address
    it holds (printed under it too), under ``base``, by default the site's public address;
    without one, no QR code and no address."""
    base = printed_base() if base is None else base
    tables: dict[int, dict[str, Any]] = {}
    for seat in _seats(round_):
        if seat.table_id not in tables:
            seat.table.round = round_  # the card's address names the round and tournament
            url = card_url(base, seat.table) if base else ""
            tables[seat.table_id] = {"number": seat.table.number, "seats": [], "url": url}
            tables[seat.table_id]["qr"] = qr_data_uri(url) if url else ""
        card = tables[seat.table_id]
        card["seats"].append(
            {
                "letter": LETTERS[seat.position - 1],
                "position": seat.position,
                "name": seat.registration.player.name,
                "first_dealer": seat.first_dealer,
            }
        )
    return list(tables.values())


def protocol_extras(table: Table, base: str = "") -> dict[str, Any]:
    """What the protocol adds for signing: the QR code of the table's public sheet (with
    ``base``, by default the site's public address, ``SITE_URL``), the referee and the chief by
    full name, and each player's word on the totals where the tournament asks for it, with
    every dispute recorded at the table and the chief referee's decision on it."""
    base = base or printed_base()
    tournament = table.round.tournament
    words = words_of(table)
    # beside the signature lines, the word on these totals: none yet on a reopened table
    signed = table.status != Table.Status.OPEN
    agreements = {w.seat.position: w for w in words if signed and not w.superseded}
    return {
        "qr": qr_data_uri(card_url(base, table)) if base else "",
        "qr_url": card_url(base, table) if base else "",
        "referee": person(table.submitted_by if table.submitted_by_id else None),
        "second_referee": person(table.confirmed_by if table.confirmed_by_id else None),
        "chief": person(tournament.chief_referee if tournament.chief_referee_id else None),
        "agreements": agreements,
        "disputes": [w for w in words if w.disputed],
    }
