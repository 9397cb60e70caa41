"""Two app servers behind one database and one Redis: nothing per process or per host
decides anything.

    python bench/two_servers.py

Needs ``REDIS_URL`` (default redis://127.0.0.1:6379/15) and uses the database of
``DATABASE_URL`` (default: a throw-away SQLite file, which two servers on one host may
share; across hosts it is PostgreSQL). It builds the hall benchmark's tournament, starts two
gunicorn instances on two ports with ``APP_SERVERS=2`` and checks, alternating between them:

1. exactly-once entry: a deal posted to one with an ``Idempotency-Key`` and resent to the
   other is stored once, and both answer its number; a run of deals alternating between the
   two keeps the sheet whole;
2. fresh pages: a public table page cached by one shows, at once, a deal entered on the other
   (the page cache's counters are in Redis), and the standings' ETag moves on both;
3. one session: a referee who signs in on one is signed in on the other;
4. one lockout: wrong passwords sent to one lock the account on the other too, and the lock
   holds there even with the right password.

It prints each check and exits 1 on the first that fails. ``.ci/run`` runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import secrets
import signal
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hall  # noqa: E402
import hall_load as load  # noqa: E402


class Browser:
    """A client with its own cookies, asking any of the servers."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def ask(
        self, port: int, path: str, data: dict | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], str]:
        body = None if data is None else urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", data=body, headers=headers or {}
        )
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def csrf(self, port: int, path: str) -> str:
        _status, _headers, page = self.ask(port, path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if found is None:
            raise SystemExit(f"no form on {path}")
        return found.group(1)

    def log_in(self, port: int, username: str, password: str) -> int:
        token = self.csrf(port, "/accounts/login/")
        fields = {"username": username, "password": password, "csrfmiddlewaretoken": token}
        status, _headers, _page = self.ask(
            port, "/accounts/login/", fields, {"Referer": f"http://127.0.0.1:{port}/"}
        )
        return status


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None  # a redirect is an answer to look at


def api(port: int, method: str, path: str, token: str, body: dict, key: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        method=method,
        headers={
            "Authorization": f"Token {token}",
            "Idempotency-Key": key,
            "Content-Type": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def token_for(port: int, username: str) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/auth/token/",
        data=json.dumps(
            {"username": username, "password": hall.PASSWORD, "device": "two servers"}
        ).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return str(json.loads(answer.read())["token"])


def check(label: str, ok: bool, detail: str = "") -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {label}{': ' + detail if detail else ''}", flush=True)
    if not ok:
        raise SystemExit(1)


def run(ports: list[int], slug: str, seats: list[load.Seat]) -> None:
    seat = seats[0]
    username = f"{slug}-ref{seat.path.split('/')[-3]}"
    token = token_for(ports[0], username)
    dealer = exactly_once_entry(ports, seat, token)
    table_page = f"/t/{slug}/r/1/t/{seat.path.split('/')[-3]}/"
    fresh_pages(ports, slug, seat, token, dealer, table_page)
    one_session(ports, username, table_page)
    one_lockout(ports, f"{slug}-ref{seats[1].path.split('/')[-3]}")


def next_dealer(letters: str, dealer: str) -> str:
    return letters[(letters.index(dealer) + 1) % len(letters)]


def exactly_once_entry(ports: list[int], seat: load.Seat, token: str) -> str:
    """Check 1: a deal resent to the other server is stored once, and deals alternating
    between the two keep the sheet whole. Returns who deals the table's next deal."""
    one, two = ports
    deal = load.legal_deal(seat.letters, seat.dealer)
    key = uuid.uuid4().hex
    first = api(one, "POST", seat.path, token, deal, key)
    again = api(two, "POST", seat.path, token, deal, key)
    check(
        "a deal resent to the other server is the same deal",
        first[0] == again[0] == 201 and first[1]["number"] == again[1]["number"] == 1,
        f"{first[0]} / {again[0]}",
    )
    dealer = next_dealer(seat.letters, seat.dealer)
    numbers = []
    for n in range(6):
        deal = load.legal_deal(seat.letters, dealer)
        status, body = api(ports[n % 2], "POST", seat.path, token, deal, uuid.uuid4().hex)
        numbers.append(body.get("number") if status == 201 else status)
        dealer = next_dealer(seat.letters, dealer)
    check("six deals alternating between the two: numbers 2..7", numbers == [2, 3, 4, 5, 6, 7])
    return dealer


def fresh_pages(
    ports: list[int], slug: str, seat: load.Seat, token: str, dealer: str, table_page: str
) -> None:
    """Check 2: a page cached by the second server shows a deal entered on the first."""
    one, two = ports
    spectator = Browser()
    standings = f"/t/{slug}/standings/"
    spectator.ask(two, table_page)
    _s, cached, page_before = spectator.ask(two, table_page)
    _s, standings_before, _p = spectator.ask(two, standings)
    deal = load.legal_deal(seat.letters, dealer)
    status, body = api(one, "POST", seat.path, token, deal, uuid.uuid4().hex)
    check("a deal entered on the first server", status == 201 and body["number"] == 8)
    _s, fresh, page_after = spectator.ask(two, table_page)
    check(
        "the second server's cached table page shows it at once",
        cached.get("X-Page-Cache") == "hit" and fresh.get("ETag") != cached.get("ETag"),
        f"{cached.get('ETag')} -> {fresh.get('ETag')}",
    )
    check("  (the sheet grew by a row)", page_after.count("<tr") > page_before.count("<tr"))
    # the standings may stand in, marked, for PAGE_STALE_SECONDS (3) while one renders anew
    started = time.monotonic()
    while time.monotonic() - started < 10:
        _s, standings_after, _p = spectator.ask(two, standings)
        if standings_after.get("ETag") != standings_before.get("ETag"):
            break
        time.sleep(0.25)
    waited = time.monotonic() - started
    check(
        "the standings' ETag moved on the second server",
        standings_after.get("ETag") != standings_before.get("ETag") and waited < 5,
        f"after {waited:.1f} s",
    )


def one_session(ports: list[int], username: str, table_page: str) -> None:
    """Check 3: a referee signed in on the first is signed in on the second."""
    one, two = ports
    referee = Browser()
    status = referee.log_in(one, username, hall.PASSWORD)
    _s, _h, manage = referee.ask(two, table_page)
    check(
        "signed in on the first, signed in on the second",
        status == 302 and 'id="deal-form"' in manage,
    )


def one_lockout(ports: list[int], victim: str) -> None:
    """Check 4: wrong passwords sent to the first lock the account on the second."""
    one, two = ports
    intruder = Browser()
    refused = [intruder.log_in(one, victim, "wrong") for _ in range(5)]
    locked = Browser().log_in(two, victim, hall.PASSWORD)
    check(
        "five wrong passwords on the first lock the account on the second",
        set(refused) <= {200, 429} and locked == 429,
        f"{refused} then {locked}",
    )


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-two-") as folder:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/two.sqlite3")
        os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/15")
        os.environ.setdefault("CACHE_PREFIX", f"two-{secrets.token_hex(3)}")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
        os.environ["APP_SERVERS"] = "2"
        os.environ["DEBUG"] = "0"
        os.environ["ALLOWED_HOSTS"] = "127.0.0.1,localhost"
        os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
        os.environ.setdefault("LOG_LEVEL", "ERROR")
        os.environ.setdefault("API_TOKEN_RATE", "10000/minute")
        database = os.environ["DATABASE_URL"].split("@")[-1]
        print(f"database {database}, Redis {os.environ['REDIS_URL']}, two app servers")
        settings = argparse.Namespace(players=8, referees=2, seed=3, workers=2, threads=2)
        slug, seats, _tables = hall.build(settings)
        ports = [hall.free_port(), hall.free_port()]
        servers = [hall.serve(settings, port) for port in ports]
        try:
            run(ports, slug, seats)
        finally:
            for server in servers:
                server.send_signal(signal.SIGTERM)
                server.wait(timeout=30)
    print("two servers: every check passed")


if __name__ == "__main__":
    main()
