"""The chief's live round dashboard: every table's status, deals so far, time since its
last entry, who signed, the players' open disputes (each leads to its decision); the round
clock counting down where rounds are timed. The page refreshes its table part every 15
seconds (``?part=tables``); the clock ticks in the page. A fixed number of queries whatever
the number of tables."""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from referee.tables.lap import round_started
from referee.tables.models import Agreement, DealVersion, Table
from referee.tables.sheet import seated_by_table
from referee.tournaments.models import Round, Tournament
from referee.tournaments.steps import round_to_seat
from referee.tournaments.surfaces import manage_page, with_round

REFRESH_SECONDS = 15


@dataclass
class TableLine:
    table: Table
    players: list[str]
    deals: int
    last_entry: datetime.datetime | None
    idle_minutes: int | None
    disputes: int  # open: awaiting the chief referee's decision
    resolved: int


def started_at(round_: Round) -> datetime.datetime | None:
    """When the round was started (its log entry)."""
    return round_started(round_)


def round_disputes(round_: Round) -> list[Agreement]:
    """The disputes of the round's latest sign-offs, table by table (one query)."""
    return list(
        Agreement.objects.filter(table__round=round_, agreed=False, superseded=False)
        .exclude(dispute="")
        .select_related("table", "seat__registration__player", "recorded_by", "resolved_by")
        .order_by("table__number", "at", "seat__position")
    )


def table_lines(
    round_: Round, now: datetime.datetime, disputes: list[Agreement]
) -> list[TableLine]:
    tables = list(
        Table.objects.filter(round=round_)
        .select_related("submitted_by", "confirmed_by")
        .annotate(deal_count=Count("deals", filter=Q(deals__deleted=False)))
        .order_by("number")
    )
    last = dict(
        DealVersion.objects.filter(deal__table__round=round_)
        .values("deal__table")
        .annotate(last=Max("at"))
        .values_list("deal__table", "last")
    )
    open_ = Counter(d.table_id for d in disputes if d.open)
    resolved = Counter(d.table_id for d in disputes if d.resolution)
    names = seated_by_table("registration__player__name", table__round=round_)
    lines = []
    for table in tables:
        when = last.get(table.pk)
        idle = None if when is None else int((now - when).total_seconds() // 60)
        lines.append(
            TableLine(
                table=table,
                players=names.get(table.pk, []),
                deals=table.deal_count,
                last_entry=when,
                idle_minutes=idle,
                disputes=open_[table.pk],
                resolved=resolved[table.pk],
            )
        )
    return lines


@manage_page
@with_round
def round_dashboard(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    round_ = round
    now = timezone.now()
    disputes = round_disputes(round_)
    lines = table_lines(round_, now, disputes)
    start = started_at(round_) if round_.status != Round.Status.DRAFT else None
    ends = None
    if start is not None and tournament.time_limit_minutes:
        ends = start + datetime.timedelta(minutes=tournament.time_limit_minutes)
    counts: dict[str, Any] = {status: 0 for status in Table.Status.values}
    for line in lines:
        counts[line.table.status] += 1
    context = {
        "tournament": tournament,
        "round": round_,
        "lines": lines,
        "open_disputes": [d for d in disputes if d.open],
        "counts": counts,
        "started": start,
        "ends": ends,
        "now": now,
        "refresh": REFRESH_SECONDS,
        "chief": True,
    }
    if round_.status == Round.Status.FINISHED and round_to_seat(tournament) == round_.number + 1:
        context["seat_next"] = round_.number + 1
    template = "seating/_dashboard_tables.html"
    if request.GET.get("part") != "tables":
        template = "seating/dashboard.html"
    return render(request, template, context)
