"""A duplicate movement for any field and a chosen length (issue 34 point 1): N players at
tables of ``size`` (3 or 4), N not necessarily a multiple of ``size``, over ``stanzas``
stanzas chosen by the chief (1 up to the number of tables).

The design. T = N // size tables play every stanza and r = N mod size players **sit out**
(0 when size divides N). There are T sets of ``boards_per_set`` boards; at stanza k (from 0)
set s is at table (s − k) mod T + 1, so every set is played at exactly one table every
stanza: **each board is played exactly ``stanzas`` times**, whoever sits out, and each hand of
a board is compared with ``stanzas − 1`` others. **Nobody sits out twice** (r·stanzas ≤
r·T < N), so two players' sit-outs differ by at most one. A board a player does not play is
not scored for anyone (no phantom is compared with), and the session declares how it counts
for him (the site: the average).

Who plays where (``_rounds``): each stanza is a perfect matching of the players to the N
places (``size`` at each set, r sitting out) in a regular bipartite graph in which no player
is joined to two places of one set, so nobody plays a set twice (a board seen twice would be
no duplicate) and nobody sits out twice; König's theorem says the graph splits into such
matchings, found by augmenting paths in a seeded order. Repeat meetings are counted (the
note ``move_field``) and lowered by a short seeded local search (``_improve``), not proved the
fewest: a field without sit-outs is better served by the Mitchell movement of
``movement.py`` (cut short to the stanzas chosen), which the site uses for it. Any N ≥ 2·size is
served (N = 6, 7, … at tables of 3; N = 8, 9, … at tables of 4); fewer players
(``small_field``) and a length below 1 or of more stanzas than tables (``stanzas``: a
player would play a set twice) are refused.

>>> plan = plan_field(list(range(13)), 3, stanzas=3, boards_per_set=1)
>>> len(plan.movement.stanzas), [len(s) for s in plan.sitouts], plan.plays_per_board
(3, [1, 1, 1], 3)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from .movement import BoardPlay, Group, Movement, Stanza, TablePlay
from .movenotes import MovementError, MoveNote
from .values import P


@dataclass(frozen=True, slots=True)
class FieldPlan(Generic[P]):
    """The movement, who sits out in each stanza, and the plays a board gets."""

    movement: Movement[P]
    sitouts: tuple[tuple[P, ...], ...]

    @property
    def plays_per_board(self) -> int:
        return len(self.movement.stanzas)

    @property
    def comparisons(self) -> int:
        """Each hand of a board is compared with this many others."""
        return self.plays_per_board - 1


def _check(players: Sequence[P], size: int, stanzas: int, boards_per_set: int) -> int:
    if size not in (3, 4):
        raise MovementError("table_size", {"size": size})
    n = len(players)
    if n < 2 * size:
        raise MovementError("small_field", {"n": n, "least": 2 * size})
    if boards_per_set < 1:
        raise MovementError("boards_per_set", {"boards_per_set": boards_per_set})
    twice = tuple(p for p, count in Counter(players).items() if count > 1)
    if twice:
        raise MovementError("player_twice", {"players": twice})
    tables = n // size
    if not 1 <= stanzas <= tables:
        raise MovementError("stanzas", {"stanzas": stanzas, "tables": tables})
    return tables


def plan_field(
    players: Sequence[P],
    size: int = 3,
    *,
    stanzas: int,
    boards_per_set: int = 2,
    seed: int = 0,
) -> FieldPlan[P]:
    """The movement of ``players`` over ``stanzas`` stanzas (the module's docstring)."""
    tables = _check(players, size, stanzas, boards_per_set)
    n, rest = len(players), len(players) % size
    rng = random.Random(seed)
    rounds = _improve(_rounds(n, size, stanzas, rng), tables, rng, 300 * tables)
    met: Counter[tuple[int, int]] = Counter()
    out: list[Stanza[P]] = []
    sitouts: list[tuple[P, ...]] = []
    for k, at in enumerate(rounds):
        for seats in at[:tables]:
            met.update((a, b) for a in seats for b in seats if a < b)
        out.append(_stanza(players, size, boards_per_set, k, at[:tables]))
        sitouts.append(tuple(players[i] for i in sorted(at[tables])))
    repeats = sum(times - 1 for times in met.values() if times > 1)
    notes = (
        MoveNote(
            "move_plan",
            {
                "players": n,
                "tables": tables,
                "size": size,
                "groups": 1,
                "stanzas": stanzas,
                "sets": tables,
                "boards_per_set": boards_per_set,
                "boards": tables * boards_per_set,
            },
        ),
        MoveNote(
            "move_field",
            {
                "stanzas": stanzas,
                "sitouts": rest,
                "plays": stanzas,
                "comparisons": stanzas - 1,
                "repeats": repeats,
            },
        ),
    )
    group = Group(1, tuple(range(1, tables + 1)), tuple(range(1, tables + 1)), tuple(players))
    movement = Movement(size, boards_per_set, (group,), tuple(out), notes)
    return FieldPlan(movement, tuple(sitouts))


def _stanza(
    players: Sequence[P], size: int, boards_per_set: int, k: int, at: list[list[int]]
) -> Stanza[P]:
    """Stanza ``k`` (from 0): set ``s`` goes to table ``s − k`` (the sets move down one table
    a stanza), and its boards' hands turn one seat a board."""
    tables = len(at)
    rows = []
    for s, seats in enumerate(at):
        first = s * boards_per_set + 1
        seated = tuple(players[i] for i in seats)
        boards = tuple(
            BoardPlay(first + j, tuple(seated[(role + j) % size] for role in range(size)))
            for j in range(boards_per_set)
        )
        rows.append(TablePlay((s - k) % tables + 1, 1, s + 1, seated, boards))
    return Stanza(k + 1, tuple(sorted(rows, key=lambda t: t.table)))


def _rounds(n: int, size: int, stanzas: int, rng: random.Random) -> list[list[list[int]]]:
    """Per stanza, the players (0..n-1) at each set and, last, those sitting out.

    The places: ``size`` for each of the T sets and r for sitting out, n in all, numbered
    0..n-1 set by set (the sit-out's last). Player i is given the places i, i + size, …,
    i + (stanzas − 1)·size (mod n): places ``size`` apart lie in different sets, and a
    wrap-around lands at least size + r below i, so his places are of different sets (and at
    most one his sit-out); every place is given to ``stanzas`` players. This bipartite graph
    is ``stanzas``-regular, so it splits into ``stanzas`` perfect matchings (König): each is a
    stanza, every place filled once, every player placed once, nobody twice at a set."""
    edges = {i: {(i + j * size) % n for j in range(stanzas)} for i in range(n)}
    tables = n // size
    rounds = []
    for _k in range(stanzas):
        match = _matching(edges, n, rng)
        at: list[list[int]] = [[] for _ in range(tables + 1)]
        for player, place in match.items():
            at[min(place // size, tables)].append(player)
            edges[player].discard(place)
        rounds.append(at)
    return rounds


def _improve(
    rounds: list[list[list[int]]], tables: int, rng: random.Random, steps: int
) -> list[list[list[int]]]:
    """Fewer repeat meetings by a seeded local search: two players of one stanza at two sets
    change places when neither has played the other's set in another stanza (so nobody
    plays a set twice, and nothing else changes) and the repeats do not grow."""
    met: Counter[tuple[int, int]] = Counter()
    sets_of: dict[int, set[int]] = {}
    for at in rounds:
        for s in range(tables):
            for a in at[s]:
                sets_of.setdefault(a, set()).add(s)
                for b in at[s]:
                    if a < b:
                        met[(a, b)] += 1

    def pair(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def change(player: int, others: list[int], by: int) -> int:
        """The repeats added by ``player`` meeting ``others`` ``by`` (+1 or −1) times more."""
        delta = 0
        for o in others:
            times = met[pair(player, o)]
            delta += (times >= 1) if by > 0 else -(times >= 2)
            met[pair(player, o)] = times + by
        return delta

    if tables < 2:
        return rounds
    for _step in range(steps):
        at = rounds[rng.randrange(len(rounds))]
        s1, s2 = rng.sample(range(tables), 2)
        a, b = rng.choice(at[s1]), rng.choice(at[s2])
        if s2 in sets_of[a] or s1 in sets_of[b]:
            continue
        rest1 = [p for p in at[s1] if p != a]
        rest2 = [p for p in at[s2] if p != b]
        delta = change(a, rest1, -1) + change(b, rest2, -1)
        delta += change(a, rest2, +1) + change(b, rest1, +1)
        if delta <= 0:
            at[s1], at[s2] = [*rest1, b], [*rest2, a]
            sets_of[a] ^= {s1, s2}
            sets_of[b] ^= {s1, s2}
        else:  # undo
            change(a, rest2, -1), change(b, rest1, -1), change(a, rest1, +1), change(b, rest2, +1)
    return rounds


def _matching(edges: dict[int, set[int]], n: int, rng: random.Random) -> dict[int, int]:
    """A perfect matching of players to places in a regular bipartite graph (Kuhn's
    augmenting paths, the players and their places tried in a seeded order)."""
    owner: dict[int, int] = {}
    order = list(range(n))
    rng.shuffle(order)

    def seat(player: int, seen: set[int]) -> bool:
        places = sorted(edges[player])
        rng.shuffle(places)
        for place in places:
            if place in seen:
                continue
            seen.add(place)
            if place not in owner or seat(owner[place], seen):
                owner[place] = player
                return True
        return False

    for player in order:
        if not seat(player, set()):  # pragma: no cover - a regular graph always matches
            raise MovementError("stanzas", {"stanzas": 0, "tables": n})
    return {player: place for place, player in owner.items()}


def repeats_in(stanzas: Sequence[Stanza[P]]) -> int:
    """Every meeting of two players after their first, over ``stanzas``."""
    met: Counter[frozenset[P]] = Counter()
    for stanza in stanzas:
        for table in stanza.tables:
            seats = table.seats
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    met[frozenset((a, b))] += 1
    return sum(times - 1 for times in met.values() if times > 1)
