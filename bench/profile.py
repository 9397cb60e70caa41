"""A registry player's profile page over a long career: its render time and query count.

    python bench/profile.py [--tournaments 50] [--rounds 5] [--deals 20] [--runs 7]

A throw-away SQLite database gets ``--tournaments`` generated, finished and published
tournaments (``demo.loader.generate_tournament``: 9 players at tables of 3, random legal
deals, every table locked), one player sitting in every one of them: with the defaults
50 × 5 rounds × 20 deals = 5,000 deals of his. A rating list counts them all (the rating
chart). Each tournament's tables are kept (``standings.services.table_stats``) as their
locking keeps them. Then his page ``/players/<id>/`` is read through the test client: the first read
(each tournament's standings computed for the cache of places), and ``--runs`` reads after
it, of which the median is printed, with the query count of each.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--database", help="an SQLite file kept between runs: built once, then only read"
    )
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    os.environ.setdefault("DEBUG", "0")
    if args.database:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(args.database).resolve()}"
        run(args)
        return
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        run(args)


def build(args: argparse.Namespace) -> int:
    from referee.demo.loader import generate_tournament
    from referee.ratings.models import RatingList
    from referee.ratings.services.compute import recompute_list
    from referee.standings.models import StandingsSettings
    from referee.standings.services import table_stats
    from referee.tournaments.models import Player, Registration, Tournament

    hero = Player.objects.create(name="Иванов Семён", city="Москва")
    made = []
    for t in range(args.tournaments):
        tournament = generate_tournament(
            9, args.rounds, seed=t + 1, slug=f"cup-{t}", deals_per_table=args.deals
        )
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * t)
        Tournament.objects.filter(pk=tournament.pk).update(
            name=f"Кубок {t + 1}", starts_on=day, ends_on=day, status=Tournament.Status.FINISHED
        )
        first = Registration.objects.filter(tournament=tournament).order_by("pk").first()
        assert first is not None
        Registration.objects.filter(pk=first.pk).update(player=hero)
        table_stats.keep_tournament(tournament.pk)  # as the merge of a player keeps them again
        StandingsSettings.objects.create(tournament=tournament, published_through=args.rounds)
        made.append(tournament.pk)
    ratings = RatingList.objects.create(name="Рейтинг", slug="fspr", method="openskill")
    ratings.tournaments.add(*made)
    recompute_list(ratings)
    return hero.pk


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from referee.ratings.services import profile
    from referee.tournaments.models import Player

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    existing = Player.objects.filter(name="Иванов Семён").values_list("pk", flat=True).first()
    hero = existing or build(args)
    print(f"built {args.tournaments} tournaments in {time.perf_counter() - start:.1f} s")
    found = profile.profile(hero)
    print(
        f"his tables {found.overall.tables}, deals he held cards in {found.overall.deals}, "
        f"tournaments {len(found.tournaments)}"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="ru", HTTP_HOST="localhost")
    url = reverse("registry-player", args=[hero])

    def read() -> tuple[float, int]:
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - began
        assert response.status_code == 200, response.status_code
        return took, len(queries)

    cache.clear()
    cold, cold_queries = read()
    print(f"first read (standings into the cache): {cold * 1000:.0f} ms, {cold_queries} queries")
    runs = [read() for _ in range(args.runs)]
    times = [t for t, _q in runs]
    counts = sorted({q for _t, q in runs})
    print(
        f"page /players/{hero}/: median {statistics.median(times) * 1000:.0f} ms over "
        f"{args.runs} reads (min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}), "
        f"queries {counts}"
    )
    began = time.perf_counter()
    profile.parts(hero)
    kept = time.perf_counter() - began
    print(f"of which reading his tables' kept statistics: {kept * 1000:.0f} ms")
    began = time.perf_counter()
    profile.load(hero)
    loaded = time.perf_counter() - began
    print(f"(scoring his tables live instead, as before issue 33: {loaded * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
