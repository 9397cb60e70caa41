"""Recomputing a rating list: every rating of many tournaments replayed and rewritten.

    python bench/ratings.py [--tournaments 50] [--players 200] [--rounds 9] [--pool 1000]

A throw-away SQLite database gets ``--tournaments`` published, finished tournaments of
``--players`` players (drawn from a registry of ``--pool`` players, so ratings carry from one
tournament to the next) and ``--rounds`` rounds at tables of 4, every table locked with a
random zero-sum settlement kept on it (as the deal services keep it). Then each method's list
counting every tournament is recomputed from scratch (``recompute_list``: read the tables,
replay, delete and write the whole history) and timed.

    python bench/ratings.py --database URL --list fspr [--profile] [--runs 2]

recomputes only, from scratch, the list ``--list`` of an archive built before (e.g. by
``bench/federation.py --database URL``: 1,000 tournaments, ~35,000 rated tables), ``--runs``
times, and with ``--profile`` prints the first run's cProfile (by cumulative time). Then it
times a tournament corrected in the middle of the list and a new one at its end (the
update replays from it on, ``services.compute.update_list``).

Target on the project's 2-core machine, 50 × 200 × 9: under 10 s per list; the federation's
list of 1,000 tournaments under 60 s. The time printed
is wall-clock time; the CPU time of this process is printed beside it, since a machine
shared with other work stretches the first and not the second.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--pool", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="an archive built before: recompute its --list")
    parser.add_argument("--list", default="fspr", help="the rating list's slug (--database)")
    parser.add_argument("--runs", type=int, default=2, help="recomputes timed (--database)")
    parser.add_argument("--profile", action="store_true", help="cProfile the first recompute")
    args = parser.parse_args()
    if args.database:
        os.environ["DATABASE_URL"] = args.database
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ.setdefault("DEBUG", "0")
        recompute_only(args)
        return
    with tempfile.TemporaryDirectory(prefix="bench-ratings-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ.setdefault("DEBUG", "0")
        run(args)


def build(args: argparse.Namespace) -> list[int]:
    from referee.standings.models import StandingsSettings
    from referee.tables.models import Seat, Table
    from referee.tournaments.models import Player, Registration, Round, Tournament

    rng = random.Random(args.seed)
    pool = Player.objects.bulk_create(
        Player(name=f"Игрок {i}", city="Москва", rating=rng.randint(1000, 1400))
        for i in range(args.pool)
    )
    ids = []
    for t in range(args.tournaments):
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * t)
        tournament = Tournament.objects.create(
            name=f"Кубок {t}",
            slug=f"cup-{t}",
            starts_on=day,
            ends_on=day,
            status=Tournament.Status.FINISHED,
            published=True,
        )
        ids.append(tournament.pk)
        StandingsSettings.objects.create(tournament=tournament, published_through=args.rounds)
        entries = Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p) for p in rng.sample(pool, args.players)
        )
        rounds = Round.objects.bulk_create(
            Round(tournament=tournament, number=n, status=Round.Status.FINISHED)
            for n in range(1, args.rounds + 1)
        )
        tables, seated = [], []
        for round_ in rounds:
            order = entries[:]
            rng.shuffle(order)
            for number, start in enumerate(range(0, len(order), 4), start=1):
                group = order[start : start + 4]
                whists = [rng.randint(-60, 60) for _ in group[1:]]
                whists.insert(0, -sum(whists))
                tables.append(
                    Table(
                        round=round_,
                        number=number,
                        status=Table.Status.LOCKED,
                        result={
                            "deals": 20,
                            "whists": {"ABCD"[i]: str(w) for i, w in enumerate(whists)},
                            "adjustments": {},
                            "error": "",
                        },
                    )
                )
                seated.append(group)
        Table.objects.bulk_create(tables)
        Seat.objects.bulk_create(
            Seat(table=table, registration=e, position=i + 1, first_dealer=i == 0)
            for table, group in zip(tables, seated, strict=True)
            for i, e in enumerate(group)
        )
    return ids


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from referee.ratings.models import RatingList
    from referee.ratings.services.compute import recompute_list

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    ids = build(args)
    built = time.perf_counter() - start
    print(
        f"{args.tournaments} tournaments × {args.players} players × {args.rounds} rounds "
        f"(tables of 4, registry of {args.pool}) built in {built:.1f} s"
    )
    for method in ("openskill", "bula_elo"):
        rating_list = RatingList.objects.create(name=method, slug=method, method=method)
        rating_list.tournaments.add(*ids)
        recompute_list(rating_list)  # warm-up: the first run also fills the table
        start, cpu = time.perf_counter(), time.process_time()
        done = recompute_list(rating_list)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        verdict = "ok" if took < TARGET else "SLOW"
        print(
            f"{method:>9}: {done.games:,} tables, {done.changes:,} rating changes, "
            f"{done.players:,} players recomputed in {took:.2f} s ({cpu:.2f} s of CPU) "
            f"({done.changes / took:,.0f} changes/s; target {TARGET:.0f} s: {verdict})"
        )


def _timed(label: str, work: Callable[[], Any], profile: bool = False) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    if profile:
        # this folder's profile.py (the profile page's bench) would shadow the stdlib's
        sys.path[:] = [p for p in sys.path if Path(p).resolve() != Path(__file__).parent]
        sys.modules.pop("profile", None)
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        done = profiler.runcall(work)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    else:
        done = work()
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"{label}: {done.tournaments:,} tournaments replayed, {done.games:,} tables, "
        f"{done.changes:,} rating changes in {took:.2f} s ({cpu:.2f} s of CPU)",
        flush=True,
    )
    return took


def recompute_only(args: argparse.Namespace) -> None:
    """The list of an archive built before, recomputed from scratch, then updated after a
    correction in its middle and after a tournament at its end."""
    import django

    django.setup()
    from django.core.management import call_command

    from referee.ratings.models import RatingList
    from referee.ratings.services.compute import recompute_list, update_list

    call_command("migrate", verbosity=0)
    rating_list = RatingList.objects.get(slug=args.list)
    print(f"{os.getloadavg()[0]:.1f} load; list {rating_list.slug} ({rating_list.method})")
    times = [
        _timed(
            f"from scratch #{n + 1}", lambda: recompute_list(rating_list), args.profile and not n
        )
        for n in range(args.runs)
    ]
    order = list(rating_list.tournaments.order_by("starts_on", "pk").values_list("pk", flat=True))
    _timed("a correction in the middle", lambda: update_list(rating_list, {order[len(order) // 2]}))
    _timed("the last tournament", lambda: update_list(rating_list, {order[-1]}))
    verdict = "ok" if min(times) < 60 else "SLOW"
    print(f"from scratch: best {min(times):.1f} s (target 60 s: {verdict})")


if __name__ == "__main__":
    main()
