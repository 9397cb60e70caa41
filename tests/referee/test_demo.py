"""The demo loader: a realistic, valid tournament, loaded once (the tests share the one built
for the session: the ``demo`` fixture, shared_demo.py)."""

import pytest
from django.core.management import call_command

from referee.tables.models import Deal, Table
from referee.tables.results import table_results
from referee.tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_builds_four_rounds_of_valid_scored_tables(demo, demo_output):
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
    assert demo_output.startswith("Loaded ") and "chief / demo-chief" in demo_output


def test_load_demo_twice_is_safe(demo, capsys):
    deals = Deal.objects.count()
    call_command("load_demo")
    assert Deal.objects.count() == deals
    assert "already loaded" in capsys.readouterr().out


def test_the_demo_shows_the_public_its_finished_rounds_only(demo, client):
    from django.urls import reverse

    assert client.get(reverse("standings", args=["demo"])).status_code == 200
    assert client.get(reverse("table", args=["demo", 3, 1])).status_code == 200
    assert client.get(reverse("table", args=["demo", 4, 1])).status_code == 404


# -- the shared demo (shared_demo.py): a test's writes and the demo itself stay its own -------


def test_a_test_of_the_shared_demo_may_write(demo):
    Tournament.objects.filter(pk=demo.pk).update(name="Renamed by a test")
    Tournament.objects.create(
        name="Written", slug="written", starts_on="2026-01-01", ends_on="2026-01-02"
    )
    assert Tournament.objects.get(slug="demo").name == "Renamed by a test"


def test_the_next_test_of_the_shared_demo_finds_it_as_built(demo):
    # (on one worker this runs right after the test above, which wrote)
    assert demo.name == "Демо-турнир: Кубок ФСПР"
    assert not Tournament.objects.filter(slug="written").exists()


def test_a_test_without_the_demo_finds_an_empty_database():
    assert not Tournament.objects.exists() and not Deal.objects.exists()
