"""Misère: made → pool, caught tricks → mountain, no whists (SPEC §5)."""

from __future__ import annotations

from .ledger import GORA, POOL, Entry, Outcome, Term, new
from .table import Table

RULE = "SPEC §5 (misère)"
_MADE_TERM = Term("misere_made")
_MADE, _SET = Outcome("made"), Outcome("set")


def score_misere(table: Table, declarer: str, taken: int) -> tuple[list[Entry], Outcome]:
    cv = table.convention
    if taken == 0:
        return [new(Entry, (POOL, declarer, cv.misere_value, RULE, _MADE_TERM, None))], _MADE
    m = cv.misere_fail_per_trick
    term = new(Term, ("misere_caught", (taken, m)))
    return [new(Entry, (GORA, declarer, m * taken, RULE, term, None))], _SET
