"""The federation archive generator of ``bench/federation.py`` (issue 33 point 1).

``grow(state, upto)`` adds tournaments to the archive until it holds ``upto``: several
seasons (a year each, ``PER_SEASON`` tournaments), cities, every convention preset, rounds
of mixed tables of 3 and 4, a registry that grows with the archive, veterans who play a
third of all tournaments, one *hero* (and his rival) who played the first twenty and then
stopped (his profile must read the same whatever the archive). Everything is written with
bulk inserts, a batch of tournaments at a time, never through the demo loader's services.

The deals come from a small pool of random legal sheets per (convention, table size),
scored once: each table draws one, and what it adds to each player's statistics is the
template's ``table_stats`` with the table's players and place put in
(``standings.services.table_stats.rows_of`` on placeholder players: the one rule of the
kept rows), so a million deals need no million scorings.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any

CITIES = ("Москва", "Санкт-Петербург", "Сочи", "Ростов-на-Дону", "Казань", "Тула", "Пермь")
PER_SEASON = 50
TEMPLATES = 6  # random sheets per (convention, table size)
BATCH = 25  # tournaments per bulk write
FIRST_NAMES = ("Семён", "Пётр", "Иван", "Фёдор", "Алексей", "Артём", "Олег", "Ёлка")
SURNAMES = ("Иванов", "Петров", "Сидоров", "Ёжиков", "Смирнов", "Кузнецов", "Попов")


@dataclass
class Template:
    data: list[dict[str, Any]]
    result: dict[str, Any]
    rows: list[tuple[dict[str, Any] | None, dict[str, list[str]]]]  # per seat: stats, others


@dataclass
class State:
    rng: random.Random
    deals: tuple[int, int] = (10, 20)
    players: tuple[int, int] = (12, 36)
    rounds: tuple[int, int] = (4, 6)
    made: int = 0
    registry: list[int] = field(default_factory=list)
    veterans: list[int] = field(default_factory=list)
    hero: int = 0
    career: int = 20  # the hero's tournaments: the first ``career``
    season: int = PER_SEASON  # tournaments a season (a cup each)
    rival: int = 0
    templates: dict[tuple[str, int], list[Template]] = field(default_factory=dict)
    deal_count: int = 0


def _templates(state: State) -> None:
    import scoring
    from referee.standings.services.table_stats import played_table, rows_of
    from referee.tables.dealdata import letters
    from referee.tables.results import summary
    from referee.tournaments.models import Tournament
    from scoring.casefile import deal_to_json
    from scoring.samples import random_pulka

    for convention in scoring.PRESETS:
        tournament = Tournament(pk=0, convention=convention)
        rules = tournament.rules()
        for size in (3, 4):
            seats = letters(size)
            out = []
            for _ in range(TEMPLATES):
                length = state.rng.randint(*state.deals)
                dealt = random_pulka(state.rng, rules, seats, length)
                data = [deal_to_json(d) for d in dealt]
                placeholders = list(range(1, size + 1))
                played = played_table(tournament, rules, 0, 0, placeholders, data)
                assert played is not None, "a generated sheet the engine refuses"
                sheet = scoring.score_pulka(rules, seats, dealt, tournament.pool_size)
                rows = [(r.stats, r.others) for r in rows_of(0, placeholders, played)]
                out.append(Template(data, summary(sheet, len(data)), rows))
            state.templates[(convention, size)] = out


def _start(state: State) -> None:
    from referee.tournaments.models import Player

    _templates(state)
    made = Player.objects.bulk_create(
        [Player(name="Героев Семён", city="Москва"), Player(name="Соперников Пётр", city="Тула")]
        + [
            Player(name=f"Ветеранов{'ё' if i % 2 else 'е'}в Фёдор {i}", city=CITIES[i % 7])
            for i in range(6)
        ]
    )
    state.hero, state.rival = made[0].pk, made[1].pk
    state.veterans = [p.pk for p in made[2:]]


def _more_registry(state: State, count: int) -> None:
    from referee.tournaments.models import Player

    rng = state.rng
    start = len(state.registry)
    made = Player.objects.bulk_create(
        Player(
            name=f"{rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)} {start + i}",
            city=rng.choice(CITIES),
        )
        for i in range(count)
    )
    state.registry.extend(p.pk for p in made)


def _field(state: State, t: int) -> list[int]:
    """The players of tournament ``t``: the hero and his rival in the first twenty, each
    veteran in a third, the rest from the registry."""
    rng = state.rng
    size = rng.randint(*state.players)
    chosen = [v for v in state.veterans if rng.random() < 1 / 3]
    if t < state.career:
        chosen += [state.hero, state.rival]
    others = rng.sample(state.registry, min(len(state.registry), size))
    chosen += [p for p in others if p not in chosen]
    return chosen[: max(size, 9)]


def _tables(n: int, rng: random.Random) -> list[int]:
    """Table sizes for ``n`` players: tables of 4 as needed, the rest of 3 (n ≥ 6)."""
    fours = n % 3 + 3 * rng.randint(0, 1)
    if 4 * fours > n:
        fours = n % 3
    return [4] * fours + [3] * ((n - 4 * fours) // 3)


def grow(state: State, upto: int) -> None:
    """Add tournaments until the archive holds ``upto``."""
    if state.made == 0:
        _start(state)
    while state.made < upto:
        count = min(BATCH, upto - state.made)
        _more_registry(state, 3 * count + (40 if state.made == 0 else 0))
        _batch(state, count)
        state.made += count


def _batch(state: State, count: int) -> None:
    import scoring
    from referee.standings.models import PlayerTableStats, StandingsSettings
    from referee.tables.models import Deal, DealVersion, Seat, Table
    from referee.tournaments.models import Registration, Round, Tournament

    rng = state.rng
    presets = sorted(scoring.PRESETS)
    first = state.made
    tournaments: list[Any] = []
    for n in range(first, first + count):
        day = datetime.date(2015, 1, 10) + datetime.timedelta(
            days=365 * (n // state.season) + n % state.season * 300 // state.season
        )
        tournaments.append(
            Tournament(
                name=f"Турнир {n + 1}",
                slug=f"t{n + 1}",
                starts_on=day,
                ends_on=day,
                convention=presets[n % len(presets)],
                status=Tournament.Status.FINISHED,
                published=True,
            )
        )
    tournaments = Tournament.objects.bulk_create(tournaments)
    fields = {
        t.pk: _field(state, n)
        for n, t in zip(range(first, first + count), tournaments, strict=True)
    }
    entries = Registration.objects.bulk_create(
        Registration(tournament=t, player_id=p) for t in tournaments for p in fields[t.pk]
    )
    entry_of = {(e.tournament_id, e.player_id): e.pk for e in entries}
    plan = []  # (tournament, round number, table number, players, template)
    rounds = []
    for t in tournaments:
        for number in range(1, rng.randint(*state.rounds) + 1):
            rounds.append(
                Round(tournament=t, number=number, status=Round.Status.FINISHED, seed=number)
            )
            people = list(fields[t.pk])
            rng.shuffle(people)
            at = 0
            for table_number, size in enumerate(_tables(len(people), rng), start=1):
                template = rng.choice(state.templates[(t.convention, size)])
                plan.append((t, number, table_number, people[at : at + size], template))
                at += size
    rounds = Round.objects.bulk_create(rounds)
    round_of = {(r.tournament_id, r.number): r for r in rounds}
    tables = Table.objects.bulk_create(
        Table(round=round_of[(t.pk, n)], number=k, status="locked", result=tpl.result)
        for t, n, k, _p, tpl in plan
    )
    Seat.objects.bulk_create(
        Seat(table=table, registration_id=entry_of[(t.pk, p)], position=i, first_dealer=i == 1)
        for table, (t, _n, _k, people, _tpl) in zip(tables, plan, strict=True)
        for i, p in enumerate(people, start=1)
    )
    deals = Deal.objects.bulk_create(
        (
            Deal(table=table, number=i, data=data)
            for table, (*_x, tpl) in zip(tables, plan, strict=True)
            for i, data in enumerate(tpl.data, start=1)
        ),
        batch_size=5000,
    )
    state.deal_count += len(deals)
    DealVersion.objects.bulk_create(
        (DealVersion(deal=d, version=1, data=d.data) for d in deals), batch_size=5000
    )
    PlayerTableStats.objects.bulk_create(
        (
            row
            for table, (t, n, k, people, tpl) in zip(tables, plan, strict=True)
            for row in _rows(table.pk, (t.pk, n, k), people, tpl)
        ),
        batch_size=5000,
    )
    StandingsSettings.objects.bulk_create(
        StandingsSettings(
            tournament=t, published_through=len([r for r in rounds if r.tournament_id == t.pk])
        )
        for t in tournaments
    )


def _rows(table: int, where: tuple[int, int, int], people: list[int], tpl: Template) -> list[Any]:
    """The template's kept rows with the table's players and place put in."""
    from referee.standings.models import PlayerTableStats

    out = []
    for player, (stats, others) in zip(people, tpl.rows, strict=True):
        mine = None
        if stats is not None:
            mine = dict(stats)
            for record in ("best_result", "longest_raspasy", "worst_misere"):
                if record in mine:
                    mine[record] = [mine[record][0], *where]
        theirs = {str(people[int(o) - 1]): v for o, v in others.items()}
        out.append(PlayerTableStats(table_id=table, player_id=player, stats=mine, others=theirs))
    return out
