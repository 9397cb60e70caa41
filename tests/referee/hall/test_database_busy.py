"""SQLite's write lock held past a writer's busy timeout (a burst of posts at the hall) is a
503 with ``Retry-After``, never a 500, and nothing is stored: the outbox and the API's
clients send again with their keys (issue 21, point 3). On PostgreSQL there is no such
lock: the tests skip."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from referee.api.models import IdempotentRequest
from referee.tables.models import Deal

from ..factories import referee_of, table_with_players
from ..tables.test_forms import POSTED
from .test_entry_rules import six

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's file lock"),
]


@contextmanager
def locked() -> Iterator[None]:
    """Another connection holds the write lock; ours waits 50 ms for it, then gives up."""
    connection.ensure_connection()
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
    other.execute("BEGIN IMMEDIATE")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout = 50")
    try:
        yield
    finally:
        other.rollback()
        other.close()
        connection.close()  # the next test's connection has the configured busy timeout


def deal_form(table) -> str:
    args = [table.round.tournament.slug, table.round.number, table.number]
    return reverse("deal-add", args=args)


def test_a_keyed_deal_post_that_waits_out_the_lock_is_a_503_and_stores_nothing():
    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    # the form's key opens the idempotency's transaction before the view: the lock is
    # refused there, outside the view (the site's handler500 answers)
    with locked():
        response = client.post(
            deal_form(table), {**POSTED, "idempotency_key": "k-busy"}, HTTP_ACCEPT_LANGUAGE="ru"
        )
    assert response.status_code == 503
    assert response["Retry-After"] == "2" and response["Cache-Control"] == "no-store"
    page = response.content.decode()
    assert "База данных на миг не ответила" in page
    assert "Traceback" not in page and "locked" not in page
    assert Deal.objects.count() == 0 and IdempotentRequest.objects.count() == 0


def test_a_deal_post_without_a_key_is_refused_inside_the_view_with_a_503_too():
    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    client.get(
        reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])
    )
    with locked():
        response = client.post(deal_form(table), POSTED)
    assert response.status_code == 503
    assert "The database did not answer" in response.content.decode()
    assert Deal.objects.count() == 0


def test_the_api_answers_a_locked_database_with_its_json_error():
    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    address = reverse(
        "api-deals", args=[table.round.tournament.slug, table.round.number, table.number]
    )
    with locked():
        response = client.post(
            address,
            six("A"),
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE="ru",
            HTTP_IDEMPOTENCY_KEY="k-api",
        )
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    body = response.json()
    assert body["code"] == "database_busy"
    assert "занята" in body["message"]
    assert Deal.objects.count() == 0
    # the same request once the lock is gone: stored once, then replayed
    for _ in range(2):
        again = client.post(
            address, six("A"), content_type="application/json", HTTP_IDEMPOTENCY_KEY="k-api"
        )
        assert again.status_code == 201, again.content
    assert Deal.objects.count() == 1


def test_once_the_lock_is_released_the_same_post_is_stored_once():
    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    keyed = {**POSTED, "idempotency_key": "k-again"}
    with locked():
        assert client.post(deal_form(table), keyed).status_code == 503
    first = client.post(deal_form(table), keyed)
    again = client.post(deal_form(table), keyed)
    assert first.status_code == again.status_code == 302
    assert Deal.objects.filter(table=table).count() == 1


def test_a_resend_of_a_stored_deal_is_answered_while_others_hold_the_lock():
    """The outbox's resend of a deal whose answer was lost needs no write lock: it gets its
    first answer even while a burst holds the database."""
    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    keyed = {**POSTED, "idempotency_key": "k-stored"}
    first = client.post(deal_form(table), keyed)
    assert first.status_code == 302
    with locked():
        again = client.post(deal_form(table), keyed)
        fresh = client.post(deal_form(table), {**POSTED, "idempotency_key": "k-new"})
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert fresh.status_code == 503  # a new deal does need the lock
    assert Deal.objects.filter(table=table).count() == 1
