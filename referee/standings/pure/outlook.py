"""Can I still qualify: each player's best and worst possible place after the remaining rounds,
against a cut (the best ``cut`` go on to a final or the next stage; issue 22, TOURNAMENTS §6).

Pure: ``outlook(rows, scoring, rounds_left, cut)`` reads the current standings (the rows of
``ranking.standings``) and the tournament's declared conversion (``points.RoundScoring``).

**What one round can give** (``round_range``): the least and the most round points one player
can get at one table, over the table sizes the remaining rounds may have. Both ends are reached
at some table, so the range is exact:

* ``placement_points``: every pattern of a table's results (order, ties, signs) is tried with
  small whole whists, so the ends are the method's own, e.g. the published 3-table row: at most
  3 + 1 (the sole winner's bonus), at least 0 (third place).
* ``cutoff_bands`` / ``coefficient_bands``: at most the points of the bands' last bound
  (``cutoff_bands``: 200 + 45 = 245, reached by +650 against −650 and 0); at least its
  negative when ``symmetric`` (a loss counts in the bands), no bound when a loss counts in
  full; no bound either way when the last band has no upper bound and a positive weight
  (``coefficient_bands``: above 100 whists, 1 per 10, without end).
* ``raw_whists``: the whists themselves, no bound.

Where a round has no bound on either side, nothing is certain: the verdict is ``unknown``
with the note ``outlook.no_bound`` and no places. So it is when players below the elimination
threshold leave the tournament (``Elimination(action="remove")``): anyone may still be sent
below everyone in play, or see his rivals sent there (note ``outlook.elimination``).

**The places** (``rounds_left`` ≥ 1), with ``low`` and ``high`` the round's range, R the rounds
left and c the current tournament points:

* best place of P = 1 + the players in play who stay *strictly* above him even when P gets
  ``high`` in every round and they get ``low``: ``c_j + R·low > c_P + R·high``;
* worst place of P = 1 + the players in play who can reach him or pass him when P gets ``low``
  in every round and they get ``high``: ``c_j + R·high ≥ c_P + R·low``.

A tie on points after the remaining rounds goes either way (to P in his best place, against
him in his worst): every later level of the chain (whists, first places, head to head,
opponents' points) still changes while rounds remain, so none decides it in advance.

These are bounds, not the reachable extremes (``exact`` is False): the best place is
*optimistic*, the worst *pessimistic*. When P gets the most, his table-mates cannot all get the
least (placement points: one place each, the second of three gets 1 or 2; bands: the whists
are zero-sum, so P's +650 are −650 spread over his table-mates), and at every other table
somebody does well. Which of them meet depends on the seating of the rounds to come, which is
not known; over every seating the true extremes lie inside the bounds. The verdicts are
therefore safe: ``qualified`` (worst place within the cut: certain whatever happens) and
``eliminated`` (best place beyond it: certain) are never wrong; ``open`` says only that the
bounds do not exclude either outcome.

**Rounds left** are every round of the stage that can still change: the planned rounds not
yet seated and any round not finished (a table in play, or locked but still open to the chief's
reopening); the caller gives ``rows`` over the finished rounds only (``services.qualify``). A
round may also give a player nothing (absent, not seated) or a fixed bye (``outside``): the
range of a round is widened to take them in, so they cannot turn a certain verdict wrong.

**Who is a rival** (``cut``): only the contenders, the players still in play (``eligible``) and
not removed; the withdrawn, eliminated and disqualified take nobody's place, exactly as the
seating of the next stage counts them. Their own verdict is ``eliminated`` with no places and
the note ``outlook.not_in_play``; ``current`` is a contender's place among the contenders.

With no rounds left the places are final and ``exact`` is True: the seating's own rule
(``cut.cut_at``) decides, the chain's ties sharing their places (a tie straddling the cut is
``open``: the seating refuses it until the lot decides).

What the outlook cannot foresee: a deduction still to be recorded, a player reinstated on
appeal (a rival again), a correction after a round is finished.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Literal

from .cut import Cut, contenders, cut_at
from .exact import Player, StandingsError
from .methods import (
    CoefficientBands,
    ConversionMethod,
    CutoffBands,
    PlacementPoints,
    RawWhists,
    banded,
)
from .points import RoundScoring
from .ranking import StandingRow

Verdict = Literal["qualified", "eliminated", "open", "unknown"]
VERDICTS: tuple[Verdict, ...] = ("qualified", "eliminated", "open", "unknown")
TABLE_SIZES = (3, 4)
#: the note of a player no longer in play (withdrawn, eliminated, disqualified): out, no place
OUT = "outlook.not_in_play"

#: whole whists tried at a table for ``placement_points``: every order, tie and sign of 3 or 4
#: results appears among the zero-sum tuples of these (+6 −1 −2 −3 is the widest pattern).
_TRIED = range(-8, 9)


class OutlookError(StandingsError):
    """An outlook asked with a cut, a number of rounds or table sizes that cannot be."""


@dataclass(frozen=True)
class RoundRange:
    """The least and the most round points one player can get in one round; None: no bound."""

    low: Fraction | None
    high: Fraction | None

    @property
    def bounded(self) -> bool:
        return self.low is not None and self.high is not None


@dataclass(frozen=True)
class Outlook:
    """One player's outlook. ``current``: his rank now; ``best`` and ``worst``: the best and the
    worst place he can end with (None when unknown); ``exact``: they are the reachable places,
    not bounds; ``note``: the code saying why the verdict is ``unknown``."""

    player: Player
    current: int
    best: int | None
    worst: int | None
    verdict: Verdict
    exact: bool
    note: str | None = None


def round_range(scoring: RoundScoring, table_sizes: Collection[int] = TABLE_SIZES) -> RoundRange:
    """What one round can give a player at most and at least under the tournament's conversion.

    >>> from referee.standings.pure.points import CutoffBands
    >>> r = round_range(RoundScoring(PlacementPoints()), (3,))
    >>> str(r.low), str(r.high)
    ('0', '4')
    >>> r = round_range(RoundScoring(CutoffBands()))
    >>> str(r.low), str(r.high)
    ('-245', '245')
    >>> round_range(RoundScoring(RawWhists()))
    RoundRange(low=None, high=None)
    """
    sizes = _sizes(table_sizes)
    return _method_range(scoring.method, sizes)


def _method_range(method: ConversionMethod, sizes: tuple[int, ...]) -> RoundRange:
    if isinstance(method, PlacementPoints):
        values = [v for size in sizes for v in _placement_values(method, size)]
        return RoundRange(min(values), max(values))
    if isinstance(method, CutoffBands | CoefficientBands):
        top, weight = method.bands[-1]
        if top is None and weight > 0:
            return RoundRange(None, None)
        bounds = [upper for upper, _ in method.bands if upper is not None]
        high = banded(bounds[-1], method.bands) if bounds else Fraction(0)
        return RoundRange(-high if method.symmetric else None, high)
    if isinstance(method, RawWhists):
        return RoundRange(None, None)
    return RoundRange(None, None)  # a method whose range is not known here: no bound claimed


@cache
def _placement_values(method: PlacementPoints, size: int) -> frozenset[Fraction]:
    """Every round point one seat can get at a table of ``size`` under ``method``."""
    players = [str(i) for i in range(size)]
    found: set[Fraction] = set()
    for head in product(_TRIED, repeat=size - 1):
        whists = [Fraction(w) for w in (*head, -sum(head))]
        found.update(method.points(dict(zip(players, whists, strict=True))).values())
    return frozenset(found)


def _sizes(table_sizes: Collection[int]) -> tuple[int, ...]:
    sizes = tuple(sorted(set(table_sizes))) if not isinstance(table_sizes, str) else ()
    if not sizes or any(s not in TABLE_SIZES for s in sizes):
        raise OutlookError("table sizes are 3 and/or 4", "table_sizes", "outlook.table_sizes")
    return sizes


def _whole(value: object, field: str, least: int, code: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OutlookError(f"expected a whole number from {least}, got {value!r}", field, code)
    return value


def outlook(
    rows: Sequence[StandingRow],
    scoring: RoundScoring,
    rounds_left: int,
    cut: int,
    table_sizes: Collection[int] = TABLE_SIZES,
    eligible: Collection[Player] | None = None,
    outside: Collection[Fraction] = (),
) -> tuple[Outlook, ...]:
    """Each player's best and worst place after ``rounds_left`` more rounds and his verdict
    against the cut (the best ``cut`` places qualify), in the order of ``rows``.

    ``rows``: the standings after the rounds that can no longer change (``ranking.standings``);
    ``eligible``: the players still in play (``cut.contenders``; None: every row not
    removed); ``outside``: what a round can give a player away from the tables (a fixed bye).
    The module's note gives the rules.
    """
    rounds = _whole(rounds_left, "rounds_left", 0, "outlook.rounds")
    cut = _whole(cut, "cut", 1, "outlook.cut")
    sizes = _sizes(table_sizes)
    if len({row.player for row in rows}) != len(rows):
        raise OutlookError("a player has two rows", "rows", "outlook.player_twice")
    standing = cut_at(rows, cut, eligible)
    out = {
        r.player: Outlook(r.player, r.rank, None, None, "eliminated", rounds == 0, OUT)
        for r in rows
        if r.player not in standing.places
    }
    if rounds == 0:  # the seating's own rule: the places are final
        return tuple(out.get(r.player) or _now(r.player, standing) for r in rows)
    bounds = _method_range(scoring.method, sizes)
    note = None
    if not bounds.bounded:
        note = "outlook.no_bound"
    elif scoring.elimination is not None and scoring.elimination.action == "remove":
        note = "outlook.elimination"
    if note is not None or bounds.low is None or bounds.high is None:
        unknown = {
            p: Outlook(p, place.best, None, None, "unknown", False, note)
            for p, place in standing.places.items()
        }
        return tuple(out.get(r.player) or unknown[r.player] for r in rows)
    # a round away from the tables gives 0 (absent, not seated) or a fixed bye: in the range too
    low = rounds * min(bounds.low, Fraction(0), *outside)
    high = rounds * max(bounds.high, Fraction(0), *outside)
    rivals = contenders(rows, eligible)
    result = []
    for row in rows:
        if row.player in out:
            result.append(out[row.player])
            continue
        others = [r.points for r in rivals if r.player != row.player]
        best = 1 + sum(p + low > row.points + high for p in others)
        worst = 1 + sum(p + high >= row.points + low for p in others)
        current = standing.places[row.player].best
        result.append(Outlook(row.player, current, best, worst, _verdict(best, worst, cut), False))
    return tuple(result)


def _now(player: Player, standing: Cut) -> Outlook:
    """No deal left: the places among the contenders, the verdict the seating's (``cut``)."""
    place = standing.places[player]
    verdict: Verdict = (
        "qualified"
        if player in standing.through
        else "open"
        if player in standing.tied
        else "eliminated"
    )
    return Outlook(player, place.best, place.best, place.worst, verdict, True)


def _verdict(best: int, worst: int, cut: int) -> Verdict:
    if worst <= cut:
        return "qualified"
    if best > cut:
        return "eliminated"
    return "open"


__all__ = [
    "TABLE_SIZES",
    "VERDICTS",
    "Outlook",
    "OutlookError",
    "RoundRange",
    "Verdict",
    "outlook",
    "round_range",
]
