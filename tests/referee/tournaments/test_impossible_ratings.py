"""A rating below zero, not a number or absurdly large is refused — at the import preview's
field, in the registration form and by the service — in the reader's language; the import's
messages name a field by its label, never by its code."""

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.core.errors import ServiceError
from referee.tournaments.importing import ImportRow, _check_values
from referee.tournaments.models import Player
from referee.tournaments.services import PlayerDetails, register_player

from ..factories import TournamentFactory, referee_of

pytestmark = pytest.mark.django_db

LIST = (
    "ФИО;Город;Клуб;Рейтинг\n"
    "Вера Дроздова;Казань;;-5\n"
    "Олег Носов;Москва;;много\n"
    "Павел Рябов;Самара;;1e9\n"
    "Нина Осипова;Тула;;0\n"
    f"Роман Соколов;Москва;{'К' * 101};1500\n"
)


@pytest.fixture
def tournament():
    return TournamentFactory()


@pytest.fixture
def chief_client(client, tournament):
    client.force_login(referee_of(tournament, Role.Kind.CHIEF))
    return client


def preview(client, tournament, language):
    return client.post(
        reverse("manage-import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("list.csv", LIST.encode())},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_the_preview_refuses_an_impossible_rating_at_its_field(chief_client, tournament):
    response = preview(chief_client, tournament, "en")
    rows = {r.name: r for r in response.context["preview"].rows}
    assert rows["Вера Дроздова"].errors_at == {"rating": ["The rating -5 is below zero."]}
    assert rows["Олег Носов"].errors_at == {"rating": ["The rating много is not a number."]}
    assert rows["Павел Рябов"].errors_at == {"rating": ["The rating 1e9 is too large."]}
    assert rows["Нина Осипова"].valid and rows["Нина Осипова"].rating == "0"
    assert rows["Роман Соколов"].errors_at == {"club": ["Club is longer than 100 characters."]}
    assert Player.objects.count() == 0
    # the error stands in the rating's cell of its row
    html = response.content.decode()
    row = html[html.index("Вера Дроздова") :]
    row = row[: row.index("</tr>")]
    cells = row.split("<td")
    assert "The rating -5 is below zero." in cells[3] and "errorlist" not in cells[4]


def test_the_preview_speaks_russian_with_the_fields_own_label(chief_client, tournament):
    response = preview(chief_client, tournament, "ru")
    rows = {r.name: r for r in response.context["preview"].rows}
    assert rows["Вера Дроздова"].errors == ["Рейтинг -5 меньше нуля."]
    assert rows["Роман Соколов"].errors == ["Поле «Клуб» длиннее 100 символов."]
    assert "«club»" not in response.content.decode()


@pytest.mark.parametrize("name", ["name", "city", "club", "federation_id"])
def test_every_too_long_value_is_named_by_its_label(name):
    row = ImportRow(line=2, name="Вера")
    setattr(row, name, "x" * 201)
    with translation.override("ru"):
        _check_values(row)
    labels = {"name": "Имя", "city": "Город", "club": "Клуб", "federation_id": "ID ФСПР"}
    assert [m.split("»")[0] for m in row.errors_at[name]] == [f"Поле «{labels[name]}"]


@pytest.mark.parametrize(
    "rating, message",
    [
        ("-0.01", "Рейтинг не может быть меньше нуля."),
        ("-1500", "Рейтинг не может быть меньше нуля."),
        ("abc", "Введите число."),
        ("100000000", "Убедитесь, что вы ввели не более 8 цифр."),
    ],
)
def test_the_registration_form_refuses_an_impossible_rating(
    chief_client, tournament, rating, message
):
    response = chief_client.post(
        reverse("manage-players", args=[tournament.slug]),
        {"name": "Вера Дроздова", "city": "Казань", "rating": rating},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rating"] == [message]
    assert Player.objects.count() == 0


def test_the_registration_form_takes_a_rating_of_zero(chief_client, tournament):
    response = chief_client.post(
        reverse("manage-players", args=[tournament.slug]),
        {"name": "Вера Дроздова", "city": "Казань", "rating": "0"},
    )
    assert response.status_code == 302
    assert Player.objects.get().rating == 0


def test_the_service_refuses_a_rating_below_zero_whoever_calls_it(tournament):
    chief = referee_of(tournament, Role.Kind.CHIEF)
    details = PlayerDetails(name="Вера Дроздова", rating=Decimal("-1"))
    with pytest.raises(ServiceError) as refused:
        register_player(tournament.pk, details, chief)
    assert refused.value.field == "rating"
    assert str(refused.value) == "A rating cannot be below zero."
    assert Player.objects.count() == 0
