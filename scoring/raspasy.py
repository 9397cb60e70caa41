"""Raspasy (all-pass): mountain or whists recording, ladders, zero-trick bonus (SPEC §6)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .ledger import GORA, POOL, WHIST, Entry, Outcome, Term, new
from .numbers import Amount, divide, exact
from .table import Table

R_MOUNTAIN = "Kodeks 3.7.2.1 (raspasy to the mountain)"
R_WHISTS = "Kodeks 3.7.2.2 (raspasy on whists)"
R_ZERO = "SPEC §6.2 (raspasy: no tricks)"
R_IDLE = "SEED-004 (raspasy: the dealer holds no cards)"
R_AMNESTY = "SPEC §6.6 (raspasy amnesty)"


def hands_in_play(table: Table) -> tuple[str, ...]:
    """The three active players, and the 4-handed dealer if he plays the talon (§6.1)."""
    if table.sitting_out is None or table.convention.raspasy_talon == "dealer_plays":
        return table.players
    return tuple(p for p in table.players if p != table.sitting_out)


def score_raspasy(
    table: Table, tricks: Mapping[str, int], series_index: int
) -> tuple[list[Entry], Outcome]:
    cv = table.convention
    step = cv.raspasy_step(series_index)
    hands = hands_in_play(table)
    if cv.raspasy_recording == "whists":
        entries = _on_whists(table, hands, tricks, series_index, step)
    else:
        entries = _to_mountain(table, hands, tricks, series_index, step)
    if table.sitting_out is not None and table.sitting_out not in hands:
        idle = cv.raspasy_idle_dealer_pool
        if idle:
            entries.append(Entry(POOL, table.sitting_out, idle, R_IDLE, Term("raspasy_idle")))
    return entries, _RASPASY


_RASPASY = Outcome("raspasy")  # (immutable: one for every raspasy)


def _gets_zero_bonus(table: Table, player: str) -> bool:
    return not (table.convention.raspasy_zero_bonus_excludes_dealer and player == table.dealer)


def _to_mountain(
    table: Table, hands: tuple[str, ...], tricks: Mapping[str, int], k: int, step: Amount
) -> list[Entry]:
    cv = table.convention
    entries = []
    for p in hands:
        taken = tricks[p]
        if taken:
            term = new(Term, ("raspasy_tricks", (k, taken, step)))
            entries.append(new(Entry, (GORA, p, step * taken, R_MOUNTAIN, term, None)))
        elif _gets_zero_bonus(table, p):
            entries += _zero_bonus(cv.raspasy_zero_bonus, p, k, step)
    if cv.raspasy_amnesty:
        least = min(tricks[p] for p in hands)
        if least:
            term = Term("raspasy_amnesty", (k, least, step))
            entries += [Entry(GORA, p, -step * least, R_AMNESTY, term) for p in hands]
    return entries


def _zero_bonus(kind: str, player: str, k: int, step: Amount) -> list[Entry]:
    term = new(Term, ("raspasy_zero", (k,)))
    if kind == "pool_price":
        return [new(Entry, (POOL, player, step, R_ZERO, term, None))]
    if kind == "pool_half_price":
        return [Entry(POOL, player, divide(step, 2), R_ZERO, term)]
    if kind == "pool_one":
        return [Entry(POOL, player, 1, R_ZERO, term)]
    if kind == "gora_minus_two_prices":
        return [Entry(GORA, player, -2 * step, "FSPR 6.5 (raspasy: no tricks)", term)]
    return []


def _on_whists(
    table: Table, hands: tuple[str, ...], tricks: Mapping[str, int], k: int, step: Amount
) -> list[Entry]:
    """The fewest-tricks player writes x per trick on each other; a tie writes in halves."""
    cv = table.convention
    first = cv.raspasy_progression[0]
    price = cv.raspasy_whist_price
    if step != first:  # x × p_k / p_1 at the k-th raspasy of a series (SPEC §6.5)
        price = exact(Fraction(price) * step / first)
    least = min(tricks[p] for p in hands)
    writers = [p for p in hands if tricks[p] == least]
    entries = []
    for p in hands:
        if tricks[p] == 0 and _gets_zero_bonus(table, p):
            term = new(Term, ("raspasy_zero", (k,)))
            entries.append(new(Entry, (POOL, p, step, R_ZERO, term, None)))
    for victim in hands:
        taken = tricks[victim]
        if victim in writers or not taken:
            continue
        for writer in writers:
            amount = divide(price * taken, len(writers))
            code = "raspasy_whists" if len(writers) == 1 else "raspasy_whists_half"
            term = new(Term, (code, (k, taken, price)))
            entries.append(new(Entry, (WHIST, writer, amount, R_WHISTS, term, victim)))
    return entries
