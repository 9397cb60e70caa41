"""A registry player's profile (``ratings.services.profile``): his tournaments, the statistics
of his deals, head to head, the charts and the API, on a small tournament worked by hand.

The tournament plays the Sochi preset (contract C = 2, 4, 6, 8, 10 for 6..10; whist W, set R
and consolation K equal to C; misère 10; raspasy 1 a trick, no tricks = 1 into the pool;
k = 1). Players: Ivan, Petr, Sidor, at one table in each of three rounds; the public sees
rounds 1 and 2 only (``published_through`` 2).

Round 1, table 1, A = Ivan, B = Petr, C = Sidor:
  1. A 7♥, B whist, C pass, open; A 7, B 2, C 1: made. A pool 4; B writes 4 × 3 = 12 on A.
  2. raspasy: A 4, B 0, C 6: mountains A 4, C 6; B pool 1 (no tricks).
  Totals: pool A 4, B 1; mountain A 4, C 6; whists B→A 12. m = mountain − pool: A 0, B −1,
  C 6, sum 5: 10·(5/3 − m): A 50/3, B 80/3, C −130/3; whists A −12, B +12; results
  A 14/3, B 116/3, C −130/3 (sum 0). Petr first.
Round 2, table 1, A = Sidor, B = Ivan, C = Petr:
  1. B misère, made (no trick): B pool 10.
  2. A 6♠, B whist, C whist, closed; A 5, B 3, C 2: set by one. A mountain 2 (R 2 × 1);
     B writes 2 × 3 + K 2 = 8 on A, C writes 2 × 2 + 2 = 6 on A.
  Totals: pool B 10; mountain A 2; whists B→A 8, C→A 6. m: A 2, B −10, C 0, sum −8:
  10·(−8/3 − m): A −140/3, B 220/3, C −80/3; whists A −14, B +8, C +6; results A −182/3,
  B 244/3, C −62/3 (sum 0). Ivan first.
Round 3 (not published): Ivan declares and makes 10♥ — none of it may show.

Ivan over the two public rounds: 2 tables, result 14/3 + 244/3 = 86, one first place; 4
deals; games declared 1 (7♥), made 1 (100 %); misères 1 made 1; whists 1 (round 2 deal 2),
the game set, 8 written; raspasy 1, alone: m A 4, B −1, C 6, sum 9: A 10·(3 − 4) = −10;
pool 4 + 10 = 14, mountain 4; whists by him 8, on him 12; remizes 0. Standings (raw whists):
Ivan 86, Petr 116/3 − 62/3 = 18, Sidor −130/3 − 182/3 = −104: Ivan first with 86.
Head to head Ivan against Petr: pair(i, j) = 10·(m_j − m_i)/3 + w[i][j] − w[j][i]; round 1:
10·(−1 − 0)/3 − 12 = −46/3; round 2: 10·(0 + 10)/3 + 0 = 100/3; between 54/3 = 18; Ivan
behind in round 1, ahead in round 2.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.ratings.pure.bars import bar_chart
from referee.ratings.services import profile
from referee.standings.models import StandingsSettings
from referee.standings.pure.player_stats import Record
from referee.tables.models import Deal, Seat, Table
from referee.tables.results import refresh
from referee.tournaments.models import Registration, Round, Tournament

from ..factories import PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def game(declarer: str, level: int, strain: str, calls: str, play: str, tricks: str) -> Any:
    return {
        "type": "game",
        "declarer": declarer,
        "contract": {"level": level, "strain": strain},
        "defence": [
            dict(zip(("player", "call"), c.split(), strict=True)) for c in calls.split(", ")
        ],
        "play": play,
        "tricks": _tricks(tricks),
    }


def misere(declarer: str, tricks: str) -> Any:
    return {
        "type": "misere",
        "declarer": declarer,
        "contract": {"level": "misere"},
        "play": "closed",
        "tricks": _tricks(tricks),
    }


def raspasy(tricks: str) -> Any:
    return {"type": "raspasy", "play": "closed", "tricks": _tricks(tricks)}


def _tricks(text: str) -> dict[str, int]:
    return {p: int(n) for p, n in (item.split() for item in text.split(", "))}


def tournament_of(people, rounds, *, published=True, through=None, **fields) -> Tournament:
    """``rounds``: each a list of (seat indexes into ``people``, deals) tables."""
    tournament = TournamentFactory(published=published, convention="sochi", **fields)
    entries = [Registration.objects.create(tournament=tournament, player=p) for p in people]
    for number, tables in enumerate(rounds, start=1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.FINISHED
        )
        for table_number, (seats, deals) in enumerate(tables, start=1):
            table = Table.objects.create(
                round=round_, number=table_number, status=Table.Status.LOCKED
            )
            for position, index in enumerate(seats, start=1):
                Seat.objects.create(table=table, registration=entries[index], position=position)
            for n, data in enumerate(deals, start=1):
                Deal.objects.create(table=table, number=n, data=data)
            refresh(table)
    StandingsSettings.objects.create(
        tournament=tournament, published_through=len(rounds) if through is None else through
    )
    return tournament


ROUND_1 = [game("A", 7, "H", "B whist, C pass", "open", "A 7, B 2, C 1"), raspasy("A 4, B 0, C 6")]
ROUND_2 = [
    misere("B", "B 0, A 5, C 5"),
    game("A", 6, "S", "B whist, C whist", "closed", "A 5, B 3, C 2"),
]
ROUND_3 = [game("A", 10, "H", "B pass, C pass", "closed", "A 10, B 0, C 0")]


@pytest.fixture
def cup():
    cache.clear()
    ivan, petr, sidor = (PlayerFactory(name=n) for n in ("Иван", "Пётр", "Сидор"))
    cup = tournament_of(
        [ivan, petr, sidor],
        [[((0, 1, 2), ROUND_1)], [((2, 0, 1), ROUND_2)], [((0, 1, 2), ROUND_3)]],
        through=2,
        name="Кубок Сочи",
    )
    return cup, ivan, petr, sidor


def test_the_statistics_of_the_public_rounds_worked_by_hand(cup):
    tournament, ivan, _petr, _sidor = cup
    found = profile.profile(ivan.pk)
    s = found.overall
    assert (s.tables, s.result, s.first_places, s.deals) == (2, 86, 1, 4)
    assert s.contracts == {(7, "H"): 1}  # round 3's 10♥ is not public
    assert (s.declared, s.made, s.set, s.made_share) == (1, 1, 0, 1)
    assert (s.misere_tried, s.misere_made) == (1, 1)
    assert (s.whists, s.whist_sets, s.whists_written, s.shortfalls) == (1, 1, 8, 0)
    assert (s.raspasy, s.raspasy_result, s.raspasy_average) == (1, -10, -10)
    assert (s.pool, s.mountain, s.whists_by, s.whists_on) == (14, 4, 8, 12)
    assert (s.remizes, s.remiz_mountain) == (0, 0)
    assert s.best_result == Record(F(244, 3), tournament.pk, 2, 1)
    assert s.longest_raspasy == Record(1, tournament.pk, 1, 1)
    assert s.worst_misere == Record(0, tournament.pk, 2, 1)
    [line] = found.tournaments
    assert line.stats.tables == 2 and line.through == 2
    assert (line.standing.place, line.standing.points, line.standing.whists) == ("1", 86, 86)
    assert line.standing.round_points == (F(14, 3), F(244, 3))
    assert found.round_points == [("Кубок Сочи, 1", F(14, 3)), ("Кубок Сочи, 2", F(244, 3))]
    assert [(name, n) for _pk, name, n in found.opponents] == [("Пётр", 2), ("Сидор", 2)]


def test_an_unpublished_tournament_does_not_show(cup, client):
    _tournament, ivan, petr, sidor = cup
    hidden = tournament_of(
        [ivan, petr, sidor], [[((0, 1, 2), ROUND_3)]], published=False, name="Тайный турнир"
    )
    found = profile.profile(ivan.pk)
    assert [line.tournament.pk for line in found.tournaments] != [hidden.pk]
    assert found.overall.tables == 2
    text = client.get(reverse("registry-player", args=[ivan.pk])).content.decode()
    assert "Кубок Сочи" in text and "Тайный турнир" not in text
    # nothing of round 3 leaks: his tables 2, no game of 10
    versus = client.get(reverse("registry-versus", args=[ivan.pk, petr.pk])).content.decode()
    assert "Тайный турнир" not in versus
    api = client.get(reverse("api-registry-player", args=[ivan.pk])).json()
    assert [t["name"] for t in api["tournaments"]] == ["Кубок Сочи"]
    assert api["overall"]["tables"] == 2


def test_nothing_shows_before_a_round_is_published(cup, client):
    tournament, ivan, petr, _sidor = cup
    StandingsSettings.objects.filter(tournament=tournament).update(published_through=None)
    found = profile.profile(ivan.pk)
    assert found.tournaments == [] and found.overall.tables == 0 and found.opponents == []
    page = profile.versus(ivan, petr.pk)
    assert page.result.tables == 0 and page.tables == []
    assert client.get(reverse("registry-versus", args=[ivan.pk, petr.pk])).status_code == 200


def test_head_to_head_worked_by_hand(cup, client):
    _tournament, ivan, petr, _sidor = cup
    page = profile.versus(ivan, petr.pk)
    h = page.result
    assert (h.tables, h.between, h.ahead, h.behind, h.level) == (2, 18, 1, 1, 0)
    assert [(t.round, t.mine, t.theirs, t.between) for t in page.tables] == [
        (1, F(14, 3), F(116, 3), F(-46, 3)),
        (2, F(244, 3), F(-62, 3), F(100, 3)),
    ]
    response = client.get(reverse("registry-versus", args=[ivan.pk, petr.pk]))
    assert response.status_code == 200
    assert "Кубок Сочи" in response.content.decode()
    for missing in ((ivan.pk, 10**6), (10**6, ivan.pk), (ivan.pk, ivan.pk)):
        assert client.get(reverse("registry-versus", args=missing)).status_code == 404


def test_the_page_draws_its_charts_and_links_the_opponents(cup, client):
    _tournament, ivan, petr, _sidor = cup
    response = client.get(reverse("registry-player", args=[ivan.pk]), HTTP_ACCEPT_LANGUAGE="ru")
    text = response.content.decode()
    assert text.count('class="profile-chart"') == 2  # points per round, games by level
    assert reverse("registry-versus", args=[ivan.pk, petr.pk]) in text
    assert "Сыграно раздач" in text and "Ремизы" in text


def test_bar_chart_geometry():
    # values 4 and −2 in a box of 100 × 60: plot height 60 − 6 − 16 = 38, span 6;
    # zero at 6 + 38 · 4/6 = 31.3; bars 25.3 up and 12.7 down
    chart = bar_chart([("a", 4), ("b", -2)], [1, 0], width=100, height=60)
    assert chart.zero == 31.3
    up, down = chart.bars
    assert (up.height, up.y, up.negative, up.inner) == (25.3, 6.0, False, 6.3)
    assert (down.height, down.y, down.negative) == (12.7, 31.3, True)
    assert (chart.top, chart.bottom) == ("4", "-2")


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def _tournaments(ivan, rivals, n):
    for i in range(n):
        a, b = rivals[i % 2], rivals[(i + 1) % 2 + 2]
        tournament_of([ivan, a, b], [[((0, 1, 2), ROUND_1)], [((2, 0, 1), ROUND_2)]])


def test_the_page_reads_as_many_queries_for_2_as_for_10_tournaments(client):
    ivan = PlayerFactory(name="Иван")
    rivals = [PlayerFactory() for _ in range(4)]
    _tournaments(ivan, rivals, 2)
    url = reverse("registry-player", args=[ivan.pk])
    cache.clear()
    short_cold = _queries(client, url)  # the places from every tournament's standings
    short = _queries(client, url)  # then from the cache
    _tournaments(ivan, rivals, 8)
    cache.clear()
    long_cold = _queries(client, url)
    long = _queries(client, url)
    assert short == long
    assert short_cold == long_cold
    # his tables (his seats, then the tables: a warm read takes them from the cache), the
    # kept standings (none: these tournaments are running), the batch of standings
    # (standings.services.batch) and the sums of his tables: their kept rows, and (these
    # tables made outside the services are not kept) their seats and deals, scored live
    assert long_cold - long <= 2 + 1 + 9 + 3
    found = profile.profile(ivan.pk)
    assert len(found.tournaments) == 10 and found.overall.tables == 20
    assert found.overall.result == 10 * 86


def test_the_head_to_head_reads_as_many_queries_for_2_as_for_10_tournaments(client):
    ivan = PlayerFactory(name="Иван")
    rivals = [PlayerFactory() for _ in range(4)]
    _tournaments(ivan, rivals, 2)
    url = reverse("registry-versus", args=[ivan.pk, rivals[0].pk])
    cache.clear()
    short_cold = _queries(client, url)
    short = _queries(client, url)
    _tournaments(ivan, rivals, 8)
    cache.clear()
    long_cold = _queries(client, url)
    long = _queries(client, url)
    # warm: the two players, his registrations, their tournaments' latest logged changes
    # (the key of the cached shared tables); cold: his seats, his tables, the other's
    # seats among them, their kept rows and (not kept here) their seats and deals
    assert short == long == 4
    assert short_cold == long_cold == 4 + 6
    # rivals[0] sat with him in the tournaments 0, 2, 4, 6 and 8, at both rounds' tables
    assert profile.versus(ivan, rivals[0].pk).result.tables == 10


def test_the_api_answers_the_profile(cup, client):
    _tournament, ivan, _petr, _sidor = cup
    body = client.get(reverse("api-registry-player", args=[ivan.pk])).json()
    assert body["player"] == {"id": ivan.pk, "name": "Иван", "city": "Москва"}
    assert body["overall"]["deals"] == 4 and body["overall"]["result"] == 86
    assert body["overall"]["made_share"] == 1.0
    assert body["overall"]["contracts"] == [{"level": 7, "strain": "H", "declared": 1, "made": 1}]
    [line] = body["tournaments"]
    assert (line["place"], line["points"], line["tables"]) == ("1", 86.0, 2)
    assert client.get(reverse("api-registry-player", args=[10**6])).status_code == 404


def test_the_api_gives_the_pages_figures_not_a_floats_digits(cup, client):
    # Issue 30.12: thirds came out as -131.33333333333334; the page shows two decimals
    # (core.figures: hundredths, half away from zero) and so must the API.
    _tournament, ivan, _petr, sidor = cup
    body = client.get(reverse("api-registry-player", args=[ivan.pk])).json()
    [line] = body["tournaments"]
    # Ivan's round results (module docstring): 14/3 = 4.666… → 4.67; 244/3 = 81.333… → 81.33
    assert line["round_points"] == [4.67, 81.33]
    assert body["overall"]["best_result"]["value"] == 81.33
    assert body["overall"]["result"] == 86 and isinstance(body["overall"]["result"], int)
    body = client.get(reverse("api-registry-player", args=[sidor.pk])).json()
    [line] = body["tournaments"]
    # Sidor: round 1 −130/3 = −43.333… → −43.33; round 2 −182/3 = −60.666… → −60.67;
    # his standing −312/3 = −104 exactly, his best table −43.33
    assert line["round_points"] == [-43.33, -60.67]
    assert (line["points"], line["whists"]) == (-104, -104)
    assert body["overall"]["best_result"]["value"] == -43.33
    page = client.get(reverse("registry-player", args=[sidor.pk])).content.decode()
    assert "-43,33" in page or "-43.33" in page  # the page's own figure
