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


def test_a_public_page_is_the_same_for_every_visitor_and_says_so_to_a_shared_cache(hall):
    """No token of a visitor's own in a public page (the language switch needs none), so a
    cache in front may keep it for everybody, a couple of seconds, by language."""
    tournament, _tables, _referee = hall
    url = f"/t/{tournament.slug}/standings/"
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.get(url)
    page = second.get(url)
    assert page["X-Page-Cache"] == "hit"
    assert "\x00" not in page.content.decode()
    assert "csrfmiddlewaretoken" not in page.content.decode()
    assert "csrftoken" not in page.cookies and not page.has_header("Set-Cookie")
    control = {part.strip() for part in page["Cache-Control"].split(",")}
    assert control == {"public", "max-age=0", "s-maxage=2", "stale-while-revalidate=8"}
    assert "Accept-Language" in page["Vary"]
    not_modified = second.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    assert not_modified.status_code == 304 and "s-maxage=2" in not_modified["Cache-Control"]
    switched = second.post("/i18n/setlang/", {"language": "en", "next": url})
    assert switched.status_code == 302 and second.cookies["django_language"].value == "en"
    assert "Standings" in second.get(url).content.decode()


def test_a_page_standing_in_while_a_new_one_is_made_is_shared_for_a_second(
    hall, settings, committed
):
    settings.PAGE_STALE_SECONDS = 60
    tournament, (one, _two), referee = hall
    url = f"/t/{tournament.slug}/standings/"
    Client().get(url)
    committed(lambda: services.record_deal(one.pk, six("A"), referee))
    stale = Client().get(url)
    assert stale["X-Page-Cache"] == "stale" and "s-maxage=1," in stale["Cache-Control"]


def test_an_officials_pages_are_never_public(hall, settings):
    tournament, (one, _two), referee = hall
    client = Client()
    client.force_login(referee)
    for url in (f"/t/{tournament.slug}/standings/", table_url(one), f"/t/{tournament.slug}/"):
        page = client.get(url)
        assert page.status_code == 200
        assert "public" not in page["Cache-Control"] and "private" in page["Cache-Control"]
        assert "s-maxage" not in page["Cache-Control"]


def test_a_visitor_with_a_session_gets_nothing_public_either(hall, settings):
    tournament, _tables, _referee = hall
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = "not-a-session"
    page = client.get(f"/t/{tournament.slug}/standings/")
    assert "public" not in page.get("Cache-Control", "") and "private" in page["Cache-Control"]


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


def test_a_download_is_kept_for_its_day_only_a_page_for_as_long_as_its_data(hall, monkeypatch):
    """A printout says the day it was printed: the next day it is printed again."""
    import datetime

    from django.utils import timezone

    tournament, _tables, _referee = hall
    client = Client()
    pdf, page = f"/t/{tournament.slug}/export/standings.pdf", f"/t/{tournament.slug}/standings/"
    before = [client.get(pdf), client.get(page)]
    assert client.get(pdf)["X-Page-Cache"] == "hit"
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args: tomorrow)
    after = client.get(pdf)  # made again: under a new key, so a new tag
    assert after.status_code == 200 and after["ETag"] != before[0]["ETag"]
    assert client.get(page)["ETag"] == before[1]["ETag"]


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
