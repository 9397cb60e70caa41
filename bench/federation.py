"""A federation's decade: each public page's read time and queries at two archive sizes.

    python bench/federation.py [--sizes 100,1000] [--database URL] [--runs 9] [--check]

Builds a generated federation archive (``bench/federation_build.py``: seasons, every
convention, tables of 3 and 4, stages and duplicate sessions, a registry with veterans, a
rating list and a cup a season)
in a throw-away SQLite database, or in ``--database`` (a PostgreSQL URL: its tables are
emptied first), grows it to each size of ``--sizes`` and reads each page through the test
client: the first read after the cache is cleared (cold), then ``--runs`` reads (warm) of
which the median and p95 are printed with the query count. Last, for each page, the ratio
of the largest size's warm median to the smallest's, and its queries at both.

``--check`` fails (exit 1) on a page whose queries differ between the sizes or whose warm
median grew more than ``--max-ratio`` (plus ``--slack`` ms, for the noise of a shared
machine). The pages: the tournament list, a tournament's standings and federation sheet,
the profile and head to head of a player whose career ended early (the same whatever the
archive) and of two veterans (theirs grows with the archive: timed, not compared), the
player search of a tournament, the rating list and a cup's page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

if TYPE_CHECKING:
    from federation_build import State

GROWS = ("veteran profile", "veterans head to head")  # their own history grows: not compared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000")
    parser.add_argument("--database", help="a database URL (its data is replaced)")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--deals", default="16,28", help="deals per table, min,max")
    parser.add_argument("--players", default="30,72", help="players per tournament, min,max")
    parser.add_argument("--rounds", default="5,8", help="rounds per tournament, min,max")
    parser.add_argument("--career", type=int, default=20, help="the hero's tournaments")
    parser.add_argument("--season", type=int, default=50, help="tournaments a season (a cup)")
    parser.add_argument("--check", action="store_true")
    parser.add_argument(
        "--explain", action="store_true", help="PostgreSQL: the pages' plans at the last size"
    )
    parser.add_argument(
        "--explain-only", action="store_true", help="only explain the archive --database holds"
    )
    parser.add_argument(
        "--read-only", action="store_true", help="only read the archive --database holds"
    )
    parser.add_argument("--max-ratio", type=float, default=1.3)
    parser.add_argument("--slack", type=float, default=3.0, help="ms allowed beyond the ratio")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ["RATINGS_RECOMPUTE"] = "now"
    if args.database:
        os.environ["DATABASE_URL"] = args.database
        sys.exit(run(args))
    with tempfile.TemporaryDirectory(prefix="bench-federation-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        sys.exit(run(args))


def _pair(text: str) -> tuple[int, int]:
    low, high = (int(v) for v in text.split(","))
    return low, high


def _empty() -> None:
    from django.apps import apps
    from django.db import connection

    with connection.cursor() as cursor:
        names = [m._meta.db_table for m in apps.get_models() if m._meta.managed]
        if connection.vendor == "postgresql":
            cursor.execute("TRUNCATE " + ", ".join(f'"{n}"' for n in names) + " CASCADE")


def run(args: argparse.Namespace) -> int:
    import random

    import django

    django.setup()
    from django.core.management import call_command
    from federation_build import State, grow

    call_command("migrate", verbosity=0)
    if args.explain_only:
        return _explain(_found(State(random.Random(33))))
    if args.read_only:  # the archive --database holds, read again (one size)
        from referee.tournaments.models import Tournament

        print(_kept())
        size = Tournament.objects.count()
        return _report([size], {size: _measure(_found(State(random.Random(33))), args.runs)}, args)
    if args.database:
        _empty()
    state = State(
        random.Random(33),
        deals=_pair(args.deals),
        players=_pair(args.players),
        rounds=_pair(args.rounds),
        career=args.career,
        season=args.season,
    )
    sizes = [int(s) for s in args.sizes.split(",")]
    results: dict[int, dict[str, tuple[float, float, float, int]]] = {}
    for size in sizes:
        began = time.perf_counter()
        grow(state, size)
        built = time.perf_counter() - began
        began = time.perf_counter()
        lists = _lists(state)
        ranked = time.perf_counter() - began
        print(
            f"archive: {size} tournaments, {state.deal_count:,} deals, "
            f"{len(state.registry) + 8:,} players; grown in {built:.1f} s, "
            f"ratings and cups recomputed in {ranked:.1f} s ({lists}); {_kept()}"
        )
        print(
            "  the build's time: " + ", ".join(f"{k} {v:.1f} s" for k, v in state.timings.items())
        )
        _analyze()
        results[size] = _measure(state, args.runs)
    failed = _report(sizes, results, args)
    if args.explain and _explain(state) and args.check:
        failed = 1
    return failed


def _found(state: State) -> State:
    """The players of an archive built before (``--explain-only``), found by their names."""
    from referee.tournaments.models import Player

    state.hero = Player.objects.get(name="Героев Семён").pk
    state.rival = Player.objects.get(name="Соперников Пётр").pk
    state.veterans = list(
        Player.objects.filter(name__startswith="Ветеранов")
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return state


def _analyze() -> None:
    """The planner's statistics of every table, as autovacuum keeps them on a site that has
    grown: the ratings, the kept standings and the cups are written after the build's own
    ``VACUUM ANALYZE``, and a fresh table's guess (a few rows) would choose a sort of the
    whole list where its index gives the page."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _kept() -> str:
    """The finished tournaments' public standings kept, as the site keeps them when each
    finishes (the generator writes past the services: ``manage.py keep_final_standings``)."""
    from referee.ratings.services import finals

    began = time.perf_counter()
    found = finals.missing()
    rows = finals.keep(found)
    took = time.perf_counter() - began
    return f"standings of {len(found)} tournaments kept ({rows:,} rows) in {took:.1f} s"


def _lists(state: State) -> str:
    """The rating list over the whole archive, recomputed from scratch; a cup a season."""
    from referee.ratings.models import RatingList
    from referee.ratings.services.compute import recompute_list
    from referee.series.models import Series, SeriesTournament
    from referee.tournaments.models import Tournament

    ratings, _ = RatingList.objects.get_or_create(
        slug="fspr", defaults={"name": "Рейтинг ФСПР", "method": "openskill"}
    )
    ratings.tournaments.add(*Tournament.objects.values_list("pk", flat=True))
    done = recompute_list(ratings)
    for year in Tournament.objects.dates("starts_on", "year"):
        cup, _ = Series.objects.get_or_create(
            slug=f"cup-{year.year}", defaults={"name": f"Кубок {year.year}", "season": year.year}
        )
        have = set(SeriesTournament.objects.filter(series=cup).values_list("tournament", flat=True))
        SeriesTournament.objects.bulk_create(
            SeriesTournament(series=cup, tournament_id=t)
            for t in Tournament.objects.filter(starts_on__year=year.year).values_list(
                "pk", flat=True
            )
            if t not in have
        )
    return f"{done.games:,} rated tables"


def _pages(state: State) -> dict[str, str]:
    from django.urls import reverse

    from referee.tournaments.models import Tournament

    first = Tournament.objects.order_by("pk").first()
    assert first is not None
    hero, rival = state.hero, state.rival
    a, b = state.veterans[:2]
    return {
        "tournament list": reverse("home"),
        "standings": reverse("standings", args=[first.slug]),
        "federation sheet": reverse("export-federation-xlsx", args=[first.slug]),
        "player search": reverse("player-search", args=[first.slug]) + "?q=семен",
        "registry list": reverse("registry"),  # its first page: a later one may be empty at 10
        "registry search": reverse("registry") + "?q=семен героев",
        "profile": reverse("registry-player", args=[hero]),
        "head to head": reverse("registry-versus", args=[hero, rival]),
        "rating list": reverse("rating-list", args=["fspr"]),
        "rating history": reverse("registry-player", args=[hero]) + "?list=fspr",
        "cup": reverse("series", args=["cup-2015"]),
        "veteran profile": reverse("registry-player", args=[a]),
        "veterans head to head": reverse("registry-versus", args=[a, b]),
    }


def _measure(state: State, runs: int) -> dict[str, tuple[float, float, float, int]]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_ACCEPT_LANGUAGE="ru", HTTP_HOST="localhost")
    out = {}

    def read(url: str) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - began
        assert response.status_code == 200, (url, response.status_code)
        return took * 1000, len(queries)

    for name, url in _pages(state).items():
        cache.clear()
        cold, _q = read(url)
        warm = [read(url) for _ in range(runs)]
        times = sorted(t for t, _q in warm)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        out[name] = (cold, statistics.median(times), p95, max(q for _t, q in warm))
    return out


LARGE = 20_000  # rows: a sequential scan of a table this big is a missing index


def _explain(state: State) -> int:
    """Each page's queries explained (a cold read: every query it may make); a sequential
    scan of a table of more than ``LARGE`` rows is printed with its query and counted."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    if connection.vendor != "postgresql":
        print("explain: PostgreSQL only")
        return 0
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
        cursor.execute(
            "SELECT relname, n_live_tup FROM pg_stat_user_tables WHERE n_live_tup > %s", [LARGE]
        )
        large = dict(cursor.fetchall())
    print("large tables: " + ", ".join(f"{n} ({r:,})" for n, r in sorted(large.items())))
    client = Client(HTTP_ACCEPT_LANGUAGE="ru", HTTP_HOST="localhost")
    scans = 0
    for name, url in _pages(state).items():
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        seen = 0
        for query in queries.captured_queries:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN " + sql)
                plan = "\n".join(row[0] for row in cursor.fetchall())
            bad = [t for t in large if f"Seq Scan on {t} " in plan + " "]
            if bad:
                seen += 1
                print(f"  {name}: sequential scan of {', '.join(bad)}:\n    {sql[:300]}")
                print("    " + plan.replace("\n", "\n    "))
        count = len(queries.captured_queries)
        print(f"explain {name}: {count} queries, {seen} scanning a large table")
        scans += seen
    return 1 if scans else 0


def _report(sizes: list[int], results: dict, args: argparse.Namespace) -> int:
    small, large = sizes[0], sizes[-1]
    print(
        f"{'page':<24}"
        + "".join(f"{f'{s} tournaments: cold / median / p95 ms, queries':>52}" for s in sizes)
        + "   ratio"
    )
    failed = []
    for name in results[small]:
        cells = ""
        for s in sizes:
            cold, median, p95, queries = results[s][name]
            cells += f"{cold:>20.0f} / {median:>6.1f} / {p95:>6.1f}, {queries:>4}"
        ratio = results[large][name][1] / max(results[small][name][1], 0.001)
        print(f"{name:<24}{cells}   {ratio:5.2f}x")
        if name in GROWS:
            continue
        if results[large][name][3] != results[small][name][3]:
            failed.append(f"{name}: queries {results[small][name][3]} → {results[large][name][3]}")
        if results[large][name][1] > args.max_ratio * results[small][name][1] + args.slack:
            failed.append(f"{name}: {ratio:.2f}x slower at {large} than at {small}")
    if failed:
        print("GROWS: " + "; ".join(failed))
    else:
        print("flat: every page within the ratio and with the same queries")
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    main()
