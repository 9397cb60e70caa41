"""The demo's duplicate tournament (slug ``demo-duplicate``): 12 players at 4 tables of 3,
8 boards in 4 sets dealt from a recorded seed, Rostov rules, every stanza played through the
referees' services and signed off, the boards published."""

from __future__ import annotations

import datetime
import random
from typing import Any

from referee.accounts.models import Role
from referee.duplicate import services as duplicate
from referee.seating import services as seating
from referee.tables import services as tables
from referee.tables.dealdata import LETTERS
from referee.tables.models import Table
from referee.tournaments.models import Player, Registration, Round, Tournament

SLUG = "demo-duplicate"
SEED = 20261203
PLAYERS = [
    ("Аркадий Белов", "Москва"),
    ("Валентина Громова", "Ростов-на-Дону"),
    ("Геннадий Давыдов", "Санкт-Петербург"),
    ("Елена Жарова", "Казань"),
    ("Захар Измайлов", "Москва"),
    ("Инна Козлова", "Сочи"),
    ("Константин Лавров", "Тула"),
    ("Людмила Мельникова", "Москва"),
    ("Никита Орлов", "Самара"),
    ("Полина Родионова", "Санкт-Петербург"),
    ("Руслан Сафонов", "Уфа"),
    ("Тамара Устинова", "Воронеж"),
]


def _game(rng: random.Random, hands: list[str]) -> dict[str, Any]:
    """A plausible play of a board by its first hand: 6 or 7 in a random strain, whisted by
    the second hand (closed, both defending) or passed out."""
    first, second, third = hands
    level = rng.choice((6, 6, 7))
    data: dict[str, Any] = {
        "type": "game",
        "declarer": first,
        "contract": {"level": level, "strain": rng.choice(("S", "C", "D", "H", "NT"))},
    }
    if rng.random() < 0.25:
        calls = [{"player": second, "call": "pass", "order": 1}]
        calls.append({"player": third, "call": "pass", "order": 2})
        return data | {"defence": calls, "play": "none"}
    calls = [{"player": second, "call": "whist", "order": 1}]
    calls.append({"player": third, "call": "whist", "order": 2})
    taken = rng.choice((level - 1, level, level, level + 1))
    defence = 10 - taken
    own = rng.randint(0, defence)
    tricks = {first: taken, second: own, third: defence - own}
    return data | {"defence": calls, "play": "closed", "tricks": tricks}


def load_duplicate_demo(chief: Any, referee: Any) -> Tournament:
    rng = random.Random(SEED)
    tournament = Tournament.objects.create(
        name="Демо-дубликат: Кубок «Одни карты»",
        slug=SLUG,
        starts_on=datetime.date(2026, 12, 3),
        ends_on=datetime.date(2026, 12, 3),
        venue="Ростов-на-Дону, клуб «Висты»",
        chief_referee=chief,
        convention="rostov",
        status=Tournament.Status.RUNNING,
        published=True,
    )
    Role.objects.create(tournament=tournament, user=referee, kind=Role.Kind.REFEREE)
    referee = type(referee).objects.get(pk=referee.pk)  # its roles are kept on the object
    for name, city in PLAYERS:
        Registration.objects.create(
            tournament=tournament, player=Player.objects.create(name=name, city=city)
        )
    session = duplicate.create_session(tournament.pk, chief, size=3, boards_per_set=2, seed=SEED)
    for k, stanza in enumerate(session.plan["stanzas"]):
        round_ = Round.objects.get(tournament=tournament, number=session.first_round + k)
        seating.start_round(round_.pk, chief)
        for planned in stanza:
            table = Table.objects.get(round=round_, number=planned["table"])
            for board, holders in planned["boards"]:
                hands = [LETTERS[planned["seats"].index(r)] for r in holders]
                duplicate.record_board(table.pk, board, _game(rng, hands), referee)
            tables.submit_table(table.pk, referee)
        seating.finish_round(round_.pk, chief)
        if k + 1 < session.stanzas:
            duplicate.seat_stanza(session.pk, chief)
    duplicate.publish_boards(session.pk, chief)
    return tournament
