"""The seat draw on record (Kodeks 3.1.1, TOURNAMENTS §6.1): at a table the referee enters the
card each player drew, or lets the site draw them from the round's recorded seed; the cards
decide the seats and the first dealer (``pure.seat_draw``: the lowest card takes seat 1 and
deals first, the ace lowest, ♠ < ♣ < ♦ < ♥). The table page and the protocol show the draw,
so anyone can check it.

``record_seat_draw`` locks the table, checks the right to enter its deals, refuses a draw once
deals are recorded (the seats are played), at a table not open, in a duplicate session (its
seats come from the boards), and any card that is missing, not of the 32-card pack or drawn
twice; it reseats the table, appends a version (``SeatDraw``) and writes the action log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_enter_deals
from referee.tournaments.log import log_action
from referee.tournaments.models import Round

from .models import Deal, Seat, SeatDraw, Table
from .pure import seat_draw as pure
from .refusals import REFUSALS
from .seats import seat_players


def _locked(table_id: int, user: Any) -> Table:
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table_id)
    if not may_enter_deals(user, table):
        raise NotAllowed(_("Only this tournament's referees may change its tables."))
    if table.round.method == Round.Method.DUPLICATE:
        raise REFUSALS.error("seat_draw.duplicate")
    if table.status != Table.Status.OPEN or table.round.status == Round.Status.FINISHED:
        raise REFUSALS.error("seat_draw.table_not_open")
    if Deal.objects.filter(table=table).exists():  # struck deals too: their letters stand
        raise REFUSALS.error("seat_draw.played")
    return table


def _draw(seats: list[Seat], cards: Mapping[int, str] | None, table: Table) -> pure.Draw[int]:
    players = [s.registration_id for s in seats]
    names = {s.registration_id: s.registration.player.name for s in seats}
    try:
        if cards is None:
            return pure.draw(players, table.round.seed, table.number)
        return pure.seat_draw(players, [str(cards.get(p) or "") for p in players])
    except pure.SeatDrawError as error:
        if error.index is None:
            raise REFUSALS.error("seat_draw.players") from error
        player = players[error.index]
        params: dict[str, Any] = {**error.params, "name": names[player]}
        raise REFUSALS.error(f"seat_draw.{error.code}", f"card_{player}", **params) from error


@transaction.atomic
def record_seat_draw(
    table_id: int,
    user: Any,
    cards: Mapping[int, str] | None = None,
    *,
    reason: str = "",
    version: int | None = None,
) -> SeatDraw:
    """Record the draw: ``cards`` by registration id as the referee read them, or None for
    the site's own draw from the round's seed. ``version``: the draw the referee saw (0 for
    none); a draw recorded meanwhile refuses the change."""
    table = _locked(table_id, user)
    latest = table.seat_draws.aggregate(n=Max("version"))["n"] or 0
    if version is not None and version != latest:
        raise REFUSALS.error("seat_draw.changed", version=latest)
    seats = list(table.seats.select_related("registration__player").order_by("position"))
    made = _draw(seats, cards, table)
    Seat.objects.filter(table=table).delete()  # positions 1..4 are unique: seat them anew
    seat_players(table, made.seats, made.first_dealer)
    record = SeatDraw.objects.create(
        table=table,
        version=latest + 1,
        cards=[{"registration": p, "card": made.cards[p].code} for p in made.seats],
        source=SeatDraw.Source.DRAWN if cards is None else SeatDraw.Source.ENTERED,
        seed=table.round.seed if cards is None else None,
        author=user if getattr(user, "is_authenticated", False) else None,
        reason=str(reason or "").strip(),
    )
    log_action(
        table.round.tournament,
        user,
        "table.seat_draw",
        str(table),
        about=table,
        reason=record.reason,
        data={"version": record.version, "cards": record.cards, "seed": record.seed},
    )
    return record


@dataclass(frozen=True)
class DrawnCard:
    position: int
    name: str
    card: str  # as shown, ``♥10``
    first_dealer: bool

    @property
    def letter(self) -> str:
        """The seat's letter on the sheet (seat 1 is A)."""
        return "ABCD"[self.position - 1]


@dataclass(frozen=True)
class SeatDrawView:
    """The current draw as the table page and the protocol show it."""

    record: SeatDraw
    cards: tuple[DrawnCard, ...]  # seat order

    @property
    def drawn_by_site(self) -> bool:
        return self.record.source == SeatDraw.Source.DRAWN


def current_draw(table: Table, names: Mapping[int, str]) -> SeatDrawView | None:
    """The table's latest draw (None: none recorded), with ``names`` by registration id."""
    record = table.seat_draws.order_by("-version").select_related("author").first()
    if record is None:
        return None
    shown = []
    for position, entry in enumerate(record.cards, start=1):
        registration = int(entry["registration"])
        shown.append(
            DrawnCard(
                position,
                names.get(registration, str(registration)),
                pure.card(entry["card"]).text,
                position == 1,
            )
        )
    return SeatDrawView(record, tuple(shown))


def drawable(table: Table, played: bool) -> bool:
    """Whether the table's seats may still be drawn (the service decides again): an open
    table of a round neither finished nor a duplicate session's, with no deal (``played``:
    the table has deals, struck ones too)."""
    return (
        not played
        and table.status == Table.Status.OPEN
        and table.round.status != Round.Status.FINISHED
        and table.round.method != Round.Method.DUPLICATE
    )


def may_draw(table: Table, user: Any, played: bool) -> bool:
    """``drawable``, for a user with the right to enter the table's deals."""
    return drawable(table, played) and may_enter_deals(user, table)


def panel(table: Table, names: Mapping[int, str], may_enter: bool, played: bool) -> dict[str, Any]:
    """The table page's view of the draw (one query): the current draw and whether the
    viewer (``may_enter``: he may enter the table's deals) may record one now."""
    return {"draw": current_draw(table, names), "may_draw": may_enter and drawable(table, played)}
