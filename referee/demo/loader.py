"""The demo tournament: 22 players, 4 rounds at tables of 4 and 3, FSPR rules (and a
second, finished one with a cup over both: ``season.py``; a duplicate one: ``duplicate.py``).

Every deal is a random legal deal recorded through the same services a referee uses,
so the demo exercises validation, versions, sign-off and the action log. Three rounds
are finished and locked; the fourth is in play, some tables signed off, some open.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from referee.core.permissions import ORGANISERS
from referee.demo.duplicate import load_duplicate_demo
from referee.demo.opening import CLUB, open_tournament, play_pulka
from referee.demo.season import load_season_demo
from referee.seating import services as seating
from referee.standings import services as standings
from referee.standings.services import table_stats
from referee.tables import services as tables
from referee.tables.dealdata import letters
from referee.tables.evidence import hand_of_seats
from referee.tables.models import Table
from referee.tables.results import compute_summary, summary
from referee.tables.sheet import build_sheet
from referee.tournaments.models import Player, Registration, Round, Tournament
from scoring.casefile import deal_to_json
from scoring.samples import random_pulka

SLUG = "demo"
LOGINS = (
    ("chief", "demo-chief", "chief referee"),
    ("referee", "demo-referee", "referee"),
    ("referee2", "demo-referee2", "referee"),
    ("organiser", "demo-organiser", "organiser: creates tournaments"),
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
#: The officials' full names, as every page, protocol and export shows them (their logins
#: appear only on the login form and the staff page).
FULL_NAMES = {
    "chief": ("Анна", "Белова"),
    "referee": ("Сергей", "Кузнецов"),
    "referee2": ("Ольга", "Миронова"),
    "organiser": ("Илья", "Гаврилов"),
}


def _user(username: str, password: str) -> Any:
    user, _ = get_user_model().objects.get_or_create(username=username)
    user.first_name, user.last_name = FULL_NAMES.get(username, ("", ""))
    user.set_password(password)
    user.save()
    return user


@transaction.atomic
def load_demo(seed: int = 2026) -> Tournament:
    """Create the demo tournament (slug ``demo``); the database must not already have it."""
    rng = random.Random(seed)
    if not get_user_model().objects.filter(username="admin").exists():
        get_user_model().objects.create_superuser("admin", password="demo-admin")
    chief, referee, second, organiser = (_user(name, password) for name, password, _ in LOGINS)
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(organiser)
    tournament = open_tournament(
        "Демо-турнир: Кубок ФСПР",
        SLUG,
        (datetime.date(2026, 11, 28), datetime.date(2026, 11, 29)),
        CLUB,
        chief,
        [referee, second],
        time_limit_minutes=150,
    )
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
            play_pulka(rng, rules, table, count, referee)
            if not in_play or table.number % 2:
                tables.submit_table(table.pk, referee)
        if not in_play:
            seating.finish_round(round_.pk, chief)
    _disputed_plan(tournament, referee, chief)
    # the public sees the three finished rounds; the round in play stays for the officials
    standings.update_settings(tournament, chief, {"published_through": 3})
    load_duplicate_demo(chief, referee)
    load_season_demo(tournament, chief, referee, organiser)
    return tournament


# The disputed deal's cards (scoring.board): the declarer, the first hand, holds all eight
# trumps and two small hearts, the talon two small diamonds; he takes 8 tricks against the
# best defence whatever he discards of the four small cards (the evidence's test works it out).
DISPUTED_HANDS = "1: ♠AKQJ10987 ♥87\n2: ♣AKQJ ♦AKQ ♥AKQ\n3: ♣10987 ♦J109 ♥J109\nT: ♦87"


def _disputed_plan(tournament: Tournament, referee: Any, chief: Any) -> None:
    """One more deal at the first open table of the round in play: 6♠ by the first hand, the
    second whists, the third passes and disputes the whister's plan (Kodeks 3.8.5.1,
    qualification: his alternative gives the declarer 6, the lot the actual play); the chief
    referee enters the hands, so its evidence page shows the double-dummy analysis."""
    table = (
        Table.objects.filter(round__tournament=tournament, status=Table.Status.OPEN)
        .order_by("round__number", "number")
        .first()
    )
    if table is None:
        return
    seats = letters(table.seats.count())
    dealer = build_sheet(table, "ru").next_dealer or seats[-1]
    hand = {number: letter for letter, number in hand_of_seats(dealer, list(seats)).items()}
    declarer, whister, passer = hand[1], hand[2], hand[3]
    data = {
        "dealer": dealer,
        "type": "game",
        "declarer": declarer,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": whister, "call": "whist", "order": 1},
            {"player": passer, "call": "pass", "order": 2},
        ],
        "play": "closed",
        "tricks": {declarer: 8, whister: 2, passer: 0},
        "ruling": {
            "rule": "kodex-3.8.5.1",
            "mode": "qualification",
            "dissenter": passer,
            "alternative": {declarer: 6, whister: 3, passer: 1},
            "lot": "actual",
        },
    }
    deal = tables.record_deal(table.pk, data, referee)
    tables.enter_hands(deal.pk, DISPUTED_HANDS, 1, "♦87", chief, "Спор о плане розыгрыша")


def demo_summary() -> str:
    lines = ["Demo logins (username / password):"]
    lines += [f"  {name} / {password}  ({what})" for name, password, what in LOGINS]
    lines.append("  admin / demo-admin  (Django admin, superuser)")
    return "\n".join(lines)


def table_count() -> int:
    return Table.objects.filter(round__tournament__slug=SLUG).count()


def generate_tournament(
    players: int, rounds: int, *, seed: int = 1, slug: str = "generated", deals_per_table: int = 20
) -> Tournament:
    """A large finished tournament written straight to the database (for benchmarks and
    size tests): random seating with history, random legal deals, every table locked."""
    from referee.seating.pure.algorithm import seat_round
    from referee.seating.pure.values import RoundSeating
    from referee.tables.models import Deal, DealVersion, Seat

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Generated {players}×{rounds}",
        slug=slug,
        starts_on=datetime.date(2026, 11, 1),
        ends_on=datetime.date(2026, 11, 3),
        convention="fspr",
        status=Tournament.Status.RUNNING,
        published=True,
    )
    people = Player.objects.bulk_create(
        Player(name=f"Игрок {i:03d}", city="Москва") for i in range(1, players + 1)
    )
    entries = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p) for p in people
    )
    ids = [e.pk for e in entries]
    rules = tournament.rules()
    past: list[RoundSeating[int]] = []
    for number in range(1, rounds + 1):
        seating = seat_round(ids, random.Random(seed + number), history=past)
        past.append(seating)
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.FINISHED, seed=seed + number
        )
        for seated in seating.tables:
            table = Table.objects.create(
                round=round_, number=seated.number, status="locked", result=summary(None, 0)
            )
            Seat.objects.bulk_create(
                # seat 1 deals first, as the generated deals do
                Seat(table=table, registration_id=r, position=i, first_dealer=i == 1)
                for i, r in enumerate(seated.seats, start=1)
            )
            size = len(seated.seats)
            dealt = random_pulka(rng, rules, letters(size), deals_per_table)
            deals = Deal.objects.bulk_create(
                Deal(table=table, number=i, data=deal_to_json(d)) for i, d in enumerate(dealt, 1)
            )
            DealVersion.objects.bulk_create(
                DealVersion(deal=d, version=1, data=d.data) for d in deals
            )
            table.result = compute_summary(table, [d.data for d in deals], size)
            table.save(update_fields=["result"])
    table_stats.keep_tournament(tournament.pk)  # what locking its tables keeps
    return tournament
