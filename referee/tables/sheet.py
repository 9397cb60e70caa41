"""The live table sheet: everything the table page shows, recomputed from the deals.

Two queries whatever the number of deals: the seats with their players, and the current
deals. The engine scores the whole sheet (a few milliseconds for a long pulka).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils import translation

import scoring
from scoring.casefile import run_case
from scoring.ledger import Totals
from scoring.numbers import Amount

from .dealdata import LETTERS, deal_words, dealer_of, described, score_table
from .drawing import pulka_svg
from .models import Deal, Seat, Table


@dataclass(frozen=True)
class SheetSeat:
    letter: str
    name: str
    registration_id: int
    first_dealer: bool
    guest: bool = False  # his results do not count (TOURNAMENTS §6.4): the page says so


@dataclass(frozen=True)
class SheetRow:
    deal: Deal
    position: int
    summary: str
    lines: list[str]
    entries: tuple[scoring.Entry, ...] = ()


@dataclass
class TableSheet:
    table: Table
    seats: list[SheetSeat]
    rows: list[SheetRow] = field(default_factory=list)
    pool: dict[str, Amount] = field(default_factory=dict)
    mountain: dict[str, Amount] = field(default_factory=dict)
    whists: dict[tuple[str, str], Amount] = field(default_factory=dict)
    adjustments: dict[str, Amount] = field(default_factory=dict)
    result: dict[str, Amount] = field(default_factory=dict)
    error: str = ""
    next_dealer: str | None = None
    minimum_level: int = 6
    raspasy_in_series: int = 0
    factor: Amount = 1  # the convention's pool_to_mountain_factor
    deal_rotation: str = "always_clockwise"  # the convention's (the table page's JS reads it)

    @property
    def seat_names(self) -> dict[int, str]:
        """The players' names by registration id."""
        return {seat.registration_id: seat.name for seat in self.seats}

    @property
    def names(self) -> dict[str, str]:
        return {s.letter: s.name for s in self.seats}

    @property
    def letters(self) -> list[str]:
        return [s.letter for s in self.seats]

    def running(self) -> list[dict[str, Amount]]:
        """After each deal, every player's settled balance so far (the sheet page's last
        columns): computed when asked, the exports do not show it."""
        letters = self.letters
        balance: dict[str, Amount] = dict.fromkeys(letters, 0)
        out = []
        for row in self.rows:
            totals = Totals.of(row.entries)
            value = scoring.settle(letters, totals.pulka, totals.gora, totals.whists, self.factor)
            balance = {p: balance[p] + value[p] for p in letters}
            out.append(balance)
        return out

    def whist_rows(self) -> list[tuple[str, list[Amount | None]]]:
        """The whist matrix: per writer, what he wrote on each other player."""
        return [
            (by, [None if by == on else self.whists.get((by, on), 0) for on in self.letters])
            for by in self.letters
        ]


def seated_by_table(value: str = "registration_id", **where: Any) -> dict[int, list[Any]]:
    """Each table's seats in seat order, by table id (a table with none: an empty list),
    of the seats ``where`` selects: ``value`` of each (the registration's id, or another of
    its values: ``registration__player__name``)."""
    by_table: dict[int, list[Any]] = defaultdict(list)
    for table_id, item in (
        Seat.objects.filter(**where).order_by("table_id", "position").values_list("table_id", value)
    ):
        by_table[table_id].append(item)
    return by_table


def seats_of(table: Table) -> list[SheetSeat]:
    seats = Seat.objects.filter(table=table).select_related("registration__player")
    return [
        SheetSeat(
            LETTERS[s.position - 1],
            s.registration.player.name,
            s.registration_id,
            s.first_dealer,
            s.registration.guest,
        )
        for s in seats.order_by("position")
    ]


def build_sheet(table: Table, lang: str = "ru") -> TableSheet:
    """The sheet of ``table`` as its deals stand now (``table.round.tournament`` loaded)."""
    deals = list(Deal.objects.filter(table=table, deleted=False).order_by("number"))
    return _scored(table, seats_of(table), deals, table.round.tournament.rules(), lang)


def build_sheets(tables: Sequence[Table], lang: str = "ru") -> list[TableSheet]:
    """The sheets of many tables (each with ``round.tournament`` loaded) in two queries,
    their seats and their deals read for all of them at once, each scored as
    ``build_sheet`` scores one: the one loader of scored sheets, for pages and exports."""
    wanted = {t.pk for t in tables}
    rounds = {t.round_id for t in tables}  # by round: a short IN list whatever the size
    seats: dict[int, list[SheetSeat]] = defaultdict(list)
    for table_id, position, name, registration, first, guest in (
        Seat.objects.filter(table__round_id__in=rounds)
        .order_by("table_id", "position")
        .values_list(
            "table_id",
            "position",
            "registration__player__name",
            "registration_id",
            "first_dealer",
            "registration__guest",
        )
    ):
        if table_id in wanted:
            seats[table_id].append(
                SheetSeat(LETTERS[position - 1], name, registration, first, guest)
            )
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in Deal.objects.filter(table__round_id__in=rounds, deleted=False).order_by(
        "table_id", "number"
    ):
        if deal.table_id in wanted:
            deals[deal.table_id].append(deal)
    conventions: dict[int, scoring.Convention] = {}
    return [
        _scored(
            table,
            seats[table.pk],
            deals[table.pk],
            conventions.setdefault(table.round.tournament_id, table.round.tournament.rules()),
            lang,
        )
        for table in tables
    ]


def _scored(
    table: Table,
    seats: list[SheetSeat],
    deals: list[Deal],
    rules: scoring.Convention,
    lang: str,
) -> TableSheet:
    sheet = TableSheet(table, seats)
    pool_size = table.round.tournament.pool_size
    try:
        scored = score_table(rules, len(sheet.seats), [d.data for d in deals], pool_size)
    except scoring.ScoringError as error:  # stored deals are validated; this is a safeguard
        sheet.error = str(error)
        return sheet
    names = sheet.names
    sheet.factor = rules.pool_to_mountain_factor
    sheet.deal_rotation = rules.deal_rotation
    with translation.override(lang):  # once a table, not once a deal's summary
        words = deal_words()
        for position, (deal, result) in enumerate(zip(deals, scored.deals, strict=True), 1):
            sheet.rows.append(
                SheetRow(
                    deal,
                    position,
                    described(deal.data, names, words),
                    scoring.explain(result.entries, lang, names),
                    result.entries,
                )
            )
    sheet.pool = scored.totals.pulka
    sheet.mountain = scored.totals.gora
    sheet.whists = scored.totals.whists
    sheet.adjustments = scored.totals.adjustments
    sheet.result = scored.result
    sheet.raspasy_in_series = scored.raspasy_in_series
    sheet.minimum_level = rules.minimum_level(scored.raspasy_in_series)
    sheet.next_dealer = next_dealer(sheet, deals)
    return sheet


def next_dealer(sheet: TableSheet, deals: list[Deal]) -> str | None:
    """Clockwise after the last deal's dealer (the same dealer after a raspasy where the
    convention's ``deal_rotation`` repeats him, as ``draft.js``'s ``nextDealer`` does after a
    save); the seat's first dealer to start with."""
    letters = sheet.letters
    if not letters:
        return None
    last = dealer_of(deals[-1].data) if deals else ""
    if last in letters:
        repeats = sheet.deal_rotation == "dealer_repeats_on_raspasy"
        if repeats and deals[-1].data.get("type") == "raspasy":
            return last
        return letters[(letters.index(last) + 1) % len(letters)]
    first = [s.letter for s in sheet.seats if s.first_dealer]
    return first[0] if first else letters[0]


def as_float(value: Amount) -> float:
    return float(Fraction(value))


# -- the paper sheet and the re-checkable case ----------------------------------------------


@dataclass(frozen=True)
class PaperFigures:
    """What players write on paper: each book's running total after every deal that
    changed it (``2.4.6…``), per player, and per (writer, on) for the whists."""

    pool: dict[str, list[Amount]]
    mountain: dict[str, list[Amount]]
    whists: dict[tuple[str, str], list[Amount]]


def paper_figures(sheet: TableSheet) -> PaperFigures:
    figures = PaperFigures({}, {}, {})
    totals = Totals({}, {}, {}, {})
    for row in sheet.rows:
        before = (dict(totals.pulka), dict(totals.gora), dict(totals.whists))
        totals.add(row.entries)
        for book, was, now in (
            (figures.pool, before[0], totals.pulka),
            (figures.mountain, before[1], totals.gora),
        ):
            for player, value in now.items():
                if value != was.get(player, 0):
                    book.setdefault(player, []).append(value)
        for pair, value in totals.whists.items():
            if value != before[2].get(pair, 0):
                figures.whists.setdefault(pair, []).append(value)
    return figures


def sheet_drawing(sheet: TableSheet, title: str) -> str:
    """The table's paper pulka as SVG (``drawing.pulka_svg``, which escapes every text it
    writes), as its page and its protocol show it."""
    figures = paper_figures(sheet)
    return pulka_svg(
        sheet.names,
        figures.pool,
        figures.mountain,
        figures.whists,
        sheet.result,
        pool_size=sheet.table.round.tournament.pool_size,
        title=title,
    )


def table_case(sheet: TableSheet) -> dict[str, Any]:
    """The table's current deals as a SPEC §12.5 ``pulka`` case, with the engine's result
    as its ``expected``, so that anyone can re-check it with ``python -m scoring check``.

    Players are the seat letters (their names are in ``notes``). Each deal keeps the
    referee's own rulings (``referee_rulings``, SPEC §12.4.1: prikup refusal, raspasy dealer
    fine, talon peeking, manual entries and adjustments), so the file certifies exactly the
    figures the standings use."""
    table = sheet.table
    tournament = table.round.tournament
    deals = [row.deal for row in sheet.rows]
    notes = ["; ".join(f"{s.letter} = {s.name}" for s in sheet.seats)]
    case: dict[str, Any] = {
        "id": f"{tournament.slug}-r{table.round.number}-t{table.number}",
        "kind": "pulka",
        # text for a reader: in the request's language (the ids and codes stay as they are)
        "title": translation.gettext("%(tournament)s: round %(round)s, table %(table)s")
        % {"tournament": tournament.name, "round": table.round.number, "table": table.number},
        "convention": tournament.convention,
        "options": dict(tournament.options),
        "players": sheet.letters,
        "pool_size": tournament.pool_size,
        "deals": [dict(d.data) for d in deals],
        "notes": "\n".join(notes),
    }
    output = run_case(case)
    case["expected"] = {k: v for k, v in output.items() if k != "id"}
    return case
