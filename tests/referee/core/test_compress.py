"""Gzip of the answers that hold no CSRF token (issue 30, point 9; README *Site speed*): the
public standings and the API's JSON go out compressed, a page with a form (its CSRF token)
and any answer to a POST as they are (BREACH)."""

from __future__ import annotations

import gzip
import json

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from tests.referee.factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.fixture
def cup():
    tournament = TournamentFactory(published=True)
    for _ in range(40):
        RegistrationFactory(tournament=tournament)
    return tournament


def test_the_public_pages_and_the_api_go_out_compressed(client, cup):
    players = client.get(f"/t/{cup.slug}/players/", **GZIP)
    assert players.status_code == 200
    assert players["Content-Encoding"] == "gzip" and "Accept-Encoding" in players["Vary"]
    html = gzip.decompress(players.content).decode()
    assert "csrfmiddlewaretoken" not in html and len(players.content) * 3 < len(html)
    api = client.get(f"/api/v1/tournaments/{cup.slug}/players/", **GZIP)
    assert api.status_code == 200 and api["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(api.content))["count"] == 40


def test_a_page_with_a_csrf_token_and_an_answer_to_a_post_go_out_as_they_are(client, cup):
    client.force_login(referee_of(cup, Role.Kind.CHIEF, name="chief"))
    manage = client.get(reverse("manage-players", args=[cup.slug]), **GZIP)
    assert manage.status_code == 200 and not manage.has_header("Content-Encoding")
    assert "csrfmiddlewaretoken" in manage.content.decode()
    signed_in = client.get(f"/t/{cup.slug}/players/", **GZIP)  # the logout button's token
    assert not signed_in.has_header("Content-Encoding")
    posted = client.post(reverse("manage-players", args=[cup.slug]), {}, **GZIP)
    assert not posted.has_header("Content-Encoding")
