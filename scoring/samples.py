"""Random valid deals and pulkas, for benchmarks, property tests and demo data.

Every deal produced here is legal under the convention it is made for; the
generator follows the call patterns of ``calls.py`` and the trick rules of §6.1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .calls import defenders_of
from .conventions import Convention
from .deal import score_deal
from .ledger import Totals
from .model import STRAINS, Call, Deal, DealType, DefenceCall, Play
from .numbers import Amount
from .pulka import ends_series
from .raspasy import hands_in_play
from .table import PoolState, Table

CARDS = [s + r for s in "SCDH" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
_LEVELS = (6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10)


def random_deal(
    rng: random.Random,
    cv: Convention,
    players: Sequence[str],
    dealer: str | None,
    *,
    minimum_level: int = 6,
    series_index: int = 1,
) -> Deal:
    table = Table.seat(cv, tuple(players), dealer)
    roll = rng.random()
    if roll < 0.15:
        return _raspasy(rng, table, series_index)
    if roll < 0.2:
        return _misere(rng, table)
    return _game(rng, table, minimum_level)


def _split(
    rng: random.Random, total: int, hands: Sequence[str], cap: dict[str, int]
) -> dict[str, int]:
    """``total`` tricks dealt among ``hands`` at random, honouring per-hand caps."""
    while True:
        counts = dict.fromkeys(hands, 0)
        for _ in range(total):
            counts[rng.choice(hands)] += 1
        if all(counts[p] <= cap.get(p, 10) for p in hands):
            return counts


def _raspasy(rng: random.Random, table: Table, k: int) -> Deal:
    hands = hands_in_play(table)
    cap = {table.sitting_out: 2} if table.sitting_out in hands else {}
    tricks = _split(rng, 10, hands, cap)
    return Deal(DealType.RASPASY, table.dealer, tricks=tricks, series_index=k)


def _misere(rng: random.Random, table: Table) -> Deal:
    declarer = rng.choice([p for p in table.players if p != table.sitting_out])
    d1, d2 = defenders_of(table, declarer)
    taken = rng.choice((0, 0, 0, 0, 1, 1, 2, 3))
    tricks = {declarer: taken, **_split(rng, 10 - taken, (d1, d2), {})}
    return Deal(DealType.MISERE, table.dealer, declarer, play=Play.OPEN, tricks=tricks)


def _game(rng: random.Random, table: Table, minimum: int) -> Deal:
    declarer = rng.choice([p for p in table.players if p != table.sitting_out])
    level = max(rng.choice(_LEVELS), minimum)
    strain = rng.choice(STRAINS)
    d1, d2 = defenders_of(table, declarer)
    calls = _calls(rng, table, level, strain, d1, d2)
    talon = tuple(rng.sample(CARDS, 2)) if rng.random() < 0.3 else None
    if not _played(calls):
        return Deal(
            DealType.GAME, table.dealer, declarer, level, strain, calls, Play.NONE, talon=talon
        )
    taken = min(10, max(0, level + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    tricks = {declarer: taken, **_split(rng, 10 - taken, (d1, d2), {})}
    whisters = sum(c.call == Call.WHIST for c in calls)
    play = Play.CLOSED if whisters == 2 or rng.random() < 0.5 else Play.OPEN
    return Deal(
        DealType.GAME, table.dealer, declarer, level, strain, calls, play, tricks, talon=talon
    )


def _played(calls: tuple[DefenceCall, ...]) -> bool:
    """A whist, a return, a check or the dealer's whist means the deal is played."""
    kinds = [c.call for c in calls]
    if Call.RETURN_WHIST in kinds or Call.CHECK in kinds or len(calls) > 4:
        return True
    if Call.HALF_WHIST in kinds:
        return kinds[-1] == Call.WHIST  # the dealer took over after pass – half – pass
    return Call.WHIST in kinds


def _calls(
    rng: random.Random, table: Table, level: int, strain: str, d1: str, d2: str
) -> tuple[DefenceCall, ...]:
    cv = table.convention
    W, P, H, R = Call.WHIST, Call.PASS, Call.HALF_WHIST, Call.RETURN_WHIST
    if cv.ten_mode == "checked" and level == 10:
        return (DefenceCall(d1, Call.CHECK), DefenceCall(d2, Call.CHECK))
    if cv.stalingrad and level == 6 and strain == "S":
        return (DefenceCall(d1, W), DefenceCall(d2, W))
    options: list[list[tuple[str, Call]]] = [
        [(d1, W), (d2, W)],
        [(d1, W), (d2, P)],
        [(d1, P), (d2, W)],
        [(d1, P), (d2, P)],
    ]
    if level in cv.half_whist_levels:
        options += [[(d1, P), (d2, H)], [(d1, P), (d2, H), (d1, R)], [(d1, P), (d2, H), (d1, P)]]
        if cv.whist_sharing == "gentleman":
            options += [[(d1, W), (d2, P), (d1, H), (d2, P)], [(d1, W), (d2, P), (d1, H), (d2, R)]]
    chosen = rng.choice(options)
    calls = [DefenceCall(p, c) for p, c in chosen]
    dealer_may = (
        table.sitting_out is not None
        and chosen[-1][1] == P
        and ((len(chosen) == 2 and chosen[0][1] == P) or len(chosen) >= 3)
    )
    if dealer_may and rng.random() < 0.3:
        assert table.sitting_out is not None
        calls.append(DefenceCall(table.sitting_out, rng.choice((W, R)), rng.choice((None, d1, d2))))
    return tuple(calls)


def random_pulka(
    rng: random.Random,
    cv: Convention,
    players: Sequence[str],
    deals: int,
    pool_size: Amount | None = None,
) -> list[Deal]:
    """Up to ``deals`` legal deals in a row, the dealer passing clockwise, honouring the
    contract minimum after raspasy; with a ``pool_size`` it stops when every pool is closed.
    """
    out: list[Deal] = []
    in_series = 0
    totals = Totals({}, {}, {}, {})
    for i in range(deals):
        if pool_size is not None and all(totals.pulka.get(p, 0) >= pool_size for p in players):
            break
        dealer = players[i % len(players)]
        minimum = cv.minimum_level(in_series)
        deal = random_deal(
            rng, cv, players, dealer, minimum_level=minimum, series_index=in_series + 1
        )
        result = score_deal(cv, players, deal, PoolState(pool_size, totals.pulka, totals.gora))
        totals.add(result.entries)
        out.append(deal)
        if deal.type == DealType.RASPASY:
            in_series += 1
        elif ends_series(cv, result.outcome):
            in_series = 0
    return out
