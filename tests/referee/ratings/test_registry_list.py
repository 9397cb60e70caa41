"""The registry's public list at /players/: who is listed, the search (any case and word order,
ё and е alike), the pages, and queries that do not grow with the registry."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.ratings.services import listing
from referee.tournaments.models import Player, Registration
from referee.tournaments.search import players_to_register

from ..factories import PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def _entered(player: Player, *, published: bool = True) -> None:
    Registration.objects.create(tournament=TournamentFactory(published=published), player=player)


def _names(page: listing.RegistryPage) -> list[str]:
    return [p.name for p in page.players]


def test_the_folded_name_is_kept_by_every_way_of_making_and_renaming_a_player():
    made = PlayerFactory(name="  Семёнов   ЁЖИК ")
    assert made.folded_name == "семенов ежик"
    (bulk,) = Player.objects.bulk_create([Player(name="Алёна Фёдорова")])
    assert Player.objects.get(pk=bulk.pk).folded_name == "алена федорова"
    made.name = "Пётр"
    made.save(update_fields=["name"])
    assert Player.objects.get(pk=made.pk).folded_name == "петр"


def test_the_migration_fills_the_folded_names_of_players_already_there():
    from importlib import import_module

    player = PlayerFactory(name="Иванов Семён")
    Player.objects.filter(pk=player.pk).update(folded_name="")
    import_module("referee.tournaments.migrations.0023_player_folded_name").fill(apps, None)
    assert Player.objects.get(pk=player.pk).folded_name == "иванов семен"


def test_search_in_any_case_and_word_order_with_yo_and_ye_alike():
    semyon = PlayerFactory(name="Иванов Семён")
    petr = PlayerFactory(name="Петров Пётр")
    for p in (semyon, petr):
        _entered(p)
    for query in ("семен", "СЕМЁН ив", "  ив   семе ", "иванов семён"):
        assert _names(listing.registry_page(query, 1)) == ["Иванов Семён"], query
    assert _names(listing.registry_page("петр", 1)) == ["Петров Пётр"]
    assert _names(listing.registry_page("сидоров", 1)) == []
    assert _names(listing.registry_page("", 1)) == ["Иванов Семён", "Петров Пётр"]


def test_only_players_of_published_tournaments_are_listed_with_their_published_count():
    shown, hidden, never = (PlayerFactory(name=n) for n in ("Аалто", "Бобров", "Волков"))
    _entered(shown)
    _entered(shown)
    _entered(shown, published=False)
    _entered(hidden, published=False)
    page = listing.registry_page("", 1)
    assert _names(page) == ["Аалто"]
    assert page.players[0].tournaments == 2  # the unpublished one is not counted
    assert never.pk not in {p.pk for p in page.players}


def test_pages_follow_the_folded_alphabet(monkeypatch):
    monkeypatch.setattr(listing, "PAGE", 2)
    for name in ("Ёлкин", "Ежов", "Жуков", "Елисеев", "Абрамов"):
        _entered(PlayerFactory(name=name))
    first, second, third = (listing.registry_page("", n) for n in (1, 2, 3))
    # ё sorts as е: Ежов, Елисеев, Ёлкин
    assert _names(first) == ["Абрамов", "Ежов"] and first.has_next
    assert _names(second) == ["Елисеев", "Ёлкин"] and second.has_next
    assert _names(third) == ["Жуков"] and not third.has_next
    assert _names(listing.registry_page("", 9)) == []


def _read(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response


def test_the_page_reads_the_same_queries_whatever_the_registry(client):
    for n in range(3):
        _entered(PlayerFactory(name=f"Игрок {n}"))
    small, response = _read(client, reverse("registry") + "?q=игрок")
    assert "Игрок 0" in response.content.decode()
    for n in range(3, 70):
        _entered(PlayerFactory(name=f"Игрок {n}"))
    large, response = _read(client, reverse("registry") + "?q=игрок&page=2")
    assert small == large == 2  # the page with its rows, then their counts
    assert response.status_code == 200 and "Игрок 0" not in response.content.decode()


def test_the_page_answers_bad_input_plainly(client):
    _entered(PlayerFactory(name="Иванов Семён"))
    huge = "?page=" + "9" * 30
    for query in ("?page=abc", "?page=-3", "?page=0", huge, "?q=" + "я" * 500):
        response = client.get(reverse("registry") + query)
        assert response.status_code == 200, query
    response = client.get(reverse("registry") + "?q=сидоров", HTTP_ACCEPT_LANGUAGE="ru")
    assert "Нет игрока, в имени которого есть «сидоров»." in response.content.decode()


def test_the_organisers_search_of_the_registry_reads_the_folded_names():
    here, elsewhere, other = (
        PlayerFactory(name=n) for n in ("Иванов Семён", "Иванова Алёна", "Петров")
    )
    tournament = TournamentFactory()
    Registration.objects.create(tournament=tournament, player=here)
    elsewhere.federation_id = "R-77"
    elsewhere.save()
    assert players_to_register(tournament, "иванов", 10) == [elsewhere]
    assert players_to_register(tournament, "АЛЕНА", 10) == [elsewhere]
    assert players_to_register(tournament, "R-77", 10) == [elsewhere]
    assert players_to_register(tournament, "петров", 10) == [other]


def test_the_api_answers_the_same_page(client):
    semyon = PlayerFactory(name="Иванов Семён", federation_id="R-1")
    _entered(semyon)
    _entered(PlayerFactory(name="Петров"), published=False)
    assert client.get(reverse("api-registry") + "?page=" + "9" * 30).json()["players"] == []
    answer = client.get(reverse("api-registry") + "?q=семен&page=x").json()
    assert answer == {
        "query": "семен",
        "page": 1,
        "has_next": False,
        "players": [
            {
                "id": semyon.pk,
                "name": "Иванов Семён",
                "city": "Москва",
                "club": "",
                "federation_id": "R-1",
                "tournaments": 1,
            }
        ],
    }
