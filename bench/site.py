"""The site under a big tournament: the standings page, the results workbook, the standings PDF.

    python bench/site.py [--players 300] [--rounds 9] [--repeat 5] [--seed 1]

A throw-away SQLite database in a temporary folder gets a finished tournament of ``--players``
players and ``--rounds`` rounds (``referee.demo.generate_tournament``: 20 deals a table, every
table locked, every round published). Each workload runs once to warm up, then ``--repeat``
times; the median and the slowest are printed. Times are server time, measured in this
process: the standings page is a ``django.test.Client`` GET as the public.

Targets on the project's 2-core machine, 300 players × 9 rounds: the standings page under
100 ms, the workbook under 2 s, the standings PDF under 3 s, and rescoring every table
(scoring time only: the deals are read from the database before the clock) under 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {
    "standings page": 0.1,
    "standings page, cold": 0.1,
    "results workbook (xlsx)": 2.0,
    "standings pdf": 3.0,
    "rescore (scoring time)": 0.5,
}


def timed(work: Callable[[], object], repeat: int) -> tuple[list[float], object]:
    result = work()  # warm-up: imports, templates, WeasyPrint's fonts
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return times, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-site-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ.setdefault("DEBUG", "0")
        os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.utils import translation

    tournament = build(args)
    workloads = site_workloads(tournament)
    rescore(tournament, args.repeat)
    with translation.override("ru"):
        for label, work in workloads:
            times, result = timed(work, args.repeat)
            assert isinstance(result, bytes)
            report(label, times, f"{len(result) / 1024:,.0f} KiB")


def build(args: argparse.Namespace) -> Any:
    """The finished tournament in a freshly migrated database; prints its size."""
    from django.core.management import call_command
    from django.db import connection

    from referee.demo.loader import generate_tournament
    from referee.standings.models import StandingsSettings
    from referee.tables.models import Deal, Table

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    tournament = generate_tournament(args.players, args.rounds, seed=args.seed, slug="bench")
    StandingsSettings.objects.create(tournament=tournament, published_through=args.rounds)
    generated = time.perf_counter() - start
    tables = Table.objects.filter(round__tournament=tournament).count()
    deals = Deal.objects.filter(table__round__tournament=tournament).count()
    print(
        f"tournament: {args.players} players, {args.rounds} rounds, {tables} tables, "
        f"{deals:,} deals (generated in {generated:.1f} s; SQLite, {connection.vendor})"
    )
    return tournament


def site_workloads(tournament: Any) -> list[tuple[str, Callable[[], bytes]]]:
    """The timed workloads, by their labels in ``TARGETS``, each as the public sees it."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from referee.exports import reports

    client = Client()
    page = reverse("standings", args=[tournament.slug])
    public = AnonymousUser()

    def standings_page() -> bytes:
        response = client.get(page)
        assert response.status_code == 200, response.status_code
        return response.content

    def standings_page_cold() -> bytes:
        cache.clear()  # as right after a change: the standings are computed again
        return standings_page()

    def workbook() -> bytes:
        return reports.results_workbook(tournament, public)

    def standings_pdf() -> bytes:
        return reports.standings_pdf(tournament, public)

    return [
        ("standings page", standings_page),
        ("standings page, cold", standings_page_cold),
        ("results workbook (xlsx)", workbook),
        ("standings pdf", standings_pdf),
    ]


def report(label: str, times: list[float], size: str) -> None:
    median, worst = statistics.median(times), max(times)
    target = TARGETS[label]
    verdict = "ok" if median < target else "SLOW"
    print(
        f"{label:<25} median {median * 1000:>7,.0f} ms  max {worst * 1000:>7,.0f} ms  "
        f"(target {target * 1000:,.0f} ms: {verdict}; {size})"
    )


def rescore(tournament: Any, repeat: int) -> None:
    """Every table's deals scored again from their stored data (what ``manage.py rescore``
    computes); the deals are read before the clock, the clock is scoring time."""
    from referee.tables.dealdata import score_table
    from referee.tables.models import Table

    rules = tournament.rules()
    sheets = [
        (
            table.seats.count(),
            [d.data for d in table.deals.filter(deleted=False).order_by("number")],
        )
        for table in Table.objects.filter(round__tournament=tournament)
    ]

    def again() -> None:
        for seats, data in sheets:
            score_table(rules, seats, data, tournament.pool_size)

    again()  # warm-up
    cpu, wall = [], []
    for _ in range(repeat):  # scoring time: this process's CPU time (and the wall)
        start, started = time.process_time(), time.perf_counter()
        again()
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - started)
    median = statistics.median(cpu)
    verdict = "ok" if median < TARGETS["rescore (scoring time)"] else "SLOW"
    print(
        f"{'rescore (scoring time)':<25} median {median * 1000:>7,.0f} ms CPU "
        f"({statistics.median(wall) * 1000:,.0f} ms wall)  (target 500 ms: {verdict}; "
        f"{len(sheets)} tables, {sum(len(d) for _, d in sheets):,} deals)"
    )


if __name__ == "__main__":
    main()
