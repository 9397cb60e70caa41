"""The demo's duplicate tournament (slug ``demo-duplicate``): 12 players at 4 tables of 3,
8 boards in 4 sets dealt from a recorded seed, Rostov rules, every stanza played through the
referees' services and signed off, the boards published."""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.test.utils import override_settings

from referee.demo.opening import open_tournament
from referee.duplicate import services as duplicate
from referee.duplicate.analysis import analyse_boards
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


def _contract(analysis: dict[str, Any] | None) -> tuple[int, str, int]:
    """The board's likely contract: the hand and strain with the most double-dummy tricks
    (its analysis, ``duplicate.analysis``; a suit before no trump), and those tricks; so
    every table plays about the same game, as in a real duplicate."""
    assert analysis is not None  # analysed just before
    best = max(
        (
            (int(hand), strain, tricks)
            for hand, row in analysis["tricks"].items()
            for strain, tricks in row.items()
        ),
        key=lambda c: (c[2], c[1] != "NT", -c[0]),
    )
    return best


def _game(rng: random.Random, hands: list[str], contract: tuple[int, str, int]) -> dict[str, Any]:
    """One table's play of the board: the likely contract (at least 6, at most 8 bid), both
    defenders whisting closed, the declarer one trick off the double-dummy count now and
    then, as players err."""
    declarer, strain, best = contract
    who = hands[declarer - 1]
    defenders = [h for h in hands if h != who]
    level = min(max(best, 6), 8)
    taken = min(max(best + rng.choice((-1, 0, 0, 0, 1)), 0), 10)
    own = rng.randint(0, 10 - taken)
    calls = [{"player": d, "call": "whist", "order": i} for i, d in enumerate(defenders, start=1)]
    return {
        "type": "game",
        "declarer": who,
        "contract": {"level": level, "strain": strain},
        "defence": calls,
        "play": "closed",
        "tricks": {who: taken, defenders[0]: own, defenders[1]: 10 - taken - own},
    }


def load_duplicate_demo(chief: Any, referee: Any) -> Tournament:
    rng = random.Random(SEED)
    tournament = open_tournament(
        "Демо-дубликат: Кубок «Одни карты»",
        SLUG,
        (datetime.date(2026, 12, 3), datetime.date(2026, 12, 3)),
        "Ростов-на-Дону, клуб «Висты»",
        chief,
        [referee],
        convention="rostov",
    )
    referee = type(referee).objects.get(pk=referee.pk)  # its roles are kept on the object
    for name, city in PLAYERS:
        Registration.objects.create(
            tournament=tournament, player=Player.objects.create(name=name, city=city)
        )
    with override_settings(DUPLICATE_ANALYSIS="off"):  # analysed here, not in a thread
        session = duplicate.create_session(
            tournament.pk, chief, size=3, boards_per_set=2, seed=SEED
        )
    analyse_boards(session.pk)
    contracts = {b.number: _contract(b.analysis or {}) for b in session.boards.all()}
    for k, stanza in enumerate(session.plan["stanzas"]):
        round_ = Round.objects.get(tournament=tournament, number=session.first_round + k)
        seating.start_round(round_.pk, chief)
        for planned in stanza:
            table = Table.objects.get(round=round_, number=planned["table"])
            for board, holders in planned["boards"]:
                hands = [LETTERS[planned["seats"].index(r)] for r in holders]
                duplicate.record_board(
                    table.pk, board, _game(rng, hands, contracts[board]), referee
                )
            tables.submit_table(table.pk, referee)
        seating.finish_round(round_.pk, chief)
        if k + 1 < session.stanzas:
            duplicate.seat_stanza(session.pk, chief)
    duplicate.publish_boards(session.pk, chief)
    return tournament
