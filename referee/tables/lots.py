"""Kodeks 3.8.5.1(b), a disputed defence plan in a qualification tournament: the declarer
receives one of the two results by lot, which the site draws for the deal form. Nothing is
stored here: the deal records the drawn result with its witness when it is saved
(``services.record_deal``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .refusals import REFUSALS

LOTS = ("actual", "alternative")


def draw_lot(
    data: Mapping[str, Any], choose: Callable[[Sequence[str]], str] = secrets.choice
) -> dict[str, Any]:
    """Kodeks 3.8.5.1(b), a disputed defence plan in a qualification tournament: the
    declarer receives one of the two results by lot. The site draws it and the deal records
    it with its witness (TOURNAMENTS §8.4), so the deal is scored like any other."""
    ruling = dict(data.get("ruling") or {})
    if ruling.get("rule") != "kodex-3.8.5.1" or ruling.get("mode") != "qualification":
        raise REFUSALS.error("lot.not_disputed", "lot")
    ruling["lot"] = choose(LOTS)
    ruling["lot_drawn_by"] = "site"
    return {**data, "ruling": ruling}
