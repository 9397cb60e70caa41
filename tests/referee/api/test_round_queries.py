"""A round's draw in the API reads a fixed number of queries, however many tables it has
(the seats and their players prefetched: ``answers.RoundAnswer.tables``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ..factories import table_with_players
from .conftest import client_for

pytestmark = pytest.mark.django_db


def _read(table):
    tournament = table.round.tournament
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/{table.round.number}/"
    client = client_for(None)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.json(), len(queries)


def test_the_draw_reads_as_many_queries_for_five_tables_as_for_one():
    one = table_with_players(3, published=True)
    body, few = _read(one)
    assert [len(t["seats"]) for t in body["tables"]] == [3]
    for number in range(2, 6):
        table_with_players(4, round=one.round, number=number)
    body, many = _read(one)
    assert [len(t["seats"]) for t in body["tables"]] == [3, 4, 4, 4, 4]
    assert body["tables"][1]["seats"][0]["letter"] == "A"
    assert many == few
