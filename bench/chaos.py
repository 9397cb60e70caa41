"""Chaos at the hall: deals posted through the API while the site is hurt, then every
acknowledged deal checked to be stored exactly once.

    python bench/chaos.py [--duration 24] [--referees 12] [--interval 1.0]

It builds the hall benchmark's tournament (``bench/hall.py``) in the database of
``DATABASE_URL`` (default: a throw-away SQLite file), starts a Redis of the run's own on a
private port (``redis-server``, no persistence but its dump at a stop; never the machine's
Redis: ``REDIS_URL`` is set to it for the run) and gunicorn using it as the site's cache,
and lets ``--referees`` clients, one per table, post the next deal every ``--interval``
seconds with an ``Idempotency-Key``, each acknowledged deal followed by a look at the table's
public page, as a spectator would. A client whose post gets no answer (connection reset,
timeout) or a 503 sends the same deal with the same key again, after the ``Retry-After``
pause, until it is acknowledged: what the table page's outbox does. Meanwhile, one after
another:

1. the cache out: the run's Redis stopped (``SHUTDOWN SAVE``) in the middle of the posts;
2. ``kill -9`` of one server worker (the master starts another, without a cache);
3. the cache back: Redis started again from its dump, with the counters and pages of
   before its stop (which must never be served for the state after it);
4. a restart of the whole server during entry (SIGKILL of the master and its workers, a new
   server on the same port a second later);
5. the database hurt: on PostgreSQL every backend of the database terminated, eight times
   over 1.6 s (``pg_terminate_backend``); on SQLite the write lock held by another process
   for longer than the site's busy timeout (shortened to 1.5 s for the run), as when the
   file cannot be written for a moment;
6. the same once more, at a burst: every client posting at once.

It prints what each client met (answers, resends, 503s, server errors), checks that each
table's public page shows every stored deal once the run is over, and ends with

    chaos: P posts, A acknowledged, S stored, duplicates D, lost L, unacknowledged U, 500s E,
    page 500s G, stale pages T

and exits 1 on any duplicate, loss, deal stored but never acknowledged, 500 (a fault the
site could answer 503 must never be a server error) or stale page. Without ``redis-server``
the cache steps are left out (the site's file cache). ``.ci/run`` runs it on both databases.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import shutil
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hall  # noqa: E402
import hall_load as load  # noqa: E402
from chaos_faults import BUSY_TIMEOUT, PrivateRedis, Server, faults  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=24)
    parser.add_argument("--referees", type=int, default=12)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    args.players = args.referees * 4  # hall.build's tournament: a table per referee
    return args


class Outcomes:
    """What the clients met, counted by kind."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.samples: list[str] = []

    def add(self, kind: str, sample: str = "") -> None:
        self.count[kind] += 1
        if sample and len(self.samples) < 12:
            self.samples.append(f"{kind}: {sample}")


async def post_until_acknowledged(
    port: int, token: str, seat: load.Seat, deal: dict, seen: Outcomes, give_up: float
) -> tuple[str, int] | None:
    """The key and the deal's number once the server acknowledges it, resending the deal
    with the same key until then."""
    key = uuid.uuid4().hex
    headers = {"Authorization": f"Token {token}", "Idempotency-Key": key, "Accept-Language": "en"}
    seen.add("posts")
    while time.monotonic() < give_up:
        try:
            answer = await asyncio.wait_for(
                load.request(port, "POST", seat.path, headers, deal), 15
            )
        except (TimeoutError, OSError, ValueError, IndexError) as error:
            seen.add("no answer (resent)", repr(error)[:80])
            await asyncio.sleep(0.3)
            continue
        if answer.status == 201:
            try:
                return key, int(json.loads(answer.body)["number"])
            except (ValueError, KeyError):  # cut short (a worker killed as it answered)
                seen.add("201 cut short (resent)", f"{len(answer.body)} bytes {answer.body[:60]!r}")
                await asyncio.sleep(0.3)
                continue
        if answer.status == 503:
            seen.add("503 (resent)")
            await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
            continue
        if answer.status >= 500:
            seen.add("server errors", f"{answer.status} {answer.body[:160]!r}")
            await asyncio.sleep(0.3)
            continue
        seen.add("refused", f"{answer.status} {answer.body[:160]!r}")
        return None
    seen.add("given up")
    return None


async def look(port: int, page: str, seen: Outcomes) -> None:
    """The table's public page, as a spectator sees it (no session)."""
    try:
        answer = await asyncio.wait_for(
            load.request(port, "GET", page, {"Accept-Language": "en"}), 15
        )
    except (TimeoutError, OSError, ValueError, IndexError):
        seen.add("page: no answer")
        return
    if answer.status == 200:
        seen.add("page: 200")
    elif answer.status == 503:
        seen.add("page: 503")
    else:
        seen.add("page server errors", f"{answer.status} {page}")


async def client(
    port: int,
    token: str,
    seat: load.Seat,
    page: str,
    args: argparse.Namespace,
    until: float,
    burst: asyncio.Event,
    seen: Outcomes,
    acknowledged: load.Acknowledged,
    rng: random.Random,
) -> None:
    while time.monotonic() < until:
        deal = load.legal_deal(seat.letters, seat.dealer)
        done = await post_until_acknowledged(port, token, seat, deal, seen, until + 60)
        if done is None:
            return  # a refusal: the table's next deal would be refused too
        key, number = done
        acknowledged.deals[(seat.table_id, key)] = number
        await look(port, page, seen)
        seat.dealer = seat.letters[(seat.letters.index(seat.dealer) + 1) % len(seat.letters)]
        # the next deal after the interval, or at once when the burst is called
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(burst.wait(), rng.uniform(0.5, 1.5) * args.interval)


def public_page(slug: str, seat: load.Seat) -> str:
    """The table's public page, from its API path (…/rounds/R/tables/T/deals/)."""
    parts = seat.path.split("/")
    return f"/t/{slug}/r/{parts[-5]}/t/{parts[-3]}/"


async def run(
    args: argparse.Namespace,
    server: Server,
    cache: PrivateRedis | None,
    slug: str,
    seats: list[load.Seat],
) -> tuple[Outcomes, load.Acknowledged]:
    seen, acknowledged = Outcomes(), load.Acknowledged()
    log: list[str] = []
    tally = load.Tally()
    tokens = [
        await load.token_for(
            server.port, f"{slug}-ref{s.path.split('/')[-3]}", "bench-referee", tally
        )
        for s in seats
    ]
    rng = random.Random(args.seed)
    burst = asyncio.Event()
    until = time.monotonic() + args.duration
    clients = [
        client(
            server.port,
            token,
            seat,
            public_page(slug, seat),
            args,
            until,
            burst,
            seen,
            acknowledged,
            random.Random(rng.random()),
        )
        for token, seat in zip(tokens, seats, strict=True)
    ]
    await asyncio.gather(faults(server, cache, burst, args.duration, log), *clients)
    return seen, acknowledged


def cache_log(path: Path) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """From the server's log: how many times each process logged the cache's outage and its
    return, and the log's errors (a server error's traceback; not the 503s, nor the workers
    killed on purpose)."""
    out: Counter[str] = Counter()
    back: Counter[str] = Counter()
    errors = []
    for line in path.read_text(errors="replace").splitlines():
        process = re.search(r"referee\.hall\.cache \[(\d+)\]", line)
        if process and "does not answer" in line:
            out[process[1]] += 1
        elif process and "answers again after" in line:
            back[process[1]] += 1
        elif " ERROR " in line and not re.search("was sent SIGKILL|Service Unavailable", line):
            errors.append(line[:200])
    return dict(out), dict(back), errors


async def stale_pages(port: int, slug: str, seats: list[load.Seat]) -> list[str]:
    """The tables whose public page (cached or not) does not show every stored deal."""
    from asgiref.sync import sync_to_async

    from referee.tables.models import Deal

    def stored(table: int) -> list[int]:
        return list(Deal.objects.filter(table_id=table).values_list("number", flat=True))

    stale = []
    for seat in seats:
        page = public_page(slug, seat)
        answer = await load.request(port, "GET", page, {"Accept-Language": "en"})
        shown = sorted(int(n) for n in re.findall(rb'<tr id="deal-(\d+)"', answer.body))
        numbers = sorted(await sync_to_async(stored)(seat.table_id))
        if answer.status != 200 or shown != numbers:
            stale.append(f"{page}: {answer.status}, shows {len(shown)} of {len(numbers)} deals")
    return stale


def check(
    seats: list[load.Seat], acknowledged: load.Acknowledged
) -> tuple[int, int, int, int, int]:
    """Acknowledged, stored, duplicates, lost, and stored but never acknowledged."""
    from referee.tables.models import Deal

    a = s = duplicates = lost = unacknowledged = 0
    for seat in seats:
        acked = [n for (table, _), n in acknowledged.deals.items() if table == seat.table_id]
        db = list(Deal.objects.filter(table_id=seat.table_id).values_list("number", flat=True))
        a, s = a + len(acked), s + len(db)
        duplicates += len(acked) - len(set(acked)) + len(db) - len(set(db))
        lost += len(set(acked) - set(db))
        unacknowledged += len(set(db) - set(acked))
    return a, s, duplicates, lost, unacknowledged


def main() -> None:
    args = arguments()
    with tempfile.TemporaryDirectory(prefix="bench-chaos-") as folder:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/chaos.sqlite3")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ["DEBUG"] = "0"
        os.environ["ALLOWED_HOSTS"] = "127.0.0.1,localhost"
        os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
        os.environ.setdefault("CACHE_DIR", f"{folder}/cache")
        os.environ.setdefault("LOG_LEVEL", "WARNING")  # the cache's outage is a warning
        os.environ.setdefault("API_TOKEN_RATE", "10000/minute")
        os.environ["SQLITE_BUSY_TIMEOUT"] = str(BUSY_TIMEOUT)
        database = os.environ["DATABASE_URL"].split("@")[-1]
        print(
            f"database {database}, {args.workers} workers x {args.threads}, {args.referees} clients"
        )
        cache = PrivateRedis(folder) if shutil.which("redis-server") else None
        if cache is not None:
            cache.start()
            os.environ["REDIS_URL"] = cache.url  # the run's own, never the machine's
            os.environ["CACHE_PREFIX"] = f"chaos-{os.getpid()}"
        else:
            os.environ.pop("REDIS_URL", None)
            print("no redis-server: the cache steps are left out (the file cache)")
        print(f"cache: {os.environ.get('REDIS_URL', 'files')}")
        try:
            slug, seats, _tables = hall.build(args)
            log_path = Path(folder) / "server.log"
            with log_path.open("wb") as log:
                server = Server(args, hall.free_port(), log)
                try:
                    seen, acknowledged = asyncio.run(run(args, server, cache, slug, seats))
                    stale = asyncio.run(stale_pages(server.port, slug, seats))
                finally:
                    server.stop()
        finally:
            if cache is not None:
                cache.kill()
        out, back, logged_errors = cache_log(log_path)
        from django.db import connection

        connection.close()
        bad = report(seats, seen, acknowledged, stale, out, back, logged_errors)
        if cache is not None and not out:
            print("  the server never met the cache's outage: the run proves nothing of it")
            bad = True
        sys.exit(1 if bad else 0)


def report(
    seats: list[load.Seat],
    seen: Outcomes,
    acknowledged: load.Acknowledged,
    stale: list[str],
    out: dict[str, int],
    back: dict[str, int],
    logged_errors: list[str],
) -> bool:
    """Print what the clients met and the final line; whether anything went wrong."""
    a, s, d, lost, unacked = check(seats, acknowledged)
    for kind, number in sorted(seen.count.items()):
        print(f"  {kind:<22} {number:>6}")
    for sample in seen.samples:
        print("  seen:", sample)
    for line in stale:
        print("  stale:", line)
    for line in logged_errors[:10]:
        print("  server log:", line)
    # one outage: each process logs it once at most, and its end once at most
    logged_twice = [p for p, n in (out | back).items() if n > 1]
    print(
        f"  cache outage logged by {len(out)} server processes ({sum(out.values())} lines), "
        f"its end by {len(back)} ({sum(back.values())} lines); logged more than once by "
        f"{len(logged_twice)}"
    )
    errors, page_errors = seen.count["server errors"], seen.count["page server errors"]
    print(
        f"chaos: {seen.count['posts']} posts, {a} acknowledged, {s} stored, duplicates {d}, "
        f"lost {lost}, unacknowledged {unacked}, 500s {errors}, page 500s {page_errors}, "
        f"stale pages {len(stale)}"
    )
    bad = d or lost or unacked or errors or seen.count["refused"] or seen.count["given up"]
    return bool(bad or page_errors or len(stale) or len(logged_twice))


if __name__ == "__main__":
    main()
