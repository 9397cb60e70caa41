"""Final settlement in whists, exact, for 3 or 4 players (SPEC §8.2).

``m_i = g_i − k·p_i`` (pool counted as negative mountain, which covers closed pools,
unfinished pools and play without a pool limit), ``G_i = 10·(avg(m) − m_i)``,
``V_i = Σ_j (w[i][j] − w[j][i])``, result ``G_i + V_i``; the results sum to 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import ScoringError
from .ledger import Totals
from .numbers import Amount, divide, exact


def settle(
    players: Sequence[str],
    pulka: Mapping[str, Amount],
    gora: Mapping[str, Amount],
    whists: Mapping[tuple[str, str], Amount],
    k: Amount,
) -> dict[str, Amount]:
    """Net whists per player; ``k`` is ``pool_to_mountain_factor``.

    >>> settle(["A", "B", "C"], {"A": 2}, {"C": 2}, {("B", "A"): 4, ("C", "A"): 2}, 1)
    {'A': 14, 'B': 4, 'C': -18}
    """
    n = len(players)
    if n not in (3, 4) or len(set(players)) != n:
        raise ScoringError("table.players", "players")
    mountain = {p: exact(gora.get(p, 0) - k * pulka.get(p, 0)) for p in players}
    total = exact(sum(mountain.values()))
    result = {p: divide(exact(10 * total - 10 * n * mountain[p]), n) for p in players}
    for (by, on), amount in whists.items():
        if by not in result or on not in result:
            missing = by if by not in result else on
            raise ScoringError("table.not_at_table", "whists", player=str(missing))
        result[by] = exact(result[by] + amount)
        result[on] = exact(result[on] - amount)
    return result


def settle_totals(players: Sequence[str], totals: Totals, k: Amount) -> dict[str, Amount]:
    """The settlement of a sheet's totals (adjustments stay outside, SPEC §8.2)."""
    return settle(players, totals.pulka, totals.gora, totals.whists, k)
