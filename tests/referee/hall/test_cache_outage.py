"""The shared cache out (issue 30, point 1): with ``REDIS_URL`` set and nothing answering
there, or a Redis stopped in the middle, every page, the API, token and session logins, the
application form, a deal (through the API and the table page's form) and ``load_demo`` work
as without a cache; a write that committed answers its success; the outage is logged once,
and its end once; pages cached before the outage are never served for the state after it.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings as django_settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from referee.accounts.models import Role
from referee.hall import softcache
from referee.hall_settings import caches_from_environment
from referee.standings.models import StandingsSettings
from referee.tables.models import Deal
from referee.tournaments import applications
from referee.tournaments.models import Application, Tournament
from tests.referee.api.conftest import SAMPLE_DEAL, client_for
from tests.referee.tables.test_forms import POSTED

from ..factories import RoundFactory, TournamentFactory, referee_of, table_with_players

# transactional: the counters' bumps run after each commit, as on a server
pytestmark = pytest.mark.django_db(transaction=True)

DOWN, BACK = "does not answer", "answers again after"


def free_port() -> int:
    """A port nothing listens on (bound for a moment, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Log(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)


@pytest.fixture
def cache_log() -> Iterator[Log]:
    log = Log()
    logger = logging.getLogger("referee.hall.cache")
    logger.addHandler(log)
    try:
        yield log
    finally:
        logger.removeHandler(log)


@pytest.fixture
def redis_at(settings, monkeypatch):
    """Point the site's cache at ``url`` as the settings do with ``REDIS_URL``; the page
    cache and login throttling on."""

    def use(url: str) -> None:
        monkeypatch.setenv("REDIS_URL", url)
        settings.CACHES = caches_from_environment(Path(django_settings.BASE_DIR))
        settings.PAGE_CACHE = True
        settings.PAGE_STALE_SECONDS = 0
        settings.AXES_ENABLED = True

    softcache.forget_outages()
    yield use
    softcache.forget_outages()


class PrivateRedis:
    """A redis-server of the test's own on a private port (never the machine's), stopped
    with its data saved and started again from it, as after a network cut or a restart."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        pytest.fail("the private redis-server did not start")

    def stop(self) -> None:
        """SHUTDOWN SAVE: its keys kept in the dump for the next start."""
        if self.process is None:
            return
        with contextlib.suppress(redis.exceptions.ConnectionError):
            redis.Redis(port=self.port).shutdown(save=True)
        self.process.wait(timeout=20)
        self.process = None

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=20)


@pytest.fixture
def private_redis(tmp_path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture
def hall():
    tournament = TournamentFactory(published=True, slug="cup")
    round_ = RoundFactory(tournament=tournament, number=1)
    table = table_with_players(3, round=round_, number=1)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    referee = referee_of(tournament, name="tablet")
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    applications.open_registration(tournament.pk, chief, open=True)
    return tournament, table, referee


def table_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/r/{table.round.number}/t/{table.number}/"


def deals_url(table) -> str:
    return f"/api/v1/tournaments/cup/rounds/{table.round.number}/tables/{table.number}/deals/"


def the_site_works_without_its_cache(tournament: Tournament, table, referee) -> None:
    """Pages, the API, logins, the application form and deals, each as without a cache."""
    public = Client(HTTP_ACCEPT_LANGUAGE="en")
    for url in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/"):
        assert public.get(url).status_code == 200, url
    for _ in range(2):  # rendered each time: nothing from (nor in) a cache
        page = public.get(table_url(table))
        assert page.status_code == 200 and "X-Page-Cache" not in page
    assert public.get("/accounts/login/").status_code == 200
    signed = Client()
    login = {"username": "tablet", "password": "pass"}
    assert signed.post("/accounts/login/", login).status_code == 302

    api = APIClient()
    assert api.get("/api/v1/tournaments/").status_code == 200
    token = api.post("/api/v1/auth/token/", login | {"device": "tablet 1"}, format="json")
    assert token.status_code == 201

    before = Deal.objects.filter(table=table).count()
    tablet = client_for(referee)
    key = f"deal-{before}"
    sent = tablet.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert sent.status_code == 201, sent.content
    again = tablet.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    # the table page's form, as its outbox sends it
    form = signed.post(
        reverse("deal-add", args=["cup", 1, 1]), {**POSTED, "idempotency_key": f"form-{before}"}
    )
    assert form.status_code == 302, form.content
    assert Deal.objects.filter(table=table).count() == before + 2

    applied = Application.objects.count()
    name = ("Пётр Семёнов", "Анна Белова", "Иван Петров", "Олег Смирнов")[applied]
    join = public.post(
        f"/t/{tournament.slug}/join/", {"name": name, "city": "Тула", "contact": "-"}
    )
    assert join.status_code == 200 and Application.objects.count() == applied + 1


def test_with_redis_unreachable_the_site_works_uncached_and_logs_the_outage_once(
    redis_at, cache_log, hall
):
    redis_at(f"redis://127.0.0.1:{free_port()}/0")
    tournament, table, referee = hall
    the_site_works_without_its_cache(tournament, table, referee)
    the_site_works_without_its_cache(tournament, table, referee)
    assert cache_log.count(DOWN) == 1, cache_log.lines
    assert not softcache.available(cache)


def test_load_demo_works_without_redis(redis_at, cache_log, capsys):
    redis_at(f"redis://127.0.0.1:{free_port()}/0")
    call_command("load_demo")
    assert Deal.objects.count() > 100
    assert cache_log.count(DOWN) == 1, cache_log.lines


def test_a_redis_stopped_mid_entry_and_started_again_from_its_dump(
    redis_at, cache_log, hall, private_redis
):
    redis_at(private_redis.url)
    tournament, table, referee = hall
    tablet, public = client_for(referee), Client(HTTP_ACCEPT_LANGUAGE="en")
    assert tablet.post(deals_url(table), SAMPLE_DEAL, format="json").status_code == 201
    cached = public.get(table_url(table))
    again = public.get(table_url(table))
    assert again["X-Page-Cache"] == "hit" and again["ETag"] == cached["ETag"]

    private_redis.stop()  # in the middle of entry
    the_site_works_without_its_cache(tournament, table, referee)
    assert cache_log.count(DOWN) == 1 and cache_log.count(BACK) == 0, cache_log.lines

    # back with the counters and the pages of before the outage (its dump)
    private_redis.start()
    deadline = time.monotonic() + 10
    while not softcache.available(cache) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert cache_log.count(BACK) == 1 and cache_log.count(DOWN) == 1, cache_log.lines
    after = public.get(table_url(table))
    assert after.status_code == 200 and after["X-Page-Cache"] == "hit"
    # never the page cached before the outage: it showed one deal, the table has three
    assert after["ETag"] != cached["ETag"] and after.content != cached.content
    assert Deal.objects.filter(table=table).count() == 3
    assert public.get(table_url(table))["ETag"] == after["ETag"]  # cached again


def test_a_redis_that_hangs_costs_one_request_its_timeout_then_none(redis_at, cache_log, hall):
    """A host that takes the connection and never answers (a network cut): the first request
    waits out the socket's timeout (2 s), the outage begins, and no request waits again."""
    tournament, _table, _referee = hall
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)  # connections complete in the kernel; nothing is ever read
        # a client without a timeout would wait for ever: reset it after 15 s instead
        threading.Timer(15, silent.close).start()
        redis_at(f"redis://127.0.0.1:{silent.getsockname()[1]}/0")
        public = Client(HTTP_ACCEPT_LANGUAGE="en")
        started = time.monotonic()
        assert public.get(f"/t/{tournament.slug}/standings/").status_code == 200
        first = time.monotonic() - started
        started = time.monotonic()
        for _ in range(5):
            assert public.get(f"/t/{tournament.slug}/standings/").status_code == 200
        assert not any(cache.get(f"k{n}") for n in range(1000))
        rest = time.monotonic() - started
    assert 1.5 < first < 20, first
    assert rest < 5, (first, rest)  # waiting 2 s each, they would take 10
    assert cache_log.count(DOWN) == 1 and "TimeoutError" in cache_log.lines[0]
