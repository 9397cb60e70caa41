"""The players' opt-in: an optional e-mail and "send me my table and results" on the public
application form, carried to the registration when the organiser approves it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.jobs import queue
from referee.seating.services import seat_next_round, start_round
from referee.tournaments import applications, checkin
from referee.tournaments.models import Application, Registration

from ..factories import RegistrationFactory, TournamentFactory, referee_of
from ..tournaments.test_applications import details, open_cup

pytestmark = pytest.mark.django_db


def test_the_form_takes_an_address_and_the_opt_in_and_approval_carries_them(client):
    tournament, chief = open_cup()
    join = reverse("tournament-join", args=[tournament.slug])
    page = client.get(join, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Присылать мой стол и результаты по почте" in page
    # the opt-in without an address is refused at the address
    refused = client.post(join, details(notify="on"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Укажите адрес эл. почты" in refused and not Application.objects.exists()
    client.post(join, details(email="petr@mail.test", notify="on"))
    application = Application.objects.get()
    assert (application.email, application.notify) == ("petr@mail.test", True)
    applications.decide(application.pk, chief, approve=True)
    entry = Registration.objects.get(tournament=tournament)
    assert (entry.email, entry.notify) == ("petr@mail.test", True)


def test_an_address_alone_is_no_opt_in():
    tournament, chief = open_cup()
    application = applications.apply(tournament.pk, details(email="quiet@mail.test"))
    applications.decide(application.pk, chief, approve=True)
    entry = Registration.objects.get(tournament=tournament)
    assert (entry.email, entry.notify) == ("quiet@mail.test", False)


def test_a_player_opts_in_on_his_private_link_and_gets_his_seat(
    client, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "http://192.168.1.10:8000"
    settings.LANGUAGE_CODE = "ru"
    tournament = TournamentFactory(name="Кубок Тулы")
    entries = [RegistrationFactory(tournament=tournament) for _ in range(3)]
    chief = referee_of(tournament, Role.Kind.CHIEF)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = seat_next_round(tournament.pk, chief, seed=1)
        start_round(round_.pk, chief)
    entry = Registration.objects.select_related("tournament").get(pk=entries[0].pk)
    key = checkin.link_key(entry)
    page = client.get(reverse("player-link", args=[tournament.slug, entry.pk, key]))
    letters = reverse("notices-letters", args=[tournament.slug, entry.pk, key])
    assert letters in page.content.decode()
    assert client.get(letters.replace(key, "0" * 20)).status_code == 404
    russian = client.get(letters, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Письма о ваших столах и результатах" in russian
    assert "в конце этапа с отбором (проходите ли вы дальше)" in russian
    assert "Присылать мой стол и результаты по почте" in russian
    with django_capture_on_commit_callbacks(execute=True):
        client.post(letters, {"email": "me@mail.test", "notify": "on"})
    entry.refresh_from_db()
    assert (entry.email, entry.notify) == ("me@mail.test", True)
    assert queue.drain() == 1
    assert [m.to for m in mailoutbox] == [["me@mail.test"]]
    assert mailoutbox[0].subject.startswith("Кубок Тулы: тур 1, стол ")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(letters, {"email": "me@mail.test"})  # off again
    assert not Registration.objects.get(pk=entry.pk).notify
