"""Public pages from the shared cache: keyed by version counters, ETag and 304, a table's
page changes only when that table does, standings may stand in (marked) for a few
seconds while one worker renders the new ones."""

from __future__ import annotations

import pytest
from django.test import Client

from referee.standings.models import StandingsSettings
from referee.tables import services

from ..factories import RoundFactory, TournamentFactory, referee_of, table_with_players
from .test_entry_rules import six

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cached(settings):
    settings.PAGE_CACHE = True
    settings.PAGE_STALE_SECONDS = 0


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a change and its on-commit callbacks (the counters' bumps)."""

    def run(change):
        with django_capture_on_commit_callbacks(execute=True):
            return change()

    return run


@pytest.fixture
def hall():
    tournament = TournamentFactory(published=True)
    round_ = RoundFactory(tournament=tournament, number=1)
    tables = [table_with_players(3, round=round_, number=n) for n in (1, 2)]
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    return tournament, tables, referee_of(tournament)


def table_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/r/{table.round.number}/t/{table.number}/"


def test_a_repeat_is_served_from_the_cache_and_a_conditional_get_is_a_304(hall):
    tournament, _tables, _referee = hall
    client = Client()
    url = f"/t/{tournament.slug}/standings/"
    first = client.get(url)
    again = client.get(url)
    assert first.status_code == again.status_code == 200
    assert first["ETag"] == again["ETag"] and again["X-Page-Cache"] == "hit"
    assert again.context is None  # not rendered again
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_table_page_changes_only_when_that_table_does(hall, committed):
    _tournament, (one, two), referee = hall
    client = Client()
    tags = [client.get(table_url(t))["ETag"] for t in (one, two)]
    standings = client.get(f"/t/{one.round.tournament.slug}/standings/")["ETag"]
    committed(lambda: services.record_deal(one.pk, six("A"), referee))
    assert client.get(table_url(one))["ETag"] != tags[0]
    assert client.get(table_url(two))["ETag"] == tags[1]
    assert client.get(table_url(two), HTTP_IF_NONE_MATCH=tags[1]).status_code == 304
    assert client.get(f"/t/{one.round.tournament.slug}/standings/")["ETag"] != standings
    assert "6" in client.get(table_url(one)).content.decode()


def test_standings_stand_in_for_a_few_seconds_marked_as_such(hall, settings, committed):
    settings.PAGE_STALE_SECONDS = 60
    tournament, (one, _two), referee = hall
    client = Client()
    url = f"/t/{tournament.slug}/standings/"
    first = client.get(url)
    committed(lambda: services.record_deal(one.pk, six("A"), referee))
    stale = client.get(url)
    assert stale["X-Page-Cache"] == "stale" and stale["ETag"] == first["ETag"]
    assert "stale-note" in stale.content.decode()
    settings.PAGE_STALE_SECONDS = 0
    fresh = client.get(url)
    assert fresh["ETag"] != first["ETag"] and "stale-note" not in fresh.content.decode()


def test_officials_and_visitors_with_a_session_are_never_served_from_the_cache(hall):
    tournament, _tables, referee = hall
    client = Client()
    url = f"/t/{tournament.slug}/standings/"
    client.get(url)
    client.force_login(referee)
    page = client.get(url)
    assert "ETag" not in page and page.context is not None


def test_each_visitor_gets_a_csrf_token_of_his_own(hall):
    tournament, _tables, _referee = hall
    url = f"/t/{tournament.slug}/standings/"
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.get(url)
    page = second.get(url)
    assert "\x00" not in page.content.decode()
    token = second.cookies["csrftoken"].value
    assert token
    response = second.post("/i18n/setlang/", {"language": "en", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_an_export_is_kept_per_version(hall, committed):
    tournament, (one, _two), referee = hall
    client = Client()
    url = f"/t/{tournament.slug}/export/results.xlsx"
    first = client.get(url)
    assert first.status_code == 200 and first["Content-Disposition"].startswith("attachment")
    again = client.get(url)
    assert again.context is None and again.content == first.content  # no form: no token
    committed(lambda: services.record_deal(one.pk, six("A"), referee))
    assert client.get(url)["ETag"] != first["ETag"]


def test_the_chief_s_decision_on_a_dispute_makes_a_new_protocol(hall, committed):
    from referee.accounts.models import Role
    from referee.tables.agreements import Verdict, resolve_dispute, sign_off
    from referee.tables.models import Agreement
    from referee.tournaments.models import Tournament

    tournament, (one, two), referee = hall
    Tournament.objects.filter(pk=tournament.pk).update(players_confirm=True)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    committed(lambda: services.record_deal(one.pk, six("A"), referee))
    seats = list(one.seats.order_by("position"))
    verdicts = {s.pk: Verdict(True) for s in seats[:2]} | {seats[2].pk: Verdict(False, "7")}
    committed(lambda: sign_off(one.pk, referee, verdicts))
    client = Client()
    protocol = table_url(one) + "protocol.pdf"
    other = table_url(two) + "protocol.pdf"
    tags = [client.get(protocol)["ETag"], client.get(other)["ETag"]]
    word = Agreement.objects.get(table=one, agreed=False)
    committed(lambda: resolve_dispute(word.pk, chief, "dismissed", "a six"))
    assert client.get(protocol)["ETag"] != tags[0]  # it shows the decision
    assert client.get(other)["ETag"] == tags[1]
