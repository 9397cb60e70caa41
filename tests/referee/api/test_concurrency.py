"""Real parallel requests (threads, each with its own database connection) on SQLite and on
PostgreSQL: run this module with ``DATABASE_URL=postgres://…`` for the latter (``.ci/run``
runs the whole suite on both).

Each test slows the deal service down inside its transaction, so the simultaneous requests
really overlap; each docstring names the mechanism without which it fails (each was checked
by removing it once)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.db import connection

from referee.tables import services
from referee.tables.models import Deal
from tests.referee.factories import referee_of, table_with_players

from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db(transaction=True)


def in_parallel(*calls: Callable[[], object]) -> list[object]:
    """Run ``calls`` in threads released at the same moment; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[i] = call()
        except Exception as error:  # pragma: no cover - reported by the assertions
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


@pytest.fixture
def slow(monkeypatch):
    """The deal services take 0.3 s inside their transaction."""
    for name in ("record_deal", "correct_deal"):
        real = getattr(services, name)

        def slowed(*args, _real=real, **kwargs):
            done = _real(*args, **kwargs)
            time.sleep(0.3)
            return done

        monkeypatch.setattr(services, name, slowed)


@pytest.fixture
def table():
    return table_with_players(3)


def _deals_url(table) -> str:
    slug = table.round.tournament.slug
    return f"/api/v1/tournaments/{slug}/rounds/{table.round.number}/tables/{table.number}/deals/"


def test_one_key_sent_three_times_two_at_once_creates_one_deal(table, slow):
    """Mechanism: the (user, key) row of ``IdempotentRequest`` is inserted first, under its
    unique constraint, in the transaction that records the deal; the simultaneous repeat's
    insert waits for that transaction and then replays the stored answer. Without the
    insert-first (looking the key up before carrying the request out), both simultaneous
    requests record a deal: 2 deals."""
    user = referee_of(table.round.tournament)
    url = _deals_url(table)

    def post() -> object:
        return client_for(user).post(url, SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    first, second = in_parallel(post, post)
    third = post()
    responses = [first, second, third]
    assert all(not isinstance(r, Exception) for r in responses), responses
    assert [r.status_code for r in responses] == [201, 201, 201]
    assert Deal.objects.filter(table=table).count() == 1
    assert len({r.content for r in responses}) == 1
    replayed = [r.get("Idempotent-Replayed") for r in responses]
    assert replayed.count("true") == 2


def test_two_keys_sent_at_once_create_two_deals(table, slow):
    """Two identical deals with different keys are two deals (two raspasy in a row look the
    same): the key, not the body, names a request. Mechanism: the table's row lock in
    ``record_deal`` (``select_for_update``; on SQLite the database's write lock) serialises
    the two, so the second scores the sheet with the first deal on it and numbers its own 2.
    Without the lock, on PostgreSQL the second validates the sheet as it stood before the
    first and keeps a settlement of one deal (``result["deals"] == 1``). Keying the store by
    the body instead of the key fails it on both databases (one deal)."""
    user = referee_of(table.round.tournament)
    url = _deals_url(table)

    def post(key: str) -> Callable[[], object]:
        return lambda: client_for(user).post(
            url, SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY=key
        )

    responses = in_parallel(post("a"), post("b"))
    assert all(not isinstance(r, Exception) for r in responses), responses
    assert sorted(r.status_code for r in responses) == [201, 201]
    assert sorted(r.json()["number"] for r in responses) == [1, 2]
    assert Deal.objects.filter(table=table).count() == 2
    table.refresh_from_db()
    assert table.result["deals"] == 2  # the kept settlement saw both deals


def test_two_corrections_of_one_version_at_once_one_is_refused_with_412(table, slow):
    """Mechanism: ``correct_deal`` compares the If-Match version with the stored one after it
    has locked the table and the deal (``_check_version`` under ``select_for_update``).
    Without that comparison both corrections are made (version 3, the first one lost)."""
    user = referee_of(table.round.tournament)
    url = _deals_url(table)
    created = client_for(user).post(url, SAMPLE_DEAL, format="json")
    assert created.status_code == 201
    mine = SAMPLE_DEAL | {"tricks": {"A": 7, "B": 2, "C": 1}, "reason": "A took 7"}
    theirs = SAMPLE_DEAL | {"tricks": {"A": 8, "B": 1, "C": 1}, "reason": "A took 8"}

    def put(body: dict) -> Callable[[], object]:
        return lambda: client_for(user).put(url + "1/", body, format="json", HTTP_IF_MATCH='"1"')

    responses = in_parallel(put(mine), put(theirs))
    assert all(not isinstance(r, Exception) for r in responses), responses
    assert sorted(r.status_code for r in responses) == [200, 412]
    won = next(r for r in responses if r.status_code == 200)
    lost = next(r for r in responses if r.status_code == 412)
    deal = Deal.objects.get(table=table, number=1)
    assert deal.version == 2 and deal.versions.count() == 2
    assert deal.data["tricks"] == won.json()["deal"]["tricks"]
    assert lost.json()["code"] == "version_mismatch"
    assert lost.json()["current"]["deal"]["tricks"] == deal.data["tricks"]
    assert lost["ETag"] == '"2"'
    # a later stale correction changes nothing either
    stale = client_for(user).put(url + "1/", mine, format="json", HTTP_IF_MATCH='"1"')
    assert stale.status_code == 412
    assert Deal.objects.get(pk=deal.pk).version == 2


def test_the_deal_form_tapped_twice_at_once_stores_one_deal(table, slow):
    """The page's form with its one-time key, sent twice at the same moment (a double tap):
    the same mechanism as the API's (``IdempotentFormMiddleware`` → ``run_once``), so one
    deal, and both taps get the redirect to the table."""
    from django.test import Client
    from django.urls import reverse

    from tests.referee.tables.test_forms import POSTED

    user = referee_of(table.round.tournament)
    url = reverse("deal-add", args=[table.round.tournament.slug, table.round.number, table.number])
    form = POSTED | {"dealer": "A", "idempotency_key": "tap-1"}

    def tap() -> object:
        client = Client()
        client.force_login(user)
        return client.post(url, form)

    responses = in_parallel(tap, tap)
    assert all(not isinstance(r, Exception) for r in responses), responses
    assert [r.status_code for r in responses] == [302, 302]
    assert Deal.objects.filter(table=table).count() == 1
