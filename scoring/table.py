"""The table a deal is scored at: seating, dealer, hands in play, pools before the deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .conventions import Convention
from .errors import DealError
from .ledger import new
from .numbers import Amount

#: How many results a convention's ``memo`` keeps before it starts again.
MEMO_SIZE = 16384


class PoolState(NamedTuple):
    """Pools and mountains before a deal; ``size`` None means no pool limit (SPEC §7)."""

    size: Amount | None
    pulka: Mapping[str, Amount]
    gora: Mapping[str, Amount]

    def closed(self, player: str) -> bool:
        return self.size is not None and self.pulka.get(player, 0) >= self.size


class Table(NamedTuple):
    """Who sits where for one deal. ``sitting_out`` is the 4-handed dealer (SPEC §1);
    ``hands`` are the players who hold cards in a game or misère."""

    convention: Convention
    players: tuple[str, ...]
    dealer: str | None
    sitting_out: str | None
    hands: tuple[str, ...]
    pool: PoolState | None = None

    @staticmethod
    def seat(
        convention: Convention,
        players: tuple[str, ...],
        dealer: str | None,
        pool: PoolState | None = None,
    ) -> Table:
        """The table of a deal, its seating checked (SPEC §1): made afresh for every deal,
        whoever sits there, in no cache keyed by the players' names (a tournament's
        seatings change every round)."""
        if len(players) == 3 and len(set(players)) == 3 and (dealer is None or dealer in players):
            return new(Table, (convention, players, dealer, None, players, pool))
        sitting_out, hands = _seating(players, dealer)
        return new(Table, (convention, players, dealer, sitting_out, hands, pool))

    def at_table(self, player: object, field: str) -> str:
        if player not in self.players:
            raise DealError("table.not_at_table", field, player=str(player))
        return str(player)

    def clockwise_from(self, player: str) -> tuple[str, ...]:
        """The other players, clockwise starting after ``player``."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]


def _seating(players: tuple[str, ...], dealer: str | None) -> tuple[str | None, tuple[str, ...]]:
    """Check a seating: (the sitting-out dealer, the hands holding cards, in seat order)."""
    count = len(players)
    if count not in (3, 4) or len(set(players)) != count:
        raise DealError("table.players", "players")
    if dealer is not None and dealer not in players:
        raise DealError("table.not_at_table", "dealer", player=str(dealer))
    if count == 3:
        return None, players
    if dealer is None:
        raise DealError("table.dealer_needed", "dealer")
    i = players.index(dealer)
    return dealer, players[:i] + players[i + 1 :]
