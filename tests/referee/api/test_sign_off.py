"""Sign-off through the API goes through the page's service: where the tournament has the
players confirm their totals, every seated player's word comes in the body, or nothing
changes; a dispute sent by a device reaches the chief referee as one given on the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.tables.models import Agreement, Table
from referee.tournaments.models import ActionLog
from tests.referee.factories import RoundFactory, TournamentFactory, referee_of, table_with_players

from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db

DISPUTE = "deal 1 was a seven, not a six"


def confirming_table(players_confirm: bool = True) -> Table:
    tournament = TournamentFactory(players_confirm=players_confirm, published=True)
    return table_with_players(3, round=RoundFactory(tournament=tournament, number=1))


@pytest.fixture
def table():
    return confirming_table()


@pytest.fixture
def referee(table):
    return referee_of(table.round.tournament)


def url(table, action: str = "sign-off/") -> str:
    slug = table.round.tournament.slug
    return f"/api/v1/tournaments/{slug}/rounds/{table.round.number}/tables/{table.number}/{action}"


def played(table, referee):
    """The table with one deal entered, ready to be signed off."""
    assert (
        client_for(referee).post(url(table, "deals/"), SAMPLE_DEAL, format="json").status_code
        == 201
    )
    return table


def all_agree(*positions):
    return {"agreements": [{"position": p, "agreed": True} for p in positions]}


def names(table):
    return [s.registration.player.name for s in table.seats.order_by("position")]


def test_without_the_players_word_the_sign_off_is_refused_at_its_field_and_nothing_changes(
    table, referee
):
    played(table, referee)
    response = client_for(referee).post(url(table), {}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "agreements"
    assert (
        body["message"]
        == "Every player agrees or records a dispute first: " + ", ".join(names(table)) + "."
    )
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.submitted_by is None
    assert not Agreement.objects.exists()


def test_one_missing_word_is_refused_in_the_request_s_language_naming_that_player(table, referee):
    played(table, referee)
    # the third player neither agreed nor disputed: agreed false and no text is no word
    body = all_agree(1, 2)
    body["agreements"].append({"position": 3, "agreed": False, "dispute": "  "})
    response = client_for(referee, "ru").post(url(table), body, format="json")
    assert response.status_code == 400
    refusal = response.json()
    assert refusal["field"] == "agreements"
    assert refusal["message"].startswith("Сначала каждый игрок соглашается с итогом")
    assert refusal["message"].endswith(names(table)[2] + ".")
    assert names(table)[0] not in refusal["message"]
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert not Agreement.objects.exists()


def test_with_every_player_agreeing_the_table_is_signed_off_and_the_word_recorded(table, referee):
    played(table, referee)
    response = client_for(referee).post(url(table), all_agree(1, 2, 3), format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "locked"  # no second confirmation in this tournament
    words = Agreement.objects.filter(table=table).order_by("seat__position")
    assert [(w.seat.position, w.agreed, w.dispute) for w in words] == [
        (1, True, ""),
        (2, True, ""),
        (3, True, ""),
    ]
    assert {w.recorded_by for w in words} == {referee}


def test_a_dispute_sent_by_a_device_is_recorded_logged_and_shown_to_the_chief(
    client, table, referee
):
    played(table, referee)
    body = all_agree(1, 3)
    body["agreements"].insert(1, {"position": 2, "dispute": DISPUTE})
    assert client_for(referee).post(url(table), body, format="json").status_code == 200
    word = Agreement.objects.get(table=table, seat__position=2)
    assert (word.agreed, word.dispute) == (False, DISPUTE)
    assert ActionLog.objects.filter(action="table.disputed", reason=DISPUTE).count() == 1
    chief = referee_of(table.round.tournament, Role.Kind.CHIEF)
    client.force_login(chief)
    t = table.round.tournament
    page = client.get(reverse("round-dashboard", args=[t.slug, 1])).content.decode()
    assert "1 dispute awaits your decision" in page and DISPUTE in page
    assert names(table)[1] in page
    dispute_page = reverse("table-dispute", args=[t.slug, 1, table.number, word.pk])
    assert client.get(dispute_page).status_code == 200


def test_a_repeat_with_the_same_key_replays_the_sign_off_and_records_the_word_once(table, referee):
    played(table, referee)
    api = client_for(referee)
    first = api.post(url(table), all_agree(1, 2, 3), format="json", HTTP_IDEMPOTENCY_KEY="s1")
    again = api.post(url(table), all_agree(1, 2, 3), format="json", HTTP_IDEMPOTENCY_KEY="s1")
    assert (first.status_code, again.status_code) == (200, 200)
    assert again["Idempotent-Replayed"] == "true" and again.content == first.content
    assert Agreement.objects.filter(table=table).count() == 3


def test_a_referee_who_is_not_this_table_s_is_refused(table, referee):
    played(table, referee)
    tournament = table.round.tournament
    tournament.referees_assigned_only = True
    tournament.save()
    table.referees.add(referee)
    other = referee_of(tournament)  # of this tournament, but not assigned to the table
    response = client_for(other).post(url(table), all_agree(1, 2, 3), format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_allowed"
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert not Agreement.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (all_agree(1, 2, 4), "agreements[2].position"),  # nobody sits fourth at this table
        (all_agree(1, 2, 2), "agreements"),  # one player's word twice
        (
            {"agreements": [{"position": 1, "agreed": True, "dispute": "no"}]},
            "agreements[0].dispute",
        ),
        ({"agreements": [{"position": 9, "agreed": True}]}, "agreements[0].position"),
    ],
)
def test_a_malformed_word_is_refused_at_its_field(table, referee, body, field):
    played(table, referee)
    response = client_for(referee).post(url(table), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert not Agreement.objects.exists()


def test_without_players_confirm_the_sign_off_needs_no_word_as_before():
    table = confirming_table(players_confirm=False)
    referee = referee_of(table.round.tournament)
    played(table, referee)
    response = client_for(referee).post(url(table), format="json")
    assert response.status_code == 200 and response.json()["status"] == "locked"
    assert not Agreement.objects.exists()


def test_without_players_confirm_a_word_sent_anyway_is_ignored():
    table = confirming_table(players_confirm=False)
    referee = referee_of(table.round.tournament)
    played(table, referee)
    response = client_for(referee).post(url(table), all_agree(1, 2, 3, 4), format="json")
    assert response.status_code == 200
    assert not Agreement.objects.exists()


def test_the_tournament_tells_a_device_whether_the_players_word_is_asked(table, referee):
    slug = table.round.tournament.slug
    body = client_for(referee).get(f"/api/v1/tournaments/{slug}/").json()
    assert body["players_confirm"] is True
