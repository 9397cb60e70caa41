"""Invariants of seat_round over random fields, histories and forbidden pairs (hypothesis)."""

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.seating.pure.algorithm import seat_round
from referee.seating.pure.history import tally
from referee.seating.pure.plan import Prefer, table_plan
from referee.seating.pure.quality import check_seating
from referee.seating.pure.values import RoundSeating, SeatedTable


def random_round(players: list[int], prefer: Prefer, rng: random.Random) -> RoundSeating[int]:
    """Any valid seating of ``players``: shuffled into the plan, first dealer by lot."""
    plan = table_plan(len(players), prefer)
    order = rng.sample(players, len(players))
    tables, start = [], plan.byes
    for number, size in enumerate(plan.sizes, 1):
        seats = tuple(order[start : start + size])
        tables.append(SeatedTable(number, seats, rng.choice(seats)))
        start += size
    return RoundSeating(tuple(tables), byes=tuple(order[: plan.byes]))


@dataclass
class Case:
    players: list[int]
    history: list[RoundSeating[int]]
    standings: list[int] | None
    forbidden: set[frozenset[int]]
    prefer: Prefer
    seed: int


@st.composite
def cases(draw: st.DrawFn, max_n: int = 60, swiss: bool | None = None, forbid: bool = True) -> Case:
    n = draw(st.integers(3, max_n))
    seed = draw(st.integers(0, 2**32 - 1))
    prefer: Prefer = draw(st.sampled_from([3, 4]))
    rounds = draw(st.integers(0, 4))
    use_standings = draw(st.booleans()) if swiss is None else swiss
    rng = random.Random(seed)
    pool = list(range(1, n + 6))  # some past players have left, some are new
    players = rng.sample(pool, n)
    history = [
        random_round(rng.sample(pool, rng.randint(3, len(pool))), prefer, rng)
        for _ in range(rounds)
    ]
    # Forbidden pairs are drawn across the tables of a hidden seating, so one seating exists.
    hidden = random_round(players, prefer, rng)
    parts = [set(table.seats) for table in hidden.tables] + [{p} for p in hidden.byes]
    forbidden: set[frozenset[int]] = set()
    for _ in range(draw(st.integers(0, n // 2)) if forbid else 0):
        first, second = rng.sample(parts, 2) if len(parts) > 1 else (parts[0], parts[0])
        if first is not second:
            forbidden.add(frozenset((rng.choice(sorted(first)), rng.choice(sorted(second)))))
    standings = rng.sample(pool, len(pool)) if use_standings else None
    return Case(players, history, standings, forbidden, prefer, seed)


def seat(case: Case) -> RoundSeating[int]:
    return seat_round(
        case.players,
        random.Random(case.seed),
        history=case.history,
        standings=case.standings,
        forbidden=case.forbidden,
        prefer=case.prefer,
    )


@settings(max_examples=150, deadline=None)
@given(cases())
def test_every_seating_passes_the_check_and_follows_the_plan(case: Case) -> None:
    seating = seat(case)
    assert check_seating(seating, case.players, case.forbidden) == ()
    plan = table_plan(len(case.players), case.prefer)
    assert tuple(len(table.seats) for table in seating.tables) == plan.sizes
    assert len(seating.byes) == plan.byes


@settings(max_examples=60, deadline=None)
@given(cases(max_n=30, swiss=False, forbid=False))
def test_no_single_swap_lowers_the_repeats_of_a_random_draw(case: Case) -> None:
    """Local search ends where no swap of two players between tables meets fewer old pairs."""
    seating = seat(case)
    past = tally(case.history)

    def meetings(seats: list[int]) -> int:
        return sum(past.times_met(a, b) for k, a in enumerate(seats) for b in seats[k + 1 :])

    tables = [list(table.seats) for table in seating.tables]
    for a, table_a in enumerate(tables):
        for table_b in tables[a + 1 :]:
            now = meetings(table_a) + meetings(table_b)
            for i, x in enumerate(table_a):
                for j, y in enumerate(table_b):
                    swapped_a = [*table_a[:i], y, *table_a[i + 1 :]]
                    swapped_b = [*table_b[:j], x, *table_b[j + 1 :]]
                    assert meetings(swapped_a) + meetings(swapped_b) >= now


@settings(max_examples=40, deadline=None)
@given(cases(max_n=40))
def test_the_same_case_seats_the_same_way(case: Case) -> None:
    assert seat(case) == seat(case)
