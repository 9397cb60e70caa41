"""Officials are shown by their full names wherever they appear (the table page, the
protocol, a deal's history, the action log, the exports, the dashboard, the register, the
API); their logins only where a login is meant (the staff page). The staff page sets the
names; without one, the login stands in."""

import csv
import io
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from openpyxl import load_workbook

from referee.accounts import services
from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.core.people import person
from referee.discipline import services as discipline
from referee.exports import reports
from referee.tables import services as tables
from referee.tables.models import Table
from referee.tournaments.models import ActionLog

from ..api.conftest import client_for
from ..exports.test_reports import pdf_text
from ..factories import RoundFactory, TournamentFactory, UserFactory, table_with_players
from ..tables.test_services import SIX_MADE

pytestmark = pytest.mark.django_db

LOGINS = ("sudya-k", "sudya-m", "glavnaya")  # none of them may appear on a page below
REFEREE, SECOND, CHIEF = "Сергей Кузнецов", "Ольга Миронова", "Анна Белова"


def official(tournament, login, first, last, kind=Role.Kind.REFEREE):
    """A referee of ``tournament``; without ``kind``, its chief referee named in the settings."""
    user = UserFactory(username=login, first_name=first, last_name=last)
    if kind:
        Role.objects.create(tournament=tournament, user=user, kind=kind)
    else:
        tournament.chief_referee = user
        tournament.save(update_fields=["chief_referee"])
    return user


@pytest.fixture
def cup():
    """A published tournament asking for a second referee's confirmation; one table with a
    deal entered and corrected by the referee, signed off by him, confirmed by the second
    referee; a warning recorded by the referee."""
    tournament = TournamentFactory(published=True, second_confirmation=True, slug="names")
    table = table_with_players(3, round=RoundFactory(tournament=tournament, number=1))
    referee = official(tournament, "sudya-k", "Сергей", "Кузнецов")
    second = official(tournament, "sudya-m", "Ольга", "Миронова")
    chief = official(tournament, "glavnaya", "Анна", "Белова", None)
    deal = tables.record_deal(table.pk, SIX_MADE, referee)
    tables.correct_deal(deal.pk, {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}, referee, "7")
    tables.submit_table(table.pk, referee)
    tables.confirm_table(table.pk, second)
    entry = table.seats.get(position=1).registration
    discipline.record_entry(
        tournament.pk, entry.pk, "warning", referee, rule="3.9.8", reason="громко"
    )
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    return {"tournament": tournament, "table": table, "chief": chief, "referee": referee}


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def no_login_in(text: str) -> None:
    for login in LOGINS:
        assert login not in text, login


def page(client, user, name, *args) -> str:
    client.force_login(user)
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return text_of(response.content.decode())


def test_a_person_is_his_full_name_else_his_login():
    assert person(UserFactory(username="ivanov", first_name="Пётр", last_name="Иванов")) == (
        "Пётр Иванов"
    )
    assert person(UserFactory(username="surname-only", last_name=" Петров ")) == "Петров"
    assert person(UserFactory(username="nameless")) == "nameless"
    assert person(None) == "" and person(AnonymousUser()) == ""


def test_the_table_page_names_who_signed_and_confirmed(client, cup):
    t = cup["table"]
    text = page(client, cup["chief"], "table", "names", 1, t.number)
    assert f"signed off by {REFEREE}," in text and f"confirmed by {SECOND}," in text
    no_login_in(text)


def test_the_protocol_names_the_referees_and_the_chief(cup):
    text = " ".join(" ".join(pdf_text(reports.protocol_pdf(cup["table"], cup["chief"]))).split())
    assert f"signed off by {REFEREE}," in text and f"confirmed by {SECOND}," in text
    assert CHIEF in text
    no_login_in(text)


def test_a_deal_s_history_names_its_author(client, cup):
    text = page(client, cup["chief"], "deal-history", "names", 1, 1, 1)
    assert text.count(REFEREE) == 2  # both versions
    no_login_in(text)


def test_the_action_log_names_who_did_it(client, cup):
    text = page(client, cup["chief"], "manage-log", "names")
    assert REFEREE in text and SECOND in text
    no_login_in(text)


def test_the_dashboard_names_who_signed(client, cup):
    text = page(client, cup["chief"], "round-dashboard", "names", 1)
    assert f"{REFEREE} · {SECOND}" in text
    no_login_in(text)


def test_the_register_and_its_exports_name_the_referee(client, cup):
    text = page(client, cup["chief"], "register", "names")
    assert REFEREE in text
    no_login_in(text)
    response = client.get(reverse("export-register-csv", args=["names"]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert any(REFEREE in row for row in rows)
    no_login_in(response.content.decode("utf-8-sig"))
    book = load_workbook(
        io.BytesIO(client.get(reverse("export-register-xlsx", args=["names"])).content)
    )
    cells = [str(c.value) for ws in book for row in ws.iter_rows() for c in row if c.value]
    assert REFEREE in cells
    no_login_in(" ".join(cells))


def test_the_api_names_the_officials_by_full_name(cup):
    body = client_for(cup["chief"]).get("/api/v1/tournaments/names/rounds/1/tables/1/").json()
    assert (body["submitted_by"], body["confirmed_by"]) == (REFEREE, SECOND)
    listing = client_for(cup["chief"]).get("/api/v1/tournaments/names/discipline/").json()
    entries = listing["results"] if isinstance(listing, dict) else listing
    assert [e["referee"] for e in entries] == [REFEREE]
    tournament = client_for(cup["chief"]).get("/api/v1/tournaments/names/").json()
    # the login stays where a login is meant: it names the account the setting holds
    assert (tournament["chief_referee"], tournament["chief_referee_name"]) == ("glavnaya", CHIEF)


def test_the_staff_page_shows_the_name_and_the_login(client, cup):
    text = page(client, cup["chief"], "manage-staff", "names")
    assert f"{REFEREE} " in text and "sudya-k" in text


# -- the staff page sets the names ---------------------------------------------------------


def test_a_new_official_is_added_with_his_full_name(client, cup):
    client.force_login(cup["chief"])
    response = client.post(
        reverse("manage-staff", args=["names"]),
        {
            "username": "novikov",
            "first_name": " Денис ",
            "last_name": "Новиков",
            "kind": "referee",
            "password": "Sochi-2026!x",
        },
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Денис Новиков is now referee." in text_of(response.content.decode())
    new = Role.objects.get(tournament=cup["tournament"], user__username="novikov").user
    assert (new.first_name, new.last_name) == ("Денис", "Новиков")
    assert ActionLog.objects.filter(action="role.granted").last().subject == "Денис Новиков"


def test_the_chief_changes_an_official_s_name_and_it_is_logged(client, cup):
    client.force_login(cup["chief"])
    response = client.post(
        reverse("manage-staff-name", args=["names"]),
        {"username": "sudya-k", "first_name": "Сергей", "last_name": "Кузьмин"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "sudya-k is now shown as Сергей Кузьмин." in text_of(response.content.decode())
    cup["referee"].refresh_from_db()
    assert person(cup["referee"]) == "Сергей Кузьмин"
    logged = ActionLog.objects.get(action="official.named")
    assert logged.subject == "Сергей Кузьмин" and logged.data["was"] == REFEREE
    assert logged.user == cup["chief"]


def test_clearing_the_name_shows_the_login_again(cup):
    services.name_official(cup["tournament"].pk, "sudya-k", "", "", cup["chief"])
    cup["referee"].refresh_from_db()
    assert person(cup["referee"]) == "sudya-k"


def test_only_the_tournament_s_officials_are_named_and_only_by_its_chief(cup):
    UserFactory(username="stranger")
    with pytest.raises(ServiceError) as refused:
        services.name_official(cup["tournament"].pk, "stranger", "Икс", "", cup["chief"])
    assert refused.value.field == "username"
    with pytest.raises(NotAllowed):
        services.name_official(cup["tournament"].pk, "sudya-m", "Икс", "", cup["referee"])
    with pytest.raises(ServiceError) as same:
        services.name_official(cup["tournament"].pk, "sudya-k", "Сергей", "Кузнецов", cup["chief"])
    assert same.value.field == "first_name"
    assert not ActionLog.objects.filter(action="official.named").exists()


def test_a_name_too_long_is_refused_and_changes_nothing(client, cup):
    client.force_login(cup["chief"])
    response = client.post(
        reverse("manage-staff-name", args=["names"]),
        {"username": "sudya-k", "first_name": "Я" * 151, "last_name": ""},
        follow=True,
    )
    assert "150" in text_of(response.content.decode())
    cup["referee"].refresh_from_db()
    assert person(cup["referee"]) == REFEREE
