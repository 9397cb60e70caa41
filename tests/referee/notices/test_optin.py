"""The players' opt-in: an optional e-mail and "send me my table and results" on the public
application form, carried to the registration when the organiser approves it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.tournaments import applications
from referee.tournaments.models import Application, Registration

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
