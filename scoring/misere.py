"""Misère: made → pool, caught tricks → mountain, no whists (SPEC §5)."""

from __future__ import annotations

from .ledger import GORA, POOL, Entry, Outcome, Term
from .table import Table

RULE = "SPEC §5 (misère)"


def score_misere(table: Table, declarer: str, taken: int) -> tuple[list[Entry], Outcome]:
    cv = table.convention
    if taken == 0:
        return [Entry(POOL, declarer, cv.misere_value, RULE, Term("misere_made"))], Outcome("made")
    m = cv.misere_fail_per_trick
    entry = Entry(GORA, declarer, m * taken, RULE, Term("misere_caught", (taken, m)))
    return [entry], Outcome("set")
