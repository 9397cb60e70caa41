"""The standings after a round: ranked rows with their tie-breaks, cached per logged change."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.cache import cache

from referee.core.permissions import is_official
from referee.standings.refusals import REFUSALS
from referee.tournaments.models import ActionLog, Registration, Tournament
from referee.tournaments.search import folded

from ..pure import ranking
from .loading import Loaded, ScoredTable, load
from .outside import Outside, outside
from .settings import NotVisible, Rules


@dataclass(frozen=True)
class StandingsRow:
    """One player's line. Numbers are exact; ``round_*`` have one entry per round up to the
    report's round (None where he did not play or the table does not count yet).

    ``flags``: ``provisional`` (a table of his not yet locked or a round not finished),
    ``yellow_card`` (below the elimination threshold), ``removed``, ``withdrawn``,
    ``eliminated``, ``disqualified``, ``guest`` (his results do not count: no place, ``rank``
    0 and no label, TOURNAMENTS §6.4). ``byes``: the rounds he sat out (their declared value
    is in ``round_points``); ``discipline``: the kinds of his register entries in force
    (warning, yellow, deduction, disqualification), ``deducted`` their points.
    """

    rank: int
    rank_label: str
    tied: bool
    registration: int
    player: str
    city: str
    points: Fraction
    whists: Fraction
    firsts: int
    rounds_played: int
    opponents_points: Fraction
    lot: int | None
    round_points: tuple[Fraction | None, ...]
    round_whists: tuple[Fraction | None, ...]
    round_tables: tuple[int | None, ...]
    yellow_cards: tuple[int, ...]
    removed_in: int | None
    decided_by: str | None
    provisional: bool
    flags: tuple[str, ...]
    byes: tuple[int, ...] = ()
    discipline: tuple[str, ...] = ()
    deducted: Fraction = Fraction(0)
    team: str = ""
    guest: bool = False


@dataclass(frozen=True)
class Standings:
    """The standings after ``after`` (None: no round to show yet)."""

    tournament: Tournament
    after: int | None
    rounds: tuple[int, ...]  # every round the viewer may open
    provisional: bool
    provisional_rounds: frozenset[int]
    official: bool
    rules: Rules
    rows: tuple[StandingsRow, ...]
    bye_points: Mapping[int, Fraction | None] = dataclasses.field(default_factory=dict)
    # registration -> his discipline register entries (cancelled ones included, marked)
    discipline: Mapping[int, tuple[Any, ...]] = dataclasses.field(default_factory=dict)


def standings_after(
    tournament: Tournament, round_number: int | None = None, *, viewer: Any
) -> Standings:
    """The standings after ``round_number`` (default: the last round the viewer sees).

    Kept in the cache until the tournament's next logged change: every service that can
    change a result writes the action log, so its latest entry identifies the state (one
    query); a short timeout covers edits made outside the services (the admin)."""
    official = is_official(viewer, tournament)
    if not (official or tournament.published):
        raise REFUSALS.error("not_published", cls=NotVisible)
    key = _cache_key(tournament, official, round_number)
    found = cache.get(key)
    if found is None:
        found = ranked_standings(load(tournament, viewer), tournament, round_number)
        cache.set(key, found, CACHE_SECONDS)
    return found


CACHE_SECONDS = 60


def _cache_key(tournament: Tournament, official: bool, round_number: int | None) -> str:
    latest = ActionLog.objects.versions([tournament.pk])[tournament.pk]
    viewer = "official" if official else "public"
    return f"standings:{tournament.pk}:{latest}:{tournament.published}:{viewer}:{round_number}"


def ranked_standings(data: Loaded, tournament: Tournament, round_number: int | None) -> Standings:
    visible = tuple(r.number for r in data.rounds)
    if round_number is not None and round_number not in visible:
        raise REFUSALS.error("round_not_public", cls=NotVisible)
    after = round_number if round_number is not None else (visible[-1] if visible else None)
    numbers = range(1, (after or 0) + 1)
    by_round = [[t for t in data.tables.get(n, []) if t.result is not None] for n in numbers]
    found = outside(tournament, data.rounds, data.tables, data.entries, after, data.pre)
    ranked = ranking.standings(
        [[t.result for t in tables if t.result is not None] for tables in by_round],
        data.rules.tie_breaks,
        data.rules.lots,
        extra=found.extra,
        removed=found.removed,
        guests=guests_of(data.entries),
    )
    seated: dict[int, dict[int, ScoredTable]] = defaultdict(dict)
    for tables in by_round:
        for table in tables:
            for registration in table.registrations:
                seated[registration][table.round] = table
    provisional_rounds = frozenset(
        t.round for n in numbers for t in data.tables.get(n, []) if t.provisional
    )
    rows = [_standings_row(row, data, found, seated, numbers) for row in ranked]
    # players sharing a place are listed by name, not by their internal ids
    # (the guests, rank 0, stay after everyone who takes a place, in the chain's order)
    rows.sort(
        key=lambda r: (
            (True, 0, "", 0) if r.guest else (False, r.rank, folded(r.player), r.registration)
        )
    )
    return Standings(
        tournament=tournament,
        after=after,
        rounds=visible,
        provisional=bool(provisional_rounds),
        provisional_rounds=provisional_rounds,
        official=data.official,
        rules=data.rules,
        rows=tuple(rows),
        bye_points=found.bye_points,
        discipline={k: tuple(v) for k, v in found.discipline.items()},
    )


def _standings_row(
    row: ranking.StandingRow,
    data: Loaded,
    found: Outside,
    seated: Mapping[int, Mapping[int, ScoredTable]],
    numbers: range,
) -> StandingsRow:
    """One player's line: his ranking row with his name, his tables round by round, his
    flags and what lies outside the tables (byes, discipline, deductions)."""
    registration = int(row.player)
    entry = data.entries.get(registration)
    mine = seated[registration]
    provisional = any(t.provisional for t in mine.values())
    status = entry.status if entry is not None else ""
    in_force = [e.kind for e in found.discipline.get(registration, []) if e.cancelled_by_id is None]
    disqualified = status == Registration.Status.DISQUALIFIED or "disqualification" in in_force
    flags = [
        name
        for name, on in (
            ("provisional", provisional),
            ("yellow_card", bool(row.yellow_cards)),
            ("removed", row.removed_in is not None and not disqualified),
            ("withdrawn", status == Registration.Status.WITHDRAWN),
            ("eliminated", status == Registration.Status.ELIMINATED),
            ("disqualified", disqualified),
            ("guest", row.guest),
        )
        if on
    ]
    return StandingsRow(
        rank=row.rank,
        rank_label=row.rank_label,
        tied=row.tied,
        registration=registration,
        player=entry.player.name if entry else str(registration),
        city=entry.player.city if entry else "",
        points=row.points,
        whists=row.whists,
        firsts=row.firsts,
        rounds_played=row.rounds_played,
        opponents_points=row.opponents_points,
        lot=data.rules.lots.get(str(registration)),
        round_points=row.round_points,
        round_whists=tuple(
            mine[n].whists[mine[n].registrations.index(registration)] if n in mine else None
            for n in numbers
        ),
        round_tables=tuple(mine[n].number if n in mine else None for n in numbers),
        yellow_cards=row.yellow_cards,
        removed_in=row.removed_in,
        decided_by=row.decided_by,
        provisional=provisional,
        flags=tuple(flags),
        byes=tuple(found.byes.get(registration, ())),
        discipline=tuple(in_force),
        deducted=found.deducted.get(registration, Fraction(0)),
        team=entry.team.name if entry is not None and entry.team is not None else "",
        guest=row.guest,
    )


def guests_of(entries: Mapping[int, Registration]) -> frozenset[str]:
    """The guests among ``entries``, as the pure ranking names players."""
    return frozenset(str(pk) for pk, entry in entries.items() if entry.guest)


def standings_rows(standings: Standings) -> list[dict[str, Any]]:
    """The standings as plain rows (one dict per player, exact numbers): the one row source
    for the page and the exports."""
    names = [f.name for f in dataclasses.fields(StandingsRow)]
    return [{name: getattr(row, name) for name in names} for row in standings.rows]
