"""Importing a player list end to end: upload → preview → confirm."""

import io

import openpyxl
import pytest
from django.core import signing
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from referee.accounts.models import Role
from referee.tournaments.forms import IMPORT_SALT, sign_rows
from referee.tournaments.models import ActionLog, Player, Registration

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db

LIST = (
    "ФИО;Город;Рейтинг;Телефон\n"
    "Вера Дроздова;Казань;1500;+7 900\n"
    ";Тула;;\n"
    "Олег Носов;Москва;много;\n"
    '=HYPERLINK("http://evil","x");Омск;;\n'
    "Жанна Ильина;Москва;;\n"
    "вера дроздова;казань;;\n"
)


@pytest.fixture
def tournament():
    tournament = TournamentFactory()
    RegistrationFactory(tournament=tournament, player__name="Жанна Ильина", player__city="Москва")
    return tournament


@pytest.fixture
def chief_client(client, tournament):
    client.force_login(referee_of(tournament, Role.Kind.CHIEF))
    return client


def upload(client, tournament, content, name="list.csv"):
    return client.post(
        reverse("manage-import", args=[tournament.slug]),
        {"file": SimpleUploadedFile(name, content)},
    )


def confirm(client, tournament, payload):
    return client.post(
        reverse("manage-import-confirm", args=[tournament.slug]), {"payload": payload}, follow=True
    )


def test_the_preview_lists_every_row_with_its_errors_and_saves_nothing(chief_client, tournament):
    response = upload(chief_client, tournament, LIST.encode("cp1251"))
    assert response.status_code == 200
    rows = response.context["preview"].rows
    assert [(r.line, r.name, r.errors) for r in rows] == [
        (2, "Вера Дроздова", []),
        (3, "", ["The name is missing."]),
        (4, "Олег Носов", ["The rating много is not a number."]),
        (5, '=HYPERLINK("http://evil","x")', []),
        (6, "Жанна Ильина", ["Жанна Ильина is already registered."]),
        (7, "вера дроздова", ["The same player as line 2."]),
    ]
    page = response.content.decode()
    assert "Columns ignored: Телефон." in page
    assert "=HYPERLINK(&quot;http://evil&quot;,&quot;x&quot;)" in page
    assert response.context["valid_count"] == 2
    assert tournament.entries.count() == 1 and Player.objects.count() == 1


def test_confirming_imports_only_the_valid_rows(chief_client, tournament):
    preview = upload(chief_client, tournament, LIST.encode("utf-8-sig"))
    payload = preview.context["confirm"].initial["payload"]
    response = confirm(chief_client, tournament, payload)
    assert response.redirect_chain[-1][0] == reverse("manage-players", args=[tournament.slug])
    names = sorted(tournament.entries.values_list("player__name", flat=True))
    assert names == ['=HYPERLINK("http://evil","x")', "Вера Дроздова", "Жанна Ильина"]
    vera = Player.objects.get(name="Вера Дроздова")
    assert (vera.city, str(vera.rating)) == ("Казань", "1500.00")
    assert ActionLog.objects.get(action="players.imported").data["registered"] == [
        "Вера Дроздова",
        '=HYPERLINK("http://evil","x")',
    ]


def test_an_xlsx_list_is_imported_end_to_end(chief_client, tournament):
    book = openpyxl.Workbook()
    book.active.append(["Фамилия", "Имя", "Клуб", "ID ФСПР"])
    book.active.append(["Калинин", "Игорь", "Мизер", 7701])
    out = io.BytesIO()
    book.save(out)
    preview = upload(chief_client, tournament, out.getvalue(), "list.xlsx")
    confirm(chief_client, tournament, preview.context["confirm"].initial["payload"])
    player = Registration.objects.get(tournament=tournament, player__name="Калинин Игорь").player
    assert (player.club, player.federation_id) == ("Мизер", "7701")


def test_confirming_twice_does_not_register_anyone_twice(chief_client, tournament):
    preview = upload(chief_client, tournament, LIST.encode())
    payload = preview.context["confirm"].initial["payload"]
    confirm(chief_client, tournament, payload)
    response = confirm(chief_client, tournament, payload)
    assert tournament.entries.count() == 3
    assert "Line 2 skipped: Вера Дроздова is already registered." in response.content.decode()


def test_a_tampered_payload_imports_nothing(chief_client, tournament):
    forged = signing.dumps(
        {"tournament": tournament.pk, "rows": [{"line": 2, "name": "Подлог"}]}, salt="other"
    )
    response = confirm(chief_client, tournament, forged)
    assert "The preview was altered" in response.content.decode()
    assert tournament.entries.count() == 1


def test_a_payload_signed_for_another_tournament_imports_nothing(chief_client, tournament):
    other = TournamentFactory()
    payload = sign_rows(other, [{"line": 2, "name": "Чужой"}])
    response = confirm(chief_client, tournament, payload)
    assert "belongs to another tournament" in response.content.decode()
    assert not Player.objects.filter(name="Чужой").exists()


def test_signed_rows_are_checked_again_on_confirmation(chief_client, tournament):
    payload = signing.dumps(
        {"tournament": tournament.pk, "rows": [{"line": 9, "name": "", "rating": "x"}]},
        salt=IMPORT_SALT,
        compress=True,
    )
    response = confirm(chief_client, tournament, payload)
    assert "Line 9 skipped" in response.content.decode()
    assert tournament.entries.count() == 1


def test_a_file_without_a_name_column_shows_the_problem(chief_client, tournament):
    response = upload(chief_client, tournament, "Город\nКазань\n".encode())
    assert "No column with the players&#x27; names" in response.content.decode()
    assert response.context["valid_count"] == 0


def test_a_referee_cannot_confirm_an_import(client, tournament):
    payload = sign_rows(tournament, [{"line": 2, "name": "Вера Дроздова"}])
    client.force_login(referee_of(tournament))
    response = client.post(
        reverse("manage-import-confirm", args=[tournament.slug]), {"payload": payload}
    )
    assert response.status_code == 403
    assert tournament.entries.count() == 1


def test_a_referee_cannot_upload_a_list(client, tournament):
    client.force_login(referee_of(tournament))
    assert upload(client, tournament, LIST.encode()).status_code == 403
