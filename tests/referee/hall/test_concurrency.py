"""Concurrent entry with real parallel connections (one thread, one database connection
each; ``transaction=True`` so they see each other's commits), on SQLite and on PostgreSQL
alike (``.ci/run`` runs the suite on both).

Two mechanisms make these pass (checked once by removing each: every test here failed on
SQLite without IMMEDIATE with "database is locked"; the first three failed on PostgreSQL
without the locks with duplicate keys):
- on SQLite, ``transaction_mode = IMMEDIATE`` with the busy timeout
  (``hall_settings.sqlite_options``): without it two writers both start reading, then
  both try to write and one fails at once with "database is locked";
- on PostgreSQL, the table lock (``select_for_update`` in ``tables.services._locked_table``
  and of the deal in the corrections): without it two posts read the same last deal number
  (duplicate key) and two corrections the same version (duplicate version).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from referee.core.errors import ServiceError
from referee.tables import services
from referee.tables.dealdata import score_table
from referee.tables.models import Deal, DealVersion, Table
from referee.tables.results import summary

from ..factories import RoundFactory, TournamentFactory, referee_of, table_with_players
from .test_entry_rules import six

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(calls: list[Callable[[], object]]) -> tuple[list[object], list[BaseException]]:
    """Run ``calls`` in parallel threads released together; their results and errors
    (a ``ServiceError`` is a refusal, not an error)."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=30)
            outcome = call()
            with lock:
                results.append(outcome)
        except ServiceError as refusal:
            with lock:
                results.append(refusal)
        except BaseException as error:
            with lock:
                errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results, errors


def assert_sheet_kept(table: Table) -> None:
    """Numbers 1..n once each, and the kept settlement is that of the deals."""
    table.refresh_from_db()
    deals = list(Deal.objects.filter(table=table, deleted=False).order_by("number"))
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    tournament = table.round.tournament
    sheet = score_table(
        tournament.rules(), table.seats.count(), [d.data for d in deals], tournament.pool_size
    )
    assert table.result == summary(sheet, len(deals))


def test_two_referees_saving_at_one_table_lose_and_duplicate_nothing():
    table = table_with_players(3)
    first, second = (referee_of(table.round.tournament) for _ in range(2))
    calls = [
        (lambda who=who: [services.record_deal(table.pk, six("A"), who) for _ in range(4)])
        for who in (first, second, first, second)
    ]
    _results, errors = at_once(calls)
    assert errors == []
    assert Deal.objects.filter(table=table).count() == 16
    assert DealVersion.objects.filter(deal__table=table).count() == 16
    assert_sheet_kept(table)


def test_a_burst_at_many_tables_loses_and_duplicates_nothing():
    round_ = RoundFactory(tournament=TournamentFactory())
    tables = [table_with_players(3, round=round_, number=n) for n in range(1, 9)]
    referee = referee_of(round_.tournament)
    calls = [
        (lambda t=t: [services.record_deal(t.pk, six("A"), referee) for _ in range(3)])
        for t in tables
        for _ in range(2)
    ]
    _results, errors = at_once(calls)
    assert errors == []
    for table in tables:
        assert Deal.objects.filter(table=table).count() == 6
        assert_sheet_kept(table)


def test_simultaneous_corrections_of_one_deal_each_make_one_version():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, six("A"), referee)
    plays = ["open", "closed"] * 4
    calls = [
        (
            lambda n=n, play=play: services.correct_deal(
                deal.pk, six("A") | {"play": play}, referee, f"correction {n}"
            )
        )
        for n, play in enumerate(plays)
    ]
    _results, errors = at_once(calls)
    assert errors == []
    deal.refresh_from_db()
    versions = list(DealVersion.objects.filter(deal=deal).values_list("version", flat=True))
    assert sorted(versions) == list(range(1, len(plays) + 2))
    assert deal.version == len(plays) + 1
    assert_sheet_kept(table)


@pytest.mark.rotation
def test_two_posts_of_the_next_deal_at_once_store_one_and_refuse_the_other():
    """Both send the deal the rotation expects: one is stored, the other is told whose
    deal it now is (a refusal at the dealer field, not an error). Fails on SQLite without
    IMMEDIATE ("database is locked")."""
    table = table_with_players(3)
    first, second = (referee_of(table.round.tournament) for _ in range(2))
    results, errors = at_once(
        [lambda who=who: services.record_deal(table.pk, six("A"), who) for who in (first, second)]
    )
    assert errors == []
    refusals = [r for r in results if isinstance(r, ServiceError)]
    assert len(refusals) == 1 and refusals[0].field == "dealer"
    assert Deal.objects.filter(table=table).count() == 1
