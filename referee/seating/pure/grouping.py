"""Grouping players into tables: a start, then swaps that lower a penalty (TOURNAMENTS.md §6.3).

Players are numbered 0..n-1; in a Swiss round the number is the place in the standings. The
penalty of a grouping is the sum, over players seated together, of ``pen[i][j]`` (earlier
meetings, forbidden pairs) plus, in a Swiss round, ``standing_weight × d²`` for a player whose
place lies ``d`` places outside the block of places his table stands for.

A swap trades two players of different tables, so the table sizes never change. Each pass
visits the tables in order and makes the best swap open to a player who adds to the penalty
(a repeat, a forbidden pair, a place outside the block); it stops when no swap helps. This
is the "swap the lower-placed player with the next player down" of §6.3 generalised.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

FORBIDDEN = 10**9  # the penalty of one forbidden pair: worse than any number of repeats


@dataclass(frozen=True, slots=True)
class Problem:
    sizes: tuple[int, ...]
    pen: tuple[dict[int, int], ...]  # symmetric: pen[i][j] == pen[j][i]
    standing_weight: int = 0  # 0: no standings, a random draw

    @property
    def swiss(self) -> bool:
        return self.standing_weight > 0

    def blocks(self) -> list[list[int]]:
        """Places 0..n-1 cut into the plan's tables top-down (Swiss blocks 1-2-3, 4-5-6, …)."""
        ends = list(accumulate(self.sizes))
        return [list(range(end - size, end)) for size, end in zip(self.sizes, ends, strict=True)]

    def displacement(self) -> list[list[int]]:
        """``d[i][t]``: how many places player ``i`` lies outside the block of table ``t``."""
        blocks = self.blocks()
        return [
            [max(block[0] - i, i - block[-1], 0) for block in blocks] for i in range(len(self.pen))
        ]


@dataclass(frozen=True, slots=True)
class Swap:
    first: int
    second: int
    tables: tuple[int, int]  # the tables of first and second before the swap
    reason: str  # "repeat", "forbidden" or "standings"


@dataclass(frozen=True, slots=True)
class Layout:
    start: tuple[tuple[int, ...], ...]  # the blocks or the shuffle the swaps started from
    tables: tuple[tuple[int, ...], ...]
    swaps: tuple[Swap, ...]
    cost: int
    attempts: int  # how many starts were searched; the cheapest was kept


def arrange(problem: Problem, rng: random.Random) -> Layout:
    """Swiss: start from the blocks; a random draw: start from shuffles, keep the cheapest.

    A random draw tries again while any penalty is left, a Swiss round only while a forbidden
    pair is left; at most 3000 // n starts, between 3 and 60 (one when there is one table).
    """
    limit = 1 if len(problem.sizes) == 1 else max(3, min(60, 3000 // len(problem.pen)))
    best: Layout | None = None
    for attempt in range(1, limit + 1):
        start = problem.blocks() if problem.swiss and attempt == 1 else _shuffled(problem, rng)
        layout = _improve(problem, start)
        if best is None or layout.cost < best.cost:
            best = layout
        goal = FORBIDDEN if problem.swiss else 1
        if best.cost < goal:
            break
    assert best is not None
    return replace(best, attempts=attempt)


def _shuffled(problem: Problem, rng: random.Random) -> list[list[int]]:
    order = list(range(len(problem.pen)))
    rng.shuffle(order)
    ends = list(accumulate(problem.sizes))
    return [order[end - size : end] for size, end in zip(problem.sizes, ends, strict=True)]


def _improve(problem: Problem, start: list[list[int]]) -> Layout:
    pen = problem.pen
    rank = _rank_penalty(problem)
    tables = [list(members) for members in start]
    where = [0] * len(pen)
    for t, members in enumerate(tables):
        for i in members:
            where[i] = t

    def own(i: int) -> int:
        """What player ``i`` adds to the penalty where he sits (his pairs count for both)."""
        t = where[i]
        return sum(pen[i].get(j, 0) for j in tables[t]) + rank[i][t]

    current = [own(i) for i in range(len(pen))]
    swaps: list[Swap] = []
    changed = True
    while changed:
        changed = False
        for a, table_a in enumerate(tables):
            best = (0, -1, -1, -1)  # delta, x, y, b
            for x in (x for x in table_a if current[x] > 0):
                px, rank_x = pen[x], rank[x]
                rest_a = [m for m in table_a if m != x]
                for b, table_b in enumerate(tables):
                    if b == a:
                        continue
                    base = sum(px.get(j, 0) for j in table_b) + rank_x[b] - current[x]
                    for y in table_b:
                        py = pen[y]
                        y_in_a = sum(py.get(j, 0) for j in rest_a) + rank[y][a]
                        delta = base - px.get(y, 0) + y_in_a - current[y]
                        if delta < best[0]:
                            best = (delta, x, y, b)
            delta, x, y, b = best
            if delta < 0:
                rank_delta = rank[x][b] + rank[y][a] - rank[x][a] - rank[y][b]
                swaps.append(Swap(x, y, (a, b), _reason(delta - rank_delta)))
                table_a[table_a.index(x)] = y
                tables[b][tables[b].index(y)] = x
                where[x], where[y] = b, a
                for i in (*table_a, *tables[b]):
                    current[i] = own(i)
                changed = True
    return Layout(
        start=tuple(tuple(members) for members in start),
        tables=tuple(tuple(members) for members in tables),
        swaps=tuple(swaps),
        cost=cost(problem, tables),
        attempts=1,
    )


def _rank_penalty(problem: Problem) -> list[list[int]]:
    """``rank[i][t]``: the standings part of player ``i``'s penalty at table ``t``."""
    if not problem.swiss:
        zeros = [0] * len(problem.sizes)
        return [zeros] * len(problem.pen)
    weight = problem.standing_weight
    return [[weight * d * d for d in row] for row in problem.displacement()]


def _reason(pair_delta: int) -> str:
    if pair_delta <= -FORBIDDEN // 2:
        return "forbidden"
    return "repeat" if pair_delta < 0 else "standings"


def cost(problem: Problem, tables: Sequence[Sequence[int]]) -> int:
    """The penalty of a grouping: every pair once, plus the standings part."""
    rank = _rank_penalty(problem)
    total = 0
    for t, members in enumerate(tables):
        for k, i in enumerate(members):
            total += rank[i][t] + sum(problem.pen[i].get(j, 0) for j in members[k + 1 :])
    return total
