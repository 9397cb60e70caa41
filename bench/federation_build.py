"""The federation archive generator of ``bench/federation.py`` (issue 33 point 1).

``grow(state, upto)`` adds tournaments to the archive until it holds ``upto``: seasons (a
year each, ``PER_SEASON`` tournaments), cities, every convention preset in turn, rounds of
mixed tables of 3 and 4 (30–72 players, 5–8 rounds, 16–28 deals a table by default: about
2,100 deals a tournament), a registry that grows with the archive (8 new players a
tournament) from which each field is drawn, six veterans who play a third of all
tournaments, one *hero* (and his rival) who played the first twenty and then stopped (his
profile must read the same whatever the archive).

Every sixth tournament is played in two stages, the way the site models them
(``federation_stages``): a qualification of all players, then a final of the top N of its
standings as the site ranks them. Every twentieth is a duplicate event
(``federation_stages.duplicate``): a session of boards dealt from a seed, the movement's
stanzas as its rounds, every board played at every table the movement gives it to.

Everything is written a batch of tournaments at a time, never through the demo loader's
services: the small tables by ``bulk_create``, the big ones (tables, seats, deals, their
versions, the kept statistics) by ``federation_write`` (COPY on PostgreSQL), their sheets
drawn from the pool of scored templates of ``federation_pool``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from federation_plan import Planned, State, seat_round

CITIES = ("Москва", "Санкт-Петербург", "Сочи", "Ростов-на-Дону", "Казань", "Тула", "Пермь")
BATCH = 25  # tournaments per write
NEW_PLAYERS = 8  # the registry's growth per tournament
ACTIVE = 1500  # a field is drawn from the latest players of the registry (careers end)
STAGED, DUPLICATE = 6, 20  # every sixth tournament has stages, every twentieth is duplicate
FIRST_NAMES = ("Семён", "Пётр", "Иван", "Фёдор", "Алексей", "Артём", "Олег", "Ёлка")
SURNAMES = ("Иванов", "Петров", "Сидоров", "Ёжиков", "Смирнов", "Кузнецов", "Попов")


def kind_of(n: int) -> str:
    """The kind of the archive's tournament ``n`` (from 0)."""
    if n % DUPLICATE == 7:
        return "duplicate"
    if n % STAGED == 3:
        return "staged"
    return "plain"


def grow(state: State, upto: int) -> None:
    """Add tournaments until the archive holds ``upto``."""
    from django.db import transaction
    from federation_pool import make_pool
    from federation_write import Writer, loosen

    if state.made == 0:
        with _timed(state, "templates"):
            state.templates = make_pool(state.rng, state.deals, state.pool)
        _start(state)
    again = loosen()
    try:
        state.writer = Writer()
        while state.made < upto:
            count = min(BATCH, upto - state.made)
            with transaction.atomic():
                _more_registry(state, NEW_PLAYERS * count + (40 if state.made == 0 else 0))
                _batch(state, count)
            state.made += count
    finally:
        with _timed(state, "indexes, keys, vacuum"):
            again()


class _timed:
    """Adds the seconds of a ``with`` block to ``state.timings[part]`` (the build's profile)."""

    def __init__(self, state: State, part: str) -> None:
        self.state, self.part = state, part

    def __enter__(self) -> None:
        import time

        self.began = time.perf_counter()

    def __exit__(self, *_exc: object) -> None:
        import time

        spent = time.perf_counter() - self.began
        self.state.timings[self.part] = self.state.timings.get(self.part, 0.0) + spent


def _start(state: State) -> None:
    from referee.tournaments.models import Player

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
    """The players of tournament ``t``: the hero and his rival in the first ``career``, each
    veteran in a third, the rest from the latest ``ACTIVE`` of the registry."""
    rng = state.rng
    size = rng.randint(*state.players)
    chosen = [v for v in state.veterans if rng.random() < 1 / 3]
    if t < state.career:
        chosen += [state.hero, state.rival]
    active = state.registry[-ACTIVE:]
    others = rng.sample(active, min(len(active), size))
    chosen += [p for p in others if p not in chosen]
    return chosen[: max(size, 9)]


@dataclass
class Entered:
    """A batch's tournaments and who entered them."""

    tournaments: list[Any]
    kinds: dict[int, str]  # tournament id -> kind_of
    entries: dict[int, list[int]]  # tournament id -> registration ids
    player_of: dict[int, int]  # registration id -> player id
    sizes: dict[int, int]  # a duplicate event's table size


def _entered(state: State, count: int) -> Entered:
    """The batch's ``count`` tournaments (finished, published, each convention in turn) and
    their registrations, written."""
    import federation_stages as stages

    import scoring
    from referee.tournaments.models import Registration, Tournament

    presets = sorted(scoring.PRESETS)
    numbers = range(state.made, state.made + count)
    tournaments = Tournament.objects.bulk_create(
        Tournament(
            name=f"Турнир {n + 1}",
            slug=f"t{n + 1}",
            starts_on=_day(state, n),
            ends_on=_day(state, n),
            venue=CITIES[n % len(CITIES)],
            convention=presets[n % len(presets)],
            status=Tournament.Status.FINISHED,
            published=True,
        )
        for n in numbers
    )
    kinds = {t.pk: kind_of(n) for n, t in zip(numbers, tournaments, strict=True)}
    fields = {t.pk: _field(state, n) for n, t in zip(numbers, tournaments, strict=True)}
    sizes = {}
    for t in tournaments:
        if kinds[t.pk] == "duplicate":
            fields[t.pk], sizes[t.pk] = stages.duplicate_field(state, fields[t.pk])
    made = Registration.objects.bulk_create(
        Registration(tournament=t, player_id=p) for t in tournaments for p in fields[t.pk]
    )
    entries: dict[int, list[int]] = {t.pk: [] for t in tournaments}
    for e in made:
        entries[e.tournament_id].append(e.pk)
    return Entered(tournaments, kinds, entries, {e.pk: e.player_id for e in made}, sizes)


def _batch(state: State, count: int) -> None:
    import federation_stages as stages

    from referee.standings.models import StandingsSettings

    batch = _entered(state, count)
    rounds = {t.pk: state.rng.randint(*state.rounds) for t in batch.tournaments}
    StandingsSettings.objects.bulk_create(
        StandingsSettings(tournament=t, published_through=rounds[t.pk]) for t in batch.tournaments
    )
    plan: list[Planned] = []
    finals = []
    player_of = batch.player_of
    with _timed(state, "planning"):
        for t in batch.tournaments:
            kind, entered = batch.kinds[t.pk], batch.entries[t.pk]
            if kind == "plain":
                for r in stages.make_rounds(t, range(1, rounds[t.pk] + 1)):
                    plan += seat_round(state, t, r, entered, player_of)
            elif kind == "staged":
                made, final = stages.qualification(state, t, rounds[t.pk], entered, player_of)
                plan += made
                finals.append(final)
            else:
                size = batch.sizes[t.pk]
                plan += stages.duplicate(state, t, entered, player_of, size, rounds[t.pk])
    write_tables(state, plan)
    with _timed(state, "stage cuts"):
        plan = stages.finals(state, finals, player_of)
    write_tables(state, plan)


def _day(state: State, n: int) -> datetime.date:
    return datetime.date(2015, 1, 10) + datetime.timedelta(
        days=365 * (n // state.season) + n % state.season * 300 // state.season
    )


def write_tables(state: State, plan: list[Planned]) -> None:
    """The tables of ``plan``, locked, with their seats, deals (one version each) and kept
    statistics (``federation_pool.rows``)."""
    from federation_pool import rows

    if not plan:
        return
    writer = state.writer
    at = writer.when(datetime.datetime(2015, 1, 10, 12, tzinfo=datetime.UTC))
    with _timed(state, "writing tables and seats"):
        first = writer.reserve("tables_table", len(plan))
        ids = range(first, first + len(plan))
        writer.write(
            "tables_table",
            ("id", "round_id", "number", "status", "notes", "result", "locked_at"),
            (
                (i, p.round, p.number, "locked", "[]", p.result, at)
                for i, p in zip(ids, plan, strict=True)
            ),
        )
        writer.write(
            "tables_seat",
            ("table_id", "registration_id", "position", "first_dealer"),
            (
                (i, entry, k, writer.true if k == p.first_dealer else writer.false)
                for i, p in zip(ids, plan, strict=True)
                for k, entry in enumerate(p.entries, start=1)
            ),
        )
    total = sum(len(p.deals) for p in plan)
    with _timed(state, "writing deals and their versions"):
        start = writer.reserve("tables_deal", total)
        deals = [
            (i, k, data)
            for i, p in zip(ids, plan, strict=True)
            for k, data in enumerate(p.deals, 1)
        ]
        writer.deals([(start + j, *deal) for j, deal in enumerate(deals)], at)
    with _timed(state, "writing kept statistics"):
        writer.write(
            "standings_playertablestats",
            ("table_id", "player_id", "stats", "others"),
            (
                (i, player, writer.null if stats is None else stats, others)
                for i, p in zip(ids, plan, strict=True)
                for player, stats, others in rows(
                    p.seats, p.people, (p.tournament, p.round_number, p.number)
                )
            ),
        )
    state.deal_count += total
    state.table_count += len(plan)
