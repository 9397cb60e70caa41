"""The tournament's format through the API, with the services' rights: discipline, appeals, the
register, stages and teams (issue 11)."""

import pytest

from referee.discipline.models import Entry
from tests.referee.api.conftest import client_for

from ..factories import UserFactory, referee_of
from .play import play_round, tournament_of

pytestmark = pytest.mark.django_db


def test_discipline_appeals_and_the_register_through_the_api():
    tournament, entries, chief = tournament_of(4, published=True)
    play_round(tournament, chief)  # seat 1 +30, the others -10
    base = f"/api/v1/tournaments/{tournament.slug}/"
    referee = client_for(referee_of(tournament))
    entry = {
        "registration": entries[0].pk,
        "kind": "deduction",
        "rule": "Кодекс 3.9.11",
        "reason": "вскрыл взятку",
        "points": "5",
    }
    made = referee.post(base + "discipline/", entry, format="json")
    assert made.status_code == 201 and made.json()["points"] == "5"
    refused = referee.post(
        base + "discipline/", {**entry, "kind": "disqualification"}, format="json"
    )
    assert refused.status_code == 403  # only the chief disqualifies
    assert client_for(UserFactory()).get(base + "register/").status_code == 403
    assert client_for().get(base + "discipline/").status_code in (401, 403)
    appeal = referee.post(
        base + "appeals/",
        {
            "appellant": entries[0].pk,
            "subject": "discipline",
            "grounds": "взятку открыл партнёр",
            "entry": Entry.objects.get().pk,
        },
        format="json",
    ).json()
    assert (
        referee.post(
            base + f"appeals/{appeal['id']}/decide/",
            {"decision": "reversed", "reason": "x"},
            format="json",
        ).status_code
        == 403
    )
    decided = client_for(chief).post(
        base + f"appeals/{appeal['id']}/decide/",
        {"decision": "reversed", "reason": "вскрыл партнёр"},
        format="json",
    )
    assert decided.status_code == 200 and decided.json()["decision"] == "reversed"
    found = client_for(chief).get(base + "register/").json()
    assert [r["kind"] for r in found["rows"]] == ["deduction", "appeal"]
    assert found["rows"][0]["status"] == "cancelled"
    # round 1: +30 - 10 - 10 - 10 = 0
    assert found["zero_sum"] == [
        {"round": 1, "tables": 1, "whists": "0", "adjustments": "0", "balanced": True}
    ]
    assert client_for().get(base + "stages/").json() == {"stages": [], "places": [], "cut": None}


def test_eliminating_through_the_api_is_the_chiefs():
    tournament, entries, chief = tournament_of(5)
    play_round(tournament, chief)
    address = f"/api/v1/tournaments/{tournament.slug}/players/{entries[0].pk}/eliminate/"
    body = {"reason": "снят судейской коллегией"}
    assert client_for(referee_of(tournament)).post(address, body, format="json").status_code == 403
    done = client_for(chief).post(address, body, format="json")
    assert done.json() == {"registration": entries[0].pk, "status": "eliminated", "after_round": 1}


def test_a_substitute_through_the_api_is_the_chiefs():
    from referee.seating import services as seating

    tournament, _entries, chief = tournament_of(5)
    round_ = seating.seat_next_round(tournament.pk, chief, seed=1)
    seating.start_round(round_.pk, chief)
    table = round_.tables.get()
    leaving = table.seats.get(position=1).registration_id
    address = f"/api/v1/tournaments/{tournament.slug}/rounds/1/tables/1/substitute/"
    body = {"leaving": leaving, "entering": round_.byes[0], "from_deal": 1, "reason": "болезнь"}
    assert client_for(referee_of(tournament)).post(address, body, format="json").status_code == 403
    made = client_for(chief).post(address, body, format="json")
    assert made.status_code == 201 and made.json()["from_deal"] == 1


def test_a_discipline_entry_for_a_player_of_no_such_registration_is_a_400_not_a_500():
    """Found by schemathesis: an unknown registration is a refusal at its field."""
    tournament, _entries, chief = tournament_of(4, published=True)
    play_round(tournament, chief)
    answer = client_for(chief).post(
        f"/api/v1/tournaments/{tournament.slug}/discipline/",
        {"registration": 0, "kind": "warning", "rule": "3.9.1", "reason": "late"},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["field"] == "registration"
    assert Entry.objects.count() == 0


def test_the_register_lists_are_lists_as_the_schema_says():
    tournament, _entries, chief = tournament_of(4, published=True)
    client = client_for(chief)
    for name in ("discipline", "appeals", "teams"):
        assert client.get(f"/api/v1/tournaments/{tournament.slug}/{name}/").json() == []
