"""Penalty sets without play and the referee's own rulings (SPEC §9.1, §9.2, §9.5–9.9)."""

from __future__ import annotations

from .errors import CaseError, RulingError
from .game import consolation
from .ledger import ADJUSTMENT, GORA, POOL, WHIST, Entry, Kind, Term
from .model import (
    ManualEntry,
    PrikupRefusal,
    RaspasyDealerFine,
    RefereeRuling,
    SetWithoutAll,
    TalonPeeking,
    WrongCardCount,
)
from .numbers import Amount, from_json
from .table import Table


def penalty_set(
    table: Table, declarer: str, level: int, undertricks: int, rule: str
) -> list[Entry]:
    """A set "without ``undertricks``" at ``level`` with no play: mountain R × u, and
    consolation when ``penalty_set_consolation`` is on; no trick whists, no premium."""
    cv = table.convention
    r = cv.prices.set[level]
    term = Term("penalty_set", (rule, level, undertricks, r))
    entries = [Entry(GORA, declarer, r * undertricks, rule, term)]
    if cv.penalty_set_consolation:
        entries += [
            e._replace(rule=rule) for e in consolation(table, declarer, level, undertricks, None)
        ]
    return entries


def set_without_all(table: Table, declarer: str, ruling: SetWithoutAll) -> list[Entry]:
    """Kodeks 3.4.4: "без всех" at the level reached in the bidding (SPEC §9.1)."""
    return penalty_set(table, declarer, ruling.bid_level, ruling.bid_level, ruling.rule)


def wrong_card_count(
    table: Table, declarer: str, level: int, ruling: WrongCardCount
) -> list[Entry] | None:
    """Kodeks 3.4.6: without 2 + proven; ``deliberate_only``: annulled (None) unless
    deliberate, then without 2 (SPEC §9.2)."""
    if table.convention.wrong_cards_rule == "deliberate_only":
        if not ruling.deliberate:
            return None
        return penalty_set(table, declarer, level, 2, ruling.rule)
    return penalty_set(table, declarer, level, 2 + ruling.proven_undertricks, ruling.rule)


def referee_entries(table: Table, rulings: tuple[RefereeRuling, ...], raspasy: bool) -> list[Entry]:
    """Entries of the application's rulings; each carries its rule reference (SPEC §9.9)."""
    entries: list[Entry] = []
    for i, ruling in enumerate(rulings):
        field = f"referee_rulings[{i}]"
        if isinstance(ruling, PrikupRefusal | RaspasyDealerFine):
            if table.dealer is None:
                raise RulingError("ruling.dealer_needed", field)
            if isinstance(ruling, RaspasyDealerFine) and not raspasy:
                raise RulingError("ruling.fine_not_raspasy", field)
            points = _points(ruling.points, field)
            code = "prikup_refusal" if isinstance(ruling, PrikupRefusal) else "raspasy_dealer_fine"
            entries.append(Entry(GORA, table.dealer, points, ruling.rule, Term(code, (points,))))
        elif isinstance(ruling, ManualEntry):
            entries.append(_manual(table, ruling, field))
        elif isinstance(ruling, TalonPeeking):
            table.at_table(ruling.player, f"{field}.player")
        else:
            raise RulingError("ruling.unknown_referee", field, value=type(ruling).__name__)
    return entries


def _points(value: object, field: str) -> Amount:
    try:
        points = from_json(value)
    except CaseError as error:
        if error.code == "case.not_number" or error.code == "case.bool_not_number":
            raise RulingError("ruling.points_number", field) from None
        raise RulingError(error.code, field, **error.params) from None
    if points < 0:
        raise RulingError("ruling.points_negative", field)
    return points


def _manual(table: Table, ruling: ManualEntry, field: str) -> Entry:
    kinds = (POOL, GORA, WHIST, ADJUSTMENT)
    if ruling.kind not in kinds:
        raise RulingError("ruling.manual_kind", f"{field}.entry")
    player = table.at_table(ruling.player, f"{field}.player")
    if not ruling.reason.strip():
        raise RulingError("ruling.manual_reason", f"{field}.reason")
    try:
        amount = from_json(ruling.amount)
    except CaseError as error:
        if error.code == "case.not_number" or error.code == "case.bool_not_number":
            raise RulingError("ruling.amount_number", f"{field}.amount") from None
        raise RulingError(error.code, f"{field}.amount", **error.params) from None
    on = None
    if ruling.kind == WHIST:
        if ruling.on is None:
            raise RulingError("ruling.whist_needs_on", f"{field}.on")
        on = table.at_table(ruling.on, f"{field}.on")
        if on == player:
            raise RulingError("ruling.whists_on_himself", f"{field}.on")
        if amount < 0:
            raise RulingError("ruling.whist_negative", f"{field}.amount")
    elif ruling.on is not None:
        raise RulingError("ruling.on_whist_only", f"{field}.on")
    term = Term("manual", (ruling.reason,))
    return Entry(Kind(ruling.kind), player, amount, ruling.rule, term, on)
