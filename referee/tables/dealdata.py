"""A deal as stored (JSON in the case format of SPEC §12.2) to the engine's typed value.

Players at a table are named by seat letter: ``A`` for seat 1, ``B`` for seat 2, and so on,
so a table's deals read exactly like a case file and can be checked with ``python -m scoring``.
The referee's own rulings (SPEC §9.9) ride along under ``referee_rulings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import scoring
from scoring.casefile import parse_deal

LETTERS = "ABCD"


def letters(count: int) -> tuple[str, ...]:
    return tuple(LETTERS[:count])


def to_deal(data: Mapping[str, Any]) -> scoring.Deal:
    """The engine's ``Deal`` for stored ``data`` (the case format of SPEC §12.2 with its
    ``referee_rulings`` of §12.4.1); raises ``scoring.ScoringError``."""
    return parse_deal({k: v for k, v in data.items() if k != "dealer"}, data.get("dealer"))


def score_table(
    rules: scoring.Convention,
    seat_count: int,
    deals: Sequence[Mapping[str, Any]],
    pool_size: int | None,
) -> scoring.PulkaResult:
    """Score a table's deals in order; raises ``scoring.ScoringError`` naming the deal."""
    parsed = []
    for number, data in enumerate(deals, start=1):
        try:
            parsed.append(to_deal(data))
        except scoring.ScoringError as error:
            raise error.within(f"deal {number}") from None
    return scoring.score_pulka(rules, letters(seat_count), parsed, pool_size)
