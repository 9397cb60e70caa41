"""A Swiss round takes its order from the standings, not from raw whists (TOURNAMENTS §6.3).

Nine players at three tables of 3 (one deal each, A 6♠ whisted by B and C, closed):

* table 1: Абрамов A, Белов B, Волков C; A takes 5 (set): **−164/3, +88/3, +76/3**;
* table 2: Громов A, Дёмин B, Егоров C; A 6, B 3, C 1: **+32/3, −4/3, −28/3**;
* table 3: Жуков A, Зайцев B, Ильин C; A 6, B 2, C 2: **+32/3, −16/3, −16/3**.

By raw whists Белов and Волков lead (and met at table 1). By placement points (TOURNAMENTS
§3.2) the table winners lead: Жуков and Громов 4 (a sole positive result, 3 + 1; equal
whists, Жуков's opponents have more points), Белов 3, Волков 2, then Дёмин, Зайцев and Ильин 1
(whists, then a tie listed by name), Егоров and Абрамов 0. The Swiss blocks 1-2-3, 4-5-6,
7-8-9 of that order hold no pair that met, so the draw keeps them exactly.
"""

import pytest

from referee.accounts.models import Role
from referee.seating import services
from referee.standings import services as standings
from referee.standings.models import StandingsSettings
from referee.tournaments.models import Round

from ..factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    referee_of,
    table_of,
)

pytestmark = pytest.mark.django_db

NAMES = ["Абрамов", "Белов", "Волков", "Громов", "Дёмин", "Егоров", "Жуков", "Зайцев", "Ильин"]


def game(tricks):
    return {
        "dealer": "C",
        "type": "game",
        "declarer": "A",
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": "B", "call": "whist", "order": 1},
            {"player": "C", "call": "whist", "order": 2},
        ],
        "play": "closed",
        "tricks": tricks,
    }


def after_round_one(method):
    cup = TournamentFactory(table_size=3)
    entries = [
        RegistrationFactory(tournament=cup, player=PlayerFactory(name=name)) for name in NAMES
    ]
    first = RoundFactory(tournament=cup, number=1, status=Round.Status.FINISHED)
    table_of(first, 1, entries[0:3], [game({"A": 5, "B": 3, "C": 2})])
    table_of(first, 2, entries[3:6], [game({"A": 6, "B": 3, "C": 1})])
    table_of(first, 3, entries[6:9], [game({"A": 6, "B": 2, "C": 2})])
    StandingsSettings.objects.create(tournament=cup, method=method)
    return cup, referee_of(cup, Role.Kind.CHIEF), {e.pk: e.player.name for e in entries}


def tables_of(round_, names):
    return [
        {names[r] for r in table.seats.values_list("registration_id", flat=True)}
        for table in round_.tables.order_by("number")
    ]


def test_the_swiss_draw_follows_placement_points_not_raw_whists():
    cup, chief, names = after_round_one("placement_points")
    order = [names[r] for r in services.standings_order(cup, chief)]
    assert order == [
        "Жуков",  # 4 points, 32/3 whists each: Жуков's opponents have 2 points, Громов's 1
        "Громов",
        "Белов",
        "Волков",
        "Дёмин",
        "Зайцев",
        "Ильин",
        "Егоров",
        "Абрамов",
    ]
    shown = standings.standings_after(cup, viewer=chief)
    assert order == [row.player for row in shown.rows]  # the standings page's order

    second = services.seat_next_round(cup.pk, chief, Round.Method.SWISS, seed=1)
    assert tables_of(second, names) == [
        {"Жуков", "Громов", "Белов"},
        {"Волков", "Дёмин", "Зайцев"},
        {"Ильин", "Егоров", "Абрамов"},
    ]
    # nobody had to leave his block: no pair in the blocks had met
    codes = [note["code"] for t in second.tables.all() for note in t.notes]
    assert "pulled_up" not in codes and "moved_down" not in codes


def test_with_raw_whists_the_same_results_give_another_order():
    cup, chief, names = after_round_one("raw_whists")
    order = [names[r] for r in services.standings_order(cup, chief)]
    assert order[:2] == ["Белов", "Волков"]
    second = services.seat_next_round(cup.pk, chief, Round.Method.SWISS, seed=1)
    assert {"Белов", "Волков"} not in [t & {"Белов", "Волков"} for t in tables_of(second, names)]


def test_a_late_substitute_not_yet_in_the_standings_comes_last():
    cup, chief, _names = after_round_one("placement_points")
    late = RegistrationFactory(tournament=cup, player=PlayerFactory(name="Яковлев"))
    assert services.standings_order(cup, chief)[-1] == late.pk
