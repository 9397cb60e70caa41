"""A deal as stored (JSON in the case format of SPEC §12.2) to the engine's typed value.

Players at a table are named by seat letter: ``A`` for seat 1, ``B`` for seat 2, and so on,
so a table's deals read exactly like a case file and can be checked with ``python -m scoring``.
The referee's own rulings (SPEC §9.9) ride along under ``referee_rulings``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import scoring
from scoring.casefile import parse_deal
from scoring.errors import RulingError

LETTERS = "ABCD"


def letters(count: int) -> tuple[str, ...]:
    return tuple(LETTERS[:count])


def to_deal(data: Mapping[str, Any]) -> scoring.Deal:
    """The engine's ``Deal`` for stored ``data``; raises ``scoring.ScoringError``."""
    core = {k: v for k, v in data.items() if k not in ("dealer", "referee_rulings")}
    deal = parse_deal(core, data.get("dealer"))
    extra = data.get("referee_rulings") or []
    if not isinstance(extra, list):
        raise RulingError("referee rulings are a list", "referee_rulings")
    rulings = tuple(_referee_ruling(item, i) for i, item in enumerate(extra))
    return dataclasses.replace(deal, referee_rulings=rulings) if rulings else deal


def _referee_ruling(item: Any, i: int) -> scoring.model.RefereeRuling:
    field = f"referee_rulings[{i}]"
    if not isinstance(item, Mapping):
        raise RulingError("a ruling is an object", field)
    kind = item.get("kind")
    try:
        if kind == "prikup_refusal":
            return scoring.PrikupRefusal(item["points"])
        if kind == "raspasy_dealer_fine":
            return scoring.RaspasyDealerFine(item["points"])
        if kind == "talon_peeking":
            return scoring.TalonPeeking(item["player"])
        if kind == "manual":
            return scoring.ManualEntry(
                kind=item["entry"],
                player=item["player"],
                amount=item["amount"],
                reason=item.get("reason", ""),
                on=item.get("on"),
                rule=item.get("rule") or "referee ruling",
            )
    except KeyError as missing:
        raise RulingError(f"{missing.args[0]} is required", field) from None
    raise RulingError(f"unknown referee ruling {kind!r}", field)


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
