"""The dealer rotation (SPEC §6.3, Kodeks 3.2.2): the first deal is dealt by the seat drawn
as first dealer, every next one by the player clockwise after the last deal's dealer. The
convention option ``deal_rotation = dealer_repeats_on_raspasy`` lets the same dealer deal
again after a raspasy (old style); ``always_clockwise`` (every preset) never does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings

from referee.tables.refusals import REFUSALS

from .dealdata import LETTERS
from .models import Table


def expected_dealers(
    letters: Sequence[str], first: str, previous: Mapping[str, Any] | None, repeats: bool
) -> tuple[str, ...]:
    """Who may deal the next deal, given the last deal on the sheet (None: the first)."""
    last = (previous or {}).get("dealer")
    if previous is None or last is None or last not in letters:
        return (first,)
    after = letters[(letters.index(last) + 1) % len(letters)]
    if repeats and previous.get("type") == "raspasy":
        return (last, after)
    return (after,)


def check_dealer(
    table: Table, before: Sequence[Mapping[str, Any]], deal: Mapping[str, Any]
) -> None:
    """Refuse ``deal`` (at the ``dealer`` field, naming the expected dealer) unless its
    dealer follows the rotation after the deals ``before`` it on the sheet. A table of
    three may leave the dealer out (the engine needs none there): nothing to check."""
    if not getattr(settings, "ENFORCE_DEALER_ROTATION", True) or "dealer" not in deal:
        return
    seats = list(table.seats.select_related("registration__player").order_by("position"))
    if not seats:
        return
    letters = LETTERS[: len(seats)]
    first = next((LETTERS[i] for i, s in enumerate(seats) if s.first_dealer), letters[0])
    rules = table.round.tournament.rules()
    repeats = getattr(rules, "deal_rotation", "") == "dealer_repeats_on_raspasy"
    allowed = expected_dealers(letters, first, before[-1] if before else None, repeats)
    if deal.get("dealer") in allowed:
        return
    names = {LETTERS[i]: s.registration.player.name for i, s in enumerate(seats)}
    expected = names[allowed[-1] if len(allowed) > 1 else allowed[0]]
    raise REFUSALS.error("deal.dealer_turn", "dealer", name=expected)
