"""The admin's save of a tournament goes through the services: its settings through
``update_settings`` and its convention through ``set_convention``, which log them as the
manage pages do; a refusal leaves the tournament as it was and says why."""

import pytest
from django.urls import reverse

from referee.core.errors import ServiceError
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Tournament

from ..factories import TournamentFactory, UserFactory
from .test_admin_rules import tournament_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def _post(admin_client, tournament, **changes):
    address = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    return admin_client.post(address, tournament_form(tournament, **changes), follow=True)


def test_the_admins_change_of_settings_is_the_settings_service_s(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, venue="Тула")
    _post(admin_client, tournament, venue="Орёл", ends_on="2026-11-30")
    tournament.refresh_from_db()
    assert (tournament.venue, str(tournament.ends_on)) == ("Орёл", "2026-11-30")
    logged = ActionLog.objects.get(action="tournament.settings")
    assert logged.data == {"venue": ["Тула", "Орёл"], "ends_on": ["2026-11-29", "2026-11-30"]}
    assert not ActionLog.objects.filter(action="tournament.admin_changed").exists()


def test_the_admins_change_of_the_convention_is_the_convention_service_s(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    _post(admin_client, tournament, convention="sochi")
    tournament.refresh_from_db()
    assert tournament.convention == "sochi"
    logged = ActionLog.objects.get(action="tournament.convention")
    assert logged.data["old"]["convention"] == "fspr"
    assert logged.data["new"] == {"convention": "sochi", "options": {}}


def test_what_no_service_changes_is_saved_and_logged_as_the_admins(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, slug="old")
    _post(admin_client, tournament, slug="new")
    tournament.refresh_from_db()
    assert tournament.slug == "new"
    logged = ActionLog.objects.get(action="tournament.admin_changed")
    assert logged.data == {"fields": ["slug"]}
    assert not ActionLog.objects.filter(action="tournament.settings").exists()


def test_a_refusal_of_the_service_leaves_everything_as_it_was(admin_client, monkeypatch):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, slug="old", venue="Тула")

    def refuse(*args, **kwargs):
        raise ServiceError("Not now.", "venue")

    monkeypatch.setattr(services, "update_settings", refuse)
    page = _post(admin_client, tournament, slug="new", venue="Орёл").content.decode()
    assert '<li class="error">Venue: Not now.</li>' in page
    assert "was changed successfully" not in page
    tournament.refresh_from_db()
    assert (tournament.slug, tournament.venue) == ("old", "Тула")  # the slug too: all or nothing
    assert not ActionLog.objects.filter(action__startswith="tournament.").exists()


def test_the_database_constraint_is_a_form_error_in_the_admin(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    page = _post(admin_client, tournament, ends_on="2026-11-27").content.decode()
    assert "The tournament cannot end before it starts." in page
    tournament.refresh_from_db()
    assert str(tournament.ends_on) == "2026-11-29"
