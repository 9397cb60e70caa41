"""Fixtures of the API tests: clients with device tokens, and a table in play."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from referee.api.models import DeviceToken
from referee.core.permissions import ORGANISERS
from tests.referee.factories import UserFactory

SAMPLE_DEAL = {
    "dealer": "A",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "pass", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 6, "B": 3, "C": 1},
}


def client_for(user=None, language: str = "en") -> APIClient:
    """An API client; with ``user``, carrying a fresh device token of his."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        _token, key = DeviceToken.issue(user, "test tablet")
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def make_organiser(name: str = "organiser"):
    user = UserFactory(username=name)
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(user)
    return user


@pytest.fixture
def organiser():
    return make_organiser()
