"""A table's part in its players' statistics, kept when the table locks (issue 33 point 2).

``played_table`` scores one table the way the sheet scores it and gives it as
``pure.player_stats`` reads it: the one rule of both the live computation (a profile over
tables not kept yet, ``ratings.services.profile.load``) and the kept rows (``keep``).
``keep`` writes, for the tables given, a ``PlayerTableStats`` row per seated player when the
table is locked, and removes them when it is not (reopened: its numbers are live again).
``signals`` calls it in the transaction of each change of a locked table (sign-off,
confirmation, a ruling, a correction, a deletion, a restoration, a substitution, reopening);
a change of the whole tournament (its convention, a merge of players, a seating) forgets
the tournament's rows at once and keeps them again in a background job (``KEEP_JOB``).
Nothing is recomputed beyond the tables concerned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction

import scoring
from referee.jobs import queue
from referee.jobs.queue import handler
from referee.tables.dealdata import letters, to_deal
from referee.tables.models import Deal, Table
from referee.tables.sheet import seated_by_table
from referee.tournaments.models import Tournament

from ..models import PlayerTableStats
from ..pure.player_stats import PlayedTable, ScoredDeal, pair_settlement, table_stats
from ..pure.stats_codec import amount_text, encode

KEEP_JOB = "standings.keep_table_stats"
CHUNK = 400  # tables kept per batch of queries


def played_table(
    tournament: Tournament,
    rules: scoring.Convention,
    round_number: int,
    number: int,
    seated: Sequence[int],
    data: Sequence[dict[str, Any]],
) -> PlayedTable | None:
    """One table as ``player_stats`` reads it (``seated``: registry ids in seat order);
    None when it has no deals, is not of 3 or 4, or the engine refuses its sheet (the
    standings do not count it either)."""
    if not data or len(seated) not in (3, 4) or len(set(seated)) != len(seated):
        return None
    seats = letters(len(seated))
    try:
        deals = [to_deal(d) for d in data]
        sheet = scoring.score_pulka(rules, seats, deals, tournament.pool_size)
    except scoring.ScoringError:
        return None
    return PlayedTable(
        tournament=tournament.pk,
        round=round_number,
        players=tuple(seated),
        seats=seats,
        deals=tuple(ScoredDeal.of(d, r) for d, r in zip(deals, sheet.deals, strict=True)),
        result={p: sheet.result.get(s, 0) for p, s in zip(seated, seats, strict=True)},
        factor=rules.pool_to_mountain_factor,
        table=number,
    )


def rows_of(
    table_id: int, seated: Sequence[int], played: PlayedTable | None
) -> list[PlayerTableStats]:
    """The kept rows of one table: one per seated player (``stats`` None: not counted)."""
    out = []
    for player in dict.fromkeys(seated):
        if played is None:
            out.append(PlayerTableStats(table_id=table_id, player_id=player, stats=None))
            continue
        others = {
            str(other): [
                amount_text(played.result.get(other, 0)),
                amount_text(pair_settlement(played, player, other)),
            ]
            for other in played.players
            if other != player
        }
        stats = encode(table_stats(player, played))
        out.append(
            PlayerTableStats(table_id=table_id, player_id=player, stats=stats, others=others)
        )
    return out


def tables_data(
    ids: Iterable[int],
) -> tuple[dict[int, list[int]], dict[int, list[dict[str, Any]]]]:
    """The seated registry ids (in seat order) and the current deals' data of the tables
    ``ids`` (two queries)."""
    ids = list(ids)
    seats = seated_by_table("registration__player_id", table_id__in=ids)
    deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table_id, data in (
        Deal.objects.filter(table_id__in=ids, deleted=False)
        .order_by("table_id", "number")
        .values_list("table_id", "data")
    ):
        deals[table_id].append(data)
    return seats, deals


def keep(table_ids: Iterable[int]) -> int:
    """Keep (or, for a table not locked, remove) the rows of the tables ``table_ids``;
    how many rows were written."""
    ids = sorted(set(table_ids))
    written = 0
    for start in range(0, len(ids), CHUNK):
        written += _keep_chunk(ids[start : start + CHUNK])
    return written


def _keep_chunk(ids: list[int]) -> int:
    tables = list(
        Table.objects.filter(pk__in=ids)
        .select_related("round__tournament")
        .only("pk", "number", "status", "round__number", "round__tournament")
    )
    locked = [t for t in tables if t.status == Table.Status.LOCKED]
    seats, deals = tables_data(t.pk for t in locked) if locked else ({}, {})
    rules: dict[int, scoring.Convention] = {}
    rows: list[PlayerTableStats] = []
    for table in locked:
        tournament = table.round.tournament
        if tournament.pk not in rules:
            rules[tournament.pk] = tournament.rules()
        seated = seats.get(table.pk, [])
        played = played_table(
            tournament,
            rules[tournament.pk],
            table.round.number,
            table.number,
            seated,
            deals.get(table.pk, []),
        )
        rows.extend(rows_of(table.pk, seated, played))
    with transaction.atomic():
        PlayerTableStats.objects.filter(table_id__in=ids).delete()
        PlayerTableStats.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def keep_tournament(tournament_id: int) -> int:
    """Keep the rows of every table of a tournament (a tournament finished, restored, or
    changed as a whole)."""
    ids = Table.objects.filter(round__tournament_id=tournament_id).values_list("pk", flat=True)
    return keep(list(ids))


def forget_tournament(tournament_id: int) -> None:
    """The tournament changed as a whole: its rows go now (the profile computes its tables
    live meanwhile) and come back in a background job after the commit."""
    PlayerTableStats.objects.filter(table__round__tournament_id=tournament_id).delete()
    transaction.on_commit(lambda: _submit(tournament_id))


def _submit(tournament_id: int) -> None:
    from django.utils import timezone

    asked = timezone.now().isoformat()
    queue.submit(
        KEEP_JOB,
        f"{KEEP_JOB}:{tournament_id}:{asked}",
        {"tournament": tournament_id},
        group=f"standings.table_stats:{tournament_id}",
    )


@handler(KEEP_JOB)
def _keep_job(args: dict[str, Any]) -> int:
    return keep_tournament(int(args["tournament"]))
