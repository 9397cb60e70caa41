"""A player's private link through the API (issue 22 point 5): ``…/me/<id>/<key>/`` answers
what the link's page shows, ``…/check-in/`` takes his mark through the key; a wrong or revoked
key, or another tournament's slug, is 404; the key is enough, the tournament published or not."""

from __future__ import annotations

import pytest

from referee.accounts.models import Role
from referee.seating.services import seat_next_round
from referee.standings.models import StandingsSettings
from referee.tables.models import Seat, Table
from referee.tournaments import checkin
from referee.tournaments.models import CheckIn, Registration, Round

from ..factories import PlayerFactory, RegistrationFactory, TournamentFactory, referee_of
from ..standings.test_qualification import cup as cut_cup
from .conftest import client_for

pytestmark = pytest.mark.django_db

NAMES = ("Агеев", "Борисов", "Волков", "Гусев")


def tver(*, check_in: bool = True, published: bool = True):
    """The cup "Кубок Твери" (slug ``tver``), its four players by NAMES and its chief."""
    tournament = TournamentFactory(
        slug="tver", name="Кубок Твери", check_in=check_in, published=published
    )
    entries = [
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=name))
        for name in NAMES
    ]
    return tournament, entries, referee_of(tournament, Role.Kind.CHIEF, name="chief")


def url(entry: Registration, key: str | None = None, slug: str = "tver") -> str:
    entry = Registration.objects.select_related("tournament").get(pk=entry.pk)
    key = checkin.link_key(entry) if key is None else key
    return f"/api/v1/tournaments/{slug}/me/{entry.pk}/{key}/"


def seat_by_hand(tournament, entries) -> None:
    """Round 1 in play, table 2: Агеев A (deals first), Борисов B, Волков C, Гусев D."""
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.STARTED)
    table = Table.objects.create(round=round_, number=2)
    for position, entry in enumerate(entries, start=1):
        Seat.objects.create(
            table=table, registration=entry, position=position, first_dealer=position == 1
        )


def test_before_seating_the_link_answers_the_player_and_an_open_check_in():
    _tournament, (_a, b, _c, _d), _chief = tver()
    answer = client_for().get(url(b))
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "tournament": {"slug": "tver", "name": "Кубок Твери", "check_in": True},
        "registration": {"id": b.pk, "player": b.player_id, "name": "Борисов", "status": "active"},
        "seat": None,
        "check_in": {"round": 1, "state": "unmarked", "reason": ""},
        "outlook": None,  # no later stage takes the best N
        "card": None,  # no round's results are public yet: his card has nothing to show
        "card_page": None,
    }


def test_present_then_absent_with_a_reason_and_a_retry_changes_nothing():
    _tournament, (_a, b, _c, _d), _chief = tver()
    api = client_for()
    mark = url(b) + "check-in/"
    first = api.post(mark, {"present": True}, format="json")
    assert first.status_code == 200, first.json()
    assert first.json() == {"round": 1, "state": "present", "reason": ""}
    again = api.post(mark, {"present": True}, format="json")  # the phone's retry
    assert (again.status_code, again.json()) == (200, first.json())
    assert list(CheckIn.objects.values_list("registration", "present", "by")) == [
        (b.pk, True, None)
    ]
    absent = {"present": False, "reason": "в пути, опоздаю"}
    answer = api.post(mark, absent, format="json")
    assert answer.json() == {"round": 1, "state": "absent", "reason": "в пути, опоздаю"}
    assert api.post(mark, absent, format="json").json() == answer.json()
    assert CheckIn.objects.count() == 1  # the latest word stands, one per player and round
    shown = api.get(url(b)).json()["check_in"]
    assert shown == {"round": 1, "state": "absent", "reason": "в пути, опоздаю"}


def test_once_seated_the_link_shows_his_seat_and_the_check_in_closes():
    tournament, entries, chief = tver()
    api = client_for()
    for entry in entries:  # each by his own link: the round seats only those present
        answer = api.post(url(entry) + "check-in/", {"present": True}, format="json")
        assert answer.status_code == 200
    round_ = seat_next_round(tournament.pk, chief, seed=1)
    seat = Seat.objects.get(table__round=round_, registration=entries[1])
    body = api.get(url(entries[1])).json()
    assert (body["seat"]["round"], body["seat"]["table"], body["seat"]["position"]) == (
        1,
        seat.table.number,
        seat.position,
    )
    assert body["seat"]["letter"] == "ABCD"[seat.position - 1]
    # four players at one table: the three others, by seat
    others = body["seat"]["others"]
    assert [o["position"] for o in others] == sorted({1, 2, 3, 4} - {seat.position})
    assert {o["name"] for o in others} == {"Агеев", "Волков", "Гусев"}
    # round 1 is seated and not finished: no round to check in for
    assert body["check_in"] == {"round": None, "state": "closed", "reason": ""}
    refused = client_for(language="ru").post(
        url(entries[1]) + "check-in/", {"present": False, "reason": "x"}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "tournaments.checkin.round_seated"
    assert refused.json()["message"] == (
        "Следующий тур уже рассажен: отметьтесь, когда он закончится, — на тур после него."
    )
    english = api.post(url(entries[1]) + "check-in/", {"present": True}, format="json").json()
    assert english["message"].startswith("The next round is already seated")


def test_the_seat_the_others_and_the_sheet_follow_what_the_public_may_see():
    tournament, entries, _chief = tver(check_in=False)
    seat_by_hand(tournament, entries)
    api = client_for()
    # the draw is public, the round's results not yet (no round published)
    seat = api.get(url(entries[1])).json()["seat"]
    assert seat == {
        "round": 1,
        "table": 2,
        "position": 2,
        "letter": "B",
        "first_dealer": False,
        "table_public": False,
        "table_url": None,
        "others": [
            {"position": 1, "letter": "A", "registration": entries[0].pk, "name": "Агеев"},
            {"position": 3, "letter": "C", "registration": entries[2].pk, "name": "Волков"},
            {"position": 4, "letter": "D", "registration": entries[3].pk, "name": "Гусев"},
        ],
    }
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    seat = api.get(url(entries[0])).json()["seat"]
    assert (seat["letter"], seat["first_dealer"], seat["table_public"]) == ("A", True, True)
    assert seat["table_url"] == "http://testserver/api/v1/tournaments/tver/rounds/1/tables/2/"
    assert api.get(seat["table_url"]).status_code == 200  # the sheet it names is public


def test_without_check_in_there_is_none_to_show_and_marking_is_refused_in_russian():
    _tournament, (a, *_rest), _chief = tver(check_in=False)
    api = client_for(language="ru")
    assert api.get(url(a)).json()["check_in"] is None
    refused = api.post(url(a) + "check-in/", {"present": True}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {
        "code": "tournaments.checkin.off",
        "field": None,
        "message": "В этом турнире игроки не отмечаются перед турами.",
        "params": {},
    }
    assert not CheckIn.objects.exists()


def test_a_body_the_endpoint_does_not_take_is_refused_at_its_field():
    _tournament, (a, *_rest), _chief = tver()
    api = client_for()
    missing = api.post(url(a) + "check-in/", {}, format="json")
    assert (missing.status_code, missing.json()["field"]) == (400, "present")
    unknown = api.post(url(a) + "check-in/", {"present": True, "key": "x"}, format="json")
    assert (unknown.status_code, unknown.json()["field"]) == (400, "key")
    long = api.post(url(a) + "check-in/", {"present": False, "reason": "я" * 201}, format="json")
    assert (long.status_code, long.json()["field"]) == (400, "reason")
    assert not CheckIn.objects.exists()


def test_a_revoked_a_wrong_key_or_another_slug_is_404_never_500():
    _tournament, (a, b, _c, _d), chief = tver()
    TournamentFactory(slug="other", published=True)
    api = client_for()
    old = url(a)
    assert api.get(old).status_code == 200
    checkin.revoke_link(a.pk, chief)  # the chief's Revoke on the check-in page
    for answer in (api.get(old), api.post(old + "check-in/", {"present": True}, format="json")):
        assert (answer.status_code, answer.json()["code"]) == (404, "not_found")
    fresh = url(a)
    assert fresh != old and api.get(fresh).status_code == 200
    wrong = [
        url(a, key="0" * 20),
        url(a, key=checkin.link_key(Registration.objects.get(pk=b.pk))),  # b's key for a
        url(a, key="x" * 500),
        url(a, slug="other"),
        f"/api/v1/tournaments/no-such/me/{a.pk}/{checkin.link_key(a)}/",
        f"/api/v1/tournaments/tver/me/999999/{checkin.link_key(a)}/",
    ]
    for address in wrong:
        assert api.get(address).status_code == 404, address
        assert api.post(address + "check-in/", {"present": True}, format="json").status_code == 404
    assert not CheckIn.objects.exists()
    assert client_for(language="ru").get(old).json()["message"] == "Не найдено."


def test_an_unpublished_tournament_answers_the_key_holder_as_the_page_does(client):
    tournament, entries, _chief = tver(check_in=False, published=False)
    seat_by_hand(tournament, entries)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    body = client_for().get(url(entries[1])).json()
    # his own seat, as on the page; nothing the public may not see yet
    assert (body["seat"]["table"], body["seat"]["letter"]) == (2, "B")
    assert (body["seat"]["others"], body["seat"]["table_public"]) == ([], False)
    assert (body["card"], body["card_page"], body["outlook"]) == (None, None, None)
    page = client.get(
        url(entries[1]).replace("/api/v1/tournaments/", "/t/"), HTTP_ACCEPT_LANGUAGE="en"
    )
    page = page.content.decode()
    assert "Round 1: table 2, seat 2" in page
    assert f"/t/tver/players/{entries[1].pk}/" not in page  # no card link
    assert "/t/tver/rounds/1/tables/2/" not in page  # no sheet link
    # the tournament's own referee holding the key sees what he sees anywhere
    official = client_for(referee_of(tournament, name="referee")).get(url(entries[1])).json()
    assert official["seat"]["table_public"] and len(official["seat"]["others"]) == 3
    assert official["card"] is not None


def test_the_outlook_is_the_page_s_verdict(client):
    """``cut`` of test_qualification: one qualifying round played, none left, a final for the
    best 3: B shares places 3–4 across the cut (open), C is out (places 5–6)."""
    tournament, (_a, b, c, _d, _e, _f) = cut_cup(planned=1)
    api = client_for()
    link = f"/api/v1/tournaments/{tournament.slug}/me/{b.pk}/{checkin.link_key(b)}/"
    assert api.get(link).json()["outlook"] == {
        "stage": "Отбор",
        "next_stage": "Финал",
        "cut": 3,
        "rounds_left": 0,
        "exact": True,
        "current": 3,
        "best": 3,
        "worst": 4,
        "verdict": "open",
    }
    page = client.get(link.replace("/api/v1/tournaments/", "/t/"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "«Финал» (лучшие 3)" in page.content.decode()
    c_link = f"/api/v1/tournaments/{tournament.slug}/me/{c.pk}/{checkin.link_key(c)}/"
    outlook = api.get(c_link).json()["outlook"]
    assert (outlook["verdict"], outlook["best"], outlook["worst"]) == ("eliminated", 5, 6)


def test_the_link_is_throttled_per_address_and_link():
    _tournament, (a, b, _c, _d), _chief = tver()
    api = client_for()
    wrong = url(a, key="0" * 20)
    answers = [api.get(wrong).status_code for _ in range(61)]
    assert answers[:60] == [404] * 60 and answers[60] == 429
    assert api.get(url(a)).json()["code"] == "throttled"  # the right key waits too
    assert api.get(url(b)).status_code == 200  # another player's link from the same hall
