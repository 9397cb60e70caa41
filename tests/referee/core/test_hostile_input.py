"""Hostile input is refused as bad input, never a server error (issue 21, point 5): JSON
nested too deeply (the API's bodies, the admin's JSON fields, the archives), a NUL byte in
the form's idempotency key or the device-revoke form, a qualification name of 1 MB or with
a NUL, and control or text-direction characters in names and titles."""

from __future__ import annotations

import datetime
import sys
import unicodedata

import pytest
from django.test import Client

from referee.accounts.models import Role
from referee.api.models import DeviceToken
from referee.core import safejson
from referee.core.bounds import CONTROL_CHARACTERS, check_name
from referee.core.errors import ServiceError
from referee.ratings.models import Division
from referee.tables import services as tables
from referee.tournaments import checkin, services
from referee.tournaments.models import Player, Team, Tournament
from tests.referee.api.conftest import client_for, make_organiser

from ..factories import TournamentFactory, UserFactory, referee_of, table_with_players
from ..hall.test_entry_rules import six

NESTED = "[" * 100_000
#: a right-to-left override (the name is shown backwards), a left-to-right isolate, a mark
HOSTILE_NAMES = ["Иванов\u202e", "\u2066Петров", "Сидоров\u200f", "Кузнецов\x07"]


# -- the one rule for control characters -----------------------------------------------------


def test_the_refused_characters_are_unicodes_controls_and_format_characters():
    """Every Cc (but tab, line feed, carriage return) and every Cf character of this
    Python's Unicode is refused; nothing else is, but code points unassigned here that a
    later Unicode made format characters."""
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        category = unicodedata.category(char)
        wanted = category in ("Cc", "Cf") and char not in "\t\n\r"
        found = bool(CONTROL_CHARACTERS.fullmatch(char))
        assert found == wanted or (found and category == "Cn"), hex(code)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_check_name_refuses_control_and_direction_characters_in_both_languages(name):
    with pytest.raises(ServiceError) as caught:
        check_name(name)
    assert "U+" in caught.value.message and caught.value.field == "name"
    from django.utils import translation

    with translation.override("ru"), pytest.raises(ServiceError) as russian:
        check_name(name)
    assert "управляющий символ" in russian.value.message


def test_check_name_keeps_ordinary_names():
    for name in ["Иванов И. И.", "O'Neil-Smith", "Ёлкин", "李小龙", "Müller\tДаша"]:
        assert check_name(name) == name


# -- JSON nested too deeply ---------------------------------------------------------------------


def test_the_safe_decoder_refuses_deep_nesting_as_a_value_error():
    with pytest.raises(ValueError):
        safejson.loads(NESTED)
    with pytest.raises(ValueError):
        safejson.loads("[" * 33 + "]" * 33)
    assert safejson.loads("[" * 32 + "]" * 32) is not None
    assert safejson.loads('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}


@pytest.fixture
def api_site(db):
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    tables.record_deal(table.pk, six("A"), chief)
    return tournament, table, chief


def api_paths(tournament, table) -> list[str]:
    t = f"/api/v1/tournaments/{tournament.slug}/"
    r = f"{t}rounds/{table.round.number}/"
    tb = f"{r}tables/{table.number}/"
    entry = table.seats.first().registration_id
    key = checkin.link_key(table.seats.select_related("registration__tournament")[0].registration)
    return [
        "/api/v1/auth/token/",
        "/api/v1/tournaments/",
        t,
        f"{t}start/",
        f"{t}finish/",
        f"{t}players/",
        f"{t}players/{entry}/withdraw/",
        f"{t}players/{entry}/substitute/",
        f"{t}players/{entry}/eliminate/",
        f"{t}me/{entry}/{key}/check-in/",
        f"{t}rounds/",
        r,
        f"{r}start/",
        f"{r}finish/",
        tb,
        f"{tb}sign-off/",
        f"{tb}confirm/",
        f"{tb}reopen/",
        f"{tb}deals/",
        f"{tb}deals/1/",
        f"{tb}substitute/",
        f"{t}register/",
        f"{t}discipline/",
        f"{t}appeals/",
        f"{t}stages/",
        f"{t}teams/",
    ]


def test_every_json_endpoint_answers_deep_nesting_with_400(api_site):
    tournament, table, chief = api_site
    client = client_for(chief)
    answers = {}
    for path in api_paths(tournament, table):
        for method in ("post", "put", "patch"):
            response = getattr(client, method)(path, NESTED, content_type="application/json")
            answers[method, path] = (response.status_code, response.json().get("code"))
    assert all(status < 500 for status, _code in answers.values()), answers
    refused = [k for k, (status, code) in answers.items() if code == "parse_error"]
    assert all(answers[k][0] == 400 for k in refused)
    assert len(refused) >= 15, refused  # the others read no body (405, or refused first)


def test_a_deal_nested_a_few_hundred_levels_is_a_400_too(api_site):
    """Deep enough to pass the standard decoder, deep enough to overflow what walks it."""
    tournament, table, chief = api_site
    r = table.round.number
    path = f"/api/v1/tournaments/{tournament.slug}/rounds/{r}/tables/{table.number}/deals/"
    deep = "[" * 900 + "]" * 900
    response = client_for(chief).post(path, f'{{"deal": {deep}}}', content_type="application/json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "parse_error"
    assert "32 levels" in response.json()["message"]
    russian = client_for(chief, "ru").post(path, NESTED, content_type="application/json")
    assert russian.status_code == 400 and "уровней" in russian.json()["message"]


def test_the_admins_json_field_refuses_deep_nesting_as_a_form_error(db):
    from tests.referee.tournaments.admin_forms import admin_form

    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    client = Client()
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    url = f"/admin/tournaments/tournament/{tournament.pk}/change/"
    response = client.post(url, admin_form(client, url) | {"options": NESTED})
    assert response.status_code == 200
    assert "options" in response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert tournament.options == {}


def test_an_archive_nested_too_deeply_is_refused_with_a_reason():
    from referee.hall.archive import ArchiveError, loads

    with pytest.raises(ArchiveError):
        loads(NESTED)


# -- NUL bytes in the forms ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_nul_in_the_forms_idempotency_key_is_a_400_and_nothing_is_done():
    table = table_with_players(3)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    client = Client()
    client.force_login(chief)
    for key in ("a\x00b", "\x00", "k\u202e"):
        response = client.post(
            f"/t/{tournament.slug}/manage/players/",
            {"name": "Новиков", "idempotency_key": key},
        )
        assert response.status_code == 400
        assert "idempotency key" in response.content.decode()
    assert not Player.objects.filter(name="Новиков").exists()


@pytest.mark.django_db
def test_a_nul_in_the_device_revoke_form_is_a_400_and_nothing_is_revoked():
    tournament = TournamentFactory()
    chief = referee_of(tournament, Role.Kind.CHIEF)
    token, _key = DeviceToken.issue(referee_of(tournament), "tablet")
    client = Client()
    client.force_login(chief)
    for slug in (f"{tournament.slug}\x00", "\x00", "x" * 1000):
        response = client.post(f"/api/devices/{token.pk}/revoke/", {"tournament": slug})
        assert response.status_code in (400, 404), slug
        assert response.status_code == 400 or "\x00" not in slug
    assert DeviceToken.objects.filter(pk=token.pk).exists()


# -- the qualification's division name ----------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("x" * 1_000_000, "At most 100 characters"),
        ("Мастер\x00", "NUL"),
        ("Мастер\u202e", "U+202E"),
        ("\u2067Любитель", "U+2067"),
    ],
)
def test_a_hostile_qualification_name_is_refused_and_nothing_is_stored(name, said):
    tournament = TournamentFactory()
    chief = referee_of(tournament, Role.Kind.CHIEF)
    client = Client()
    client.force_login(chief)
    response = client.post(
        f"/t/{tournament.slug}/manage/qualification/", {"name": name}, follow=True
    )
    assert response.status_code == 200
    assert said in response.content.decode()
    assert not Division.objects.exists()


# -- names and titles ---------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_players_name_with_a_control_character_is_a_form_error(name):
    tournament = TournamentFactory()
    chief = referee_of(tournament, Role.Kind.CHIEF)
    client = Client()
    client.force_login(chief)
    response = client.post(
        f"/t/{tournament.slug}/manage/players/", {"name": name}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 200
    assert "управляющий символ" in response.content.decode()
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_a_players_city_and_an_imported_name_are_checked_too():
    tournament = TournamentFactory()
    chief = referee_of(tournament, Role.Kind.CHIEF)
    for details in (
        services.PlayerDetails(name="Орлов", city="Тверь\u202e"),
        services.PlayerDetails(name="Орлов", club="\u200bКлуб"),
    ):
        with pytest.raises(ServiceError) as refused:
            services.register_player(tournament.pk, details, chief)
        assert refused.value.code == "core.text.control"
        assert refused.value.field == ("city" if details.city else "club")
    assert not Player.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_tournaments_name_or_venue_with_a_control_character_is_refused(name):
    organiser = make_organiser()
    values = {
        "name": name,
        "starts_on": datetime.date(2026, 12, 5),
        "ends_on": datetime.date(2026, 12, 6),
    }
    with pytest.raises(ServiceError) as refused:
        services.create_tournament(organiser, values)
    assert (refused.value.code, refused.value.field) == ("core.text.control", "name")
    with pytest.raises(ServiceError) as refused:
        services.create_tournament(organiser, values | {"name": "Кубок", "venue": name})
    assert (refused.value.code, refused.value.field) == ("core.text.control", "venue")
    tournament = TournamentFactory(chief_referee=organiser, status=Tournament.Status.DRAFT)
    with pytest.raises(ServiceError) as refused:
        services.update_settings(tournament.pk, {"name": name}, organiser)
    assert (refused.value.code, refused.value.field) == ("core.text.control", "name")
    tournament.refresh_from_db()
    assert "\u202e" not in tournament.name and Tournament.objects.count() == 1


@pytest.mark.django_db
def test_a_team_or_stage_name_with_a_control_character_is_refused():
    table = table_with_players(3, status=Tournament.Status.DRAFT)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    entries = list(tournament.entries.values_list("pk", flat=True))
    with pytest.raises(ServiceError) as refused:
        services.create_team(tournament.pk, "Север\u202e", entries[:1], chief)
    assert (refused.value.code, refused.value.params) == ("core.text.control", {"code": "202E"})
    assert not Team.objects.exists()
    stage = {
        "name": "Финал\u2066",
        "rounds_planned": 2,
        "method": "swiss",
        "carry_over": "all",
        "entry": "all",
    }
    with pytest.raises(ServiceError) as refused:
        services.set_stages(tournament.pk, [stage], chief)
    assert refused.value.code == "core.text.control"
    assert refused.value.params == {"code": "2066", "stage_number": 1}
    assert not tournament.stages.exists()


@pytest.mark.django_db
def test_the_admin_refuses_a_rating_list_or_player_named_with_a_control_character():
    from tests.referee.tournaments.admin_forms import admin_form

    client = Client()
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    url = "/admin/ratings/ratinglist/add/"
    values = admin_form(client, url) | {"name": "Рейтинг\u202e", "slug": "rating"}
    response = client.post(url, values)
    assert response.status_code == 200
    assert "name" in response.context["adminform"].form.errors
    player = Player.objects.create(name="Орлов")
    url = f"/admin/tournaments/player/{player.pk}/change/"
    response = client.post(url, admin_form(client, url) | {"name": "Орлов\u202e"})
    assert response.status_code == 200
    player.refresh_from_db()
    assert player.name == "Орлов"


@pytest.mark.django_db
def test_a_device_name_with_a_control_character_is_a_400():
    UserFactory(username="tablet", password="right-one")
    response = client_for().post(
        "/api/v1/auth/token/",
        {"username": "tablet", "password": "right-one", "device": "Планшет\u202e"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "device"
    assert not DeviceToken.objects.exists()


def test_an_imported_list_marks_a_row_with_a_control_character_and_keeps_the_others():
    from referee.tournaments.importing import read_players

    text = "ФИО;Город\nЁлкин Фёдор;Тверь\nОрлов\u202e Ян;Тула\nСоколов Ян;Клин\u2066\n"
    preview = read_players(text.encode("utf-8-sig"), "list.csv")
    assert [row.valid for row in preview.rows] == [True, False, False]
    assert "U+202E" in " ".join(preview.rows[1].errors)
    assert "U+2066" in " ".join(preview.rows[2].errors)


def test_no_number_is_read_with_isdigit():
    """``"²".isdigit()`` is true but ``int("²")`` fails: a superscript typed in a form was a
    server error (the qualification page, found by the forms' fuzz). Numbers are read with
    ``isdecimal``, whose every yes ``int`` takes."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "referee"
    found = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "migrations" not in path.parts and ".isdigit()" in path.read_text()
    ]
    assert found == []
    assert "²".isdigit() and not "²".isdecimal()
