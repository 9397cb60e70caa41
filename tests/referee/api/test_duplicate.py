"""A 12-player duplicate session through the API alone: the tournament and its players, the
session from a seed, each stanza started, every board posted with its number, signed off,
finished, the next stanza seated, the boards published, the travellers and standings read;
and the refusals of a board out of turn and of a board number where no boards are played."""

from __future__ import annotations

import pytest

from .conftest import SAMPLE_DEAL, client_for, make_organiser

pytestmark = pytest.mark.django_db

BASE = "/api/v1/tournaments/dup-api/"


def play(hands: list[str]) -> dict:
    """6♠ by the first hand, whisted by the second alone (closed), made exactly."""
    first, second, third = hands
    return {
        "type": "game",
        "declarer": first,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": second, "call": "whist", "order": 1},
            {"player": third, "call": "pass", "order": 2},
        ],
        "play": "closed",
        "tricks": {first: 6, second: 3, third: 1},
    }


def test_a_duplicate_session_through_the_api_alone():
    api = client_for(make_organiser())
    created = api.post(
        "/api/v1/tournaments/",
        {
            "name": "Дубликат API",
            "slug": "dup-api",
            "starts_on": "2026-12-03",
            "ends_on": "2026-12-03",
            "convention": "rostov",
            "published": True,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    players = [{"name": f"Игрок {i}", "city": "Ростов"} for i in range(1, 13)]
    assert api.post(BASE + "players/", players, format="json").status_code == 201
    assert api.post(BASE + "start/").status_code == 200
    made = api.post(BASE + "duplicate/", {"seed": 42, "boards_per_set": 2}, format="json")
    assert made.status_code == 201, made.json()
    session = made.json()
    assert (len(session["stanzas"]), session["first_round"], session["published"]) == (4, 1, False)
    assert "4 stanzas, the least possible" in " ".join(session["movement"])
    letters = "ABC"
    for k, stanza in enumerate(session["stanzas"]):
        number = stanza["round"]
        assert api.post(BASE + f"rounds/{number}/start/").status_code == 200
        for table in stanza["tables"]:
            url = BASE + f"rounds/{number}/tables/{table['table']}/"
            boards = table["boards"]
            if k == 0 and table["table"] == 1:  # the second board first: refused
                second = boards[1]["board"]
                refused = api.post(
                    url + "deals/", {**play(list("ABC")), "board": second}, format="json"
                )
                assert refused.status_code == 400
                assert refused.json()["code"] == "duplicate.board.not_next"
            for planned in boards:
                board, holders = planned["board"], planned["hands"]
                hands = [letters[table["seats"].index(r)] for r in holders]
                posted = api.post(url + "deals/", {**play(hands), "board": board}, format="json")
                assert posted.status_code == 201, posted.json()
                assert posted.json()["deal"]["dealer"] == hands[2]  # the board's dealer
            assert api.post(url + "sign-off/").status_code == 200
        assert api.post(BASE + f"rounds/{number}/finish/").status_code == 200
        if k + 1 < len(session["stanzas"]):
            seated = api.post(BASE + "duplicate/1/seat/")
            assert seated.status_code == 200, seated.json()
    public = client_for()
    assert public.get(BASE + "duplicate/1/").json()["standings"] is None
    assert public.get(BASE + "duplicate/1/boards/1/").status_code == 404
    assert api.post(BASE + "duplicate/1/publish/").json()["published"] is True
    board = public.get(BASE + "duplicate/1/boards/1/").json()
    assert board["text"].startswith("Board 1\n") and len(board["plays"]) == 4
    # every table made 6♠ alone-whisted the same way: every hand ties, ½ + ½ + ½ = 1.5 each
    assert {h["matchpoints"] for p in board["plays"] for h in p["hands"]} == {1.5}
    standings = public.get(BASE + "duplicate/1/").json()["standings"]
    assert len(standings) == 12 and {s["percent"] for s in standings} == {50}


def test_a_board_number_at_a_table_that_plays_no_boards_is_refused():
    from tests.referee.factories import referee_of, table_with_players

    table = table_with_players(3)
    tournament = table.round.tournament
    api = client_for(referee_of(tournament))
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/{table.round.number}/tables/1/"
    refused = api.post(url + "deals/", {**SAMPLE_DEAL, "board": 1}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "tables.deal.board_not_duplicate"
