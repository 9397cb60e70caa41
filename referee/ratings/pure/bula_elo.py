"""``bula_elo``: the Serbian-style Elo-like rating of TOURNAMENTS §12 [S42].

For players i and j at one table, with scores s (settled whists) and ratings R:

    D_ij = (s_i − s_j) / bula
    T_ij = (R_j − R_i) × 2.8 / 100
    N_ij = sign(s_i − s_j) × bula / 100
    C_ij = D_ij + T_ij + N_ij        (so C_ji = −C_ij)

and player i's change is round(Σ_j C_ij / (n − 1)): for a table of 3 exactly the source's
change_1 = round((C12 + C13) / 2), change_2 = round((−C12 + C23) / 2), change_3 =
round((−C13 − C23) / 2); a table of 4 averages over its three opponents the same way.

The sign note of §12: in the Serbian game a negative score (bula written off) is good, and
the source's numbers fit a "lower rating is better" reading. Here a score is a player's
settled whists, where more is better, and a higher rating is better: the formula as written
then rewards the better score and the weaker player, as an Elo rating should. A list fed
with scores where less is better must negate them first (``lower_is_better``).

Rounding: half away from zero (−27.5 → −28, 2.5 → 3), so that the changes of a table are
symmetric for mirrored results. Everything is exact (fractions) until that rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd

#: T_ij's factor: 2.8 rating points per 100 of rating difference.
RATING_FACTOR = Fraction(28, 1000)


@dataclass(frozen=True)
class BulaChange:
    """One player's change at a table, with the pair terms that explain it: C_ij for every
    other player j in seat order, kept as whole numerators over one ``denominator``."""

    change: int
    numerators: tuple[int, ...]
    denominator: int

    @property
    def terms(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(n, self.denominator) for n in self.numerators)


def round_half_away(value: Fraction) -> int:
    """Round to the nearest whole number, halves away from zero.

    >>> [round_half_away(Fraction(n, 2)) for n in (-55, 5, 4)]
    [-28, 3, 2]
    """
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if 2 * rest >= value.denominator:
        whole += 1
    return whole if value >= 0 else -whole


def _rounded(numerator: int, denominator: int) -> int:
    """``round_half_away(Fraction(numerator, denominator))`` for a positive denominator."""
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if numerator >= 0 else -whole


def pair_term(
    score_i: Fraction, score_j: Fraction, rating_i: Fraction, rating_j: Fraction, bula: int
) -> Fraction:
    """C_ij = D_ij + T_ij + N_ij (see the module's documentation)."""
    difference = score_i - score_j
    sign = (difference > 0) - (difference < 0)
    return difference / bula + (rating_j - rating_i) * RATING_FACTOR + Fraction(sign * bula, 100)


def _whole(values: Sequence[Fraction | int], scale: int) -> list[int]:
    """``values`` times ``scale`` (a multiple of every denominator), as whole numbers."""
    return [
        v.numerator * (scale // v.denominator) if isinstance(v, Fraction) else v * scale
        for v in values
    ]


def bula_elo_changes(
    ratings: Sequence[Fraction | int],
    scores: Sequence[Fraction | int],
    bula: int,
    *,
    lower_is_better: bool = False,
) -> list[BulaChange]:
    """Every player's change at one table of 3 or 4 (ratings and scores in seat order).

    Exact in whole numbers: with ``scale`` the common denominator of the inputs, every C_ij
    times L = 1000 · bula · scale is (s_i − s_j)·1000 + (R_j − R_i)·28·bula + sign·10·bula²·scale,
    scores and ratings taken times ``scale``."""
    if len(ratings) != len(scores) or len(scores) < 2:
        raise ValueError("one rating and one score per player, at least two players")
    if bula <= 0:
        raise ValueError("the bula is a positive number")
    scale = 1
    for value in (*ratings, *scores):
        if isinstance(value, Fraction) and value.denominator != 1:
            scale = scale * value.denominator // gcd(scale, value.denominator)
    rs = _whole(ratings, scale)
    ss = _whole(scores, scale)
    if lower_is_better:
        ss = [-s for s in ss]
    n = len(rs)
    denominator = 1000 * bula * scale
    step = 10 * bula * bula * scale
    factor = RATING_FACTOR.numerator * (1000 // RATING_FACTOR.denominator) * bula
    out = []
    for i in range(n):
        terms = []
        for j in range(n):
            if j == i:
                continue
            difference = ss[i] - ss[j]
            sign = (difference > 0) - (difference < 0)
            terms.append(difference * 1000 + (rs[j] - rs[i]) * factor + sign * step)
        change = _rounded(sum(terms), denominator * (n - 1))
        out.append(BulaChange(change, tuple(terms), denominator))
    return out
