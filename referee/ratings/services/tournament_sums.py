"""What a player's tables in a finished tournament add to his statistics, kept with his
final standing (``standings.FinalStanding.stats`` and ``.met``; issue 33): a veteran's
first read adds up his 330 kept tournaments, not his 2,300 tables.

One rule with the profile's live reading (``profile._tables``, ``_parts``, ``_sums``): the
tables the public sees (rounds up to the last public one, of the kinds that count for the
standings, no draft), each player's kept table row (``standings.PlayerTableStats``), or the
row the table would keep, scored here where it has none yet, added up table by table in the
order of the rounds and the tables (a record is the first of the largest)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from referee.core import rounds as kinds
from referee.standings.models import PlayerTableStats
from referee.standings.pure.player_stats import Stats
from referee.standings.pure.stats_codec import decode, encode
from referee.standings.services import table_stats
from referee.tables.models import Seat, Table
from referee.tournaments.models import Round, Tournament

#: registration id -> (his tables' statistics added up, as ``stats_codec`` writes them;
#: {opponent id (text): tables shared}); ``{}`` and ``{}`` where no table of his counts
Sums = dict[int, tuple[dict[str, Any], dict[str, int]]]


def sums_of(tournaments: Sequence[Tournament], through: dict[int, int]) -> Sums:
    """Every registration's sums in ``tournaments`` as the public sees them (``through``:
    each tournament's last public round); a fixed number of queries for any number."""
    order = {t.pk: i for i, t in enumerate(tournaments)}
    tables = sorted(
        (
            (order[t], r, n, pk, t)
            for pk, t, r, n in kinds.counting(
                Table.objects.filter(round__tournament__in=list(order)), kinds.STANDINGS, "round__"
            )
            .exclude(round__status=Round.Status.DRAFT)
            .values_list("pk", "round__tournament_id", "round__number", "number")
            if r <= through.get(t, 0)
        )
    )
    ids = [pk for *_o, pk, _t in tables]
    seated: dict[int, list[tuple[int, int]]] = defaultdict(list)  # table -> (registration, player)
    for table, registration, player in Seat.objects.filter(table_id__in=ids).values_list(
        "table_id", "registration_id", "registration__player_id"
    ):
        seated[table].append((registration, player))
    rows = {
        (table, player): (stats, others)
        for table, player, stats, others in PlayerTableStats.objects.filter(
            table_id__in=ids
        ).values_list("table_id", "player_id", "stats", "others")
    }
    missing = [t for t in tables if any((t[3], p) not in rows for _r, p in seated[t[3]])]
    rows.update(_scored(tournaments, missing))
    totals: dict[int, Stats] = {}
    met: dict[int, dict[str, int]] = defaultdict(dict)
    for *_order, table, _tournament in tables:
        for registration, player in seated[table]:
            stats, others = rows.get((table, player), (None, {}))
            if stats is None:
                continue
            totals.setdefault(registration, Stats()).add(decode(stats))
            mine = met[registration]
            for other in others:
                mine[other] = mine.get(other, 0) + 1
    registrations = {r for t in seated.values() for r, _p in t}
    return {r: (encode(totals[r]) if r in totals else {}, met.get(r, {})) for r in registrations}


def _scored(
    tournaments: Sequence[Tournament], missing: list[tuple[int, int, int, int, int]]
) -> dict[tuple[int, int], tuple[Any, Any]]:
    """The rows the tables ``missing`` would keep (not locked yet, or kept again in the
    background), scored by the same rule (``table_stats.rows_of``)."""
    if not missing:
        return {}
    by_pk = {t.pk: t for t in tournaments}
    seats, deals = table_stats.tables_data(t[3] for t in missing)
    rules = {pk: by_pk[pk].rules() for pk in {t[4] for t in missing}}
    out = {}
    for _o, round_number, number, table, tournament in missing:
        played = table_stats.played_table(
            by_pk[tournament], rules[tournament], round_number, number, seats[table], deals[table]
        )
        for row in table_stats.rows_of(table, seats[table], played):
            out[(table, row.player_id)] = (row.stats, row.others)
    return out
