"""Pages kept whole for anonymous readers (``core.kept``, issue 33): a veteran's profile, a
cup, the tournament list and the registry are rendered once per change of what they show.
Each is served again unrendered while nothing changed, and rendered anew after each kind of
change it shows: a tournament's logged change, a player renamed, a rating list updated, a
new tournament; officials and readers with a session are never served a kept page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.core import kept
from referee.ratings.models import RatingList
from referee.ratings.services.compute import recompute_list
from referee.series.models import Series, SeriesTournament
from referee.tournaments.log import log_action

from ..factories import TournamentFactory, referee_of
from ..ratings.helpers import played, registry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _kept(settings):
    settings.PAGE_CACHE = True


@pytest.fixture
def cup(committed):
    players = registry(3)
    tournament = committed(
        lambda: played(players, [[[(0, 30), (1, 0), (2, -30)]]], name="Первый этап")
    )
    return players, tournament


def read(client: Client, url: str) -> tuple[bool, str]:
    """(served kept, the page's text)."""
    response = client.get(url)
    assert response.status_code == 200
    return response.get("X-Page-Cache") == "kept", response.content.decode()


def test_a_profile_is_kept_until_his_tournament_his_opponent_or_his_rating_changes(cup, committed):
    (first, second, _third), tournament = cup
    client, url = Client(), reverse("registry-player", args=[first.pk])
    assert read(client, url)[0] is False
    assert read(client, url)[0] is True
    committed(lambda: log_action(tournament, None, "tournament.settings", "a correction"))
    assert read(client, url)[0] is False  # a logged change of one of his tournaments
    assert read(client, url)[0] is True
    rating_list = committed(lambda: RatingList.objects.create(name="Клуб", slug="club"))
    committed(lambda: rating_list.tournaments.add(tournament))
    committed(lambda: recompute_list(rating_list))
    shown, text = read(client, url)
    assert shown is False and "Клуб" in text  # his rating on the new list
    assert read(client, url)[0] is True
    second.name = "Переименов Пётр"
    committed(second.save)
    shown, text = read(client, url)  # his opponent's new name in his rating's history
    assert shown is False and "Переименов Пётр" in text
    rating_list.published = False
    committed(rating_list.save)  # the list withdrawn from the public: gone from his page
    for _ in range(2):
        assert "Клуб" not in read(client, url)[1]


def test_a_cup_is_kept_until_a_player_or_a_tournament_changes(cup, committed):
    (first, _second, _third), tournament = cup
    series = committed(lambda: Series.objects.create(name="Кубок", slug="kubok"))
    committed(lambda: SeriesTournament.objects.create(series=series, tournament=tournament))
    client, url = Client(), reverse("series", args=[series.slug])
    read(client, url)
    assert read(client, url)[0] is True
    first.name = "Новиков Никита"
    committed(first.save)
    shown, text = read(client, url)
    assert shown is False and "Новиков Никита" in text
    committed(lambda: log_action(tournament, None, "tournament.settings", "a correction"))
    assert read(client, url)[0] is False


def test_the_tournament_list_and_the_registry_are_kept_until_anything_changes(cup, committed):
    client = Client()
    for url in (reverse("home"), reverse("registry")):
        read(client, url)
        assert read(client, url)[0] is True
    committed(lambda: TournamentFactory(published=True, name="Новый турнир"))
    shown, text = read(client, reverse("home"))
    assert shown is False and "Новый турнир" in text
    assert read(client, reverse("registry"))[0] is False


def test_officials_and_readers_with_a_session_are_never_served_a_kept_page(cup, client):
    _players, tournament = cup
    url = reverse("home")
    visitor = Client()
    read(visitor, url)
    assert read(visitor, url)[0] is True
    client.force_login(referee_of(tournament))
    assert read(client, url)[0] is False
    assert read(client, url)[0] is False
    with_session = Client()
    with_session.cookies["sessionid"] = "whatever"
    assert read(with_session, url)[0] is False


def test_nothing_is_kept_without_the_cache_or_for_a_form_or_an_error(settings, rf):
    calls = []

    def view(request, answer):
        calls.append(answer)
        return answer

    page = kept.kept_page(lambda request, answer: "v1")(view)
    from django.http import HttpResponse, HttpResponseNotFound

    form = HttpResponse(b'<input name="csrfmiddlewaretoken" value="x">')
    for answer in (form, HttpResponseNotFound(b"no"), HttpResponse(b"ok")):
        for _ in range(2):
            page(rf.get("/any/" + str(id(answer))), answer)
    assert len(calls) == 5  # the form and the 404 each rendered twice, the page once
    settings.PAGE_CACHE = False
    page(rf.get("/any/" + str(id(calls))), HttpResponse(b"ok"))
    page(rf.get("/any/" + str(id(calls))), HttpResponse(b"ok"))
    assert len(calls) == 7
    assert page(rf.post("/any/post"), HttpResponse(b"ok")).status_code == 200
    assert len(calls) == 8
