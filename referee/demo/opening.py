"""What the demo tournaments share: each opens running and published, with its chief
referee and referees in place, and plays its tables' pulkas as random legal deals recorded
through the referees' own service."""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from referee.accounts.models import Role
from referee.tables import services as tables
from referee.tables.dealdata import letters
from referee.tables.models import Table
from referee.tournaments.models import Tournament
from scoring import Convention
from scoring.casefile import deal_to_json
from scoring.samples import random_pulka

#: where the demo's FSPR tournaments are played
CLUB = "Москва, клуб «Пуля»"


def open_tournament(
    name: str,
    slug: str,
    days: tuple[datetime.date, datetime.date],
    venue: str,
    chief: Any,
    referees: Sequence[Any],
    **settings: Any,
) -> Tournament:
    """A demo tournament from ``days[0]`` to ``days[1]``, running and published (``settings``:
    its other fields, the convention fspr unless named)."""
    tournament = Tournament.objects.create(
        name=name,
        slug=slug,
        starts_on=days[0],
        ends_on=days[1],
        venue=venue,
        chief_referee=chief,
        status=Tournament.Status.RUNNING,
        published=True,
        **{"convention": "fspr", **settings},
    )
    for referee in referees:
        Role.objects.create(tournament=tournament, user=referee, kind=Role.Kind.REFEREE)
    return tournament


def play_pulka(
    rng: random.Random, rules: Convention, table: Table, count: int, referee: Any
) -> None:
    """``count`` random legal deals at ``table``, recorded by ``referee``, the first dealt by
    the table's first dealer."""
    first = table.seats.get(first_dealer=True).position
    seats = letters(table.seats.count())
    # random_pulka deals first from the first seat it is given; a rotation of the seat
    # letters keeps their clockwise order
    order = seats[first - 1 :] + seats[: first - 1]
    for deal in random_pulka(rng, rules, order, count):
        tables.record_deal(table.pk, deal_to_json(deal), referee)
