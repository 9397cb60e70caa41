"""What ``federation_build`` and ``federation_stages`` both plan with: the generator's state,
a table to write (``Planned``), and an ordinary round seated at random at tables of 3 and 4
with sheets drawn from the pool (``seat_round``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

PER_SEASON = 50
TEMPLATES = 40  # scored sheets per (convention, table size)


@dataclass
class State:
    rng: random.Random
    deals: tuple[int, int] = (16, 28)
    players: tuple[int, int] = (30, 72)
    rounds: tuple[int, int] = (5, 8)
    made: int = 0
    registry: list[int] = field(default_factory=list)
    veterans: list[int] = field(default_factory=list)
    hero: int = 0
    career: int = 20  # the hero's tournaments: the first ``career``
    season: int = PER_SEASON  # tournaments a season (a cup each)
    rival: int = 0
    pool: int = TEMPLATES  # scored sheets per (convention, table size)
    templates: dict[tuple[str, int], list[Any]] = field(default_factory=dict)
    boards: dict[tuple[Any, ...], list[Any]] = field(default_factory=dict)  # duplicate sheets
    movements: dict[tuple[int, ...], Any] = field(default_factory=dict)  # duplicate plans
    deal_count: int = 0
    table_count: int = 0
    timings: dict[str, float] = field(default_factory=dict)  # seconds by part
    writer: Any = None  # federation_write.Writer, one a grow


@dataclass
class Planned:
    """One table to write: its round, number, players (registry ids) and registrations in
    seat order, the seat that deals first, and its sheet (deals' JSON, result's JSON, the
    seats' kept statistics on placeholders, see ``federation_pool``)."""

    tournament: int
    round: int  # the round's id
    round_number: int
    number: int
    people: list[int]
    entries: list[int]
    first_dealer: int
    deals: tuple[str, ...] | list[str]
    result: str
    seats: tuple[Any, ...]


def tables_for(n: int, rng: random.Random) -> list[int]:
    """Table sizes for ``n`` players (n ≥ 6): tables of 4 as needed, or three more, the rest
    of 3, so that a round mixes tables of 3 and 4."""
    fours = n % 3 + 3 * rng.randint(0, 1)
    if 4 * fours > n:
        fours = n % 3
    return [4] * fours + [3] * ((n - 4 * fours) // 3)


def seat_round(
    state: State,
    tournament: Any,
    round_: Any,
    entries: list[int],
    player_of: dict[int, int],
) -> list[Planned]:
    """An ordinary round of ``entries`` (registration ids) at tables of 3 and 4 drawn at
    random, each with a sheet drawn from the pool."""
    rng = state.rng
    people = list(entries)
    rng.shuffle(people)
    out, at = [], 0
    for number, size in enumerate(tables_for(len(people), rng), start=1):
        template = rng.choice(state.templates[(tournament.convention, size)])
        seated = people[at : at + size]
        at += size
        out.append(
            Planned(
                tournament.pk,
                round_.pk,
                round_.number,
                number,
                [player_of[e] for e in seated],
                seated,
                1,
                template.deals,
                template.result,
                template.seats,
            )
        )
    return out
