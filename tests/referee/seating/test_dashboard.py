"""The chief's round dashboard: every table, its deals and time since the last entry, the
round clock; a fixed number of queries whatever the round's size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.demo.loader import generate_tournament
from referee.tournaments.models import Tournament
from tests.referee.factories import UserFactory

pytestmark = pytest.mark.django_db


def cup(players: int, slug: str):
    tournament = generate_tournament(players, 1, slug=slug, deals_per_table=2)
    chief = UserFactory()
    Tournament.objects.filter(pk=tournament.pk).update(chief_referee=chief, time_limit_minutes=90)
    return tournament, chief


def queries(client, tournament) -> int:
    url = reverse("round-dashboard", args=[tournament.slug, 1])
    with CaptureQueriesContext(connection) as seen:
        response = client.get(url)
    assert response.status_code == 200
    return len(seen)


def test_the_dashboard_lists_every_table_with_its_deals(client):
    tournament, chief = cup(12, "dash")
    client.force_login(chief)
    response = client.get(reverse("round-dashboard", args=[tournament.slug, 1]))
    lines = response.context["lines"]
    assert len(lines) == 3 and all(line.deals == 2 for line in lines)
    assert 'id="round-clock"' in response.content.decode()
    part = client.get(reverse("round-dashboard", args=[tournament.slug, 1]), {"part": "tables"})
    assert "<html" not in part.content.decode()  # only the tables, for the page to refresh


def test_the_dashboard_reads_a_fixed_number_of_queries(client):
    small, chief = cup(8, "dash-small")
    large, other = cup(40, "dash-large")
    client.force_login(chief)
    few = queries(client, small)
    client.force_login(other)
    # session, user, tournament, round, tables with deal counts, last entries, disputes,
    # seats, the round's start in the log, the latest round (is the next one to be seated?),
    # the stages (a stage's round is seated by the stage's method)
    assert few == queries(client, large) == 11


def test_only_the_chief_sees_the_dashboard(client):
    tournament, _chief = cup(8, "dash-chief")
    client.force_login(UserFactory())
    assert client.get(reverse("round-dashboard", args=[tournament.slug, 1])).status_code in (
        403,
        404,
    )
