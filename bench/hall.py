"""The hall load benchmark: referees posting deals and spectators polling, against the
production server started here on 127.0.0.1.

    python bench/hall.py [--players 200] [--duration 60] [--referees 50] [--spectators 500]
                         [--deal-interval 20] [--poll-interval 10] [--workers 4] [--threads 4]
                         [--job-workers 1]

It builds a tournament of ``--players`` players (tables of 4 and 3, round 1 seated and in
play, published) in the database of ``DATABASE_URL`` (default: a throw-away SQLite file),
starts gunicorn (``--workers`` x ``--threads``, DEBUG off, the page cache on: Redis at
``REDIS_URL`` if set, else files), and for ``--duration`` seconds runs ``--referees``
clients, each at its own table, posting a legal deal through the API every
``--deal-interval`` seconds with an ``Idempotency-Key`` (about one in twenty resent as a
retry, about one in ten corrected with ``If-Match``), and ``--spectators`` clients each
polling the standings, a table page or the big screen every ``--poll-interval`` seconds
with conditional GETs, while ``--job-workers`` of the queue run beside the server as at a
venue. It prints count, p50, p95, p99 and errors per kind of request and the share of the
spectators' conditional GETs answered 304, checks in the database that every acknowledged
deal is stored exactly once, and ends with

    hall: N requests, R req/s, p95 P ms, errors E, acknowledged A, stored S, duplicates D, lost L

It exits 1 on any error, duplicate or loss (``.ci/run`` runs a short bounded mode).

``--proxy`` puts the venue's nginx (``deploy/proxy.py``) in front and sends every request
through it; ``--plain-spectators N`` adds N spectators polling with plain GETs (no ETag) every
``--poll-interval`` seconds, driven by Debian's ``wrk`` (``bench/hall_proxy.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hall_load as load  # noqa: E402
import hall_proxy  # noqa: E402

PASSWORD = "bench-referee"


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--referees", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--deal-interval", type=float, default=20)
    parser.add_argument("--poll-interval", type=float, default=10)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--job-workers", type=int, default=1, help="the queue's workers, as a venue runs them"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--proxy", action="store_true", help="through the venue's nginx")
    parser.add_argument("--plain-spectators", type=int, default=0, help="wrk connections")
    return parser.parse_args()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(args: argparse.Namespace) -> tuple[str, list[load.Seat], list[str]]:
    """The tournament, its referees (one per table, as many as asked) and their tables."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from referee.accounts.models import Role
    from referee.seating import services as seating
    from referee.standings.models import StandingsSettings
    from referee.tables.models import Table
    from referee.tournaments.models import Player, Registration, Tournament

    call_command("migrate", verbosity=0, interactive=False)
    slug = f"hall-{int(time.time())}-{secrets.token_hex(2)}"
    users = get_user_model()
    chief = users.objects.create_user(f"{slug}-chief", password=PASSWORD)
    tournament = Tournament.objects.create(
        name=f"Hall benchmark {slug}",
        slug=slug,
        starts_on="2026-12-01",
        ends_on="2026-12-02",
        chief_referee=chief,
        convention="fspr",
        published=True,
        status=Tournament.Status.RUNNING,
    )
    players = Player.objects.bulk_create(
        Player(name=f"Игрок {n:03d}", city="Москва") for n in range(args.players)
    )
    Registration.objects.bulk_create(Registration(tournament=tournament, player=p) for p in players)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    round_ = seating.seat_next_round(tournament.pk, chief, seed=args.seed)
    seating.start_round(round_.pk, chief)
    tables = list(Table.objects.filter(round=round_).prefetch_related("seats").order_by("number"))
    if args.referees > len(tables):
        raise SystemExit(f"{args.referees} referees but only {len(tables)} tables")
    seats = []
    for table in tables[: args.referees]:
        username = f"{slug}-ref{table.number}"
        user = users.objects.create_user(username, password=PASSWORD)
        Role.objects.create(tournament=tournament, user=user, kind=Role.Kind.REFEREE)
        table.referees.add(user)
        ordered = sorted(table.seats.all(), key=lambda s: s.position)
        letters = "ABCD"[: len(ordered)]
        first = next((letters[i] for i, s in enumerate(ordered) if s.first_dealer), "A")
        path = f"/api/v1/tournaments/{slug}/rounds/1/tables/{table.number}/deals/"
        seats.append(load.Seat(table.pk, path, letters, first))
    sizes = sorted({len(s.letters) for s in seats})
    print(f"{args.players} players, {len(tables)} tables (of {sizes}), round 1 in play: {slug}")
    return slug, seats, [f"/t/{slug}/r/1/t/{t.number}/" for t in tables]


def job_workers(count: int) -> list[subprocess.Popen[bytes]]:
    """The queue's workers (``manage.py worker``), beating every 2 s as at a venue: their
    rows must not renew the public pages (a spectator's conditional GET stays a 304)."""
    command = [sys.executable, "manage.py", "worker"]
    return [subprocess.Popen(command, cwd=ROOT, env=os.environ.copy()) for _ in range(count)]


def serve(
    args: argparse.Namespace, port: int, log: IO[bytes] | None = None
) -> subprocess.Popen[bytes]:
    """gunicorn on ``port``, its standard error into ``log`` if given."""
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "referee.wsgi:application",
        f"--bind=127.0.0.1:{port}",
        f"--workers={args.workers}",
        f"--threads={args.threads}",
        "--worker-class=gthread",
        "--no-control-socket",
        "--timeout=60",
        "--log-level=warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=os.environ.copy(), stderr=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


async def hall(
    args: argparse.Namespace, port: int, slug: str, seats: list[load.Seat], tables: list[str]
) -> load.Tally:
    tally, acknowledged = load.Tally(), load.Acknowledged()
    rng = random.Random(args.seed)
    tokens = [
        await load.token_for(port, f"{slug}-ref{s.path.split('/')[-3]}", PASSWORD, tally)
        for s in seats
    ]
    pages = {
        "standings": [f"/t/{slug}/standings/"],
        "table page": tables,
        "big screen": [f"/t/{slug}/standings/screen/"],
    }
    until = time.monotonic() + args.duration
    tasks = [
        load.referee(
            port,
            token,
            seat,
            args.deal_interval,
            until,
            tally,
            acknowledged,
            random.Random(rng.random()),
        )
        for token, seat in zip(tokens, seats, strict=True)
    ]
    tasks += [
        load.spectator(port, pages, args.poll_interval, until, tally, random.Random(rng.random()))
        for _ in range(args.spectators)
    ]
    plain = None
    if args.plain_spectators:
        every = pages["standings"] + pages["big screen"] + tables
        plain = hall_proxy.start_wrk(
            port, every, args.plain_spectators, args.poll_interval, args.duration
        )
    started = time.monotonic()
    await asyncio.gather(*tasks)
    if plain is not None:  # its last requests, before the servers stop
        await asyncio.to_thread(plain.wait, 60)
    tally.plain = plain  # type: ignore[attr-defined]
    tally.elapsed = time.monotonic() - started  # type: ignore[attr-defined]
    tally.acknowledged = acknowledged  # type: ignore[attr-defined]
    return tally


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def stored(seats: list[load.Seat], acknowledged: load.Acknowledged) -> tuple[int, int, int, int]:
    """Acknowledged, stored, duplicates (stored but never acknowledged, or two keys on one
    deal) and lost (acknowledged but not stored) deals of the bench tables."""
    from referee.tables.models import Deal

    acked: dict[int, list[int]] = {s.table_id: [] for s in seats}
    for (table, _key), number in acknowledged.deals.items():
        acked[table].append(number)
    a = s = duplicates = lost = 0
    for table, numbers in acked.items():
        db = list(Deal.objects.filter(table_id=table).values_list("number", flat=True))
        a, s = a + len(numbers), s + len(db)
        duplicates += len(numbers) - len(set(numbers)) + len(set(db) - set(numbers))
        lost += len(set(numbers) - set(db))
    return a, s, duplicates, lost


def report(tally: load.Tally, seats: list[load.Seat]) -> int:
    print(f"{'request':<16} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
    every: list[float] = []
    for kind in sorted(tally.times):
        times = tally.times[kind]
        if kind != "token":  # the referees' log-in before the clock starts
            every += times
        print(
            f"{kind:<16} {len(times):>7} {percentile(times, 0.5):>8.0f} "
            f"{percentile(times, 0.95):>8.0f} {percentile(times, 0.99):>8.0f} "
            f"{tally.errors[kind]:>7}"
        )
    for sample in tally.samples:
        print("  error:", sample)
    for kind in sorted(tally.asked):
        asked, unchanged = tally.asked[kind], tally.unchanged[kind]
        share = f"{unchanged / asked:.0%}"
        print(f"{kind}: {unchanged} of {asked} conditional GETs answered 304 ({share})")
    plain_requests = plain_errors = 0
    if tally.plain is not None:  # type: ignore[attr-defined]
        plain_requests, plain_errors = hall_proxy.wrk_report(tally.plain)  # type: ignore[attr-defined]
    a, s, d, lost = stored(seats, tally.acknowledged)  # type: ignore[attr-defined]
    errors = sum(tally.errors.values()) + plain_errors  # the log-ins' too
    rate = (len(every) + plain_requests) / tally.elapsed  # type: ignore[attr-defined]
    print(f"median of all requests: {statistics.median(every) * 1000:.0f} ms")
    print(
        f"hall: {len(every) + plain_requests} requests, {rate:.1f} req/s, "
        f"p95 {percentile(every, 0.95):.0f} ms, "
        f"errors {errors}, acknowledged {a}, stored {s}, duplicates {d}, lost {lost}"
    )
    return 1 if errors or d or lost else 0


def main() -> None:
    args = arguments()
    with tempfile.TemporaryDirectory(prefix="bench-hall-") as folder:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/hall.sqlite3")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ["DEBUG"] = "0"
        os.environ["ALLOWED_HOSTS"] = "127.0.0.1,localhost"
        os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
        os.environ.setdefault("CACHE_DIR", f"{folder}/cache")
        os.environ.setdefault("LOG_LEVEL", "WARNING")
        os.environ.setdefault("API_TOKEN_RATE", "10000/minute")  # every referee logs in from here
        database = os.environ["DATABASE_URL"].split("@")[-1]
        cache = "Redis" if os.environ.get("REDIS_URL") else "files"
        print(
            f"database {database}, cache {cache}, {args.workers} workers x {args.threads}, "
            f"{args.job_workers} job workers"
        )
        if args.proxy:
            os.environ.setdefault("PROXY_ADDRESSES", "127.0.0.1")
        slug, seats, tables = build(args)
        port = free_port()
        server = serve(args, port)
        queue_workers = job_workers(args.job_workers)
        proxy = None
        if args.proxy:
            front = free_port()
            proxy = hall_proxy.start_proxy(front, [port], folder)
            port = front
            print(f"through nginx on {front}")
        try:
            tally = asyncio.run(hall(args, port, slug, seats, tables))
        finally:
            if proxy is not None:
                proxy.send_signal(signal.SIGQUIT)
                proxy.wait(timeout=30)
                hall_proxy.show_errors(folder)
            for process in [server, *queue_workers]:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
        from django.db import connection

        connection.close()
        sys.exit(report(tally, seats))


if __name__ == "__main__":
    main()
