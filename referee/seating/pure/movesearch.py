"""Fewer repeats for a movement whose T has a small factor: a seeded local search.

``plays[x][i][k]`` is the set (a ring element) that player i of line x plays in stanza k; every
row ``plays[x][i]`` is a permutation of the sets and every stanza has each set once per line.
A step takes one line x, two stanzas k and k′ and a player, follows the cycle "the line's
player who plays at k the set I play at k′", and exchanges the two stanzas' sets of everyone
on it: rows stay permutations and stanzas keep each set once per line, so every property of
the movement (and each player's line, hence his seat roles) is kept. The step is kept when it
does not raise the repeats (meetings beyond a pair's first) and, at equal repeats, the sum over
pairs of C(meetings, 2) (which spreads them); ties are kept too, to cross plateaus.

>>> plays = [[[0, 1], [1, 0]], [[0, 1], [1, 0]], [[0, 1], [1, 0]]]  # T = 2, three lines
>>> repeats_of(plays, 2)
6
"""

from __future__ import annotations

import random
from collections import Counter

WEIGHT = 10_000  # a repeat outweighs any spreading of the meetings


def meetings(plays: list[list[list[int]]], tables: int) -> Counter[tuple[int, int]]:
    """How often each pair of players (x·T + i, lower first) sits at one table."""
    met: Counter[tuple[int, int]] = Counter()
    for k in range(tables):
        at: dict[int, list[int]] = {}
        for x, row in enumerate(plays):
            for i, path in enumerate(row):
                at.setdefault(path[k], []).append(x * tables + i)
        for seated in at.values():
            for a, first in enumerate(seated):
                for second in seated[a + 1 :]:
                    met[(first, second)] += 1
    return met


def repeats_of(plays: list[list[list[int]]], tables: int) -> int:
    """Meetings beyond each pair's first."""
    return sum(n - 1 for n in meetings(plays, tables).values())


def improve(
    plays: list[list[list[int]]], tables: int, rng: random.Random, steps: int
) -> list[list[list[int]]]:
    """``plays`` after ``steps`` steps of the search (a new list; the input is kept)."""
    plays = [[path[:] for path in row] for row in plays]
    size = len(plays)
    if tables < 2:
        return plays
    who = [[[0] * tables for _ in range(tables)] for _ in range(size)]
    for x in range(size):
        for i in range(tables):
            for k in range(tables):
                who[x][k][plays[x][i][k]] = i
    met = meetings(plays, tables)

    def at_table(k: int, s: int) -> list[int]:
        return [x * tables + who[x][k][s] for x in range(size)]

    def pairs(stanzas: tuple[int, int], sets: set[int]) -> list[tuple[int, int]]:
        found = []
        for k in stanzas:
            for s in sets:
                seated = sorted(at_table(k, s))
                found += [(a, b) for n, a in enumerate(seated) for b in seated[n + 1 :]]
        return found

    def exchange(x: int, cycle: list[int], k: int, k2: int) -> None:
        for i in cycle:
            path = plays[x][i]
            path[k], path[k2] = path[k2], path[k]
            who[x][k][path[k]] = i
            who[x][k2][path[k2]] = i

    for _ in range(steps):
        x = rng.randrange(size)
        k, k2 = rng.sample(range(tables), 2)
        start = rng.randrange(tables)
        cycle, i = [start], who[x][k][plays[x][start][k2]]
        while i != start:
            cycle.append(i)
            i = who[x][k][plays[x][i][k2]]
        sets = {plays[x][i][k] for i in cycle}
        old = pairs((k, k2), sets)
        change = 0  # WEIGHT × repeats + sum of C(meetings, 2)
        for pair in old:
            met[pair] -= 1
            change -= met[pair] + (WEIGHT if met[pair] else 0)
        exchange(x, cycle, k, k2)
        new = pairs((k, k2), sets)
        for pair in new:
            change += met[pair] + (WEIGHT if met[pair] else 0)
            met[pair] += 1
        if change > 0:  # worse: undo
            for pair in new:
                met[pair] -= 1
            for pair in old:
                met[pair] += 1
            exchange(x, cycle, k, k2)
    return plays
