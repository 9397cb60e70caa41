"""A database connection lost under a request (a PostgreSQL backend terminated or restarted,
a network cut between the app server and the database) is never a server error.

Between requests ``CONN_HEALTH_CHECKS`` (settings) finds a dead persistent connection before
it is reused. When the connection goes in the middle of a request, the query's
``OperationalError`` or ``InterfaceError`` is caught here: the dead connection is closed, a
safe request (GET, HEAD, OPTIONS) is carried out once more on a fresh connection, and any
other is answered 503 with ``Retry-After`` (the offline outbox and the API's clients retry
with their idempotency keys; nothing was committed by the lost transaction). The answer is
the site's page in the reader's language, or the API's JSON error under /api/.

SQLite's "database is locked" is the other answer of this kind: under a burst of posts a
writer that has waited its whole busy timeout for the write lock gives up. Nothing was
committed then either, so it is a 503 with ``Retry-After`` too (never retried here: the
lock is still held, and the clients retry after the pause); the connection stays open.

``LostConnectionMiddleware`` sees errors raised in views; ``server_error`` (the site's
``handler500``) those raised in other middleware, such as a session read or the form
idempotency's opening of its transaction.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

import psycopg
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

from referee.api.errors import error_body

logger = logging.getLogger("referee.hall.dbfaults")

RETRY_AFTER_SECONDS = 2
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def connection_lost(error: BaseException | None) -> bool:
    """Whether ``error`` is a database error of a connection the server ended, or that left
    the connection dead or never opened (as opposed to a refused query, or SQLite's
    "database is locked", after which the connection works). A dead connection is closed,
    so that the next query opens a new one."""
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    # a backend ended inside a transaction: Django closes the connection when the rollback
    # fails and at once opens a new one, so only the error itself still says so
    lost = _disconnection(error)
    for connection in connections.all(initialized_only=True):
        if connection.connection is None:  # closed by a failed rollback, or never opened
            lost = True
        elif not connection.is_usable():
            lost = True
            try:
                connection.close()
            except Exception:  # closing a dead connection may fail too: it is gone anyway
                connection.connection = None
    return lost


def database_busy(error: BaseException | None) -> bool:
    """Whether ``error`` is SQLite's write lock not obtained within the busy timeout."""
    if not isinstance(error, OperationalError):
        return False
    text = str(error)
    return "database is locked" in text or "database table is locked" in text


#: PostgreSQL's states of a connection ended by the server (class 08 is the connection's own)
ENDED_BY_SERVER = ("57P01", "57P02", "57P03")


def _disconnection(error: BaseException) -> bool:
    """Whether the driver's error under Django's says the server ended the connection.

    The server's own errors carry a SQLSTATE; psycopg's ``OperationalError`` without one
    comes from libpq itself, on the socket ("consuming input failed: server closed the
    connection unexpectedly" when the backend ends while the query is under way, before its
    FATAL message is read; found by ``bench/chaos.py`` on CI)."""
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None)
    if isinstance(state, str):
        return state.startswith("08") or state in ENDED_BY_SERVER
    return isinstance(cause, psycopg.OperationalError)


def unavailable(request: HttpRequest, *, busy: bool = False) -> HttpResponse:
    """503 with ``Retry-After``: the API's JSON error under /api/, else the site's page.
    ``busy``: the database was locked by other writers (the connection is fine)."""
    if request.path.startswith("/api/"):
        if busy:
            code, message = "database_busy", _("The database is busy for a moment: try again.")
        else:
            code = "database_unavailable"
            message = _("The database connection was lost for a moment: try again.")
        response: HttpResponse = JsonResponse(error_body(code, message), status=503)
    else:
        # no base template, no user, no session: nothing on this page reads the database
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"  # no cache in front may keep it for the page
    # a mark the middleware below reads (a lost connection's GET is carried out once more)
    response.lost_connection = not busy  # type: ignore[attr-defined]
    return response


class LostConnectionMiddleware:
    """The outermost middleware: a safe request whose connection was lost is carried out
    once more; otherwise the 503 stands."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if getattr(response, "lost_connection", False) and request.method in SAFE_METHODS:
            logger.warning("connection lost; %s %s once more", request.method, request.path)
            response = self.get_response(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return _answer(request, exception)


def _answer(request: HttpRequest, error: BaseException | None) -> HttpResponse | None:
    """The 503 for a lost connection or a locked database, or None for any other error."""
    if database_busy(error):
        logger.warning("database locked in %s %s: %s", request.method, request.path, error)
        return unavailable(request, busy=True)
    if connection_lost(error):
        logger.warning("connection lost in %s %s: %s", request.method, request.path, error)
        return unavailable(request)
    return None


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's 500 page, but a 503 when the error was a lost database connection or a
    locked database (raised outside a view, where ``process_exception`` does not see it)."""
    answer = _answer(request, sys.exc_info()[1])
    return answer if answer is not None else django_server_error(request)
