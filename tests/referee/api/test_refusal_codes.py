"""A service's refusal reaches the API with its registry's code, its field and its params,
the same in every language (only the message is translated); the engine's keeps its own."""

from __future__ import annotations

import pytest

from tests.referee.factories import RoundFactory, TournamentFactory, referee_of, table_with_players

from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    tournament = TournamentFactory(players_confirm=True, published=True)
    return table_with_players(3, round=RoundFactory(tournament=tournament, number=1))


@pytest.fixture
def referee(table):
    return referee_of(table.round.tournament)


def url(table, action: str) -> str:
    slug = table.round.tournament.slug
    return f"/api/v1/tournaments/{slug}/rounds/{table.round.number}/tables/{table.number}/{action}"


def test_a_table_with_no_deals_is_refused_sign_off_with_the_tables_code_and_no_field():
    tournament = TournamentFactory(players_confirm=False, published=True)
    table = table_with_players(3, round=RoundFactory(tournament=tournament, number=1))
    referee = referee_of(tournament)
    response = client_for(referee).post(url(table, "sign-off/"), {}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "tables.signoff.no_deals",
        "field": None,
        "message": "A table with no deals cannot be signed off.",
        "params": {},
    }


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_missing_word_answers_its_code_field_and_names_in_either_language(
    table, referee, language
):
    entered = client_for(referee).post(url(table, "deals/"), SAMPLE_DEAL, format="json")
    assert entered.status_code == 201
    names = [s.registration.player.name for s in table.seats.order_by("position")]
    response = client_for(referee, language).post(url(table, "sign-off/"), {}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("tables.signoff.agreements_missing", "agreements")
    assert body["params"] == {"names": ", ".join(names)}
    english = "Every player agrees or records a dispute first: " + ", ".join(names) + "."
    assert (body["message"] == english) is (language == "en")


def test_the_engine_s_refusal_keeps_the_engine_s_code_and_params(table, referee):
    wrong = SAMPLE_DEAL | {"tricks": {"A": 6, "B": 3, "C": 0}}
    response = client_for(referee, "ru").post(url(table, "deals/"), wrong, format="json")
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["params"]) == ("deal.tricks_sum", {"sum": 9})
    assert "tricks" in body["field"]
    assert body["message"] == "в сумме 9 взяток, а должно быть 10"
