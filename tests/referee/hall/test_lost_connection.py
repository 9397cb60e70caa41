"""A PostgreSQL backend terminated under the site (``pg_terminate_backend``, as a restart or
a network cut does) is never a server error: a persistent connection is health-checked
before reuse, a safe request that finds its connection gone runs once more, any other is
answered 503 with ``Retry-After`` in the reader's language (JSON under /api/). On SQLite
there is no backend to terminate: the tests skip (issue 21, point 4)."""

from __future__ import annotations

import io
import logging
import time

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection, connections
from django.test import Client

from ..factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="terminating a backend needs PostgreSQL"
)

RETRIED = "once more"


def terminate_backend() -> None:
    """End the server process behind the default connection, from another connection, and
    wait until it is gone."""
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            for _ in range(100):
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
                if cursor.fetchone()[0] == 0:
                    break
                time.sleep(0.05)
            else:
                pytest.fail("the backend did not end")
    finally:
        other.close()


def served(path: str, method: str = "GET", language: str = "en") -> tuple[int, dict, bytes]:
    """``path`` through the site's own WSGI handler, as gunicorn calls it: the request
    signals run (persistent connections kept, health-checked at each request)."""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "testserver",
        "HTTP_ACCEPT_LANGUAGE": language,
        "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    answer: dict = {}

    def start_response(status, headers, exc_info=None):
        answer["status"] = int(status.split()[0])
        answer["headers"] = dict(headers)

    response = WSGIHandler()(environ, start_response)
    try:
        body = b"".join(response)
    finally:
        response.close()
    return answer["status"], answer["headers"], body


@postgres
def test_a_persistent_connection_whose_backend_ended_is_replaced_before_the_next_request(caplog):
    tournament = TournamentFactory(published=True)
    assert served(f"/t/{tournament.slug}/")[0] == 200
    before = connection.connection
    assert before is not None  # kept between requests (CONN_MAX_AGE)
    terminate_backend()
    with caplog.at_level(logging.WARNING, logger="referee.hall.dbfaults"):
        status, _headers, body = served(f"/t/{tournament.slug}/")
    assert status == 200 and tournament.name in body.decode()
    assert connection.connection is not before
    # the health check found it, before the page's first query: nothing was retried
    assert RETRIED not in caplog.text


@postgres
def test_a_get_that_finds_its_connection_gone_is_carried_out_once_more(caplog):
    """The test client runs no health check between requests (as when the backend ends
    after the check): the page's query fails, and the request runs again."""
    tournament = TournamentFactory(published=True)
    client = Client()
    assert client.get(f"/t/{tournament.slug}/").status_code == 200
    terminate_backend()
    with caplog.at_level(logging.WARNING, logger="referee.hall.dbfaults"):
        response = client.get(f"/t/{tournament.slug}/")
    assert response.status_code == 200
    assert tournament.name in response.content.decode()
    assert RETRIED in caplog.text


@postgres
def test_a_post_that_finds_its_connection_gone_is_answered_503_in_the_readers_language():
    UserFactory(username="tablet", password="right-one")
    client = Client()
    assert client.get("/accounts/login/").status_code == 200
    terminate_backend()
    response = client.post(
        "/accounts/login/",
        {"username": "tablet", "password": "right-one"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "2" and response["Cache-Control"] == "no-store"
    page = response.content.decode()
    assert "База данных на миг не ответила" in page
    assert "Traceback" not in page and "OperationalError" not in page
    # the next request is served on a new connection
    assert client.get("/accounts/login/").status_code == 200


@postgres
def test_the_api_answers_a_lost_connection_with_its_json_error():
    UserFactory(username="tablet", password="right-one")
    client = Client()
    assert client.get("/api/v1/tournaments/").status_code == 200
    terminate_backend()
    response = client.post(
        "/api/v1/auth/token/",
        {"username": "tablet", "password": "right-one"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "database_unavailable"
    assert "базой данных" in body["message"]
    terminate_backend()
    assert client.get("/api/v1/tournaments/").status_code == 200


@postgres
def test_a_connection_lost_in_a_middleware_is_a_503_too():
    """A signed-in user's session is first read by a middleware (the form's idempotency),
    outside the view: the site's ``handler500`` answers 503 there."""
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory())
    assert client.get("/").status_code == 200
    terminate_backend()
    response = client.post("/accounts/login/", {"idempotency_key": "k1", "username": "x"})
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "The database did not answer" in response.content.decode()


@postgres
def test_a_public_page_rendered_by_the_page_cache_is_served_once_more(settings, caplog):
    """The page cache renders public pages in its own middleware (not through the view
    chain): a connection lost there is a 503 of ``handler500``, and the GET runs again."""
    settings.PAGE_CACHE = True
    tournament = TournamentFactory(published=True)
    client = Client(raise_request_exception=False)
    assert client.get("/").status_code == 200
    terminate_backend()
    with caplog.at_level(logging.WARNING, logger="referee.hall.dbfaults"):
        response = client.get(f"/t/{tournament.slug}/")
    assert response.status_code == 200
    assert tournament.name in response.content.decode()
    assert RETRIED in caplog.text


@postgres
def test_a_backend_ended_inside_the_write_transaction_is_a_503_and_the_resend_stores_once(
    monkeypatch,
):
    """Found by ``bench/chaos.py``: a backend terminated while a deal post's transaction is
    open. Django closes the connection when the rollback fails and opens a new one at once,
    so the connection looks healthy; the error itself says the server ended it."""
    from referee.api import idempotency
    from referee.tables.models import Deal

    from ..factories import referee_of, table_with_players
    from .test_entry_rules import six

    table = table_with_players(3)
    client = Client(raise_request_exception=False)
    client.force_login(referee_of(table.round.tournament))
    address = f"/api/v1/tournaments/{table.round.tournament.slug}/rounds/{table.round.number}"
    address += f"/tables/{table.number}/deals/"
    store = idempotency._store

    def ended_before_storing(record, response):
        terminate_backend()
        store(record, response)

    monkeypatch.setattr(idempotency, "_store", ended_before_storing)
    post = {"content_type": "application/json", "HTTP_IDEMPOTENCY_KEY": "k-ended"}
    response = client.post(address, six("A"), **post)
    assert response.status_code == 503, response.content
    assert response.json()["code"] == "database_unavailable"
    assert Deal.objects.count() == 0  # the transaction was rolled back with its key
    monkeypatch.setattr(idempotency, "_store", store)
    assert client.post(address, six("A"), **post).status_code == 201
    assert client.post(address, six("A"), **post).status_code == 201  # replayed
    assert Deal.objects.count() == 1


@postgres
def test_a_refused_query_is_not_taken_for_a_lost_connection():
    """An ``OperationalError`` on a working connection (here a cancelled statement) is no
    lost connection: it is not retried as one."""
    from django.db import OperationalError

    from referee.hall.dbfaults import connection_lost

    with pytest.raises(OperationalError) as caught, connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 1; SELECT pg_sleep(1)")
    assert not connection_lost(caught.value)
    with connection.cursor() as cursor:
        cursor.execute("RESET statement_timeout")


def test_sqlites_locked_database_is_not_a_lost_connection():
    """SQLite's "database is locked" (or any error on a connection that still works) is no
    lost connection: this mechanism neither retries it nor closes the connection."""
    from django.db import OperationalError

    from referee.hall.dbfaults import connection_lost

    connection.ensure_connection()
    kept = connection.connection
    assert not connection_lost(OperationalError("database is locked"))
    assert connection.connection is kept


def test_libpqs_own_socket_error_is_a_lost_connection_even_on_a_fresh_connection():
    """Found by ``bench/chaos.py`` on CI: a backend terminated while the query is under way
    ends in libpq's "server closed the connection unexpectedly", an error without a
    SQLSTATE; Django has already replaced the connection, so only the error says so."""
    import psycopg
    from django.db import OperationalError

    from referee.hall.dbfaults import connection_lost

    connection.ensure_connection()
    error = OperationalError("consuming input failed: server closed the connection")
    error.__cause__ = psycopg.OperationalError("consuming input failed")
    assert connection_lost(error)
    refused = OperationalError("canceling statement due to statement timeout")
    refused.__cause__ = psycopg.errors.QueryCanceled("canceling statement")
    assert not connection_lost(refused)
