"""Self-registration (issue 22 point 4): the public form, its refusals at the field, the cap's
waiting list, the organiser's approval registering the player (the registry's own when the
name and city match, ё and е alike), the closing time and the flood guard."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from referee.accounts.models import Role
from referee.core import throttle
from referee.core.errors import NotAllowed, ServiceError
from referee.tournaments import applications
from referee.tournaments.models import Application, Player, Registration
from tests.referee.demo_walk import codes, problems, read

from ..factories import PlayerFactory, RegistrationFactory, TournamentFactory, referee_of

ALLOWED = 5  # applications from one address in ten minutes

pytestmark = pytest.mark.django_db


def open_cup(cap=None, **fields):
    tournament = TournamentFactory(published=True, **fields)
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    applications.open_registration(tournament.pk, chief, open=True, cap=cap)
    tournament.refresh_from_db()
    return tournament, chief


def details(name="Пётр Семёнов", city="Тула", **more):
    return {"name": name, "city": city, "contact": "+7 900 000-00-00", **more}


def refusal(call) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value


def test_an_application_waits_for_the_organiser_and_his_approval_registers_the_player():
    tournament, chief = open_cup()
    application = applications.apply(tournament.pk, details(rating_number="F-17"))
    assert application.status == "pending" and not Registration.objects.exists()
    applications.decide(application.pk, chief, approve=True)
    entry = Registration.objects.get(tournament=tournament)
    assert (entry.player.name, entry.player.city, entry.player.federation_id) == (
        "Пётр Семёнов",
        "Тула",
        "F-17",
    )
    assert refusal(lambda: applications.decide(application.pk, chief, True)).code == (
        "tournaments.apply.decided"
    )


def test_the_registry_player_of_the_same_name_and_city_is_reused_with_yo_and_ye_alike():
    known = PlayerFactory(name="Петр Семенов", city="Тула")
    tournament, chief = open_cup()
    application = applications.apply(tournament.pk, details())
    assert application.same_as == known
    applications.decide(application.pk, chief, approve=True)
    assert Registration.objects.get().player == known and Player.objects.count() == 1


def test_over_the_cap_an_application_goes_to_the_waiting_list():
    tournament, _chief = open_cup(cap=2)
    RegistrationFactory(tournament=tournament)
    first = applications.apply(tournament.pk, details("Анна Белова"))
    second = applications.apply(tournament.pk, details("Борис Гладков"))
    assert (first.status, second.status) == ("pending", "waiting")  # 1 registered + 1 pending


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"name": "  "}, "apply.name_missing", "name"),
        ({"city": ""}, "apply.city_missing", "city"),
        ({"contact": ""}, "apply.contact_missing", "contact"),
        ({"name": "Я" * 201}, "apply.too_long", "name"),
    ],
)
def test_a_bad_application_is_refused_at_its_field_and_stores_nothing(changes, code, field):
    tournament, _chief = open_cup()
    found = refusal(lambda: applications.apply(tournament.pk, {**details(), **changes}))
    assert (found.code, found.field) == (f"tournaments.{code}", field)
    assert not Application.objects.exists()


def test_twice_the_same_person_or_a_registered_one_is_refused():
    tournament, _chief = open_cup()
    applications.apply(tournament.pk, details())
    again = refusal(lambda: applications.apply(tournament.pk, details("петр семенов")))
    assert again.code == "tournaments.apply.twice"
    player = PlayerFactory(name="Вера Дроздова", city="Казань")
    RegistrationFactory(tournament=tournament, player=player)
    registered = refusal(
        lambda: applications.apply(tournament.pk, details("Вера Дроздова", "Казань"))
    )
    assert registered.code == "tournaments.apply.registered"


def test_closed_forms_and_a_flood_are_refused():
    tournament = TournamentFactory(published=True)
    assert (
        refusal(lambda: applications.apply(tournament.pk, details())).code
        == "tournaments.apply.closed"
    )
    tournament, chief = open_cup()
    past = timezone.now() - datetime.timedelta(minutes=1)
    applications.open_registration(tournament.pk, chief, open=True, closes=past)
    assert refusal(lambda: applications.apply(tournament.pk, details())).code == (
        "tournaments.apply.closed_at"
    )
    applications.open_registration(tournament.pk, chief, open=True)
    assert throttle.limit("apply") == (ALLOWED, 600)  # the default rate: "5/10m"
    for n in range(ALLOWED):
        applications.apply(tournament.pk, details(f"Игрок {n}"), address="10.0.0.9")
    flood = refusal(
        lambda: applications.apply(tournament.pk, details("Ещё один"), address="10.0.0.9")
    )
    assert flood.code == "tournaments.apply.too_many"
    assert Application.objects.count() == ALLOWED


def test_only_the_chief_opens_the_form_and_decides():
    tournament, _chief = open_cup()
    application = applications.apply(tournament.pk, details())
    referee = referee_of(tournament)
    with pytest.raises(NotAllowed):
        applications.decide(application.pk, referee, approve=True)
    with pytest.raises(NotAllowed):
        applications.open_registration(tournament.pk, referee, open=False)
    assert Application.objects.get().status == "pending"


def test_the_public_form_and_the_organisers_page_in_russian(client):
    tournament, chief = open_cup()
    join = reverse("tournament-join", args=[tournament.slug])
    page = client.get(join, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    text, _links = read(page)
    assert problems(text, codes()) == []
    empty = client.post(
        join, {"name": "Пётр", "city": "", "contact": ""}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert empty.status_code == 200 and not Application.objects.exists()
    sent = client.post(join, details(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "заявка получена" in sent
    client.force_login(chief)
    manage = reverse("manage-applications", args=[tournament.slug])
    text, _links = read(client.get(manage, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert problems(text, codes(), logins=["chief"]) == []
    decide = reverse(
        "manage-application-decide", args=[tournament.slug, Application.objects.get().pk]
    )
    client.post(decide, {"action": "approve"})
    assert Registration.objects.filter(tournament=tournament).count() == 1


def test_the_api_takes_an_application_and_the_chief_decides_it():
    from tests.referee.api.conftest import client_for

    tournament, chief = open_cup()
    base = f"/api/v1/tournaments/{tournament.slug}/applications/"
    sent = client_for().post(base + "apply/", details(), format="json")
    assert sent.status_code == 201 and sent.json() == {"status": "pending"}
    bad = client_for().post(base + "apply/", details(city=""), format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "tournaments.apply.city_missing"
    api = client_for(chief)
    listed = api.get(base).json()
    assert [a["name"] for a in listed] == ["Пётр Семёнов"]
    approved = api.post(base + f"{listed[0]['id']}/approve/").json()
    assert approved["status"] == "approved" and approved["registration"] is not None


# -- issue 30 point 4: the cap's bound and the names' rule --------------------------------


def test_a_cap_past_any_number_of_players_is_refused_at_the_page_the_service_and_the_model(
    client,
):
    from django.core.exceptions import ValidationError

    from referee.tournaments.models import Tournament

    tournament, chief = open_cup(cap=10)
    client.force_login(chief)
    page = client.post(
        reverse("manage-applications", args=[tournament.slug]),
        {"open": "on", "closes": "", "cap": str(10**20)},
    )
    assert page.status_code == 200 and page.context["form"].errors["cap"]
    refused = refusal(
        lambda: applications.open_registration(tournament.pk, chief, open=True, cap=10**20)
    )
    assert (refused.code, refused.field) == ("tournaments.apply.cap", "cap")
    tournament.refresh_from_db()
    assert tournament.registration_cap == 10
    tournament.registration_cap = 10**20
    with pytest.raises(ValidationError) as invalid:
        tournament.full_clean()
    assert "registration_cap" in invalid.value.message_dict
    assert Tournament.objects.get(pk=tournament.pk).registration_cap == 10


@pytest.mark.parametrize("field", ["name", "city", "rating_number"])
def test_a_name_with_a_direction_override_is_refused_by_the_api_as_by_the_page(client, field):
    from tests.referee.api.conftest import client_for

    tournament, _chief = open_cup()
    sent = details(**{field: "Пётр \u202eвонёмеС"})
    api = client_for().post(
        f"/api/v1/tournaments/{tournament.slug}/applications/apply/", sent, format="json"
    )
    assert api.status_code == 400, api.json()
    assert (api.json()["code"], api.json()["field"]) == ("core.text.control", field)
    page = client.post(reverse("tournament-join", args=[tournament.slug]), sent)
    assert page.status_code == 200 and page.context["form"].errors[field]
    assert not Application.objects.exists()


# -- issue 30, point 8: an unpublished tournament's join link; approving over the cap -------


def test_opening_applications_on_an_unpublished_tournament_warns_and_publishes(client):
    tournament = TournamentFactory(published=False)
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    client.force_login(chief)
    manage = reverse("manage-applications", args=[tournament.slug])
    join = reverse("tournament-join", args=[tournament.slug])
    applications.open_registration(tournament.pk, chief, open=True)
    page = client.get(manage, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "publish-warning" in page and "не опубликована" in page
    assert Client().get(join).status_code == 404  # what the warning is about
    client.post(manage, {"section": "publish"})
    tournament.refresh_from_db()
    assert tournament.published and Client().get(join).status_code == 200
    assert "publish-warning" not in client.get(manage).content.decode()
    # opening the form on a tournament not yet published publishes it too, the box ticked
    other = TournamentFactory(published=False)
    chief2 = referee_of(other, Role.Kind.CHIEF, name="chief2")
    client.force_login(chief2)
    url = reverse("manage-applications", args=[other.slug])
    assert 'name="publish"' in client.get(url).content.decode()
    client.post(url, {"open": "on", "publish": "on"})
    other.refresh_from_db()
    assert other.self_registration and other.published


def test_approving_from_the_waiting_list_over_the_cap_says_so_and_asks(client):
    tournament, chief = open_cup(cap=1)
    RegistrationFactory(tournament=tournament)
    waiting = applications.apply(tournament.pk, details())
    assert waiting.status == "waiting"
    found = refusal(lambda: applications.decide(waiting.pk, chief, approve=True))
    assert found.code == "tournaments.apply.over_cap"
    client.force_login(chief)
    decide = reverse("manage-application-decide", args=[tournament.slug, waiting.pk])
    asked = client.post(decide, {"action": "approve"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert asked.status_code == 200 and "сверх предела" in asked.content.decode()
    assert Registration.objects.filter(tournament=tournament).count() == 1
    client.post(decide, {"action": "approve", "confirmed": "1"})
    assert Registration.objects.filter(tournament=tournament).count() == 2
    assert Application.objects.get().status == "approved"


def test_the_api_refuses_an_approval_over_the_cap_unless_told_beyond_cap():
    from tests.referee.api.conftest import client_for

    tournament, chief = open_cup(cap=1)
    RegistrationFactory(tournament=tournament)
    waiting = applications.apply(tournament.pk, details())
    url = f"/api/v1/tournaments/{tournament.slug}/applications/{waiting.pk}/approve/"
    api = client_for(chief)
    refused = api.post(url)
    assert refused.status_code == 400 and refused.json()["code"] == "tournaments.apply.over_cap"
    approved = api.post(url, {"beyond_cap": True}, format="json")
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
