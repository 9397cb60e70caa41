"""The unfinished-pulka policy "finish the lap" (TOURNAMENTS §7, the 1971 classical rules
[S47]): once the table reaches the deal cap or the round's time limit, it plays on until the
dealer's turn comes back to the first dealer, so that every player has dealt equally; then
the pulka is settled as it stands (the standings count every deal on the sheet).

A lap is one dealer's turn per seat. Every preset passes the deal clockwise, so a turn is a
deal; with ``deal_rotation = dealer_repeats_on_raspasy`` a dealer who deals again after a
raspasy is still in his turn. The deal cap counts deals; the time limit runs from the round's
start (its log entry), and which lap it ends is the format setting ``lap_at_time_limit``: the
lap of the deals recorded by then, or that of the deal under way (one more deal counted as
begun, since the sheet knows when a deal was recorded, not when it began).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from referee.core import rounds as kinds
from referee.tables.refusals import REFUSALS
from referee.tournaments.models import ActionLog, LapAtTimeLimit, Round, Unfinished

from .models import Deal, DealVersion, Table


@dataclass(frozen=True)
class Lap:
    """The lap a table finishes after its limit: ``turns`` is the last dealer's turn it
    plays (a multiple of the seats), ``remaining`` the deals still to play (by turns)."""

    limit: str  # "deals" or "time"
    turns: int
    remaining: int


def turns_of(deals: Sequence[Mapping[str, Any]], repeats: bool) -> list[int]:
    """Each deal's dealer turn, from 1: a new turn with each deal, unless (``repeats``) the
    deal after a raspasy is dealt by the same dealer again."""
    numbers: list[int] = []
    turn = 0
    for i, deal in enumerate(deals):
        before = deals[i - 1] if i else None
        again = (
            repeats
            and before is not None
            and before.get("type") == "raspasy"
            and deal.get("dealer") is not None
            and deal.get("dealer") == before.get("dealer")
        )
        if not again:
            turn += 1
        numbers.append(turn)
    return numbers


def lap_end(turn: int, seats: int) -> int:
    """The last turn of the lap that contains ``turn`` (0: none begun, none to play)."""
    return -(-turn // seats) * seats


def round_started(round_: Round) -> datetime.datetime | None:
    """When the round was started (its log entry)."""
    return (
        ActionLog.objects.filter(
            tournament_id=round_.tournament_id,
            action="round.started",
            subject_type="tournaments.round",
            subject_id=round_.pk,
        )
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )


def lap_of(table: Table, deals: Sequence[Deal], now: datetime.datetime | None = None) -> Lap | None:
    """The lap the table finishes, once the policy is "finish the lap" and a limit is
    reached; ``None`` otherwise. ``deals``: the sheet's current deals, in order."""
    tournament = table.round.tournament
    if tournament.unfinished_pulka != Unfinished.FINISH_LAP:
        return None
    if not kinds.counts_for(table.round, kinds.DEAL_CAP):
        return None  # a duplicate table plays its set of boards: the set is its length
    seats = table.seats.count()
    if not seats:
        return None
    turns = turns_of([d.data for d in deals], _repeats(table))
    ends: list[tuple[int, str]] = []
    cap = tournament.deal_cap
    if cap is not None and len(deals) >= cap:
        ends.append((lap_end(turns[cap - 1] if cap else 0, seats), "deals"))
    started = round_started(table.round) if tournament.time_limit_minutes else None
    if started is not None and tournament.time_limit_minutes:
        limit = started + datetime.timedelta(minutes=tournament.time_limit_minutes)
        if (now or timezone.now()) >= limit:
            recorded = set(
                DealVersion.objects.filter(deal__in=deals, version=1, at__lt=limit).values_list(
                    "deal_id", flat=True
                )
            )
            by_then = max(
                (t for d, t in zip(deals, turns, strict=True) if d.pk in recorded), default=0
            )
            if tournament.lap_at_time_limit == LapAtTimeLimit.UNDER_WAY:
                by_then += 1
            ends.append((lap_end(by_then, seats), "time"))
    if not ends:
        return None
    end, limit_kind = min(ends)
    played = turns[-1] if turns else 0
    return Lap(limit_kind, end, max(end - played, 0))


def table_lap(table: Table) -> Lap | None:
    """``lap_of`` the table's sheet as it stands now (no query without "finish the lap")."""
    if table.round.tournament.unfinished_pulka != Unfinished.FINISH_LAP:
        return None
    if not kinds.counts_for(table.round, kinds.DEAL_CAP):
        return None
    return lap_of(table, list(table.deals.filter(deleted=False).order_by("number")))


def check_lap(table: Table, deals: Sequence[Deal], data: Mapping[str, Any]) -> None:
    """Refuse a deal beyond the lap the table finishes (nothing is saved)."""
    lap = lap_of(table, deals)
    if lap is None:
        return
    turn = turns_of([*(d.data for d in deals), data], _repeats(table))[-1]
    if turn > lap.turns:
        if lap.limit == "deals":
            raise REFUSALS.error("lap.cap_reached", cap=table.round.tournament.deal_cap)
        raise REFUSALS.error("lap.time_up")


def _repeats(table: Table) -> bool:
    rules = table.round.tournament.rules()
    return getattr(rules, "deal_rotation", "") == "dealer_repeats_on_raspasy"
