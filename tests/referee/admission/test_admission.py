"""Admission rules at the door (issue 34 point 5): the organiser's registration, a list's
import, the public form and its approval refuse an entrant outside the rules, naming the
rule, in English and in Russian; the API answers the same codes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from referee.admission.models import Admission, Entry
from referee.core.errors import NotAllowed, ServiceError
from referee.ratings.models import Division
from referee.tournaments import applications, services
from referee.tournaments.models import ActionLog, Application, Registration
from tests.referee.api.conftest import client_for

from ..factories import PlayerFactory, UserFactory
from .conftest import cup, rated

pytestmark = pytest.mark.django_db


def refused(call) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value


def test_a_rating_below_the_minimum_is_refused_in_russian_and_english_naming_the_list():
    tournament, chief, _ref, listed = cup(rating_min="1400", rating_max="1800")
    weak = rated(listed, 1320.0, name="Пётр Слабов")
    error = refused(lambda: services.register_player(tournament.pk, weak.pk, chief))
    assert error.code == "admission.rules.rating_low"
    assert error.params == {"rating": "1320", "min": "1400", "list": "ФСПР-2026"}
    assert error.field == "rating_number"
    assert error.message == "rating 1320 is below the entry minimum 1400 on the list ФСПР-2026"
    with translation.override("ru"):
        russian = refused(lambda: services.register_player(tournament.pk, weak.pk, chief))
    assert russian.message == "рейтинг 1320 ниже допуска 1400 по списку ФСПР-2026"
    assert not Registration.objects.filter(tournament=tournament).exists()
    strong = rated(listed, 1400.0, name="Иван Сильнов")
    services.register_player(tournament.pk, strong.pk, chief)  # the bound itself admits
    high = rated(listed, 1850.25, name="Гроссмейстер")
    error = refused(lambda: services.register_player(tournament.pk, high.pk, chief))
    assert (error.code, error.params["rating"]) == ("admission.rules.rating_high", "1850.25")


def test_a_new_player_has_no_rating_on_the_list_and_is_refused_under_a_minimum():
    tournament, chief, _ref, _listed = cup(rating_min="1400")
    details = services.PlayerDetails("Новичок Новиков", "Тула")
    error = refused(lambda: services.register_player(tournament.pk, details, chief))
    assert error.code == "admission.rules.no_rating"
    assert not Registration.objects.exists()


def test_not_invited_is_refused_and_the_invited_enter():
    tournament, chief, _ref, _listed = cup(
        invitation_only=True, invitations="Иван Петров, Тула\nАнна Лёвина, , F-7"
    )
    stranger = services.PlayerDetails("Сидор Сидоров", "Тула")
    error = refused(lambda: services.register_player(tournament.pk, stranger, chief))
    assert (error.code, error.params) == ("admission.rules.not_invited", {"name": "Сидор Сидоров"})
    services.register_player(tournament.pk, services.PlayerDetails("Иван Петров", "Тула"), chief)
    anna = services.PlayerDetails("Анна Левина", "Москва", federation_id="F-7")
    services.register_player(tournament.pk, anna, chief)
    assert tournament.entries.count() == 2


def test_a_wrong_category_or_division_is_refused_and_the_declared_ones_are_kept():
    tournament, chief, _ref, _listed = cup()
    master = Division.objects.create(tournament=tournament, name="Мастер")
    Division.objects.create(tournament=tournament, name="Любитель")
    services_rules = {"fees": "Взрослые: 2000\nЮниоры: 1000", "divisions": [master.pk]}
    from referee.admission import services as admission

    admission.set_rules(tournament.pk, chief, services_rules)
    who = services.PlayerDetails("Пётр", "Тула")
    error = refused(
        lambda: services.register_player(tournament.pk, who, chief, choices={"category": "Дети"})
    )
    assert error.code == "admission.rules.category_wrong"
    assert error.params == {"category": "Дети", "allowed": ["Взрослые", "Юниоры"]}
    assert error.message == "The category Дети is not admitted: only Взрослые, Юниоры."
    error = refused(
        lambda: services.register_player(
            tournament.pk, who, chief, choices={"category": "Юниоры", "division": "Любитель"}
        )
    )
    assert (error.code, error.field) == ("admission.rules.division_wrong", "division")
    entry = services.register_player(
        tournament.pk, who, chief, choices={"category": "юниоры", "division": "мастер"}
    )
    assert Entry.objects.get(registration=entry).category == "Юниоры"
    assert list(master.entries.all()) == [entry]


def test_an_import_skips_the_rows_outside_the_rules_with_the_rule():
    tournament, chief, _ref, listed = cup(rating_min="1400")
    rated(listed, 1500.0, name="Вера Сильная", federation_id="F-1")
    rated(listed, 1300.0, name="Ольга Слабая", federation_id="F-2")
    rows = [
        {"line": 2, "name": "Вера Сильная", "federation_id": "F-1"},
        {"line": 3, "name": "Ольга Слабая", "federation_id": "F-2"},
        {"line": 4, "name": "Новичок"},
    ]
    result = services.import_players(tournament.pk, rows, chief)
    assert [r.player.name for r in result.registered] == ["Вера Сильная"]
    assert result.skipped == [
        (3, "rating 1300 is below the entry minimum 1400 on the list ФСПР-2026"),
        (4, "Новичок has no rating on the list ФСПР-2026: entry needs a rating from 1400."),
    ]
    preview = services.preview_import(
        tournament, "ФИО;ID ФСПР\nОльга Слабая;F-2\nВера Сильная;F-1\n".encode(), "x.csv", chief
    )
    assert [row.valid for row in preview.rows] == [False, False]  # Вера is registered now
    assert "1300" in preview.rows[0].errors[0]


def test_the_public_form_asks_for_the_category_and_refuses_outside_the_rules():
    tournament, chief, _ref, listed = cup(rating_min="1400", fees="Взрослые: 2000\nЮниоры: 1000")
    applications.open_registration(tournament.pk, chief, open=True)
    rated(listed, 1320.0, name="Пётр Слабов", city="Тула", federation_id="F-9")
    base = {"name": "Пётр Слабов", "city": "Тула", "contact": "+7 900", "rating_number": "F-9"}
    page = Client(HTTP_ACCEPT_LANGUAGE="ru")
    url = reverse("tournament-join", args=[tournament.slug])
    shown = page.get(url).content.decode()
    assert 'name="category"' in shown and "Взрослые 2000 ₽" in shown
    answer = page.post(url, {**base, "category": "Взрослые"}).content.decode()
    assert "рейтинг 1320 ниже допуска 1400 по списку ФСПР-2026" in answer
    assert not Application.objects.exists()
    strong = rated(listed, 1500.0, name="Иван Сильнов", city="Тула")
    good = {"name": strong.name, "city": "Тула", "contact": "x", "category": "Юниоры"}
    missing = refused(lambda: applications.apply(tournament.pk, {**good, "category": ""}))
    assert (missing.code, missing.field) == ("admission.rules.category_missing", "category")
    made = applications.apply(tournament.pk, good)
    assert made.choices == {"category": "Юниоры"}
    applications.decide(made.pk, chief, approve=True)
    made.refresh_from_db()
    assert Entry.objects.get(registration=made.registration).category == "Юниоры"


def test_the_api_refuses_a_registration_with_the_rules_code():
    tournament, chief, _ref, listed = cup(rating_min="1400")
    weak = rated(listed, 1320.0, name="Пётр Слабов")
    api = client_for(chief)
    url = reverse("api-players", args=[tournament.slug])
    answer = api.post(url, {"player": weak.pk}, format="json")
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "admission.rules.rating_low"
    assert body["params"] == {"rating": "1320", "min": "1400", "list": "ФСПР-2026"}
    ok = rated(listed, 1450.0, name="Иван")
    assert api.post(url, {"player": ok.pk}, format="json").status_code == 201


def test_setting_the_rules_is_the_chiefs_checked_and_logged():
    tournament, chief, referee, listed = cup()
    from referee.admission import services as admission

    with pytest.raises(NotAllowed):
        admission.set_rules(tournament.pk, referee, {"flat_fee": "1000"})
    error = refused(lambda: admission.set_rules(tournament.pk, chief, {"rating_min": "1400"}))
    assert error.code == "admission.rating_list_missing"
    error = refused(
        lambda: admission.set_rules(
            tournament.pk,
            chief,
            {"rating_list": listed.pk, "rating_min": "1800", "rating_max": "1400"},
        )
    )
    assert error.code == "admission.rating_range"
    error = refused(
        lambda: admission.set_rules(tournament.pk, chief, {"fees": "Взрослые две тысячи"})
    )
    assert (error.code, error.field) == ("admission.fees_line", "fees")
    assert not Admission.objects.exists()  # nothing stored on a refusal
    admission.set_rules(tournament.pk, chief, {"flat_fee": "1500", "currency": "руб."})
    log = ActionLog.objects.get(action="admission.rules_set")
    assert log.data["flat_fee"] == "1500.00" and log.data["currency"] == "руб."
    assert PlayerFactory and UserFactory  # factories shared with the other tests


def test_the_public_form_says_the_terms():
    from referee.admission.hooks import terms

    tournament, chief, _ref, listed = cup(rating_min="1400", flat_fee="1500", currency="руб.")
    assert terms(tournament) == [
        "Rating on the list ФСПР-2026: from 1400.",
        "Entry fee: 1500 руб.",
    ]
    from referee.admission import services as admission

    admission.set_rules(
        tournament.pk,
        chief,
        {"rating_list": listed.pk, "rating_max": "1800", "invitation_only": True},
    )
    with translation.override("ru"):
        assert terms(tournament) == [
            "Рейтинг по списку ФСПР-2026: до 1800.",
            "Только по приглашениям.",
        ]


def test_an_import_reads_the_rules_once_not_once_a_row():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament, chief, _ref, _listed = cup(invitation_only=True, invitations="А\nБ\nВ\nГ")
    rows = [{"line": n, "name": name} for n, name in enumerate("АБВГДЕ", start=2)]
    with CaptureQueriesContext(connection) as seen:
        result = services.import_players(tournament.pk, rows, chief)
    assert len(result.registered) == 4 and [line for line, _why in result.skipped] == [6, 7]
    reads = [q for q in seen.captured_queries if "admission_admission" in q["sql"]]
    assert len(reads) == 2  # the rules and their divisions, once for the six rows


def test_the_organisers_form_offers_the_category_and_shows_a_refusal():
    tournament, chief, _ref, _listed = cup(
        fees="Взрослые: 2000\nЮниоры: 1000", invitation_only=True, invitations="Иван Петров"
    )
    page = Client()
    page.force_login(chief)
    url = reverse("manage-players", args=[tournament.slug])
    assert 'name="category"' in page.get(url).content.decode()
    refused_page = page.post(url, {"name": "Сидор Сидоров", "city": "Тула"})
    assert "Сидор Сидоров is not on the invitation list of this tournament." in (
        refused_page.content.decode()
    )
    assert not Registration.objects.filter(tournament=tournament).exists()
    page.post(url, {"name": "Иван Петров", "city": "Тула", "category": "Юниоры"})
    entry = Registration.objects.get(tournament=tournament)
    assert Entry.objects.get(registration=entry).category == "Юниоры"
