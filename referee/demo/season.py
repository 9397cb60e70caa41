"""The demo's second tournament and its cup: "Демо-турнир: Осенний кубок", 12 players (ten
of them the first demo's, so their registry pages have a history), two rounds at tables of
4, finished and published; and the series "Кубок сезона 2026" over the two demo tournaments
(the duplicate demo is not in it), each player's best result counting."""

from __future__ import annotations

import datetime
import random
from typing import Any

from referee.demo.opening import CLUB, open_tournament, play_pulka
from referee.seating import services as seating
from referee.series import services as series
from referee.series.models import Series
from referee.standings import services as standings
from referee.tables import services as tables
from referee.tournaments.models import Player, Registration, Round, Tournament
from referee.tournaments.services import finish_tournament

SLUG = "demo-autumn"
SERIES_SLUG = "season-2026"
NEWCOMERS = [("Арсений Белов", "Москва"), ("Зоя Круглова", "Тверь")]
REUSED = 10
DEALS = 12


def load_season_demo(first: Tournament, chief: Any, referee: Any, organiser: Any) -> Series:
    rng = random.Random(2025)
    tournament = open_tournament(
        "Демо-турнир: Осенний кубок",
        SLUG,
        (datetime.date(2026, 10, 17), datetime.date(2026, 10, 17)),
        CLUB,
        chief,
        [referee],
        time_limit_minutes=120,
    )
    referee = type(referee).objects.get(pk=referee.pk)  # its roles are kept on the object
    players = [e.player for e in first.entries.select_related("player").order_by("pk")[:REUSED]]
    players += [Player.objects.create(name=name, city=city) for name, city in NEWCOMERS]
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    rules = tournament.rules()
    for number in (1, 2):
        method = Round.Method.RANDOM if number == 1 else Round.Method.SWISS
        round_ = seating.seat_next_round(tournament.pk, chief, method, seed=2025 + number)
        seating.start_round(round_.pk, chief)
        for table in round_.tables.order_by("number"):
            play_pulka(rng, rules, table, DEALS, referee)
            tables.submit_table(table.pk, referee)
        seating.finish_round(round_.pk, chief)
    standings.update_settings(tournament, chief, {"published_through": 2})
    finish_tournament(tournament.pk, chief)
    cup = series.create_series(
        organiser,
        {"name": "Кубок сезона 2026", "slug": SERIES_SLUG, "season": "2026", "best": 1},
    )
    for counted in (tournament, first):
        series.add_tournament(cup.pk, counted.pk, organiser)
    return cup
