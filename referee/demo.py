"""The demo tournament: 22 players, 4 rounds at tables of 4 and 3, FSPR rules.

Every deal is a random legal deal recorded through the same services a referee uses,
so the demo exercises validation, versions, sign-off and the action log. Three rounds
are finished and locked; the fourth is in play, some tables signed off, some open.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from referee.accounts.models import Role
from referee.seating import services as seating
from referee.tables import services as tables
from referee.tables.dealdata import letters
from referee.tables.models import Table
from referee.tournaments.models import Player, Registration, Round, Tournament
from scoring.casefile import deal_to_json
from scoring.samples import random_pulka

SLUG = "demo"
LOGINS = (
    ("chief", "demo-chief", "chief referee"),
    ("referee", "demo-referee", "referee"),
    ("referee2", "demo-referee2", "referee"),
)
PLAYERS = [
    ("Алексей Воронцов", "Москва"),
    ("Борис Гладков", "Санкт-Петербург"),
    ("Вера Дроздова", "Казань"),
    ("Григорий Ершов", "Москва"),
    ("Дарья Жукова", "Сочи"),
    ("Евгений Зайцев", "Ростов-на-Дону"),
    ("Жанна Ильина", "Москва"),
    ("Игорь Калинин", "Санкт-Петербург"),
    ("Кирилл Лебедев", "Новосибирск"),
    ("Лариса Морозова", "Екатеринбург"),
    ("Михаил Назаров", "Москва"),
    ("Нина Осипова", "Тула"),
    ("Олег Панов", "Санкт-Петербург"),
    ("Павел Рябов", "Самара"),
    ("Роман Соколов", "Москва"),
    ("Светлана Титова", "Казань"),
    ("Тимур Усманов", "Уфа"),
    ("Ульяна Фомина", "Москва"),
    ("Фёдор Харитонов", "Воронеж"),
    ("Юлия Цветкова", "Сочи"),
    ("Яков Чернов", "Пермь"),
    ("Эдуард Шилов", "Ростов-на-Дону"),
]
DEALS_PER_TABLE = {3: 18, 4: 20}


def _user(username: str, password: str) -> Any:
    user, _ = get_user_model().objects.get_or_create(username=username)
    user.set_password(password)
    user.save()
    return user


@transaction.atomic
def load_demo(seed: int = 2026) -> Tournament:
    """Create the demo tournament (slug ``demo``); the database must not already have it."""
    rng = random.Random(seed)
    if not get_user_model().objects.filter(username="admin").exists():
        get_user_model().objects.create_superuser("admin", password="demo-admin")
    chief, referee, second = (_user(name, password) for name, password, _ in LOGINS)
    tournament = Tournament.objects.create(
        name="Демо-турнир: Кубок ФСПР",
        slug=SLUG,
        starts_on=datetime.date(2026, 11, 28),
        ends_on=datetime.date(2026, 11, 29),
        venue="Москва, клуб «Пуля»",
        chief_referee=chief,
        convention="fspr",
        time_limit_minutes=150,
        status=Tournament.Status.RUNNING,
        published=True,
    )
    Role.objects.create(tournament=tournament, user=referee, kind=Role.Kind.REFEREE)
    Role.objects.create(tournament=tournament, user=second, kind=Role.Kind.REFEREE)
    for name, city in PLAYERS:
        player = Player.objects.create(name=name, city=city)
        Registration.objects.create(tournament=tournament, player=player)
    rules = tournament.rules()
    for number in range(1, 5):
        method = Round.Method.RANDOM if number == 1 else Round.Method.SWISS
        round_ = seating.seat_next_round(tournament.pk, chief, method, seed=seed + number)
        seating.start_round(round_.pk, chief)
        in_play = number == 4
        for table in round_.tables.order_by("number"):
            size = table.seats.count()
            count = DEALS_PER_TABLE[size] - (rng.randrange(4, 12) if in_play else 0)
            first = table.seats.get(first_dealer=True).position
            seats = letters(size)
            order = seats[first - 1 :] + seats[: first - 1]
            for deal in random_pulka(rng, rules, order, count):
                # random_pulka deals first from the first seat it is given; a rotation of
                # the seat letters keeps their clockwise order
                tables.record_deal(table.pk, deal_to_json(deal), referee)
            if not in_play or table.number % 2:
                tables.submit_table(table.pk, referee)
        if not in_play:
            seating.finish_round(round_.pk, chief)
    return tournament


def demo_summary() -> str:
    lines = ["Demo logins (username / password):"]
    lines += [f"  {name} / {password}  ({what})" for name, password, what in LOGINS]
    lines.append("  admin / demo-admin  (Django admin, superuser)")
    return "\n".join(lines)


def table_count() -> int:
    return Table.objects.filter(round__tournament__slug=SLUG).count()
