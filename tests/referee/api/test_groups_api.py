"""Groups, crossover, a play-off game at the cut and a final through the API alone (issue 34
point 3): the same twelve players and three stages as ``tests/referee/format/test_groups.py``,
whose note works out every number; here each step is a request, and the refusals are the
API's codes in the client's language."""

from __future__ import annotations

import pytest

from tests.referee.format.play import pass_pass

from .conftest import client_for, make_organiser

pytestmark = pytest.mark.django_db

BASE = "/api/v1/tournaments/groups-api/"
STAGES = [
    {"name": "Группы", "rounds_planned": 1, "method": "random", "groups": 2},
    {
        "name": "Кросс",
        "rounds_planned": 1,
        "method": "random",
        "entry": "crossover",
        "entry_count": 3,
        "carry_over": "none",
    },
    {
        "name": "Финал",
        "rounds_planned": 1,
        "method": "playoff",
        "entry": "group_top",
        "entry_count": 2,
        "carry_over": "none",
    },
]


def _play(api, round_: dict, winners: int = 1, capped: bool = False) -> dict[int, list[int]]:
    """Each table of ``round_`` (started): ``winners`` pass-pass deals won by seats 1, 2, …,
    then signed off (locked: no second confirmation); the seats by table. ``capped``: one
    deal more is refused first (the table plays ``winners`` deals)."""
    seats = {}
    for table in round_["tables"]:
        url = BASE + f"rounds/{round_['number']}/tables/{table['number']}/"
        ids = [s["registration"] for s in sorted(table["seats"], key=lambda s: s["position"])]
        for winner in ids[:winners]:
            deal = pass_pass(ids, winner)
            if len(ids) == 3:
                del deal["dealer"]
            posted = api.post(url + "deals/", deal, format="json")
            assert posted.status_code == 201, posted.json()
        if capped:
            over = api.post(url + "deals/", pass_pass(ids, ids[-1]), format="json")
            assert over.status_code == 400 and over.json()["code"] == "tables.deal.cap_reached"
        assert api.post(url + "sign-off/").json()["status"] == "locked"
        seats[table["number"]] = ids
    return seats


def test_groups_a_play_off_a_crossover_and_a_final_through_the_api():
    organiser = make_organiser()
    api, russian = client_for(organiser), client_for(organiser, "ru")
    made = api.post(
        "/api/v1/tournaments/",
        {
            "name": "Группы API",
            "slug": "groups-api",
            "starts_on": "2026-12-01",
            "ends_on": "2026-12-01",
            "convention": "fspr",
            "table_size": 3,
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    players = [{"name": f"p{i}", "city": "Тула"} for i in range(1, 13)]
    registered = api.post(BASE + "players/", players, format="json").json()
    p = {i: r["id"] for i, r in enumerate(registered, start=1)}

    # -- the stages: a crossover with too few is refused, in Russian; then saved --------------
    wrong = [STAGES[0], {**STAGES[1], "entry_count": 2}]
    stranger = client_for(make_organiser("other"))  # not his tournament: not even shown
    assert stranger.post(BASE + "stages/", {"stages": STAGES}, format="json").status_code == 404
    answer = russian.post(BASE + "stages/", {"stages": wrong}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "tournaments.stage.crossover_too_few"
    assert "крест-накрест" in answer.json()["message"]
    saved = api.post(BASE + "stages/", {"stages": STAGES}, format="json")
    assert saved.status_code == 200, saved.json()
    body = saved.json()
    assert [(s["name"], s["groups"], s["entry"]) for s in body["stages"]] == [
        ("Группы", 2, "all"),
        ("Кросс", 2, "crossover"),
        ("Финал", 1, "group_top"),
    ]
    assert body["cut"] is None
    assert api.post(BASE + "start/").status_code == 200

    # -- round 1: the groups (snake over the registration order) ------------------------------
    first = api.post(BASE + "rounds/", {"method": "random", "seed": 5}, format="json").json()
    assert [n["code"] for n in first["notes"]].count("group") == 2
    api.post(BASE + "rounds/1/start/")
    seats = _play(api, first)
    assert api.post(BASE + "rounds/1/finish/").status_code == 200
    stages = api.get(BASE + "stages/").json()
    assert stages["stages"][0]["members"] == [
        [p[i] for i in (1, 4, 5, 8, 9, 12)],
        [p[i] for i in (2, 3, 6, 7, 10, 11)],
    ]
    cut = stages["cut"]
    assert (cut["stage"], cut["following"], cut["count"], cut["by_group"]) == (1, 2, 3, True)
    assert cut["tied"] and [g["places"] for g in cut["groups"]] == ["3–6", "3–6"]
    assert {g["group"] for g in cut["groups"]} == {"A", "B"}
    for group, tables in zip(cut["groups"], ((1, 2), (3, 4)), strict=True):
        winners = {seats[t][0] for t in tables}
        assert set(group["through"]) == winners and len(group["tied"]) == 4

    # -- seating the crossover is refused while tied; the play-off game -----------------------
    tied = russian.post(BASE + "rounds/", {"method": "random"}, format="json")
    assert tied.status_code == 400
    assert tied.json()["code"] == "seating.stage.tied_at_group_cut"
    assert "переигровку" in tied.json()["message"]
    bad = api.post(BASE + "stages/playoff/", {"deals": 100}, format="json")
    assert bad.json()["code"] == "seating.playoff.deals"
    game = api.post(BASE + "stages/playoff/", {"deals": 1, "seed": 3}, format="json")
    assert game.status_code == 201, game.json()
    game = game.json()
    assert (game["number"], game["method"], game["status"]) == (2, "tiebreak", "started")
    assert sorted(len(t["seats"]) for t in game["tables"]) == [4, 4]
    played = _play(api, game, capped=True)  # a second deal of a one-deal game is refused
    assert api.post(BASE + "rounds/2/finish/").status_code == 200
    cut = api.get(BASE + "stages/").json()["cut"]
    assert not cut["tied"]
    for group, table in zip(cut["groups"], (1, 2), strict=True):
        assert group["through"][-1] == played[table][0]  # the play-off winner is 3rd
    nothing = api.post(BASE + "stages/playoff/", {"deals": 1}, format="json")
    assert nothing.json()["code"] == "seating.playoff.not_tied"

    # -- round 3: the crossover; round 4: the final ---------------------------------------
    cross = api.post(BASE + "rounds/", {"method": "random", "seed": 11}, format="json").json()
    assert cross["number"] == 3 and len(cross["tables"]) == 2
    api.post(BASE + "rounds/3/start/")
    crossed = _play(api, cross, winners=2)
    api.post(BASE + "rounds/3/finish/")
    final = api.post(BASE + "rounds/", {"method": "playoff", "seed": 13}, format="json").json()
    finalists = {s["registration"] for t in final["tables"] for s in t["seats"]}
    assert finalists == {p for ids in crossed.values() for p in ids[:2]}
    api.post(BASE + "rounds/4/start/")
    won = _play(api, final)
    api.post(BASE + "rounds/4/finish/")
    places = api.get(BASE + "stages/").json()["places"]
    assert places[0]["registration"] == won[1][0] and places[0]["stage"] == "Финал"
    assert len(places) == 12
