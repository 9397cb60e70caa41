"""Login throttling (django-axes): a lockout after a few wrong passwords per user and
address, a clear message, and the chief referee unlocks."""

from __future__ import annotations

import pytest
from django.test import Client

from referee.accounts.models import Role

from ..factories import UserFactory, referee_of, table_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _throttled(settings):
    settings.AXES_ENABLED = True


def login(client, username, password, address="10.0.0.7"):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_forty_wrong_passwords_then_the_right_one_does_not_log_in_until_the_chief_unlocks(
    settings,
):
    tournament = table_with_players(3).round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    tablet = referee_of(tournament, Role.Kind.REFEREE, "tablet")
    tablet.set_password("right-one")
    tablet.save()
    client = Client()
    for _ in range(40):
        login(client, "tablet", "wrong")
    locked = login(client, "tablet", "right-one")
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    assert "Too many failed logins" in locked.content.decode()
    assert "chief referee" in locked.content.decode()
    # another address is not locked out for the same user
    assert login(Client(), "tablet", "right-one", "10.0.0.8").status_code == 302

    staff = Client()
    staff.force_login(chief)
    page = staff.get(f"/t/{tournament.slug}/manage/lockouts/")
    assert "tablet" in page.content.decode()
    staff.post(f"/t/{tournament.slug}/manage/lockouts/", {"username": "tablet"})
    assert login(client, "tablet", "right-one").status_code == 302
    assert "_auth_user_id" in client.session


def test_only_the_chief_sees_the_lockouts():
    tournament = table_with_players(3).round.tournament
    client = Client()
    client.force_login(referee_of(tournament))
    assert client.get(f"/t/{tournament.slug}/manage/lockouts/").status_code == 403
    client.post(f"/t/{tournament.slug}/manage/lockouts/", {"username": "x"})


def test_the_admin_login_is_throttled_too():
    UserFactory(username="tablet", password="right-one")
    client = Client()
    for _ in range(6):
        client.post(
            "/admin/login/", {"username": "tablet", "password": "wrong"}, REMOTE_ADDR="10.0.0.9"
        )
    response = client.post(
        "/admin/login/", {"username": "tablet", "password": "right-one"}, REMOTE_ADDR="10.0.0.9"
    )
    assert response.status_code == 429


def test_a_device_locked_out_of_the_token_endpoint_gets_the_apis_json_refusal():
    """The API's schema promises JSON errors: a lockout there is one too (code login_locked),
    not the site's HTML page."""
    UserFactory(username="tablet", password="right-one")
    client = Client()
    for _ in range(6):
        client.post(
            "/api/v1/auth/token/",
            {"username": "tablet", "password": "wrong"},
            content_type="application/json",
            REMOTE_ADDR="10.0.0.10",
        )
    locked = client.post(
        "/api/v1/auth/token/",
        {"username": "tablet", "password": "right-one"},
        content_type="application/json",
        REMOTE_ADDR="10.0.0.10",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert locked.status_code == 429
    assert locked["Content-Type"] == "application/json"
    body = locked.json()
    assert body["code"] == "login_locked"
    assert "главного судью" in body["message"]
    assert "token" not in body
