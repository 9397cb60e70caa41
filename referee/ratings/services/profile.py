"""A registry player's profile across tournaments (issue 22 point 1): his tournaments with
place and points, the statistics of the deals he played (``standings.pure.player_stats``),
head to head against one opponent, and the series the charts draw.

Only what the public sees, whoever asks: a tournament that is published, and in it the
rounds up to the standings' ``published_through`` (``core.permissions.public_through``),
not a draft one. Nothing of an unpublished tournament or of a round not yet published is
read into the numbers.

Queries, a fixed number whatever the number of tournaments and deals: the player; his
registrations with their tournaments and published rounds; his tables; their seats with
everybody's names; their deals; the latest action of each of his tournaments (the key of
the cached places). The place and points in each tournament are the standings services'
(``ranked_standings``, by stages ``final_places``), kept in the cache per tournament until
its next logged change (an hour at most, for edits made outside the services): the
tournaments not in the cache are read together (``standings.services.batch``, nine queries
however many), so a first read costs a fixed number of queries too.

Each table's deals are scored by the engine here (``scoring.score_pulka``), the way the
sheet scores them; the result per player is the sheet's settlement (the referee's
adjustments outside the sheet are not in it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db.models import F
from django.http import Http404

from referee.core import rounds as kinds
from referee.standings.models import PlayerTableStats
from referee.standings.pure.player_stats import HeadToHead, PlayedTable, Stats
from referee.standings.pure.stats_codec import amount_of, decode
from referee.standings.services import table_stats
from referee.tables.models import Seat, Table
from referee.tournaments.models import ActionLog, Player, Registration, Round, Tournament
from scoring.numbers import exact

from . import finals
from .finals import NOBODY, Standing
from .history import UNREAD

STRAINS = ("S", "C", "D", "H", "NT")
LEVELS = (6, 7, 8, 9, 10)
CACHE_SECONDS = 3600  # the key changes with every logged change; this bounds an admin edit


@dataclass(frozen=True)
class TournamentLine:
    tournament: Tournament
    registration: int
    through: int  # the last public round
    standing: Standing
    stats: Stats


@dataclass(frozen=True)
class SharedTable:
    tournament: Tournament
    round: int
    table: int
    mine: Fraction
    theirs: Fraction
    between: Fraction


Line = tuple[Tournament, int, int]  # tournament, registration, public through


@dataclass(frozen=True)
class Loaded:
    player: Player
    lines: list[tuple[Tournament, int, int]]  # tournament, registration, public through
    tables: list[PlayedTable]
    names: dict[int, str]  # registry id -> name, of everybody at his tables


@dataclass(frozen=True)
class Profile:
    player: Player
    tournaments: list[TournamentLine]
    overall: Stats
    opponents: list[tuple[int, str, int]]  # id, name, tables shared; by name
    round_points: list[tuple[str, Fraction]]  # "tournament, round" -> points, in order


@dataclass(frozen=True)
class VersusPage:
    player: Player
    other: Player
    result: HeadToHead
    tables: list[SharedTable]


def _entries(player_id: int | Player) -> tuple[Player, list[Line], list[Kept]]:
    """The player (given, or read by id), his registrations in published tournaments, and
    every table of his the public sees, in order (two queries and the player's)."""
    player, lines = _registrations(player_id)
    return player, lines, _tables(lines)


def _registrations(player_id: int | Player) -> tuple[Player, list[Line]]:
    """The player (given, or read by id) and his registrations in published tournaments,
    in order (one query and the player's)."""
    player = (
        player_id if isinstance(player_id, Player) else Player.objects.filter(pk=player_id).first()
    )
    if player is None:
        raise Http404
    entries = list(
        Registration.objects.filter(player=player, tournament__published=True)
        .select_related("tournament")
        .defer(*UNREAD)
        .annotate(through=F("tournament__standings_settings__published_through"))
        .order_by("tournament__starts_on", "tournament_id")
    )
    return player, [(e.tournament, e.pk, e.through or 0) for e in entries]


def _tables(lines: list[Line]) -> list[Kept]:
    """Every table of his the public sees, in order (two queries)."""
    through = {t.pk: n for t, _r, n in lines}
    kept = [
        Kept(*k)
        for k in kinds.counting(
            # his tables by their ids (the seats' index, then the tables' primary key): a
            # veteran's thousands of tables are not found by scanning them all (issue 33)
            Table.objects.filter(
                pk__in=list(
                    Seat.objects.filter(registration__in=[r for _t, r, _n in lines]).values_list(
                        "table_id", flat=True
                    )
                )
            ),
            kinds.STANDINGS,
            "round__",
        )
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("pk", "round__tournament_id", "round__number", "number")
        if k[2] <= through.get(k[1], 0)
    ]
    order = {t.pk: i for i, (t, _r, _n) in enumerate(lines)}
    kept.sort(key=lambda k: (order[k.tournament], k.round, k.number))
    return kept


@dataclass(frozen=True)
class Kept:
    table: int
    tournament: int
    round: int
    number: int


def load(player_id: int | Player) -> Loaded:
    """The live computation: the player and every table of his the public sees, scored
    here (``standings.services.table_stats.played_table``; four queries and the player's)."""
    player, lines, kept = _entries(player_id)
    tournaments = {t.pk: t for t, _r, _n in lines}
    ids = [k.table for k in kept]
    seats, deals = table_stats.tables_data(ids)
    names = dict(
        Player.objects.filter(pk__in={p for s in seats.values() for p in s}).values_list(
            "pk", "name"
        )
    )
    rules = {pk: t.rules() for pk, t in tournaments.items()}
    played = []
    for k in kept:
        table = table_stats.played_table(
            tournaments[k.tournament],
            rules[k.tournament],
            k.round,
            k.number,
            seats[k.table],
            deals[k.table],
        )
        if table is not None:
            played.append(table)
    return Loaded(player, lines, played, names)


@dataclass(frozen=True)
class Part:
    """What one table adds to his statistics (``stats`` None: it does not count) and, for
    each other player at it (his id as text), his result and their pair settlement, as
    kept (``standings.PlayerTableStats.others``; read by ``versus`` only)."""

    kept: Kept
    stats: Stats | None
    others: dict[str, list[str]]


def parts(
    player_id: int | Player, versus: int | None = None
) -> tuple[Player, list[Line], list[Part]]:
    """His public tables' parts, read from the kept rows (``standings.PlayerTableStats``);
    a table not kept yet (not locked, or kept again in the background) is scored here by
    the same rule (``table_stats.rows_of``). ``versus``: only the tables shared with him.
    Three queries, two more when some table is not kept."""
    player, lines, kept = _entries(player_id)
    return player, lines, _parts(player, lines, kept, versus)


def _parts(player: Player, lines: list[Line], kept: list[Kept], versus: int | None) -> list[Part]:
    if versus is not None:
        shared = set(
            Seat.objects.filter(
                table_id__in=[k.table for k in kept], registration__player_id=versus
            ).values_list("table_id", flat=True)
        )
        kept = [k for k in kept if k.table in shared]
    rows = PlayerTableStats.objects.filter(player=player, table_id__in=[k.table for k in kept])
    found = {
        t: (stats, others) for t, stats, others in rows.values_list("table_id", "stats", "others")
    }
    missing = [k for k in kept if k.table not in found]
    if missing:
        found.update(_live_rows(player.pk, lines, missing))
    out = []
    for k in kept:
        if k.table not in found:
            continue
        stats, others = found[k.table]
        out.append(
            Part(
                k,
                None if stats is None else decode(stats),
                others,
            )
        )
    return out


def _live_rows(player: int, lines: list[Line], missing: list[Kept]) -> dict[int, Any]:
    tournaments = {t.pk: t for t, _r, _n in lines}
    seats, deals = table_stats.tables_data(k.table for k in missing)
    rules = {
        pk: t.rules() for pk, t in tournaments.items() if pk in {k.tournament for k in missing}
    }
    out = {}
    for k in missing:
        tournament = tournaments[k.tournament]
        played = table_stats.played_table(
            tournament, rules[k.tournament], k.round, k.number, seats[k.table], deals[k.table]
        )
        for row in table_stats.rows_of(k.table, seats[k.table], played):
            if row.player_id == player:
                out[k.table] = (row.stats, row.others)
    return out


def profile(player_id: int | Player) -> Profile:
    """His profile. The sums of his tables and his places are cached under one key of his
    registrations and their tournaments' latest logged changes (every change of a sheet, a
    seating, a seat, a convention or the standings is logged): a warm read reads neither
    his tables nor a kept row, whatever his career (issue 33: a veteran's 1,600 tables)."""
    player, mine = _registrations(player_id)
    latest = _latest([t for t, _r, _n in mine])
    key = f"profile-stats:{player.pk}:{_version(mine, latest)}"
    public = [line for line in mine if line[2]]  # no round public yet: not read
    sums = cache.get(key)
    if sums is None:  # his tables are read only then: seating them is logged too
        sums = _worked_out(player, mine, public, latest)
        cache.set(key, sums, CACHE_SECONDS)
    by_tournament, overall, met, standings_of = sums
    names = dict(Player.objects.filter(pk__in=met).values_list("pk", "name"))
    lines = [
        TournamentLine(t, r, through, standings_of[t.pk], by_tournament.get(t.pk, Stats()))
        for t, r, through in public
    ]
    lines = [
        line for line in lines if line.stats.tables or line.standing.place or line.standing.guest
    ]
    return _profile(player, lines, overall, met, names)


def _worked_out(
    player: Player, mine: list[Line], public: list[Line], latest: dict[int, int]
) -> tuple[dict[int, Stats], Stats, dict[int, int], dict[int, Standing]]:
    """His sums and standings: a finished tournament's as kept with its final standings
    (``finals``, ``tournament_sums``: one query for all), the others' from his tables."""
    rows = finals.current(public, latest)
    summed = {t: row for t, row in rows.items() if row.stats is not None}
    rest = [line for line in mine if line[0].pk not in summed]
    live, _overall, met = _sums(_parts(player, rest, _tables(rest), None))
    by_tournament: dict[int, Stats] = {}
    for tournament, _r, _n in mine:  # in his tournaments' order: a record is the first found
        row = summed.get(tournament.pk)
        if row is None:
            if tournament.pk in live:
                by_tournament[tournament.pk] = live[tournament.pk]
        elif row.stats:
            by_tournament[tournament.pk] = decode(row.stats)
            for other, tables in (row.met or {}).items():
                met[int(other)] = met.get(int(other), 0) + tables
    overall = Stats()
    for stats in by_tournament.values():
        overall.add(stats)
    standings = {t: finals.standing_of(row) for t, row in rows.items()}
    return by_tournament, overall, met, _standings(public, latest, standings)


def _version(lines: list[Line], latest: dict[int, int] | None = None) -> str:
    """The key of what is cached of his tables: his registrations, their public rounds and
    their tournaments' latest logged changes (one query when ``latest`` is not given)."""
    if latest is None:
        latest = _latest([t for t, _r, _n in lines])
    version = repr([(t.pk, r, latest.get(t.pk, 0), n) for t, r, n in lines])
    return hashlib.sha1(version.encode()).hexdigest()


def _sums(found: list[Part]) -> tuple[dict[int, Stats], Stats, dict[int, int]]:
    by_tournament: dict[int, Stats] = {}
    met: dict[int, int] = {}
    for part in found:  # ``player_stats``'s sum, over the kept parts, in the same order
        if part.stats is None:
            continue
        by_tournament.setdefault(part.kept.tournament, Stats()).add(part.stats)
        for other in part.others:
            met[int(other)] = met.get(int(other), 0) + 1
    overall = Stats()
    for stats in by_tournament.values():  # a record: the first of the largest, as table by table
        overall.add(stats)
    return by_tournament, overall, met


def _profile(
    player: Player,
    lines: list[TournamentLine],
    overall: Stats,
    met: dict[int, int],
    names: dict[int, str],
) -> Profile:
    opponents = sorted(
        ((pk, names.get(pk, "?"), n) for pk, n in met.items()), key=lambda o: (o[1], o[0])
    )
    series = [
        (f"{line.tournament.name}, {number}", points)
        for line in lines
        for number, points in enumerate(line.standing.round_points, start=1)
        if points is not None
    ]
    return Profile(player, lines, overall, opponents, series)


def versus(player: Player, other_id: int) -> VersusPage:
    """Head to head at the tables both sat at (those the public sees); ``player`` as the
    page's surface found him."""
    other = Player.objects.filter(pk=other_id).first()
    if player is None or other is None or other.pk == player.pk:
        raise Http404
    _player, lines = _registrations(player)
    key = f"profile-versus:{player.pk}:{other.pk}:{_version(lines)}"
    found = cache.get(key)
    if found is None:  # the shared tables are his tables: the same key as his profile's
        found = _parts(player, lines, _tables(lines), other.pk)
        cache.set(key, found, CACHE_SECONDS)
    tournaments = {t.pk: t for t, _r, _n in lines}
    rows = []
    h2h = HeadToHead(player.pk, other.pk, 0, 0, 0, 0, 0)
    for part in found:
        if part.stats is None:
            continue
        mine = Fraction(part.stats.result)
        theirs, between = (amount_of(v) for v in part.others[str(other.pk)])
        rows.append(
            SharedTable(
                tournaments[part.kept.tournament],
                part.kept.round,
                part.kept.number,
                mine,
                Fraction(theirs),
                Fraction(between),
            )
        )
        h2h = HeadToHead(  # ``head_to_head``'s sum, over the kept parts
            player.pk,
            other.pk,
            h2h.tables + 1,
            exact(h2h.between + between),
            h2h.ahead + (mine > theirs),
            h2h.behind + (mine < theirs),
            h2h.level + (mine == theirs),
        )
    return VersusPage(player, other, h2h, rows)


# -- place and points: kept when the tournament finished, else the standings services' ------


def _latest(tournaments: list[Tournament]) -> dict[int, int]:
    """Each tournament's latest logged change (the cache keys' part)."""
    return ActionLog.objects.versions(t.pk for t in tournaments)


def _standings(
    lines: Iterable[tuple[Tournament, int, int]],
    latest: dict[int, int],
    kept: dict[int, Standing] | None = None,
) -> dict[int, Standing]:
    """His line in each tournament: as kept when it finished (``finals``: one query for any
    number, none when given as ``kept``), else the standings services' own, cached per
    tournament until its next logged change; the tournaments in neither are ranked together
    (a fixed number of queries)."""
    lines = list(lines)
    out = dict(kept) if kept is not None else finals.kept(lines, latest)
    keys = {
        f"profile-standing:{t.pk}:{latest.get(t.pk, 0)}:{through}:{registration}": (
            t,
            registration,
        )
        for t, registration, through in lines
        if t.pk not in out
    }
    found: dict[str, Standing] = cache.get_many(list(keys)) if keys else {}
    missing = {t.pk: t for key, (t, _r) in keys.items() if key not in found}
    computed = finals.standings_of(list(missing.values())) if missing else {}
    fresh = {}
    for key, (tournament, registration) in keys.items():
        if key not in found:
            lines_of = computed.get(tournament.pk, {})
            found[key] = fresh[key] = lines_of.get(registration, NOBODY)
        out[tournament.pk] = found[key]
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS)
    return out
