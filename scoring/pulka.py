"""A table session (pulka): deals in order, raspasy series, pool closing, settlement.

SPEC §6.3–6.4, §6.8 (series index, exit minimum, what ends a series), §7 (help and the
end of the pulka), §8 (settlement after the last deal), §12.5.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .conventions import Convention
from .deal import score_deal
from .errors import PulkaError, ScoringError, shown
from .ledger import DealResult, Outcome, Totals
from .model import Deal, DealType
from .numbers import Amount
from .settlement import settle_totals
from .table import PoolState

GAME, RASPASY = DealType.GAME, DealType.RASPASY  # as globals: faster than the Enum's


@dataclass(frozen=True, slots=True)
class PulkaResult:
    """Each deal's entries, the sheet's totals and its settlement (zero-sum)."""

    players: tuple[str, ...]
    deals: tuple[DealResult, ...]
    totals: Totals
    result: dict[str, Amount]
    raspasy_in_series: int
    finished: bool


def ends_series(cv: Convention, outcome: Outcome) -> bool:
    """Whether a deal that is not a raspasy ends the current series (SPEC §6.3)."""
    if outcome.result == "annulled":
        return False
    rule = cv.raspasy_series_ends_on
    if rule == "any_game":
        return True
    if outcome.result != "made":
        return False
    if rule == "made_game":
        return True
    if outcome.half_whist:
        return cv.half_whist_exits_raspasy
    return outcome.whisted


def score_pulka(
    convention: Convention,
    players: Sequence[str],
    deals: Iterable[Deal],
    pool_size: Amount | None = None,
) -> PulkaResult:
    """Score a whole sheet from empty; an invalid deal refuses the whole pulka and the
    error names the deal by its position (1-based).

    Sochi: SO-09 (A set by one: mountain A 2; whists B→A 12, C→A 2), then raspasy #1 at
    1 per trick (mountains A 4, B 3, C 3). Mountains A 6, B 3, C 3, average 4: G = 10 ×
    (4 − m) = −20, 10, 10; whists A −14, B +12, C +2; results −34, 22, 12 (SPEC §8.2):

    >>> from scoring import Call, Deal, DealType, DefenceCall, Play, preset
    >>> so_09 = Deal(DealType.GAME, declarer="A", level=6, strain="S",
    ...              defence=(DefenceCall("B", Call.WHIST), DefenceCall("C", Call.PASS)),
    ...              play=Play.OPEN, tricks={"A": 5, "B": 3, "C": 2})
    >>> raspasy = Deal(DealType.RASPASY, tricks={"A": 4, "B": 3, "C": 3})
    >>> sheet = score_pulka(preset("sochi"), ("A", "B", "C"), [so_09, raspasy])
    >>> sheet.totals.gora, sheet.result
    ({'A': 6, 'B': 3, 'C': 3}, {'A': -34, 'B': 22, 'C': 12})
    """
    seating = tuple(players)
    totals = Totals({}, {}, {}, {})
    results: list[DealResult] = []
    in_series = 0
    finished = False
    for number, deal in enumerate(deals, start=1):
        try:
            if finished:
                raise PulkaError("pulka.over")
            deal = _check_series(convention, deal, in_series)
            pool = PoolState(pool_size, totals.pulka, totals.gora)
            result = score_deal(convention, seating, deal, pool)
        except ScoringError as error:
            raise error.within(f"deal {number}") from None
        results.append(result)
        totals.add(result.entries)
        if deal.type == RASPASY:
            in_series += 1
        elif ends_series(convention, result.outcome):
            in_series = 0
        if pool_size is not None:
            finished = all(totals.pulka.get(p, 0) >= pool_size for p in seating)
    k = convention.pool_to_mountain_factor
    return PulkaResult(
        seating,
        tuple(results),
        totals,
        settle_totals(seating, totals, k),
        in_series,
        finished,
    )


def _check_series(cv: Convention, deal: Deal, in_series: int) -> Deal:
    """Derive the raspasy index; refuse a contract below the exit minimum (SPEC §6.8)."""
    if deal.type == RASPASY:
        index = in_series + 1
        given = deal.series_index
        if given is not None and (type(given) is not int or given != index):
            field = "raspasy.series_index"
            raise PulkaError("pulka.series_index", field, given=shown(given), derived=index)
        return dataclasses.replace(deal, series_index=index)
    level = deal.level
    if deal.type == GAME and type(level) is int:
        minimum = cv.minimum_level(in_series)
        if level < minimum:
            raise PulkaError("pulka.below_minimum", "contract.level", level=level, minimum=minimum)
    return deal
