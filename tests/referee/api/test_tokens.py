"""Device tokens: one per tablet, made by logging in through the API, listed and revoked by
the chief referee on the staff page; the organiser role and the demo's organiser."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from referee.accounts.models import Role
from referee.api.models import DeviceToken
from referee.core.permissions import is_organiser
from tests.referee.factories import TournamentFactory, UserFactory, referee_of

pytestmark = pytest.mark.django_db


def test_a_username_and_password_give_a_token_that_authenticates():
    UserFactory(username="ref")
    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/",
        {"username": "ref", "password": "pass", "device": "tablet 3"},
        format="json",
    )
    assert response.status_code == 201
    key = response.json()["token"]
    token = DeviceToken.objects.get()
    assert token.name == "tablet 3" and key not in (token.digest, token.prefix)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    tournament = TournamentFactory(slug="cup")
    Role.objects.create(tournament=tournament, user=token.user, kind=Role.Kind.REFEREE)
    assert client.get("/api/v1/tournaments/cup/").status_code == 200
    assert DeviceToken.objects.get().last_used_at is not None


def test_each_login_makes_another_token():
    UserFactory(username="ref")
    for _ in range(2):
        APIClient().post("/api/v1/auth/token/", {"username": "ref", "password": "pass"})
    assert DeviceToken.objects.count() == 2


@pytest.mark.parametrize(
    "body", [{"username": "ref", "password": "wrong"}, {"username": "nobody", "password": "x"}]
)
def test_wrong_credentials_are_401(body):
    UserFactory(username="ref")
    response = APIClient().post("/api/v1/auth/token/", body, format="json")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"


def test_a_missing_field_is_400_at_the_field():
    response = APIClient().post("/api/v1/auth/token/", {"username": "ref"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "password"


@pytest.mark.parametrize("header", ["Token", "Token a b", "Token nonsense"])
def test_a_bad_or_revoked_token_is_401(header):
    client = APIClient(HTTP_AUTHORIZATION=header)
    assert client.get("/api/v1/tournaments/").status_code == 401


def test_the_chief_lists_and_revokes_his_officials_tokens_on_the_staff_page(client):
    tournament = TournamentFactory(slug="cup")
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    referee = referee_of(tournament, name="ref")
    stranger = UserFactory(username="stranger")
    tablet, key = DeviceToken.issue(referee, "tablet 1")
    DeviceToken.issue(referee, "tablet 2")
    DeviceToken.issue(stranger, "his own")
    client.force_login(chief)
    page = client.get(reverse("manage-staff", args=["cup"])).content.decode()
    assert "tablet 1" in page and "tablet 2" in page and "his own" not in page
    revoke = reverse("api-device-revoke", args=[tablet.pk])
    response = client.post(revoke, {"tournament": "cup"})
    assert response.status_code == 302
    assert list(DeviceToken.objects.filter(user=referee).values_list("name", flat=True)) == [
        "tablet 2"
    ]
    api = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/tournaments/").status_code == 401
    assert tournament.log.filter(action="device.revoked").exists()


def test_a_referee_cannot_revoke_and_a_chief_only_his_officials_tokens(client):
    tournament = TournamentFactory(slug="cup")
    referee = referee_of(tournament, name="ref")
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    other, _key = DeviceToken.issue(UserFactory(username="stranger"))
    mine, _key = DeviceToken.issue(chief)
    client.force_login(referee)
    assert (
        client.post(reverse("api-device-revoke", args=[mine.pk]), {"tournament": "cup"}).status_code
        == 403
    )
    client.force_login(chief)
    assert (
        client.post(
            reverse("api-device-revoke", args=[other.pk]), {"tournament": "cup"}
        ).status_code
        == 403
    )
    assert DeviceToken.objects.count() == 2


def test_organisers_are_a_group_and_superusers():
    from django.contrib.auth.models import AnonymousUser, Group

    user = UserFactory()
    assert not is_organiser(user) and not is_organiser(AnonymousUser())
    Group.objects.create(name="organisers").user_set.add(user)
    assert is_organiser(user)
    boss = UserFactory(username="boss")
    boss.is_superuser = True
    assert is_organiser(boss)


def test_the_demo_organiser_may_create_tournaments(demo, demo_output):
    assert "organiser / demo-organiser" in demo_output
    client = APIClient()
    token = client.post(
        "/api/v1/auth/token/", {"username": "organiser", "password": "demo-organiser"}
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = client.post(
        "/api/v1/tournaments/",
        {"name": "Кубок", "slug": "cup", "starts_on": "2027-01-01", "ends_on": "2027-01-01"},
        format="json",
    )
    assert created.status_code == 201 and created.json()["status"] == "draft"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"slug": "demo"}, "slug"),
        ({"ends_on": "2026-01-01"}, "ends_on"),
        ({"convention": "poker"}, "convention"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"name": "  "}, "name"),
    ],
)
def test_a_tournament_the_rules_refuse_is_400_at_its_field(changes, field):
    from django.contrib.auth.models import Group

    user = UserFactory(username="org")
    Group.objects.create(name="organisers").user_set.add(user)
    TournamentFactory(slug="demo")
    client = APIClient()
    client.force_authenticate(user)
    body = {"name": "Кубок", "slug": "cup", "starts_on": "2027-01-01", "ends_on": "2027-01-02"}
    response = client.post("/api/v1/tournaments/", body | changes, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field


def test_logging_in_for_tokens_is_throttled():
    UserFactory(username="ref")
    client = APIClient()
    answers = [
        client.post("/api/v1/auth/token/", {"username": "ref", "password": "wrong"}).status_code
        for _ in range(31)
    ]
    assert answers[:30] == [401] * 30 and answers[30] == 429
    assert client.post("/api/v1/auth/token/", {}).json()["code"] == "throttled"


def test_a_locked_out_login_is_a_json_429(settings):
    settings.AXES_ENABLED = True
    UserFactory(username="ref")
    client = APIClient()
    answers = [
        client.post("/api/v1/auth/token/", {"username": "ref", "password": "wrong"})
        for _ in range(settings.AXES_FAILURE_LIMIT + 1)
    ]
    assert answers[0].status_code == 401
    assert answers[-1].status_code == 429
    assert answers[-1].json()["code"] == "login_locked"
    right = client.post("/api/v1/auth/token/", {"username": "ref", "password": "pass"})
    assert right.status_code == 429 and right["Content-Type"] == "application/json"
