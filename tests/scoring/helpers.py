"""Short ways to score a case in tests, in the JSON shapes of SPEC §12."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scoring.casefile import load

from .refusals import raising


def score(
    convention: str,
    players: str | list[str],
    deal: dict[str, Any],
    *,
    options: dict[str, Any] | None = None,
    dealer: str | None = None,
    pool_before: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Score one deal case; ``players`` may be a string like ``"ABC"``. A refusal is raised
    as its ``ScoringError`` (assert it with ``refusals.refused``)."""
    case: dict[str, Any] = {
        "id": "t",
        "kind": "deal",
        "convention": convention,
        "options": options or {},
        "players": list(players),
        "dealer": dealer,
        "deal": deal,
    }
    if pool_before is not None:
        case["pool_before"] = pool_before
    return raising(case)


def pulka(
    convention: str,
    players: str | list[str],
    deals: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    pool_size: Any = None,
) -> dict[str, Any]:
    """Score one pulka case; a refusal is raised as its ``ScoringError``."""
    case = {
        "id": "t",
        "kind": "pulka",
        "convention": convention,
        "options": options or {},
        "players": list(players),
        "pool_size": pool_size,
        "deals": deals,
    }
    return raising(case)


def whists(output: dict[str, Any]) -> dict[str, Any]:
    """The whist entries as ``{"B->A": amount}``."""
    assert "error" not in output, output["error"]
    return {f"{w['by']}->{w['on']}": w["amount"] for w in output["whists"]}


def calls(*pairs: str) -> list[dict[str, Any]]:
    """``calls("B whist", "C pass")`` → the ``defence`` list with orders 1, 2, …"""
    out = []
    for order, text in enumerate(pairs, start=1):
        player, call, *rest = text.split()
        item: dict[str, Any] = {"player": player, "call": call, "order": order}
        if rest:
            item["replaces"] = rest[0]
        out.append(item)
    return out


def game(
    declarer: str,
    level: int,
    defence: list[dict[str, Any]],
    tricks: dict[str, int] | None = None,
    *,
    play: str | None = None,
    strain: str = "S",
    **extra: Any,
) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "type": "game",
        "declarer": declarer,
        "contract": {"level": level, "strain": strain},
        "defence": defence,
        "play": play or ("closed" if tricks else "none"),
    }
    if tricks is not None:
        deal["tricks"] = tricks
    deal.update(extra)
    return deal


def misere(declarer: str, tricks: dict[str, int] | None, **extra: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "type": "misere",
        "declarer": declarer,
        "contract": {"level": "misere"},
        "defence": [],
        "play": "open" if tricks is not None else "none",
    }
    if tricks is not None:
        deal["tricks"] = tricks
    deal.update(extra)
    return deal


def raspasy(tricks: dict[str, int], series_index: int | None = 1) -> dict[str, Any]:
    deal: dict[str, Any] = {"type": "raspasy", "play": "closed", "tricks": tricks}
    if series_index is not None:
        deal["raspasy"] = {"series_index": series_index}
    return deal


def exact(value: Any) -> Fraction:
    """A number from an output, as an exact fraction (outputs round thirds to 6 places)."""
    return Fraction(str(value))


PRESETS = ["sochi", "leningrad", "rostov", "classic", "fspr"]


def nonzero(values: dict[str, Any]) -> dict[str, float]:
    return {k: float(exact(v)) for k, v in values.items() if exact(v) != 0}


def assert_deal(
    out: dict[str, Any],
    pulka: dict[str, float] | None = None,
    gora: dict[str, float] | None = None,
    whist: dict[str, float] | None = None,
) -> None:
    """The deal's deltas equal the expected ones (omitted = 0, tolerance 0.01, §12.6)."""
    import pytest

    assert "error" not in out, out["error"]
    assert nonzero(out["pulka"]) == pytest.approx(pulka or {}, abs=0.01)
    assert nonzero(out["gora"]) == pytest.approx(gora or {}, abs=0.01)
    assert nonzero(whists(out)) == pytest.approx(whist or {}, abs=0.01)


__all__ = [
    "PRESETS",
    "assert_deal",
    "calls",
    "exact",
    "game",
    "load",
    "misere",
    "nonzero",
    "pulka",
    "raspasy",
    "score",
    "whists",
]
