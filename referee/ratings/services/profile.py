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

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db.models import F
from django.http import Http404

import scoring
from referee.core import rounds as kinds
from referee.standings import services as standings
from referee.standings.pure.player_stats import (
    HeadToHead,
    PlayedTable,
    ScoredDeal,
    Stats,
    head_to_head,
    pair_settlement,
    player_stats,
)
from referee.standings.services import batch
from referee.tables.dealdata import letters, to_deal
from referee.tables.models import Deal, Seat, Table
from referee.tournaments.models import ActionLog, Player, Registration, Round, Tournament

from ..pure.bars import bar_chart
from .places import final_places

STRAINS = ("S", "C", "D", "H", "NT")
LEVELS = (6, 7, 8, 9, 10)
CACHE_SECONDS = 3600  # the key changes with every logged change; this bounds an admin edit


@dataclass(frozen=True)
class Standing:
    """His line in one tournament's standings (as the public sees them)."""

    place: str  # "1", "2–3"; "" when the standings do not place him
    best: int | None
    points: Fraction | None
    whists: Fraction | None
    round_points: tuple[Fraction | None, ...]
    guest: bool = False  # played as a guest: no place (TOURNAMENTS §6.4)


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


def load(player_id: int | Player) -> Loaded:
    """The player (given, or read by id) and every table of his the public sees, scored
    (four queries and the player's)."""
    player = (
        player_id if isinstance(player_id, Player) else Player.objects.filter(pk=player_id).first()
    )
    if player is None:
        raise Http404
    entries = list(
        Registration.objects.filter(player=player, tournament__published=True)
        .select_related("tournament")
        .annotate(through=F("tournament__standings_settings__published_through"))
        .order_by("tournament__starts_on", "tournament_id")
    )
    through = {e.tournament_id: e.through or 0 for e in entries}
    tournaments = {e.tournament_id: e.tournament for e in entries}
    kept = [
        (pk, t, r, n)
        for pk, t, r, n in kinds.counting(
            Table.objects.filter(seats__registration__in=[e.pk for e in entries]),
            kinds.STANDINGS,
            "round__",
        )
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("pk", "round__tournament_id", "round__number", "number")
        if r <= through.get(t, 0)
    ]
    order = {t: i for i, t in enumerate(tournaments)}
    kept.sort(key=lambda k: (order[k[1]], k[2], k[3]))
    ids = [k[0] for k in kept]
    seats: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for table_id, person, name in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "position")
        .values_list("table_id", "registration__player_id", "registration__player__name")
    ):
        seats[table_id].append((person, name))
    deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table_id, data in (
        Deal.objects.filter(table_id__in=ids, deleted=False)
        .order_by("table_id", "number")
        .values_list("table_id", "data")
    ):
        deals[table_id].append(data)
    rules = {pk: t.rules() for pk, t in tournaments.items()}
    names: dict[int, str] = {}
    played = []
    for pk, tournament_id, round_number, number in kept:
        seated = seats[pk]
        names.update(seated)
        table = _scored(
            tournaments[tournament_id],
            rules[tournament_id],
            round_number,
            number,
            seated,
            deals[pk],
        )
        if table is not None:
            played.append(table)
    lines = [(e.tournament, e.pk, through[e.tournament_id]) for e in entries]
    return Loaded(player, lines, played, names)


def _scored(
    tournament: Tournament,
    rules: scoring.Convention,
    round_number: int,
    number: int,
    seated: Sequence[tuple[int, str]],
    data: Sequence[dict[str, Any]],
) -> PlayedTable | None:
    """One table as ``player_stats`` reads it; None when it has no deals, is not of 3 or 4,
    or the engine refuses its sheet (the standings do not count it either)."""
    if not data or len(seated) not in (3, 4) or len({p for p, _ in seated}) != len(seated):
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
        players=tuple(p for p, _ in seated),
        seats=seats,
        deals=tuple(ScoredDeal.of(d, r) for d, r in zip(deals, sheet.deals, strict=True)),
        result={p: sheet.result.get(s, 0) for (p, _), s in zip(seated, seats, strict=True)},
        factor=rules.pool_to_mountain_factor,
        table=number,
    )


def profile(player_id: int | Player) -> Profile:
    data = load(player_id)
    stats = player_stats(data.player.pk, data.tables)
    public = [line for line in data.lines if line[2]]  # no round public yet: not read
    standings_of = _standings(public)
    lines = [
        TournamentLine(t, r, through, standings_of[t.pk], stats.by_tournament.get(t.pk, Stats()))
        for t, r, through in public
    ]
    lines = [
        line for line in lines if line.stats.tables or line.standing.place or line.standing.guest
    ]
    opponents = sorted(
        ((pk, data.names.get(pk, "?"), n) for pk, n in stats.opponents.items()),
        key=lambda o: (o[1], o[0]),
    )
    series = [
        (f"{line.tournament.name}, {number}", points)
        for line in lines
        for number, points in enumerate(line.standing.round_points, start=1)
        if points is not None
    ]
    return Profile(data.player, lines, stats.overall, opponents, series)


def versus(player_id: int, other_id: int) -> VersusPage:
    """Head to head at the tables both sat at (those the public sees)."""
    data = load(player_id)
    other = Player.objects.filter(pk=other_id).first()
    if other is None or other.pk == data.player.pk:
        raise Http404
    shared = [t for t in data.tables if other.pk in t.players]
    tournaments = {t.pk: t for t, _r, _n in data.lines}
    rows = [
        SharedTable(
            tournaments[t.tournament],
            t.round,
            t.table,
            Fraction(t.result.get(data.player.pk, 0)),
            Fraction(t.result.get(other.pk, 0)),
            Fraction(pair_settlement(t, data.player.pk, other.pk)),
        )
        for t in shared
    ]
    return VersusPage(data.player, other, head_to_head(data.player.pk, other.pk, shared), rows)


# -- place and points: the standings services, cached per tournament --------------------------


def _standings(lines: Iterable[tuple[Tournament, int, int]]) -> dict[int, Standing]:
    lines = list(lines)
    latest = ActionLog.objects.versions(t.pk for t, _r, _n in lines)
    keys = {
        f"profile-standing:{t.pk}:{latest.get(t.pk, 0)}:{through}:{registration}": (
            t,
            registration,
        )
        for t, registration, through in lines
    }
    found: dict[str, Standing] = cache.get_many(list(keys))
    missing = {t.pk: t for key, (t, _r) in keys.items() if key not in found}
    # the tournaments not in the cache, all at once: a fixed number of queries however many
    loaded = batch.loaded(list(missing.values()), PUBLIC) if missing else {}
    elsewhere = kinds.final_places_of(list(missing.values()), PUBLIC) if missing else {}
    out: dict[int, Standing] = {}
    fresh = {}
    for key, (tournament, registration) in keys.items():
        if key not in found:
            found[key] = fresh[key] = _standing(tournament, registration, loaded, elsewhere)
        out[tournament.pk] = found[key]
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS)
    return out


NOBODY = Standing("", None, None, None, ())
PUBLIC = AnonymousUser()


def _standing(
    tournament: Tournament,
    registration: int,
    loaded: dict[int, standings.Loaded],
    elsewhere: dict[int, kinds.Places],
) -> Standing:
    """His place and points as the public sees the standings (the services' own rules)."""
    data = loaded.get(tournament.pk)
    if data is None:  # not visible to the public
        return NOBODY
    table = standings.ranked_standings(data, tournament, None)
    places = final_places(tournament, PUBLIC, data=data, table=table, elsewhere=elsewhere)
    row = next((r for r in table.rows if r.registration == registration), None)
    best, worst = places.get(registration, (None, None))
    place = "" if best is None else (str(best) if best == worst else f"{best}–{worst}")
    if row is None:
        return Standing(place, best, None, None, ())
    return Standing(place, best, row.points, row.whists, row.round_points, row.guest)


# -- the charts' series -------------------------------------------------------------------------


def contracts_by_level(stats: Stats) -> list[tuple[int, int, dict[str, int]]]:
    """Per level 6..10: his games declared, and by strain."""
    out = []
    for level in LEVELS:
        by_strain = {s: stats.contracts.get((level, s), 0) for s in STRAINS}
        out.append((level, sum(by_strain.values()), by_strain))
    return out


def percent(share: Fraction | None) -> str:
    """``Fraction(3, 4)`` → ``"75 %"``; None → ``"—"``."""
    return "—" if share is None else f"{round(float(share) * 100)} %"


def summary(stats: Stats) -> dict[str, Any]:
    """What the page writes of ``stats`` beside the counts themselves."""
    return {
        "s": stats,
        "made_share": percent(stats.made_share),
        "misere_share": percent(stats.misere_share),
        "whist_share": percent(Fraction(stats.whist_sets, stats.whists) if stats.whists else None),
        "raspasy_average": stats.raspasy_average,
        "levels": contracts_by_level(stats),
        "made_by_level": {
            level: sum(stats.contracts_made.get((level, s), 0) for s in STRAINS) for level in LEVELS
        },
    }


def charts(found: Profile, rating: Any) -> dict[str, Any]:
    """The page's context: the summaries and the bar charts (the rating chart is the
    history's, ``rating``)."""
    levels = contracts_by_level(found.overall)
    made = summary(found.overall)["made_by_level"]
    return {
        "overall": summary(found.overall),
        "lines": [(line, summary(line.stats)) for line in found.tournaments],
        "points_chart": bar_chart(
            [(label.rsplit(", ", 1)[-1], points) for label, points in found.round_points],
            titles=[label for label, _p in found.round_points],
        )
        if found.round_points
        else None,
        "contracts_chart": bar_chart(
            [(str(level), count) for level, count, _s in levels], [made[lv] for lv in LEVELS]
        )
        if found.overall.declared
        else None,
        "rating_chart": rating,
    }
