"""The load of ``bench/hall.py``: referees posting deals through the API and spectators
polling the public pages, as asyncio tasks over plain HTTP/1.1 connections to 127.0.0.1.

No third-party client: one connection per request (``Connection: close``), the time of a
request is from opening the connection to the last byte of the answer.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

TIMEOUT = 30.0


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Tally:
    """Every request's time and outcome, by kind."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    samples: list[str] = field(default_factory=list)
    #: conditional GETs asked with an ETag, and how many of them were answered 304, by kind
    asked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    unchanged: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, kind: str, seconds: float, ok: bool, why: str = "") -> None:
        self.times[kind].append(seconds)
        if not ok:
            self.errors[kind] += 1
            if len(self.samples) < 10:
                self.samples.append(f"{kind}: {why}")


@dataclass
class Acknowledged:
    """What the server acknowledged: (table, idempotency key) -> deal number."""

    deals: dict[tuple[int, str], int] = field(default_factory=dict)


async def request(
    port: int,
    method: str,
    path: str,
    headers: dict[str, str] | None = None,
    body: Any = None,
) -> Answer:
    payload = b"" if body is None else json.dumps(body).encode()
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return Answer(int(status_line.split()[1]), found, rest)


async def timed(
    tally: Tally, kind: str, expected: tuple[int, ...], *args: Any, **kwargs: Any
) -> Answer | None:
    start = time.perf_counter()
    try:
        answer = await asyncio.wait_for(request(*args, **kwargs), TIMEOUT)
    except (TimeoutError, OSError, ValueError, IndexError) as error:
        tally.add(kind, time.perf_counter() - start, False, repr(error))
        return None
    ok = answer.status in expected
    why = "" if ok else f"{answer.status} {answer.body[:200]!r}"
    tally.add(kind, time.perf_counter() - start, ok, why)
    return answer if ok else None


async def pause(started: float, interval: float, until: float) -> None:
    """Until the next request is due, but not past the end of the run."""
    now = time.monotonic()
    await asyncio.sleep(max(0.0, min(interval - (now - started), until - now)))


@dataclass
class Seat:
    """A bench table: its URL, its players' letters and who deals next."""

    table_id: int
    path: str
    letters: str
    dealer: str


def legal_deal(letters: str, dealer: str, play: str = "open") -> dict[str, Any]:
    """A made six of spades, whisted by one and passed by the other: legal under every
    preset at any point of a pulka without a pool size (the bench plays by time)."""
    active = [p for p in letters if p != dealer] if len(letters) == 4 else list(letters)
    start = (letters.index(dealer) + 1) % len(letters)
    order = [letters[(start + i) % len(letters)] for i in range(len(letters))]
    order = [p for p in order if p in active]
    declarer, whister, passer = order
    return {
        "dealer": dealer,
        "type": "game",
        "declarer": declarer,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": whister, "call": "whist", "order": 1},
            {"player": passer, "call": "pass", "order": 2},
        ],
        "play": play,
        "tricks": {declarer: 6, whister: 3, passer: 1},
    }


async def referee(
    port: int,
    token: str,
    seat: Seat,
    interval: float,
    until: float,
    tally: Tally,
    acknowledged: Acknowledged,
    rng: random.Random,
) -> None:
    """Post the next deal every ``interval`` seconds (first at a random offset); resend
    about one post in twenty as a retry with the same key; correct about one deal in ten
    with ``If-Match``."""
    auth = {"Authorization": f"Token {token}", "Accept-Language": "en"}
    await asyncio.sleep(rng.uniform(0, interval))
    while time.monotonic() < until:
        started = time.monotonic()
        key = uuid.uuid4().hex
        deal = legal_deal(seat.letters, seat.dealer)
        headers = auth | {"Idempotency-Key": key}
        answer = await timed(tally, "deal post", (201,), port, "POST", seat.path, headers, deal)
        if answer is not None:
            posted = json.loads(answer.body)
            acknowledged.deals[(seat.table_id, key)] = posted["number"]
            seat.dealer = seat.letters[(seat.letters.index(seat.dealer) + 1) % len(seat.letters)]
            if rng.random() < 0.05:
                again = await timed(
                    tally, "deal retry", (201,), port, "POST", seat.path, headers, deal
                )
                if again is not None and json.loads(again.body)["number"] != posted["number"]:
                    tally.add("deal retry", 0.0, False, "a retry made another deal")
            if rng.random() < 0.1:
                fixed = legal_deal(seat.letters, deal["dealer"], "closed") | {"reason": "bench"}
                version = answer.headers.get("etag", '"1"')
                await timed(
                    tally,
                    "deal correction",
                    (200,),
                    port,
                    "PUT",
                    f"{seat.path}{posted['number']}/",
                    auth | {"If-Match": version},
                    fixed,
                )
        await pause(started, interval, until)


async def spectator(
    port: int,
    pages: dict[str, list[str]],
    interval: float,
    until: float,
    tally: Tally,
    rng: random.Random,
) -> None:
    """Poll a page every ``interval`` seconds as a browser would: a conditional GET with
    the ETag it was last given for that page."""
    etags: dict[str, str] = {}
    await asyncio.sleep(rng.uniform(0, interval))
    kinds = list(pages)
    while time.monotonic() < until:
        started = time.monotonic()
        kind = rng.choice(kinds)
        path = rng.choice(pages[kind])
        headers = {"If-None-Match": etags[path]} if path in etags else {}
        answer = await timed(tally, kind, (200, 304), port, "GET", path, headers)
        if headers and answer is not None:
            tally.asked[kind] += 1
            tally.unchanged[kind] += answer.status == 304
        if answer is not None and "etag" in answer.headers:
            etags[path] = answer.headers["etag"]
        await pause(started, interval, until)


async def token_for(port: int, username: str, password: str, tally: Tally) -> str:
    body = {"username": username, "password": password, "device": "bench"}
    answer = await timed(tally, "token", (201,), port, "POST", "/api/v1/auth/token/", {}, body)
    if answer is None:
        raise SystemExit(f"no token for {username}: {tally.samples[-1:]}")
    return str(json.loads(answer.body)["token"])
