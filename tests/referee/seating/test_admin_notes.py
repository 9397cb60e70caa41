"""The seating's notes in the admin: sentences in the reader's language with the players'
names, read-only; never the stored codes and ids."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ..factories import UserFactory, table_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    table = table_with_players(3)
    first, second = [seat.registration for seat in table.seats.order_by("position")[:2]]
    table.notes = [{"code": "pulled_up", "params": {"player": first.pk, "place": 6}}]
    table.save()
    round_ = table.round
    round_.notes = [{"code": "bye", "params": {"player": second.pk, "before": 0, "forced": False}}]
    round_.byes = [second.pk]
    round_.save()
    return table, first.player.name, second.player.name


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_a_tables_notes_read_as_sentences_in_russian(admin_client, seated):
    table, first, _second = seated
    page = admin_client.get(
        reverse("admin:tables_table_change", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert f"Выше своего блока: {first} (место 6)" in page
    assert "pulled_up" not in page and '"code"' not in page and 'name="notes"' not in page


def test_a_rounds_notes_and_byes_read_as_sentences_with_names(admin_client, seated):
    table, _first, second = seated
    address = reverse("admin:tournaments_round_change", args=[table.round.pk])
    page = admin_client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"{second} sits out this round (sat out 0 rounds before)" in page
    assert "Players with a bye" in page and '"code"' not in page
    assert 'name="notes"' not in page and 'name="byes"' not in page


def test_a_round_without_notes_shows_a_dash(admin_client, seated):
    table, _first, _second = seated
    round_ = table.round
    round_.notes, round_.byes = [], []
    round_.save()
    address = reverse("admin:tournaments_round_change", args=[round_.pk])
    response = admin_client.get(address, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "—" in response.content.decode()
