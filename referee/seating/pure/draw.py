"""Inside one table: the seat draw and the first dealer (TOURNAMENTS.md §6.1, Кодекс 3.1.1, 3.2.1).

The draw is by lot (the seeded ``random.Random``); among the seat orders the lot lists, the
first that gives every player his least-used seats wins, so seats even out over the rounds.
The first dealer is drawn among the players who dealt first least often, as the Serbian
league rotates its host: whoever hosted least hosts next [S32].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

from .history import Tally
from .values import Note, P


def draw_seats(
    players: Sequence[P], past: Tally[P], rng: random.Random
) -> tuple[tuple[P, ...], Note]:
    """A seat order for ``players`` and its note.

    The cost of an order is the sum of how often each player already had the seat he gets;
    minimising it also minimises the sum of squared seat counts, i.e. it evens seats out.
    """
    orders = list(permutations(players))
    rng.shuffle(orders)

    def used(order: tuple[P, ...]) -> int:
        return sum(past.seat_counts(p)[seat] for seat, p in enumerate(order))

    best = min(orders, key=used)  # the first of the cheapest: ties stay with the lot
    if best == orders[0]:
        return best, Note("seats_drawn")
    return best, Note("seats_balanced", {"before": used(orders[0]), "after": used(best)})


def draw_first_dealer(seats: Sequence[P], past: Tally[P], rng: random.Random) -> tuple[P, Note]:
    """The first dealer: by lot among those with the fewest first deals so far."""
    fewest = min(past.first_deals.get(p, 0) for p in seats)
    tied = [p for p in seats if past.first_deals.get(p, 0) == fewest]
    dealer = rng.choice(tied)
    if len(tied) == len(seats):
        return dealer, Note("dealer_lot", {"player": dealer})
    return dealer, Note("dealer_fewest", {"player": dealer, "fewest": fewest, "tied": len(tied)})
