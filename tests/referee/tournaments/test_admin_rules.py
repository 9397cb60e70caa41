"""The admin keeps the services' rules: frozen settings of a started tournament, seated
registrations and printed names are read-only, and authors of deal versions are deactivated,
never deleted."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError
from django.urls import reverse

from referee.tables import services as tables
from referee.tournaments.models import Player, Registration, Tournament

from ..factories import (
    RegistrationFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_with_players,
)

pytestmark = pytest.mark.django_db

SIX_MADE = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "whist", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 6, "B": 2, "C": 2},
}


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def tournament_form(tournament, **changes):
    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "starts_on": "2026-11-28",
        "ends_on": "2026-11-29",
        "convention": tournament.convention,
        "options": "{}",
        "table_size": "4",
        "forbidden_pairs": "[]",
        **changes,
    }


def test_the_pool_size_of_a_started_tournament_cannot_change_in_the_admin(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.RUNNING, pool_size=20)
    address = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = admin_client.get(address).content.decode()
    assert 'name="pool_size"' not in page and 'name="venue"' in page
    admin_client.post(address, tournament_form(tournament, pool_size="30", venue="Тула"))
    tournament.refresh_from_db()
    assert (tournament.pool_size, tournament.venue) == (20, "Тула")  # the rest is saved


def test_the_pool_size_of_a_draft_tournament_can_change_in_the_admin(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, pool_size=20)
    address = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    assert 'name="pool_size"' in admin_client.get(address).content.decode()
    admin_client.post(address, tournament_form(tournament, pool_size="30"))
    tournament.refresh_from_db()
    assert tournament.pool_size == 30


def test_a_seated_registration_is_read_only_and_cannot_be_deleted(admin_client):
    table = table_with_players(3)
    entry = table.seats.first().registration
    address = reverse("admin:tournaments_registration_change", args=[entry.pk])
    page = admin_client.get(address).content.decode()
    assert 'name="status"' not in page and 'name="player"' not in page
    admin_client.post(address, {"status": "withdrawn", "withdrawn_after_round": "1"})
    entry.refresh_from_db()
    assert entry.status == Registration.Status.ACTIVE
    delete = reverse("admin:tournaments_registration_delete", args=[entry.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Registration.objects.filter(pk=entry.pk).exists()


def test_an_unseated_registration_can_still_be_edited(admin_client):
    entry = RegistrationFactory()
    address = reverse("admin:tournaments_registration_change", args=[entry.pk])
    assert 'name="status"' in admin_client.get(address).content.decode()


def test_a_seated_players_printed_name_cannot_be_changed_in_the_admin(admin_client):
    table = table_with_players(3)
    player = table.seats.first().registration.player
    printed = player.name
    address = reverse("admin:tournaments_player_change", args=[player.pk])
    assert 'name="name"' not in admin_client.get(address).content.decode()
    admin_client.post(address, {"name": "Другое Имя", "city": "Тверь", "club": "Ладья"})
    player.refresh_from_db()
    assert (player.name, player.city, player.club) == (printed, "Москва", "Ладья")


def test_a_player_never_seated_can_be_renamed(admin_client):
    player = RegistrationFactory().player
    address = reverse("admin:tournaments_player_change", args=[player.pk])
    admin_client.post(address, {"name": "Исправленное Имя", "city": "Москва"})
    assert Player.objects.get(pk=player.pk).name == "Исправленное Имя"


def test_a_user_who_wrote_deal_versions_cannot_be_deleted_but_can_be_deactivated(admin_client):
    table = table_with_players(3)
    author = referee_of(table.round.tournament)
    tables.record_deal(table.pk, SIX_MADE, author)
    delete = reverse("admin:auth_user_delete", args=[author.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    with pytest.raises(ProtectedError):
        author.delete()
    admin_client.post(
        reverse("admin:auth_user_changelist"),
        {"action": "deactivate", "_selected_action": [author.pk]},
    )
    author = get_user_model().objects.get(pk=author.pk)
    assert not author.is_active
    assert table.deals.get().versions.get().author == author


def test_a_user_without_deal_versions_can_be_deleted(admin_client):
    user = UserFactory(username="passer-by")
    delete = reverse("admin:auth_user_delete", args=[user.pk])
    admin_client.post(delete, {"post": "yes"})
    assert not get_user_model().objects.filter(pk=user.pk).exists()


RUNNING_READ_ONLY = {
    "deal_cap": "30",
    "slug": "another-address",
    "table_size": "3",
    "time_limit_minutes": "90",
    "referees_assigned_only": "on",
    "second_confirmation": "on",
    "players_confirm": "on",
    "forbidden_pairs": "[[1, 2]]",
}


def test_a_running_tournaments_table_and_entry_rules_cannot_change_in_the_admin(admin_client):
    """Issue 21, point 6: once play has started, the admin's change page shows these
    fields read-only, and a POST naming them changes none of them (the rest is saved)."""
    chief, other = UserFactory(username="chief"), UserFactory(username="other")
    tournament = TournamentFactory(
        status=Tournament.Status.RUNNING,
        chief_referee=chief,
        deal_cap=24,
        time_limit_minutes=120,
        table_size=4,
    )
    address = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = admin_client.get(address).content.decode()
    for name in [*RUNNING_READ_ONLY, "chief_referee"]:
        assert f'name="{name}"' not in page, name
    before = Tournament.objects.filter(pk=tournament.pk).values().get()
    changes = RUNNING_READ_ONLY | {"chief_referee": str(other.pk), "venue": "Тула"}
    response = admin_client.post(address, tournament_form(tournament, **changes))
    assert response.status_code == 302
    after = Tournament.objects.filter(pk=tournament.pk).values().get()
    for name in RUNNING_READ_ONLY:
        assert after[name] == before[name], name
    assert after["chief_referee_id"] == chief.pk
    assert (after["deal_cap"], after["table_size"], after["slug"]) == (24, 4, tournament.slug)
    assert after["venue"] == "Тула"


def test_a_draft_tournaments_table_and_entry_rules_can_change_in_the_admin(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, deal_cap=24)
    address = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = admin_client.get(address).content.decode()
    assert all(f'name="{name}"' in page for name in RUNNING_READ_ONLY)
    response = admin_client.post(
        address, tournament_form(tournament, deal_cap="30", table_size="3")
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.deal_cap, tournament.table_size) == (30, 3)
