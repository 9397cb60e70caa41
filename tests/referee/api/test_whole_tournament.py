"""A whole tournament run through the API alone: create, register, seat, enter every deal,
sign off, confirm, finish, standings."""

from __future__ import annotations

import pytest

from referee.tables.models import Deal
from tests.referee.factories import UserFactory, random_deals

from .conftest import client_for, make_organiser

pytestmark = pytest.mark.django_db

PLAYERS = [
    {"name": f"Игрок {i}", "city": "Москва", "rating": "1500.5", "federation_id": f"F{i}"}
    for i in range(1, 8)
]


def _letters_rotated(deals: list[dict], seats: int, first: int) -> list[dict]:
    """Deals generated with seat 1 dealing first, relabelled so that seat ``first`` deals
    first (the letters keep their clockwise order)."""
    letters = "ABCD"[:seats]
    shift = {letters[i]: letters[(i + first - 1) % seats] for i in range(seats)}

    def relabel(value):
        if isinstance(value, dict):
            return {shift.get(k, k) if k in shift else k: relabel(v) for k, v in value.items()}
        if isinstance(value, list):
            return [relabel(v) for v in value]
        return shift.get(value, value) if isinstance(value, str) else value

    out = []
    for deal in deals:
        moved = relabel(deal)
        moved["type"] = deal["type"]
        moved["play"] = deal["play"]
        if "contract" in deal:
            moved["contract"] = deal["contract"]
        out.append(moved)
    return out


def test_a_whole_tournament_through_the_api():
    organiser = make_organiser()
    api = client_for(organiser)
    created = api.post(
        "/api/v1/tournaments/",
        {
            "name": "Кубок API",
            "slug": "api-cup",
            "starts_on": "2026-12-01",
            "ends_on": "2026-12-02",
            "convention": "fspr",
            "deal_cap": 6,
            "second_confirmation": True,
            "published": True,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    assert created.json()["chief_referee"] == "organiser"
    base = "/api/v1/tournaments/api-cup/"
    registered = api.post(base + "players/", PLAYERS, format="json")
    assert registered.status_code == 201, registered.json()
    assert len(registered.json()) == 7
    one = api.post(base + "players/", {"name": "Последний", "city": "Тула"}, format="json")
    assert one.status_code == 201 and one.json()["name"] == "Последний"
    assert api.get(base + "players/?name=Последн").json()["count"] == 1

    # a second referee confirms what the chief signs off
    second = UserFactory(username="second")
    from referee.accounts.models import Role
    from referee.tournaments.models import Tournament

    Role.objects.create(
        tournament=Tournament.objects.get(slug="api-cup"), user=second, kind=Role.Kind.REFEREE
    )
    confirmer = client_for(second)

    assert api.post(base + "start/").status_code == 200
    for number, method in ((1, "random"), (2, "swiss")):
        seated = api.post(base + "rounds/", {"method": method, "seed": 7}, format="json")
        assert seated.status_code == 201, seated.json()
        assert seated.json()["number"] == number
        assert api.post(base + f"rounds/{number}/start/").status_code == 200
        for table in seated.json()["tables"]:
            url = base + f"rounds/{number}/tables/{table['number']}/"
            size = len(table["seats"])
            first = next(s["position"] for s in table["seats"] if s["first_dealer"])
            deals = _letters_rotated(
                random_deals(6, size, seed=number * 10 + table["number"]), size, first
            )
            for i, deal in enumerate(deals, start=1):
                posted = api.post(url + "deals/", deal, format="json")
                assert posted.status_code == 201, (i, posted.json(), deal)
                assert posted.json()["number"] == i and posted["ETag"] == '"1"'
            sheet = api.get(url).json()
            assert sheet["deals"] == 6
            assert sum(sheet["totals"]["result"].values()) == pytest.approx(0, abs=1e-5)
            assert sheet["case"]["kind"] == "pulka" and len(sheet["case"]["deals"]) == 6
            assert api.post(url + "sign-off/").status_code == 200
            confirmed = confirmer.post(url + "confirm/")
            assert confirmed.status_code == 200, confirmed.json()
            assert confirmed.json()["status"] == "locked"
        finished = api.post(base + f"rounds/{number}/finish/")
        assert finished.status_code == 200, finished.json()
    assert api.post(base + "finish/").json()["status"] == "finished"
    assert Deal.objects.filter(table__round__tournament__slug="api-cup").count() == 6 * (2 * 2)
    standings = api.get(base + "standings/").json()
    assert len(standings["rows"]) == 8 and standings["after"] == 2
    assert api.get(base + "standings/?after=1").json()["after"] == 1
    results = api.get(base + "rounds/1/results/").json()
    assert sum(len(t["seats"]) for t in results["tables"]) == 8
    card = api.get(base + f"players/{registered.json()[0]['id']}/").json()
    assert len(card["rounds"]) == 2
