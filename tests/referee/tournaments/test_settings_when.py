"""Which settings may change when (issue 30 point 2): one rule, ``services.setup``, read by
the service that the settings page, the API and the admin call alike. What changes the play
of a round in progress is refused while one is in play, with its code."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import ServiceError
from referee.tables.models import Deal
from referee.tournaments import services
from referee.tournaments.models import Round, Tournament
from tests.referee.api.conftest import SAMPLE_DEAL, client_for

from ..factories import RoundFactory, TournamentFactory, referee_of, table_with_players
from .test_manage_views import settings_post

pytestmark = pytest.mark.django_db


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


def in_play(deals: int = 6, **fields):
    """A running tournament whose round 1 is in play, one table with ``deals`` deals."""
    round_1 = RoundFactory(tournament=TournamentFactory(**fields), number=1)
    table = table_with_players(3, round=round_1)
    for number in range(1, deals + 1):
        Deal.objects.create(table=table, number=number, data=dict(SAMPLE_DEAL))
    return table.round.tournament


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("deal_cap", 5),
        ("time_limit_minutes", 1),
        ("table_size", 3),
        ("second_confirmation", True),
        ("players_confirm", True),
    ],
)
def test_what_changes_the_play_of_a_round_is_refused_while_one_is_in_play(setting, value):
    tournament = in_play(deal_cap=24, time_limit_minutes=180)
    before = getattr(tournament, setting)
    with pytest.raises(ServiceError) as refused:
        services.update_settings(tournament.pk, {setting: value}, chief_of(tournament))
    assert refused.value.field == setting
    assert refused.value.code == "tournaments.setting.round_in_play"
    assert refused.value.params == {"round": 1}
    tournament.refresh_from_db()
    assert getattr(tournament, setting) == before
    assert setting in services.frozen_fields(tournament)


def test_the_same_value_again_is_no_change_and_passes():
    tournament = in_play(deal_cap=24)
    services.update_settings(tournament.pk, {"deal_cap": 24, "venue": "Сочи"}, chief_of(tournament))
    tournament.refresh_from_db()
    assert (tournament.deal_cap, tournament.venue) == (24, "Сочи")


def test_between_rounds_the_round_length_changes_and_the_table_size_waits_for_no_seating():
    tournament = in_play(deal_cap=24)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.FINISHED)
    chief = chief_of(tournament)
    services.update_settings(tournament.pk, {"deal_cap": 5, "time_limit_minutes": 90}, chief)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)  # seated
    services.update_settings(tournament.pk, {"deal_cap": 6, "players_confirm": True}, chief)
    with pytest.raises(ServiceError) as refused:
        services.update_settings(tournament.pk, {"table_size": 3}, chief)
    assert refused.value.code == "tournaments.setting.round_seated"
    assert (refused.value.field, refused.value.params) == ("table_size", {"round": 2})
    tournament.refresh_from_db()
    assert (tournament.deal_cap, tournament.time_limit_minutes, tournament.table_size) == (
        6,
        90,
        4,
    )


def test_what_never_changes_a_round_may_change_while_one_is_in_play():
    tournament = in_play()
    services.update_settings(
        tournament.pk,
        {"venue": "Казань", "published": True, "referees_assigned_only": True},
        chief_of(tournament),
    )
    tournament.refresh_from_db()
    assert tournament.venue == "Казань" and tournament.referees_assigned_only


def test_the_api_refuses_a_deal_cap_under_a_round_in_play_with_its_code():
    tournament = in_play(deal_cap=24)
    api = client_for(chief_of(tournament))
    url = f"/api/v1/tournaments/{tournament.slug}/"
    refused = api.patch(url, {"deal_cap": 5}, format="json")
    assert refused.status_code == 400, refused.json()
    body = refused.json()
    assert (body["code"], body["field"]) == ("tournaments.setting.round_in_play", "deal_cap")
    assert Tournament.objects.get(pk=tournament.pk).deal_cap == 24
    assert api.patch(url, {"table_size": 3}, format="json").json()["field"] == "table_size"


def test_the_settings_page_refuses_it_at_the_field_in_russian(client):
    tournament = in_play(deal_cap=24)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        settings_post(tournament, deal_cap="5", venue=""),
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200
    errors = response.context["settings_form"].errors["deal_cap"]
    assert errors == [
        "Тур 1 играется по этой настройке: она меняется между турами, когда тур окончен."
    ]
    assert Tournament.objects.get(pk=tournament.pk).deal_cap == 24
    assert "Идёт тур: предел сдач, минуты, размер столов" in response.content.decode()
    assert "Идёт тур: предел сдач, минуты, размер столов" in response.content.decode()
