"""A GET changes nothing (issue 30 point 4): the printed protocol of a deal with entered hands
shows its double-dummy evidence from what the hands' entry (a POST) kept, and writes no row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.accounts.models import Role
from referee.tables import services
from referee.tables.models import DealHands

from ..factories import referee_of, table_with_players
from .test_evidence import DISPUTED, HANDS

pytestmark = pytest.mark.django_db

WRITES = ("insert ", "update ", "delete ")


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().lower().startswith(WRITES)]


def test_the_protocol_pdf_of_a_deal_with_entered_hands_writes_nothing(client):
    table = table_with_players(3)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    deal = services.record_deal(table.pk, DISPUTED, referee_of(tournament))
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    client.force_login(chief)
    url = reverse("export-protocol", args=[tournament.slug, table.round.number, table.number])
    with CaptureQueriesContext(connection) as first:
        assert client.get(url).status_code == 200
    assert writes(first.captured_queries) == []
    # a correction (a POST) changes what the numbers depend on: the GET after it writes nothing
    services.correct_deal(deal.pk, DISPUTED | {"play": "open"}, chief, "open play")
    services.correct_deal(
        deal.pk, DISPUTED | {"contract": {"level": 6, "strain": "C"}}, chief, "clubs"
    )
    with CaptureQueriesContext(connection) as again:
        page = client.get(url)
    assert page.status_code == 200 and writes(again.captured_queries) == []
    kept = DealHands.objects.get(deal=deal).layout.analysis  # the correction kept clubs' line
    assert kept is not None and set(kept["tricks"]["1"]) == {"S", "C"}
