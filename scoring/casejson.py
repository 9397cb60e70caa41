"""Typed values back to the case format (SPEC §12.2, §12.4, §12.4.1): ``deal_to_json``."""

from __future__ import annotations

from typing import Any

from .model import (
    Deal,
    DealType,
    DefenceCall,
    DisputedPlanCommercial,
    KodeksRuling,
    LookedAtDiscard,
    PrikupPremiumRecord,
    PrikupRefusal,
    RaspasyDealerFine,
    RefereeRuling,
    SetWithoutAll,
    TalonPeeking,
    WrongCardCount,
)
from .numbers import to_json


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """A ``Deal`` in the case format of §12.2 (with its ``dealer``, its Kodeks ruling and
    its referee rulings of §12.4.1); ``parse_deal`` reads it back to an equal value."""
    out: dict[str, Any] = {"dealer": deal.dealer, "type": deal.type.value}
    if deal.declarer is not None:
        out["declarer"] = deal.declarer
    if deal.type == DealType.MISERE:
        out["contract"] = {"level": "misere"}
    elif deal.type == DealType.GAME:
        out["contract"] = {"level": deal.level, "strain": deal.strain}
    if deal.type != DealType.RASPASY:
        out["defence"] = [_call_json(call, order) for order, call in enumerate(deal.defence, 1)]
    out["play"] = deal.play.value
    if deal.tricks is not None:
        out["tricks"] = dict(deal.tricks)
    if deal.series_index is not None:
        out["raspasy"] = {"series_index": deal.series_index}
    if deal.talon is not None:
        out["talon"] = list(deal.talon)
    if deal.ruling is not None:
        out["ruling"] = _ruling_json(deal.ruling)
    if deal.referee_rulings:
        out["referee_rulings"] = [referee_ruling_json(r) for r in deal.referee_rulings]
    return out


def _call_json(call: DefenceCall, order: int) -> dict[str, Any]:
    item: dict[str, Any] = {"player": call.player, "call": call.call.value, "order": order}
    if call.replaces is not None:
        item["replaces"] = call.replaces
    return item


def _ruling_json(ruling: KodeksRuling) -> dict[str, Any]:
    if isinstance(ruling, SetWithoutAll):
        return {"rule": "kodex-3.4.4", "bid_level": ruling.bid_level}
    if isinstance(ruling, WrongCardCount):
        out: dict[str, Any] = {
            "rule": "kodex-3.4.6",
            "proven_undertricks": ruling.proven_undertricks,
        }
        if ruling.deliberate is not None:
            out["deliberate"] = ruling.deliberate
        return out
    if isinstance(ruling, LookedAtDiscard):
        return {"rule": "kodex-3.4.9"}
    if isinstance(ruling, PrikupPremiumRecord):
        return {"rule": "kodex-3.4.11"}
    if isinstance(ruling, DisputedPlanCommercial):
        return {
            "rule": "kodex-3.8.5.1",
            "mode": "commercial",
            "insisting": ruling.insisting,
            "dissenters": list(ruling.dissenters),
            "guaranteed": dict(ruling.guaranteed),
        }
    return {
        "rule": "kodex-3.8.5.1",
        "mode": "qualification",
        "dissenter": ruling.dissenter,
        "alternative": dict(ruling.alternative),
        "lot": ruling.lot,
    }


def referee_ruling_json(ruling: RefereeRuling) -> dict[str, Any]:
    """One referee ruling of the application as §12.4.1 writes it."""
    if isinstance(ruling, PrikupRefusal):
        return {"kind": "prikup_refusal", "points": to_json(ruling.points)}
    if isinstance(ruling, RaspasyDealerFine):
        return {"kind": "raspasy_dealer_fine", "points": to_json(ruling.points)}
    if isinstance(ruling, TalonPeeking):
        return {"kind": "talon_peeking", "player": ruling.player}
    out: dict[str, Any] = {
        "kind": "manual",
        "entry": ruling.kind,
        "player": ruling.player,
        "amount": to_json(ruling.amount),
        "reason": ruling.reason,
    }
    if ruling.on is not None:
        out["on"] = ruling.on
    if ruling.rule != "referee ruling":
        out["rule"] = ruling.rule
    return out
