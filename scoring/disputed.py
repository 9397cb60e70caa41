"""Disputed defence plan, Kodeks 3.8.5.1 (SPEC §9.7).

``val_X(outcome)`` is player X's settled value of a deal outcome alone (SPEC §8 on
that deal's entries, pool as negative mountain, divisor n). Commercial: each dissenter
writes ``val(guaranteed) − val(actual)`` on the insisting player (the other way round
when negative). Qualification: the ledger is the outcome the lot gave the declarer;
every other player is adjusted to his assigned outcome (the alternative for the
dissenter, the actual play for the rest), outside the sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .errors import RulingError
from .ledger import ADJUSTMENT, WHIST, Entry, Outcome, Term, Totals
from .model import DisputedPlanCommercial, DisputedPlanQualification
from .numbers import Amount, exact
from .settlement import settle_totals
from .table import Table

Scorer = Callable[[Mapping[str, int]], tuple[list[Entry], Outcome]]


def value_of(table: Table, entries: list[Entry]) -> dict[str, Amount]:
    """Each player's settled value of these entries alone."""
    k = table.convention.pool_to_mountain_factor
    return settle_totals(table.players, Totals.of(entries), k)


def commercial(
    table: Table,
    declarer: str,
    ruling: DisputedPlanCommercial,
    actual: tuple[list[Entry], Outcome],
    score: Scorer,
) -> tuple[list[Entry], Outcome]:
    insisting = table.at_table(ruling.insisting, "ruling.insisting")
    if insisting == declarer:
        raise RulingError("ruling.insisting_declarer", "ruling.insisting")
    if not ruling.dissenters or len(set(ruling.dissenters)) != len(ruling.dissenters):
        raise RulingError("ruling.dissenters", "ruling.dissenters")
    for who in ruling.dissenters:
        table.at_table(who, "ruling.dissenters")
        if who in (declarer, insisting):
            raise RulingError("ruling.dissenter_role", "ruling.dissenters", player=who)
    entries, outcome = actual
    guaranteed, _ = score(ruling.guaranteed)
    val_actual = value_of(table, entries)
    val_guaranteed = value_of(table, guaranteed)
    extra = []
    for who in ruling.dissenters:
        amount = exact(val_guaranteed[who] - val_actual[who])
        term = Term("guarantee", (val_guaranteed[who], val_actual[who]))
        if amount > 0:
            extra.append(Entry(WHIST, who, amount, ruling.rule, term, insisting))
        elif amount < 0:
            extra.append(Entry(WHIST, insisting, -amount, ruling.rule, term, who))
    return entries + extra, outcome


def qualification(
    table: Table,
    declarer: str,
    ruling: DisputedPlanQualification,
    actual: tuple[list[Entry], Outcome],
    score: Scorer,
) -> tuple[list[Entry], Outcome]:
    dissenter = table.at_table(ruling.dissenter, "ruling.dissenter")
    if dissenter == declarer:
        raise RulingError("ruling.dissenter_declarer", "ruling.dissenter")
    if ruling.lot not in ("actual", "alternative"):
        raise RulingError("ruling.lot", "ruling.lot")
    alternative = score(ruling.alternative)
    ledger = actual if ruling.lot == "actual" else alternative
    val_ledger = value_of(table, ledger[0])
    val_of = {
        "actual": value_of(table, actual[0]),
        "alternative": value_of(table, alternative[0]),
    }
    adjustments = []
    for player in table.players:
        if player == declarer:
            continue
        assigned = "alternative" if player == dissenter else "actual"
        amount = exact(val_of[assigned][player] - val_ledger[player])
        if amount:
            term = Term("compensation", (assigned, val_of[assigned][player], val_ledger[player]))
            adjustments.append(Entry(ADJUSTMENT, player, amount, ruling.rule, term))
    return ledger[0] + adjustments, ledger[1]
