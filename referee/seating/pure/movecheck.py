"""Whether a duplicate movement is sound, and how good it is (``movement``).

``check_movement`` lists what breaks the movement's rules (empty: sound); ``assess_movement``
counts per player the boards played, the opponents met and the seat roles held, and says it
as coded notes (``movenotes``): boards played, repeats, opponents met, roles.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from .movement import Movement
from .movenotes import MoveNote
from .values import P

SHOWN = 5  # pairs listed in a ``move_repeats`` note


def check_movement(movement: Movement[P], players: Sequence[P]) -> tuple[str, ...]:
    """What is wrong with ``movement`` for ``players``; empty when it is sound.

    Every stanza seats every player once, ``size`` a table; every board of a group is played
    at every table of the group exactly once, by the players of that group; no player plays a
    board twice; a board's hands at a table are its seated players, each once; every role of
    a board is held by different players; the stanzas number the group's tables (the least).
    """
    problems: list[str] = []
    size = movement.size
    group_of_table = {t: g for g in movement.groups for t in g.tables}
    played: dict[int, Counter[int]] = defaultdict(Counter)  # board -> tables
    seen: Counter[tuple[P, int]] = Counter()  # (player, board)
    holders: dict[tuple[int, int], list[P]] = defaultdict(list)  # (board, role) -> players
    board_group: dict[int, int] = {}
    for stanza in movement.stanzas:
        seated = Counter(p for table in stanza.tables for p in table.seats)
        problems += [
            f"stanza {stanza.number}: {p} seated {n} times" for p, n in seated.items() if n > 1
        ]
        problems += [f"stanza {stanza.number}: {p} not seated" for p in players if p not in seated]
        for table in stanza.tables:
            where = f"stanza {stanza.number}, table {table.table}"
            if len(table.seats) != size:
                problems.append(f"{where}: {len(table.seats)} players, not {size}")
            group = group_of_table[table.table]
            if not set(table.seats) <= set(group.players):
                problems.append(f"{where}: a player of another group")
            if table.board_set not in group.sets:
                problems.append(f"{where}: set {table.board_set} of another group")
            for play in table.boards:
                board_group[play.board] = group.number
                played[play.board][table.table] += 1
                if sorted(map(str, play.hands)) != sorted(map(str, table.seats)):
                    problems.append(f"{where}, board {play.board}: hands not the seated players")
                for role, p in enumerate(play.hands):
                    seen[(p, play.board)] += 1
                    holders[(play.board, role)].append(p)
    for group in movement.groups:
        if len(movement.stanzas) != len(group.tables):
            stanzas = len(movement.stanzas)
            problems.append(f"group {group.number}: {stanzas} stanzas, {len(group.tables)} tables")
    for board, at in sorted(played.items()):
        tables = movement.groups[board_group[board] - 1].tables
        if sorted(at) != sorted(tables) or set(at.values()) != {1}:
            times = dict(sorted(at.items()))
            problems.append(f"board {board}: played {times} (table: times), not once at {tables}")
    problems += [f"{p} plays board {board} {n} times" for (p, board), n in seen.items() if n > 1]
    for (board, role), who in sorted(holders.items(), key=lambda item: item[0]):
        if len(set(who)) != len(who):
            problems.append(f"board {board}: role {movement.roles[role]} held twice by one player")
    return tuple(problems)


@dataclass(frozen=True, slots=True)
class PlayerMoves(Generic[P]):
    """One player over the session: boards played, opponents (with meetings), roles held."""

    player: P
    boards: int
    opponents: tuple[tuple[P, int], ...]  # each opponent with the times met, in order met
    roles: tuple[int, ...]  # times in each role of ``ROLES[size]``

    @property
    def distinct(self) -> int:
        return len(self.opponents)

    @property
    def role_spread(self) -> int:
        return max(self.roles) - min(self.roles)


@dataclass(frozen=True, slots=True)
class MovementQuality(Generic[P]):
    players: tuple[PlayerMoves[P], ...]
    repeated: tuple[tuple[P, P, int], ...]  # pairs meeting more than once, times met
    repeats: int  # meetings beyond each pair's first
    most_opponents: int  # (size − 1) × stanzas, or the group's other players when fewer
    notes: tuple[MoveNote, ...]

    @property
    def explanations(self) -> tuple[str, ...]:
        return tuple(str(note) for note in self.notes)


def assess_movement(movement: Movement[P]) -> MovementQuality[P]:
    """The movement's quality; players in the order of the groups' lists."""
    order = {p: n for n, p in enumerate(p for g in movement.groups for p in g.players)}
    met, boards, roles = _tally(movement, order)
    opponents: dict[P, list[tuple[P, int]]] = defaultdict(list)
    for (a, b), n in met.items():
        opponents[a].append((b, n))
        opponents[b].append((a, n))
    per = tuple(PlayerMoves(p, boards[p], tuple(opponents[p]), tuple(roles[p])) for p in order)
    repeated = tuple((a, b, n) for (a, b), n in met.items() if n > 1)
    repeats = sum(n - 1 for n in met.values())
    group_size = len(movement.groups[0].players) if movement.groups else 0
    most = min((movement.size - 1) * len(movement.stanzas), group_size - 1)
    notes = _notes(movement, boards, per, repeated, repeats, most)
    return MovementQuality(per, repeated, repeats, most, notes)


def _tally(
    movement: Movement[P], order: dict[P, int]
) -> tuple[Counter[tuple[P, P]], Counter[P], dict[P, list[int]]]:
    """Who met whom how often (each pair in the groups' order), the boards each played, and
    how often each held each hand."""
    met: Counter[tuple[P, P]] = Counter()
    boards: Counter[P] = Counter()
    roles: dict[P, list[int]] = {p: [0] * movement.size for p in order}
    for stanza in movement.stanzas:
        for table in stanza.tables:
            seats = sorted(table.seats, key=order.__getitem__)
            met.update((a, b) for n, a in enumerate(seats) for b in seats[n + 1 :])
            for play in table.boards:
                for role, p in enumerate(play.hands):
                    boards[p] += 1
                    roles[p][role] += 1
    return met, boards, roles


def _notes(
    movement: Movement[P],
    boards: Counter[P],
    per: tuple[PlayerMoves[P], ...],
    repeated: tuple[tuple[P, P, int], ...],
    repeats: int,
    most: int,
) -> tuple[MoveNote, ...]:
    """The four notes that explain the movement: boards, repeats, opponents, hands held."""
    played = MoveNote(
        "move_boards_played",
        {
            "boards": len(movement.groups) * len(movement.stanzas) * movement.boards_per_set,
            "plays": sum(boards.values()) // movement.size,
            "per_player": max(boards.values(), default=0),
        },
    )
    repeat = (
        MoveNote(
            "move_repeats",
            {
                "count": len(repeated),
                "pairs": repeated[:SHOWN],
                "more": max(len(repeated) - SHOWN, 0),
                "repeats": repeats,
            },
        )
        if repeated
        else MoveNote("move_no_repeats")
    )
    distinct = [p.distinct for p in per]
    opponents = MoveNote(
        "move_opponents",
        {"low": min(distinct, default=0), "high": max(distinct, default=0), "most": most},
    )
    counts = [n for p in per for n in p.roles]
    held = MoveNote(
        "move_roles",
        {
            "low": min(counts, default=0),
            "high": max(counts, default=0),
            "spread": max((p.role_spread for p in per), default=0),
        },
    )
    return (played, repeat, opponents, held)
