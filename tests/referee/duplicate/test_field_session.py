"""Duplicate for any field and a chosen length: a 13-player session (3 stanzas) and a 20-player
one (2 stanzas), each made both on the chief's page and through the API, with the length the
chief chose, the plan shown before he confirms, every board played and compared as worked out
by hand (the 13 read through the API's travellers and standings, the 20 on the session page).

The values of a board's plays are those of ``test_session``'s three-table board (Sochi, worked
out there by hand): a pass-out (the first hand 40/3, the others −20/3), 6♠ set by one against
the second hand's whist (−82/3, 56/3, 26/3) and 6♠ made against it (16/3, 4/3, −20/3)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as f

import pytest
from django.urls import reverse
from django.utils.html import escape

from referee.duplicate.models import Session
from referee.duplicate.results import session_results
from referee.seating.services import finish_round, start_round
from referee.tables.models import Table
from referee.tables.services import submit_table
from referee.tournaments.models import Round

from ..api.conftest import client_for
from .test_session import letters_of, passed_out, play_session, tournament_of, whisted

pytestmark = pytest.mark.django_db


def deal(board, play, hands):
    return passed_out(hands) if play == 0 else whisted(hands, 5 if play == 1 else 6)


def test_thirteen_players_three_stanzas_on_the_chiefs_page(client):
    tournament, chief = tournament_of(13, convention="sochi")
    client.force_login(chief)
    address = reverse("duplicate-sessions", args=[tournament.slug])
    form = {"size": 3, "boards_per_set": 1, "seed": 5, "stanzas": 3, "method": "matchpoints"}
    shown = client.post(address, {**form, "preview": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    text = shown.content.decode()
    # 13 = 4 tables of 3 and 1 sitting out; 3 stanzas of the 4 possible; 4 sets of 1 board,
    # each at one table a stanza: played 3 times, each hand compared with the other 2
    assert "13 players at 4 tables of 3; 1 sits out each stanza" in text
    assert "3 stanzas (at most 4), 4 boards." in text
    assert (
        "Every board is played 3 times: each hand of a board is compared with 2 other hands."
        in text
    )
    assert "Each player plays 2–3 boards" in text
    assert not Session.objects.exists()  # nothing made before he confirms
    assert client.post(address, form).status_code == 302
    session = Session.objects.get()
    assert (session.stanzas, session.boards.count(), len(session.plan["sitouts"])) == (3, 4, 3)
    sitting = [r for out in session.plan["sitouts"] for r in out]
    assert len(sitting) == len(set(sitting)) == 3  # three players, once each
    slips = client.get(
        reverse("duplicate-slips", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert slips.content.decode().count("sit out.") == 3  # one line a stanza
    play_session(session, chief, deal)
    results = session_results(session)
    # each board 3 plays; matchpoints by play (pass-out, set by one, made), worked by hand:
    # first hand 40/3, −82/3, 16/3 → 2, 0, 1; second −20/3, 56/3, 4/3 → 0, 2, 1;
    # third −20/3, 26/3, −20/3 → ½, 2, ½; each hand's most possible 2 (two others)
    expected = [[2, 0, 1], [0, 2, 1], [f(1, 2), 2, f(1, 2)]]
    for traveller in results.travellers:
        assert len(traveller.plays) == 3
        for role in range(3):
            assert [p.hands[role].compared.matchpoints for p in traveller.plays] == expected[role]
            assert {p.hands[role].compared.most for p in traveller.plays} == {2}
    # the players: 10 play 3 boards (most 6), the 3 who sit out once play 2 (most 4); each
    # total is the sum of his hands' matchpoints above, his percentage over his own boards
    assert Counter((line.total.boards, line.total.most) for line in results.standings) == {
        (3, 6): 10,
        (2, 4): 3,
    }
    own: Counter[int] = Counter()
    for traveller in results.travellers:
        for k, play in enumerate(traveller.plays):
            for role, hand in enumerate(play.hands):
                own[hand.registration] += expected[role][k]
    for line in results.standings:
        assert line.total.matchpoints == own[line.registration]
        assert line.total.percent == f(own[line.registration]) / line.total.most * 100
        if line.registration in sitting:
            assert line.total.boards == 2


def test_twenty_players_two_stanzas_through_the_api():
    tournament, chief = tournament_of(20, convention="sochi")
    api = client_for(chief, "en")
    base = reverse("api-duplicate", args=[tournament.slug])
    shape = {"size": 3, "boards_per_set": 1, "stanzas": 2}
    plan = api.post(reverse("api-duplicate-preview", args=[tournament.slug]), shape, format="json")
    # 20 = 6 tables of 3 and 2 sitting out; 2 stanzas of 6 possible; 6 boards each played
    # twice: each hand compared with the 1 other; 4 players sit out once (1 board)
    assert plan.json() == {
        "players": 20,
        "size": 3,
        "tables": 6,
        "stanzas": 2,
        "most_stanzas": 6,
        "sitouts": 2,
        "boards": 6,
        "plays": 2,
        "comparisons": 1,
        "boards_per_player": [1, 2],
    }
    made = api.post(base, {**shape, "seed": 9}, format="json")
    assert made.status_code == 201
    session = Session.objects.get()
    assert (session.stanzas, session.boards.count()) == (2, 6)
    for k in range(2):
        round_ = Round.objects.get(tournament=tournament, number=1 + k)
        start_round(round_.pk, chief)
        for planned in session.plan["stanzas"][k]:
            table = Table.objects.get(round=round_, number=planned["table"])
            assert table.seats.count() == 3
            for board, hands in planned["boards"]:
                hands_at = letters_of(session, planned, hands)
                data = passed_out(hands_at) if k == 0 else whisted(hands_at, 6)
                url = reverse("api-deals", args=[tournament.slug, round_.number, table.number])
                answer = client_for(chief).post(url, {**data, "board": board}, format="json")
                assert answer.status_code == 201, answer.json()
            submit_table(table.pk, chief)
        finish_round(round_.pk, chief)
        if k == 0:
            seat = reverse("api-duplicate-seat", args=[tournament.slug, 1])
            assert api.post(seat, {}, format="json").status_code == 200
    results = session_results(session)
    # two plays a board: the pass-out (40/3, −20/3, −20/3) and 6♠ made (16/3, 4/3, −20/3):
    # the first hand 1 then 0, the second 0 then 1, the third ½ and ½; most possible 1
    for traveller in results.travellers:
        points = [[h.compared.matchpoints for h in p.hands] for p in traveller.plays]
        assert points == [[1, 0, f(1, 2)], [0, 1, f(1, 2)]]
        assert {h.compared.most for p in traveller.plays for h in p.hands} == {1}
    assert Counter((line.total.boards, line.total.most) for line in results.standings) == {
        (2, 2): 16,
        (1, 1): 4,
    }
    body = api.get(reverse("api-duplicate-session", args=[tournament.slug, 1])).json()
    assert any("Every board is played 2 times" in note for note in body["movement"])


def test_thirteen_players_three_stanzas_through_the_api():
    """The 13-player session of the first test, made, seated, played and read through the
    API alone: the same plays, so the same matchpoints by hand and play (2, 0, 1; 0, 2, 1;
    ½, 2, ½), read from each board's traveller and from the session's standings."""
    tournament, chief = tournament_of(13, convention="sochi")
    api = client_for(chief, "en")
    slug = tournament.slug
    shape = {"size": 3, "boards_per_set": 1, "stanzas": 3}
    plan = api.post(reverse("api-duplicate-preview", args=[slug]), shape, format="json")
    # 13 = 4 tables of 3 and 1 sitting out; 3 stanzas of 4; 4 boards each played 3 times,
    # each hand compared with the 2 others; the 3 who sit out play 2 boards, the rest 3
    assert plan.json() == {
        "players": 13,
        "size": 3,
        "tables": 4,
        "stanzas": 3,
        "most_stanzas": 4,
        "sitouts": 1,
        "boards": 4,
        "plays": 3,
        "comparisons": 2,
        "boards_per_player": [2, 3],
    }
    assert not Session.objects.exists()
    made = api.post(reverse("api-duplicate", args=[slug]), {**shape, "seed": 5}, format="json")
    assert made.status_code == 201, made.json()
    stanzas = made.json()["stanzas"]
    assert [len(s["tables"]) for s in stanzas] == [4, 4, 4]
    letters = "ABC"
    where: dict[int, list[tuple[int, int]]] = {}  # a board's (round, table) by play
    for k, stanza in enumerate(stanzas):
        number = stanza["round"]
        assert api.post(reverse("api-round-start", args=[slug, number])).status_code == 200
        for table in stanza["tables"]:
            assert len(table["seats"]) == 3
            for planned in table["boards"]:
                where.setdefault(planned["board"], []).append((number, table["table"]))
                hands = [letters[table["seats"].index(r)] for r in planned["hands"]]
                data = deal(planned["board"], k, hands)  # the board's play k: stanza k
                url = reverse("api-deals", args=[slug, number, table["table"]])
                posted = api.post(url, {**data, "board": planned["board"]}, format="json")
                assert posted.status_code == 201, posted.json()
            signed = api.post(reverse("api-sign-off", args=[slug, number, table["table"]]))
            assert signed.status_code == 200, signed.json()
        assert api.post(reverse("api-round-finish", args=[slug, number])).status_code == 200
        if k < 2:
            seated = api.post(reverse("api-duplicate-seat", args=[slug, 1]))
            assert seated.status_code == 200, seated.json()
    players = {r for s in stanzas for t in s["tables"] for r in t["seats"]}
    assert len(players) == 13
    expected = [[2, 0, 1], [0, 2, 1], [0.5, 2, 0.5]]  # by hand, then by play (as above)
    own: Counter[int] = Counter()
    for board in range(1, 5):
        plays = api.get(reverse("api-duplicate-board", args=[slug, 1, board])).json()["plays"]
        assert [(p["round"], p["table"]) for p in plays] == where[board]
        assert [p["round"] for p in plays] == [1, 2, 3]
        for role in range(3):
            assert [p["hands"][role]["matchpoints"] for p in plays] == expected[role]
        for k, play in enumerate(plays):
            for role, hand in enumerate(play["hands"]):
                own[hand["registration"]] += expected[role][k]
    # 10 players play 3 boards (most 6), the 3 who sit out once 2 (most 4); everyone's total
    # is his own hands' matchpoints above; each hand of a board shares 0 + 1 + 2 among its
    # three plays: 4 boards × 3 hands × 3 = 36 in all
    assert sum(own.values()) == 36
    standings = api.get(reverse("api-duplicate-session", args=[slug, 1])).json()["standings"]
    assert Counter((line["boards"], line["most"]) for line in standings) == {(3, 6): 10, (2, 4): 3}
    for line in standings:
        assert line["matchpoints"] == own[line["registration"]]
        assert line["percent"] == pytest.approx(
            own[line["registration"]] / line["most"] * 100, abs=0.005
        )
    percents = [line["percent"] for line in standings]
    assert percents == sorted(percents, reverse=True)


def test_twenty_players_two_stanzas_on_the_chiefs_page(client):
    """The 20-player session of the API test, made on the chief's page (the plan shown first)
    and played: each board passed out in the first stanza and set by one against the second
    hand's whist in the second (−82/3, 56/3, 26/3 against 40/3, −20/3, −20/3): its first
    hand gets 1 then 0, its second 0 then 1, its third 0 then 1 (most possible 1)."""
    tournament, chief = tournament_of(20, convention="sochi")
    client.force_login(chief)
    address = reverse("duplicate-sessions", args=[tournament.slug])
    form = {"size": 3, "boards_per_set": 1, "seed": 9, "stanzas": 2, "method": "matchpoints"}
    text = client.post(address, {**form, "preview": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    text = text.content.decode()
    assert "20 players at 6 tables of 3; 2 sit out each stanza" in text
    assert "2 stanzas (at most 6), 6 boards." in text
    assert "Each player plays 1–2 boards" in text
    assert not Session.objects.exists()
    assert client.post(address, form).status_code == 302
    session = Session.objects.get()
    assert (session.stanzas, session.boards.count()) == (2, 6)
    play_session(session, chief, deal)  # each board's play k in stanza k
    points = [[1, 0, 0], [0, 1, 1]]
    own: Counter[int] = Counter()
    for k, stanza in enumerate(session.plan["stanzas"]):
        for planned in stanza:
            for _board, hands in planned["boards"]:
                for role, registration in enumerate(hands):
                    own[registration] += points[k][role]
    # 6 boards × 3 matchpoints (1 + 0 + 0 + 0 + 1 + 1); 16 play 2 boards, 4 sit out once
    assert sum(own.values()) == 18 and len(own) == 20
    out = [r for stanza in session.plan["sitouts"] for r in stanza]
    assert len(out) == len(set(out)) == 4
    names = {r.pk: escape(r.player.name) for r in tournament.entries.select_related("player")}
    for language in ("en", "ru"):
        page = client.get(
            reverse("duplicate-session", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        assert page.count('<tr><td class="num">') == 20
        assert ("Session standings" if language == "en" else "Итоги сессии") in page
        for registration, matchpoints in own.items():
            most = 1 if registration in out else 2  # a matchpoint a board at most
            row = (
                f'<td>{names[registration]}</td><td class="num">{most}</td>\n'
                f'    <td class="num">{matchpoints} / {most}</td>\n'
                f'    <td class="num">{matchpoints * 100 // most}</td>'  # 0, 50 or 100
            )
            assert row in page, row


def test_the_plan_is_the_same_on_the_page_and_in_the_api(client):
    """13 players by the API and 20 on the page: the same numbers as above."""
    for players, stanzas, expected in (
        (
            13,
            3,
            "Every board is played 3 times: each hand of a board is compared with 2 other hands.",
        ),
        (
            20,
            2,
            "Every board is played 2 times: each hand of a board is compared with 1 other hand.",
        ),
    ):
        tournament, chief = tournament_of(players)
        shape = {"size": 3, "boards_per_set": 1, "stanzas": stanzas}
        url = reverse("api-duplicate-preview", args=[tournament.slug])
        plan = client_for(chief).post(url, shape, format="json").json()
        assert (plan["plays"], plan["comparisons"]) == (stanzas, stanzas - 1)
        assert plan["sitouts"] == players % 3
        client.force_login(chief)
        page = client.post(
            reverse("duplicate-sessions", args=[tournament.slug]),
            {**shape, "method": "matchpoints", "preview": "1"},
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert expected in page.content.decode()
    russian = client.post(
        reverse("duplicate-sessions", args=[tournament.slug]),
        {**shape, "method": "matchpoints", "preview": "1"},
        HTTP_ACCEPT_LANGUAGE="ru",
    ).content.decode()
    assert "в каждом круге 2 игрока по очереди пропускают" in russian
    assert "каждая рука сдачи сравнивается с 1 другой рукой" in russian
    assert not Session.objects.exists()


def test_a_shorter_session_of_a_full_field_is_the_mitchell_movement_cut_short():
    # 12 players, 4 tables of 3: the Mitchell movement meets nobody twice (4 = 2², above 3);
    # its first 2 stanzas: each of the 4 sets (8 boards) at a table twice
    tournament, chief = tournament_of(12)
    from referee.duplicate import services

    session = services.create_session(tournament.pk, chief, boards_per_set=2, seed=3, stanzas=2)
    assert (session.stanzas, session.boards.count(), session.plan["sitouts"]) == (2, 8, [[], []])
    notes = {note["code"]: note["params"] for note in session.notes}
    assert notes["move_field"] == {
        "stanzas": 2,
        "sitouts": 0,
        "plays": 2,
        "comparisons": 1,
        "repeats": 0,
    }
    sets = Counter(t["set"] for stanza in session.plan["stanzas"] for t in stanza)
    assert sets == {1: 2, 2: 2, 3: 2, 4: 2}
