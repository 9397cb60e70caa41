"""The demo loader: a realistic, valid tournament, loaded once."""

import pytest
from django.core.management import call_command

from referee.tables.models import Deal, Table
from referee.tables.results import table_results
from referee.tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_builds_four_rounds_of_valid_scored_tables(capsys):
    call_command("load_demo")
    tournament = Tournament.objects.get(slug="demo")
    assert tournament.entries.count() == 22 and tournament.convention == "fspr"
    rounds = list(tournament.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.Status.FINISHED] * 3 + [Round.Status.STARTED]
    sizes = sorted(t.seats.count() for t in rounds[0].tables.all())
    assert sizes == [3, 3, 4, 4, 4, 4]  # 22 = 4 + 4 + 4 + 4 + 3 + 3
    tables = Table.objects.filter(round__tournament=tournament).select_related("round__tournament")
    results = table_results(tables)
    assert all(r.error == "" and sum(r.whists.values()) == 0 for r in results)
    assert Deal.objects.filter(table__round__tournament=tournament).count() > 300
    last = rounds[3].tables.values_list("status", flat=True)
    assert Table.Status.OPEN in last and Table.Status.LOCKED in last
    out = capsys.readouterr().out
    assert "chief / demo-chief" in out


def test_load_demo_twice_is_safe(capsys):
    call_command("load_demo")
    deals = Deal.objects.count()
    call_command("load_demo")
    assert Deal.objects.count() == deals
    assert "already loaded" in capsys.readouterr().out


def test_the_demo_shows_the_public_its_finished_rounds_only(client):
    from django.urls import reverse

    call_command("load_demo")
    assert client.get(reverse("standings", args=["demo"])).status_code == 200
    assert client.get(reverse("table", args=["demo", 3, 1])).status_code == 200
    assert client.get(reverse("table", args=["demo", 4, 1])).status_code == 404
