"""The demo tournament, built once per test session (per xdist worker) for the tests that ask
for the ``demo`` fixture.

Building the demo (22 players, four rounds, some 350 deals recorded through the referees'
services) takes seconds, and a dozen tests read it. The first test that asks for it builds it
inside a transaction left open around the tests that follow; each of them runs in a savepoint
of its own (pytest-django's ``db``), so whatever one writes is rolled back before the next.
The tests that ask for it run first and together (:func:`pytest_collection_modifyitems`);
should any other test come between them (a subset, ``-p no:...``, another order), the
transaction is rolled back before that test starts (:func:`pytest_runtest_setup`), so no
other test ever sees the demo, and the next test that asks builds it again.

On PostgreSQL the same: the demo's transaction is the outer one, the tests' are savepoints.
A transactional test (``django_db(transaction=True)``) flushes the tables and cannot share
it: asking for ``demo`` there is refused.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

_STATE = pytest.StashKey["SharedDemo"]()
#: the tests that ask for this fixture share the demo
FIXTURE = "demo"
#: the demo is built under the settings every test runs with (the autouse fixtures of
#: conftest.py), as when a test built it itself: the logins' passwords in the tests' hasher
BUILD_SETTINGS: dict[str, Any] = {
    "LANGUAGE_CODE": "en",
    "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    "CACHES": {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
    "AXES_ENABLED": False,
    "PAGE_CACHE": False,
    "ENFORCE_DEALER_ROTATION": False,
}


class SharedDemo:
    """The demo in an open transaction of the default database, or not (yet, any more)."""

    def __init__(self, blocker: Any) -> None:
        self.blocker = blocker
        self.atomic: Any = None
        self.output = ""  # what ``load_demo`` printed (the logins)
        self.builds = 0

    @property
    def is_open(self) -> bool:
        return self.atomic is not None

    def open(self) -> None:
        from django.core.management import call_command
        from django.db import transaction
        from django.test import override_settings

        with self.blocker.unblock(), override_settings(**BUILD_SETTINGS):
            atomic = transaction.atomic()
            atomic.__enter__()
            try:
                out = io.StringIO()
                call_command("load_demo", stdout=out)
            except BaseException as error:
                atomic.__exit__(type(error), error, error.__traceback__)
                raise
        self.atomic, self.output = atomic, out.getvalue()
        self.builds += 1

    def close(self) -> None:
        from django.db import transaction

        with self.blocker.unblock():
            transaction.set_rollback(True)
            self.atomic.__exit__(None, None, None)
        self.atomic = None


def wants_demo(item: pytest.Item) -> bool:
    return FIXTURE in getattr(item, "fixturenames", ())


def transactional(item: pytest.Item) -> bool:
    """Whether pytest-django runs ``item`` as a TransactionTestCase (which flushes the tables
    after it: the demo's transaction cannot wrap it)."""
    names = set(getattr(item, "fixturenames", ()))
    marker = item.get_closest_marker("django_db")
    asked = marker is not None and any(
        marker.kwargs.get(flag) for flag in ("transaction", "reset_sequences")
    )
    return asked or bool(names & {"transactional_db", "live_server", "django_db_reset_sequences"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the demo first, together (one build a worker), then the ones marked
    ``slow`` (started early, they do not leave one xdist worker busy at the end while the
    other idles); the order is otherwise kept, and is the same in every worker."""
    items.sort(key=lambda item: (not wants_demo(item), item.get_closest_marker("slow") is None))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before any fixture of ``item``: the demo's transaction is open exactly when it asks
    for the demo (rolled back for the others, built again for a later test of the demo)."""
    if wants_demo(item) and transactional(item):
        raise pytest.UsageError(f"{item.nodeid}: a transactional test cannot share the demo")
    state = item.config.stash.get(_STATE, None)
    if state is None:
        return  # not built yet: the ``_shared_demo`` fixture builds it when first asked
    if wants_demo(item) and not state.is_open:
        state.open()
    elif not wants_demo(item) and state.is_open:
        state.close()


@pytest.fixture(scope="session")
def _shared_demo(
    request: pytest.FixtureRequest, django_db_setup: None, django_db_blocker: Any
) -> Iterator[SharedDemo]:
    # session-scoped, so set up before any test's own transaction opens (function scope)
    state = SharedDemo(django_db_blocker)
    state.open()
    request.config.stash[_STATE] = state
    yield state
    if state.is_open:
        state.close()
    del request.config.stash[_STATE]


@pytest.fixture
def demo(_shared_demo: SharedDemo, db: None) -> Any:
    """The demo tournament (slug ``demo``), shared: a test may write, its writes are
    rolled back after it."""
    from referee.tournaments.models import Tournament

    assert _shared_demo.is_open
    return Tournament.objects.get(slug="demo")


@pytest.fixture
def demo_output(_shared_demo: SharedDemo) -> str:
    """What ``manage.py load_demo`` printed when it built the shared demo."""
    return _shared_demo.output
