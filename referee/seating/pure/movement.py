"""The movement of a duplicate preferans session (issue 20, TOURNAMENTS.md §10): which table
plays which set of boards in which stanza, and who holds which hand of every board.

Terms. A **board** is one deal (three hands of 10 and the talon) played at several tables; its
hands are labelled by **seat role** relative to the board's dealer: first, second and third
hand; at a table of 4 also the dealer, who holds no cards (at a table of 3 the dealer is the
third hand). A **set** is ``boards_per_set`` consecutive boards played together; a **stanza**
is the time in which every table plays one set. A **group** is the tables that share the same
boards, so that a board's results are compared across them: the tables are split into
``groups`` groups of ``T`` tables each, every group with its own ``T`` sets (``T ×
boards_per_set`` boards); tables, sets and boards are numbered 1, 2, … across the groups.

Which N are served. Every table of the session has ``size`` = 3 or 4 players, so N must be a
multiple of ``size`` (tables of 4 only when every table has 4); byes and sit-outs are out of
scope, and any other N is refused (``MovementError``, ``movenotes.REFUSALS``): ``table_size``
(size), ``too_few_players`` (n, size), ``not_divisible`` (n, size), ``groups`` (tables,
groups: the tables must split into equal groups), ``boards_per_set`` (boards_per_set) and
``player_twice`` (players).

Why T stanzas is the least. There is one copy of each board, so at any stanza the T tables of a
group hold T different sets: a group has at least T sets, and each table plays every set, one a
stanza, so at least T stanzas. The plan uses exactly T sets and T stanzas; then every player
plays every board of his group exactly once, never idle, and the holders of any role of a
board are T different players.

The design, a Mitchell movement for three or four "directions". The tables, stanzas, sets and
the players of each seat line are numbered by the elements of a ring R of order T: the product
of the Galois fields GF(q) over the prime-power factors q of T (``galois.ring``). Line X (X =
0..size-1) gets a velocity a_X, a unit of R. At stanza k set t + k is at table t, and player i
of line X plays set i + a_X·k, at table i + (a_X − 1)·k: line 0 (a_0 = 1) stays at its tables,
the other lines move (for a prime T, Z_T: the sets move down one table a stanza, line X up
a_X − 1 = X tables). Each player plays each set once
because a_X is a unit; two players of one line never meet; players i of line X and j of line Y
meet at the stanzas k with (a_X − a_Y)·k = j − i, exactly once each when a_X − a_Y is a unit.
``size`` units whose differences are units too exist exactly when every prime-power factor of
T exceeds ``size`` (0 and the velocities must differ in every field; they are 1..size
there): then nobody meets anyone twice and each player meets (size − 1)·T different
opponents, the most T stanzas allow
(note ``move_orthogonal``). Served so without repeats: T = 1, 4, 5, 7, 8, 9, 11, 13, 16, 17,
19, 20, … for tables of 3 and T = 1, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, … for tables of 4.
Otherwise (``move_forced``, with the offending factor) the lines share velocities as evenly as
the small field allows, which is already the least possible for T = 2 (the two stanzas' tables
are the same players: every pair of a table meets twice) and T = 3 (a player's sets form a
permutation of the three; players on one permutation meet three times, on permutations of the
other parity once; the fewest repeats, 6·(C(x, 2) + C(size − x, 2)) for x = size // 2, is what
the even split gives: ``move_least_repeats``; the tests check it against every plan of 3
tables). For any other T a seeded local search
(``movesearch``) then exchanges two stanzas' sets along a cycle of one line's players, which
keeps every property, while it lowers the repeats (``move_searched``); it is not proved the
least there (a plan without repeats would need size mutually orthogonal Latin squares of
order T, impossible for T = 6 and not known for T = 10).

Seats and roles. At stanza k line X sits in seat 1 + (X + c_k) mod size, c_k = k·size // T
(the seat lines turn evenly over the session), and on board j (0-based in its set) seat s + 1
holds role (s − j) mod size: the deal passes clockwise, the dealer sitting right of the first
hand. Each player then holds each role equally often, or within one when size does not divide
T × boards_per_set. The first stanza seats the players as listed, ``size`` a table (shuffle the
list for a draw).

Codes (``movenotes``; English, for a later translation). The plan's notes: ``move_plan``
(players, tables, size, groups, stanzas, sets, boards_per_set, boards): "N players at T tables
of m in G group(s): S stanzas, S sets of b boards per group (B boards in all)";
``move_least_stanzas`` (stanzas, tables): "S stanzas, the least possible: each of the T tables
of a group plays every set, one set a stanza, and each stanza needs a set for every table";
``move_orthogonal`` (tables, size, opponents): "no repeats possible: every prime-power factor of
T exceeds m, so each player meets O different opponents"; ``move_forced`` (tables, size,
factor): "T tables of m: the factor q of T (not above m) forces some pairs to meet more than
once"; ``move_least_repeats`` (tables, repeats): "with T tables a group has at least R repeats,
and this plan has that many"; ``move_searched`` (before, after, steps, seed): "local
search: repeats A before, B after (n steps, seed s); not proved the least possible". The
quality report (``movecheck.assess_movement``): ``move_boards_played`` (boards, plays,
per_player): "every board at every table of its group once: B boards, P plays, each player n
boards, none twice"; ``move_no_repeats``: "no two players meet twice"; ``move_repeats``
(count, pairs of (first, second, times), more, repeats): "pairs meeting more than once: n
(A–B 2×; …); repeats: R" (repeats count every meeting after a pair's first);
``move_opponents`` (low, high, most): "opponents met per player: L–H different, of M
possible"; ``move_roles`` (low, high, spread): "seat roles per player: each role L–H times".

>>> plan = plan_movement(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"])
>>> [(t.table, t.board_set, t.seats) for t in plan.stanzas[1].tables][:2]
[(1, 2, ('A', 'K', 'I')), (2, 1, ('D', 'H', 'L'))]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from .galois import Ring, ring
from .movenotes import MovementError, MoveNote
from .movesearch import improve, repeats_of
from .values import P

ROLES: dict[int, tuple[str, ...]] = {
    3: ("first", "second", "third"),
    4: ("first", "second", "third", "dealer"),
}


@dataclass(frozen=True, slots=True)
class BoardPlay(Generic[P]):
    """One board at one table: ``hands`` hold the players in the order of ``ROLES[size]``."""

    board: int
    hands: tuple[P, ...]


@dataclass(frozen=True, slots=True)
class TablePlay(Generic[P]):
    """One table in one stanza: its set, the players in seat order (seat 1 first, clockwise)
    and who holds which hand of each board of the set."""

    table: int
    group: int
    board_set: int
    seats: tuple[P, ...]
    boards: tuple[BoardPlay[P], ...]


@dataclass(frozen=True, slots=True)
class Stanza(Generic[P]):
    number: int
    tables: tuple[TablePlay[P], ...]


@dataclass(frozen=True, slots=True)
class Group(Generic[P]):
    """Tables that share the same boards (and so are compared), with their sets and players."""

    number: int
    tables: tuple[int, ...]
    sets: tuple[int, ...]
    players: tuple[P, ...]


@dataclass(frozen=True, slots=True)
class Movement(Generic[P]):
    size: int
    boards_per_set: int
    groups: tuple[Group[P], ...]
    stanzas: tuple[Stanza[P], ...]
    notes: tuple[MoveNote, ...]

    @property
    def roles(self) -> tuple[str, ...]:
        return ROLES[self.size]

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        """The board numbers of set ``board_set`` (1-based)."""
        first = (board_set - 1) * self.boards_per_set + 1
        return tuple(range(first, first + self.boards_per_set))

    @property
    def explanations(self) -> tuple[str, ...]:
        return tuple(str(note) for note in self.notes)


def plan_movement(
    players: Sequence[P],
    size: int = 3,
    *,
    boards_per_set: int = 2,
    groups: int = 1,
    seed: int = 0,
    search_steps: int | None = None,
) -> Movement[P]:
    """The movement of ``players`` at tables of ``size`` (see the module's docstring).

    ``seed`` and ``search_steps`` concern only the local search of a T with repeats not known
    to be least (the default budget grows with T); the same input gives the same movement.
    Raises ``MovementError`` for an N or option it cannot serve.
    """
    tables = _check(players, size, boards_per_set, groups)
    per_group = tables // groups
    r = ring(per_group)
    velocities = _velocities(r, size)
    notes = [
        MoveNote(
            "move_plan",
            {
                "players": len(players),
                "tables": tables,
                "size": size,
                "groups": groups,
                "stanzas": per_group,
                "sets": per_group,
                "boards_per_set": boards_per_set,
                "boards": tables * boards_per_set,
            },
        ),
        MoveNote("move_least_stanzas", {"stanzas": per_group, "tables": per_group}),
    ]
    plays, quality = _lines(r, velocities, per_group, size, seed, search_steps)
    notes += quality
    group_list, stanzas = _seated(players, size, per_group, groups, r, plays, boards_per_set)
    return Movement(size, boards_per_set, tuple(group_list), stanzas, tuple(notes))


def _lines(
    r: Ring,
    velocities: list[int],
    per_group: int,
    size: int,
    seed: int,
    search_steps: int | None,
) -> tuple[list[list[list[int]]], list[MoveNote]]:
    """Each line's table in each stanza (``plays[line][player][stanza]``), a Mitchell
    movement of the ring's velocities, its repeats lowered by the local search where a
    factor of T forces some; and the notes on who meets whom."""
    plays = [
        [[r.add(i, r.mul(a, k)) for k in range(per_group)] for i in range(per_group)]
        for a in velocities
    ]
    notes: list[MoveNote] = []
    forced = [q for q in r.fields if q <= size]
    if not forced:
        opponents = (size - 1) * per_group
        notes.append(
            MoveNote("move_orthogonal", {"tables": per_group, "size": size, "opponents": opponents})
        )
    else:
        notes.append(
            MoveNote("move_forced", {"tables": per_group, "size": size, "factor": forced[0]})
        )
        before = repeats_of(plays, per_group)
        if per_group <= 3:
            notes.append(MoveNote("move_least_repeats", {"tables": per_group, "repeats": before}))
        else:
            steps = search_steps if search_steps is not None else 200 * per_group
            plays = improve(plays, per_group, random.Random(seed), steps)
            after = repeats_of(plays, per_group)
            notes.append(
                MoveNote(
                    "move_searched",
                    {"before": before, "after": after, "steps": steps, "seed": seed},
                )
            )
    return plays, notes


def _seated(
    players: Sequence[P],
    size: int,
    per_group: int,
    groups: int,
    r: Ring,
    plays: list[list[list[int]]],
    boards_per_set: int,
) -> tuple[list[Group[P]], tuple[Stanza[P], ...]]:
    """The groups of players, and each stanza's tables with their seats and boards."""
    group_list: list[Group[P]] = []
    by_stanza: list[list[TablePlay[P]]] = [[] for _ in range(per_group)]
    for g in range(groups):
        mine = players[g * size * per_group : (g + 1) * size * per_group]
        # player i of line X is the X-th of the i-th table's players in the first stanza
        line = [[mine[i * size + x] for i in range(per_group)] for x in range(size)]
        group_list.append(
            Group(
                g + 1,
                tuple(range(g * per_group + 1, (g + 1) * per_group + 1)),
                tuple(range(g * per_group + 1, (g + 1) * per_group + 1)),
                tuple(mine),
            )
        )
        for k in range(per_group):
            by_stanza[k] += _stanza_tables(r, plays, line, k, g, boards_per_set)
    stanzas = tuple(
        Stanza(k + 1, tuple(sorted(at, key=lambda t: t.table))) for k, at in enumerate(by_stanza)
    )
    return group_list, stanzas


def _check(players: Sequence[P], size: int, boards_per_set: int, groups: int) -> int:
    """The number of tables, or ``MovementError``."""
    if size not in ROLES:
        raise MovementError("table_size", {"size": size})
    n = len(players)
    if n < size:
        raise MovementError("too_few_players", {"n": n, "size": size})
    if n % size:
        raise MovementError("not_divisible", {"n": n, "size": size})
    if boards_per_set < 1:
        raise MovementError("boards_per_set", {"boards_per_set": boards_per_set})
    tables = n // size
    if groups < 1 or tables % groups:
        raise MovementError("groups", {"tables": tables, "groups": groups})
    twice = tuple(p for p, count in Counter(players).items() if count > 1)
    if twice:
        raise MovementError("player_twice", {"players": twice})
    return tables


def _velocities(r: Ring, size: int) -> list[int]:
    """a_X for X = 0..size-1: in each GF(q) the values 1..size when q > size, else the q − 1
    nonzero values in turn (an even split); a_0 is the ring's one."""
    return [r.join([x + 1 if q > size else 1 + x % (q - 1) for q in r.fields]) for x in range(size)]


def _stanza_tables(
    r: Ring,
    plays: list[list[list[int]]],
    line: list[list[P]],
    k: int,
    group: int,
    boards_per_set: int,
) -> list[TablePlay[P]]:
    size, per_group = len(line), len(line[0])
    turn = k * size // per_group
    seated: dict[int, list[P | None]] = {}
    for x in range(size):
        for i in range(per_group):
            board_set = plays[x][i][k]
            table = r.add(board_set, r.neg(k))
            seated.setdefault(table, [None] * size)[(x + turn) % size] = line[x][i]
    out = []
    for table, seats in seated.items():
        players = tuple(p for p in seats if p is not None)
        number = group * per_group + r.add(table, k) + 1
        first = (number - 1) * boards_per_set + 1
        boards = tuple(
            BoardPlay(first + j, tuple(players[(role + j) % size] for role in range(size)))
            for j in range(boards_per_set)
        )
        out.append(TablePlay(group * per_group + table + 1, group + 1, number, players, boards))
    return out
