"""Guests whose results do not count (TOURNAMENTS §6.4) on the hand-worked tournament of
``tests/referee/standings/test_services.py`` (7 players, 2 rounds; its docstring works every
number). Попов (2nd there: round 1 −16/3, round 2 +22, total 50/3) is marked a guest: his
tables are scored as usual, so every other player keeps his points; he is listed after
everybody without a place, and the places close up: Петрова 3rd → 2nd, Сидоров 4th → 3rd,
Смирнова 5th → 4th, Ёлкин 6th → 5th, Кузнецов 7th → 6th."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from referee.core.errors import NotAllowed, ServiceError
from referee.exports.reports import standings_sheet
from referee.ratings.services.places import final_places
from referee.standings import services as standings
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Team, Tournament

from ..factories import UserFactory, referee_of
from ..standings.test_services import ANONYMOUS, chief_of, seven_players

pytestmark = pytest.mark.django_db


def refused(call) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value


@pytest.fixture
def cup():
    cup, p = seven_players()
    chief = chief_of(cup)
    services.mark_guest(p["Попов"].pk, chief, reason="приглашён клубом")
    return cup, p, chief


def test_marking_a_guest_is_logged_and_refused_twice(cup):
    cup, p, chief = cup
    entry = p["Попов"]
    entry.refresh_from_db()
    assert entry.guest
    log = ActionLog.objects.filter(tournament=cup, action="player.guest").get()
    assert (log.subject, log.reason, log.data) == (
        "Попов",
        "приглашён клубом",
        {"registration": entry.pk, "guest": True},
    )
    error = refused(lambda: services.mark_guest(entry.pk, chief))
    assert (error.code, error.field) == ("tournaments.guest.already", "guest")
    with translation.override("en"):
        assert str(refused(lambda: services.mark_guest(entry.pk, chief))) == (
            "Попов is a guest already."
        )
    with translation.override("ru"):
        assert str(refused(lambda: services.mark_guest(entry.pk, chief))) == "Попов уже гость."
    # counting him again, then once more: refused, nothing changed
    services.mark_guest(entry.pk, chief, guest=False)
    again = refused(lambda: services.mark_guest(entry.pk, chief, guest=False))
    assert again.code == "tournaments.guest.not_guest"
    entry.refresh_from_db()
    assert not entry.guest
    assert ActionLog.objects.filter(tournament=cup, action="player.guest_cleared").count() == 1


def test_only_the_chief_marks_a_guest_and_never_in_a_finished_tournament_or_a_team(cup):
    cup, p, chief = cup
    with pytest.raises(NotAllowed):
        services.mark_guest(p["Иванов"].pk, UserFactory())
    team = Team.objects.create(tournament=cup, name="Север")
    p["Петрова"].team = team
    p["Петрова"].save()
    assert refused(lambda: services.mark_guest(p["Петрова"].pk, chief)).code == (
        "tournaments.guest.team"
    )
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.FINISHED)
    assert refused(lambda: services.mark_guest(p["Иванов"].pk, chief)).code == (
        "tournaments.finished"
    )
    p["Иванов"].refresh_from_db()
    p["Петрова"].refresh_from_db()
    assert not p["Иванов"].guest and not p["Петрова"].guest


def test_a_guest_takes_no_place_and_his_table_mates_keep_their_points(cup):
    cup, _p, _chief = cup
    table = standings.standings_after(cup, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player) for r in table.rows] == [
        ("1", "Иванов"),
        ("2", "Петрова"),
        ("3", "Сидоров"),
        ("4", "Смирнова"),
        ("5", "Ёлкин"),
        ("6", "Кузнецов"),
        ("", "Попов"),
    ]
    guest = table.rows[-1]
    assert guest.guest and "guest" in guest.flags and guest.rank == 0
    # his table scored as usual: his own 50/3, and (round 2, table 1) Кузнецов −62, Иванов
    # +26 and Петрова +14 beside his +22, as without a guest
    assert guest.points == Fraction(50, 3) and guest.round_points == (Fraction(-16, 3), 22)
    rows = {r.player: r for r in table.rows}
    assert rows["Иванов"].points == 40 and rows["Кузнецов"].points == Fraction(-154, 3)
    assert sum(r.whists for r in table.rows) == 0


def test_final_places_ratings_and_qualification_skip_the_guest(cup):
    cup, p, _chief = cup
    places = final_places(cup)
    assert p["Попов"].pk not in places
    assert places[p["Петрова"].pk] == (2, 2) and places[p["Кузнецов"].pk] == (6, 6)


def test_the_exports_say_guest_in_place_of_a_place(cup):
    cup, _p, _chief = cup
    table = standings.standings_after(cup, viewer=ANONYMOUS)
    with translation.override("en"):
        sheet = standings_sheet(table)
        numeric = standings_sheet(table, numeric_places=True)
    last = sheet.rows[-1]
    assert last[:2] == ["guest", "Попов"]
    assert last[-1] == "a guest: his results do not count, he takes no place"
    assert numeric.rows[-1][0] == "guest" and numeric.rows[1][:2] == [2, "Петрова"]
    with translation.override("ru"):
        russian = standings_sheet(table)
    assert russian.rows[-1][0] == "гость"


def test_the_standings_page_marks_the_guest_in_both_languages(cup, client):
    cup, _p, _chief = cup
    url = reverse("standings", args=[cup.slug])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    for html, word in ((page, "гость"), (english, "guest")):
        row = html[html.index('<tr class=" guest">') :]
        row = row[: row.index("</tr>")]
        assert '<td class="num"><span class="guest-mark" title="' in row
        assert f">{word}</span></td>" in row and ">Попов</a>" in row
    assert "его результаты не идут в зачёт" in page


def test_the_organisers_page_marks_and_unmarks_a_guest(cup, client):
    cup, p, chief = cup
    client.force_login(chief)
    url = reverse("manage-guest", args=[cup.slug, p["Иванов"].pk])
    response = client.post(url, {"guest": "1", "reason": ""})
    assert response.status_code == 302
    p["Иванов"].refresh_from_db()
    assert p["Иванов"].guest
    client.post(url, {"guest": "1"})  # twice: refused above the page, nothing changes
    assert ActionLog.objects.filter(tournament=cup, action="player.guest").count() == 2
    client.post(url, {"guest": "0"})
    p["Иванов"].refresh_from_db()
    assert not p["Иванов"].guest
    listing = client.get(
        reverse("manage-players", args=[cup.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    # one button a player: Попов (the fixture's guest) may count again, the others be guests
    assert listing.count("Сделать гостем") == 6 and listing.count("Вернуть в зачёт") == 1


def test_a_guest_joins_no_team(cup):
    cup, p, chief = cup
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.DRAFT)
    error = refused(
        lambda: services.create_team(cup.pk, "Юг", [p["Иванов"].pk, p["Попов"].pk], chief)
    )
    assert (error.code, error.field) == ("tournaments.guest.team", "members")
    assert not Team.objects.exists()


def test_a_guest_replaced_by_a_substitute_is_recorded_as_such(cup):
    cup, p, chief = cup
    services.withdraw_player(p["Попов"].pk, chief, reason="уехал")
    substitute = services.substitute_player(
        p["Попов"].pk, services.PlayerDetails(name="Новиков", city="Тула"), chief
    )
    log = ActionLog.objects.get(tournament=cup, action="player.substituted")
    assert log.data["replaces"] == p["Попов"].pk and log.data["replaces_guest"] is True
    assert substitute.substitute_for_id == p["Попов"].pk and not substitute.guest
    # a substitute for a counted player says so too
    services.withdraw_player(p["Ёлкин"].pk, chief)
    services.substitute_player(p["Ёлкин"].pk, services.PlayerDetails(name="Орлов"), chief)
    logs = ActionLog.objects.filter(tournament=cup, action="player.substituted").order_by("pk")
    assert [entry.data["replaces_guest"] for entry in logs] == [True, False]


def test_the_api_marks_a_guest_and_answers_a_refusal_with_its_code(cup):
    from tests.referee.api.conftest import client_for

    cup, p, chief = cup
    api = client_for(chief, "ru")
    url = f"/api/v1/tournaments/{cup.slug}/players/{p['Иванов'].pk}/guest/"
    done = api.post(url, {"guest": True, "reason": "вне зачёта"}, format="json")
    assert done.status_code == 200 and done.json()["guest"] is True
    again = api.post(url, {"guest": True}, format="json")
    assert again.status_code == 400
    assert (again.json()["code"], again.json()["message"]) == (
        "tournaments.guest.already",
        "Иванов уже гость.",
    )
    assert api.post(url, {"guest": False}, format="json").json()["guest"] is False
    referee = client_for(referee_of(cup))
    assert referee.post(url, {"guest": True}, format="json").status_code == 403
