"""The tournament list a page at a time (issue 33): the latest first, by season and city,
the same queries for a few tournaments as for many."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.tournaments.models import Tournament

from ..factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def _made(count: int, start: int = 0) -> None:
    for i in range(start, start + count):
        day = datetime.date(2020 + i % 3, 1, 1) + datetime.timedelta(days=i)
        TournamentFactory(published=True, starts_on=day, ends_on=day, venue=f"Тула, клуб {i}")


def _read(client, query: str = "") -> tuple[list[str], int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("home") + query)
    assert response.status_code == 200
    return [t.slug for t in response.context["tournaments"]], len(queries)


def test_the_list_pages_by_thirty_the_latest_first(client):
    _made(35)
    first, _ = _read(client)
    second, _ = _read(client, "?page=2")
    assert len(first) == 30 and len(second) == 5
    everything = list(
        Tournament.objects.order_by("-starts_on", "-pk").values_list("slug", flat=True)
    )
    assert first + second == everything


def test_a_season_and_a_city_narrow_the_list(client):
    _made(9)  # i = 0..8: seasons 2020 (i 0, 3, 6), 2021 (1, 4, 7), 2022 (2, 5, 8)
    found, _ = _read(client, "?season=2021")
    assert len(found) == 3
    found, _ = _read(client, "?season=2021&city=клуб 4")
    assert len(found) == 1
    found, _ = _read(client, "?season=20x1")  # not a year: not a filter
    assert len(found) == 9


def test_an_unpublished_tournament_shows_to_its_chief_only(client):
    hidden = TournamentFactory(published=False)
    assert hidden.slug not in _read(client)[0]
    chief = UserFactory()
    Tournament.objects.filter(pk=hidden.pk).update(chief_referee=chief)
    client.force_login(chief)
    assert hidden.slug in _read(client)[0]


def test_the_same_queries_for_five_as_for_sixty_tournaments(client):
    _made(5)
    _read(client)
    few = _read(client)[1]
    _made(55, 5)
    many = _read(client)[1]
    assert few == many


def test_each_card_counts_its_active_players_in_three_queries_in_all(client):
    from referee.tournaments.models import Registration

    from ..factories import RegistrationFactory

    _made(2)
    first, second = Tournament.objects.order_by("-starts_on", "-pk")
    for _ in range(3):
        RegistrationFactory(tournament=first)
    RegistrationFactory(tournament=first, status=Registration.Status.WITHDRAWN)
    RegistrationFactory(tournament=second)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("home"))
    # the count, the page, the players of the page's tournaments
    assert len(queries) == 3
    counted = {t.slug: t.players for t in response.context["tournaments"]}
    assert counted == {first.slug: 3, second.slug: 1}
    assert "3 игрока" in response.content.decode() or "3 players" in response.content.decode()
