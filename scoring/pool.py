"""Pool overflow: help into other pools, or write-off from the own mountain (SPEC §7).

Applied after a deal's mountain and whist entries, when the pool has a size: its pool
entries go through help one at a time in the seating order of the table.
"""

from __future__ import annotations

from fractions import Fraction

from .ledger import GORA, POOL, WHIST, Entry, Term
from .numbers import Amount, divide, exact
from .table import PoolState, Table

R_HELP = "SPEC §7.2 (help: writing into another player's pool)"
R_WRITE_OFF = "Kodeks 4.1.1 (overflow written off the own mountain)"


def apply_overflow(table: Table, entries: list[Entry]) -> list[Entry]:
    pool = table.pool
    if pool is None or pool.size is None or not any(e.kind == POOL for e in entries):
        return entries
    books = _Books(table, pool, pool.size)
    out = [e for e in entries if e.kind != POOL]
    for e in out:
        if e.kind == GORA:
            books.gora[e.player] = exact(books.gora[e.player] + e.amount)
    seat = {p: i for i, p in enumerate(table.players)}
    for entry in sorted((e for e in entries if e.kind == POOL), key=lambda e: seat[e.player]):
        out += books.write_pool(entry)
    return out


class _Books:
    def __init__(self, table: Table, pool: PoolState, size: Amount) -> None:
        self.table = table
        self.size = size
        self.pools = {p: pool.pulka.get(p, 0) for p in table.players}
        self.gora = {p: pool.gora.get(p, 0) for p in table.players}

    def write_pool(self, entry: Entry) -> list[Entry]:
        player = entry.player
        room = max(self.size - self.pools[player], 0)
        take = min(entry.amount, room)
        out = []
        if take == entry.amount:
            out.append(entry)
        elif take:
            term = Term("pool_capped", (entry.term, exact(take), entry.amount))
            out.append(entry._replace(amount=exact(take), term=term))
        self.pools[player] = exact(self.pools[player] + take)
        rest = exact(entry.amount - take)
        cv = self.table.convention
        while rest > 0:
            target = self._target(player) if cv.overflow_mode == "help" else None
            if target is None:
                out += self._write_off(player, rest)
                break
            given = exact(min(rest, self.size - self.pools[target]))
            price = cv.help_whists_per_point
            self.pools[target] = exact(self.pools[target] + given)
            out.append(Entry(POOL, target, given, R_HELP, Term("helped_by", (player,))))
            term = Term("help", (given, price))
            out.append(Entry(WHIST, player, exact(given * price), R_HELP, term, target))
            rest = exact(rest - given)
        return out

    def _target(self, helper: str) -> str | None:
        """The unclosed pool to help; never the sitting-out dealer (SPEC §7.2)."""
        table = self.table
        open_pools = [
            p
            for p in table.clockwise_from(helper)
            if p != table.sitting_out and self.pools[p] < self.size
        ]
        if not open_pools:
            return None
        if table.convention.help_target == "next_clockwise":
            return open_pools[0]
        return max(open_pools, key=lambda p: self.pools[p])

    def _write_off(self, player: str, rest: Amount) -> list[Entry]:
        """Nobody to help: k mountain points per pool point (SPEC §7.3)."""
        cv = self.table.convention
        k = cv.pool_to_mountain_factor
        if cv.writeoff_below_zero == "negative_gora":
            self.gora[player] = exact(self.gora[player] - k * rest)
            return [
                Entry(GORA, player, exact(-k * rest), R_WRITE_OFF, Term("write_off", (rest, k)))
            ]
        out = []
        lowered = min(max(self.gora[player], 0), exact(k * rest))
        if lowered:
            self.gora[player] = exact(self.gora[player] - lowered)
            term = Term("write_off", (_per(lowered, k), k))  # lowered > 0 implies k > 0
            out.append(Entry(GORA, player, -lowered, R_WRITE_OFF, term))
        left = exact(rest - (_per(lowered, k) if k else 0))
        if left > 0:
            others = self.table.clockwise_from(player)
            each = divide(exact(left * 10 * k), len(others))
            term = Term("write_off_whists", (left, exact(10 * k), len(others)))
            out += [Entry(WHIST, player, each, R_WRITE_OFF, term, q) for q in others]
        return out


def _per(amount: Amount, k: Amount) -> Amount:
    return exact(Fraction(amount) / k)
