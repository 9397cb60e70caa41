"""The deal form's codec: its cleaned data to the stored deal (SPEC §12.2 with ``dealer``
and ``referee_rulings``) and a stored deal back to the form's initial values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .form_choices import (
    CALL_ROWS,
    COMMERCIAL,
    MANUAL_ROWS,
    QUALIFICATION,
    TYPE_PARTS,
)


def _json_number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


@dataclass(frozen=True)
class Origins:
    """Where the stored deal's list items come from in the form: ``call_rows[i]`` is the
    row of ``defence[i]``, ``ruling_fields[i]`` the field (a manual row's prefix) of
    ``referee_rulings[i]``."""

    call_rows: list[int]
    ruling_fields: list[str]


def _calls(cd: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[int]]:
    """The defenders' calls, and the form's row of each."""
    calls: list[dict[str, Any]] = []
    rows: list[int] = []
    for row in range(1, CALL_ROWS + 1):
        player, call = cd.get(f"call_{row}_player"), cd.get(f"call_{row}_call")
        if not (player and call):
            continue
        item = {"player": player, "call": call, "order": len(calls) + 1}
        if cd.get(f"call_{row}_replaces"):
            item["replaces"] = cd[f"call_{row}_replaces"]
        calls.append(item)
        rows.append(row)
    return calls, rows


def _referee_rulings(
    cd: Mapping[str, Any], kind: str | None, manual_rows: int
) -> tuple[list[dict[str, Any]], list[str]]:
    """The referee's rulings, and the field (or manual row's prefix) of each."""
    rulings: list[dict[str, Any]] = []
    fields: list[str] = []
    if kind in TYPE_PARTS["prikup_refusal"] and cd.get("prikup_refusal") is not None:
        points = _json_number(cd["prikup_refusal"])
        rulings.append({"kind": "prikup_refusal", "points": points})
        fields.append("prikup_refusal")
    if kind in TYPE_PARTS["raspasy_fine"] and cd.get("raspasy_fine") is not None:
        points = _json_number(cd["raspasy_fine"])
        rulings.append({"kind": "raspasy_dealer_fine", "points": points})
        fields.append("raspasy_fine")
    if cd.get("talon_peeking"):
        rulings.append({"kind": "talon_peeking", "player": cd["talon_peeking"]})
        fields.append("talon_peeking")
    for row in range(1, manual_rows + 1):
        p = f"manual_{row}_"
        if not cd.get(p + "book"):
            continue
        item: dict[str, Any] = {
            "kind": "manual",
            "entry": cd[p + "book"],
            "player": cd[p + "player"],
            "amount": _json_number(cd[p + "amount"]),
            "reason": cd.get(p + "reason", ""),
        }
        if cd[p + "book"] == "whist":
            item["on"] = cd[p + "on"]
        if cd.get(p + "rule"):
            item["rule"] = cd[p + "rule"]
        rulings.append(item)
        fields.append(p)
    return rulings, fields


class DealCodec:
    """Mixed into ``DealForm``: building and reading the stored deal."""

    # DealForm's
    cleaned_data: dict[str, Any]
    letters: list[str]
    manual_rows: int
    drawn_lot: str | None
    if TYPE_CHECKING:

        @property
        def draw_requested(self) -> bool: ...

    def deal_data(self) -> dict[str, Any]:
        """The deal as stored (SPEC §12.2 plus ``dealer`` and ``referee_rulings``)."""
        cd = self.cleaned_data
        kind = cd["type"]
        data: dict[str, Any] = {"dealer": cd.get("dealer") or None, "type": kind}
        if kind in TYPE_PARTS["declarer"]:
            data["declarer"] = cd["declarer"]
        if kind == "game":
            data["contract"] = {"level": cd["level"], "strain": cd["strain"]}
            data["defence"] = _calls(cd)[0]
        elif kind == "misere":
            data["contract"] = {"level": "misere"}
        data["play"] = cd["play"]
        tricks = self._outcome(cd, "tricks") if cd["play"] != "none" else {}
        if tricks:
            data["tricks"] = tricks
        if kind in TYPE_PARTS["talon"] and cd.get("talon"):
            data["talon"] = cd["talon"]
        if kind in TYPE_PARTS["ruling"] and cd.get("ruling"):
            data["ruling"] = self._ruling(cd)
        rulings = _referee_rulings(cd, kind, self.manual_rows)[0]
        if rulings:
            data["referee_rulings"] = rulings
        return data

    def _outcome(self, cd: Mapping[str, Any], prefix: str) -> dict[str, int]:
        values = {letter: cd.get(f"{prefix}_{letter}") for letter in self.letters}
        return {letter: n for letter, n in values.items() if n is not None}

    def _ruling(self, cd: Mapping[str, Any]) -> dict[str, Any]:
        rule = cd["ruling"]
        if rule == "kodex-3.4.4":
            return {"rule": rule, "bid_level": cd.get("bid_level")}
        if rule == "kodex-3.4.6":
            out: dict[str, Any] = {"rule": rule, "proven_undertricks": cd["proven_undertricks"]}
            if cd.get("deliberate"):
                out["deliberate"] = cd["deliberate"] == "yes"
            return out
        if rule == COMMERCIAL:
            return {
                "rule": "kodex-3.8.5.1",
                "mode": "commercial",
                "insisting": cd["insisting"],
                "dissenters": list(cd["dissenters"]),
                "guaranteed": self._outcome(cd, "guaranteed"),
            }
        if rule == QUALIFICATION:
            out = {
                "rule": "kodex-3.8.5.1",
                "mode": "qualification",
                "dissenter": cd["dissenter"],
                "alternative": self._outcome(cd, "alternative"),
                "lot": cd.get("lot") or None,
            }
            if self.drawn_lot and out["lot"] == self.drawn_lot and not self.draw_requested:
                out["lot_drawn_by"] = "site"  # a correction keeps the lot the site drew
            return out
        return {"rule": rule}

    def origins(self) -> Origins:
        """Which row of the form each call and each referee ruling of ``deal_data()``
        comes from, worked out again from the cleaned data (the same functions build both),
        for ``place_error`` to show an engine's refusal of ``defence[1]`` at its row."""
        cd = getattr(self, "cleaned_data", {})  # none on a form not yet validated
        return Origins(_calls(cd)[1], _referee_rulings(cd, cd.get("type"), self.manual_rows)[1])

    @staticmethod
    def initial_from(data: Mapping[str, Any]) -> dict[str, Any]:
        """The form's initial values for a stored deal (for corrections)."""
        initial: dict[str, Any] = {
            "dealer": data.get("dealer") or "",
            "type": data.get("type"),
            "declarer": data.get("declarer") or "",
            "play": data.get("play"),
        }
        contract = data.get("contract") or {}
        if data.get("type") == "game":
            initial["level"] = contract.get("level")
            initial["strain"] = contract.get("strain")
        calls = sorted(data.get("defence") or [], key=lambda c: c.get("order", 0))
        for row, call in enumerate(calls[:CALL_ROWS], start=1):
            initial[f"call_{row}_player"] = call.get("player")
            initial[f"call_{row}_call"] = call.get("call")
            initial[f"call_{row}_replaces"] = call.get("replaces") or ""
        for letter, n in (data.get("tricks") or {}).items():
            initial[f"tricks_{letter}"] = n
        if data.get("talon"):
            initial["talon"] = " ".join(data["talon"])
        initial.update(_ruling_initial(data.get("ruling") or {}))
        manual = 0
        for item in data.get("referee_rulings") or []:
            kind = item.get("kind")
            if kind == "prikup_refusal":
                initial["prikup_refusal"] = item.get("points")
            elif kind == "raspasy_dealer_fine":
                initial["raspasy_fine"] = item.get("points")
            elif kind == "talon_peeking":
                initial["talon_peeking"] = item.get("player")
            elif kind == "manual":
                manual += 1
                p = f"manual_{manual}_"
                initial[p + "book"] = item.get("entry")
                initial[p + "player"] = item.get("player")
                initial[p + "on"] = item.get("on") or ""
                initial[p + "amount"] = item.get("amount")
                initial[p + "reason"] = item.get("reason", "")
                initial[p + "rule"] = item.get("rule", "")
        return initial

    @staticmethod
    def manual_count(data: Mapping[str, Any]) -> int:
        """How many manual-entry rows a stored deal needs."""
        items = data.get("referee_rulings") or []
        return max(MANUAL_ROWS, sum(1 for item in items if item.get("kind") == "manual"))


def _ruling_initial(ruling: Mapping[str, Any]) -> dict[str, Any]:
    rule = ruling.get("rule")
    if not rule:
        return {}
    if rule == "kodex-3.8.5.1":
        if ruling.get("mode") == "commercial":
            out: dict[str, Any] = {
                "ruling": COMMERCIAL,
                "insisting": ruling.get("insisting"),
                "dissenters": list(ruling.get("dissenters") or []),
            }
            out |= {f"guaranteed_{p}": n for p, n in (ruling.get("guaranteed") or {}).items()}
            return out
        out = {"ruling": QUALIFICATION, "dissenter": ruling.get("dissenter")}
        out["lot"] = ruling.get("lot")
        out |= {f"alternative_{p}": n for p, n in (ruling.get("alternative") or {}).items()}
        return out
    out = {"ruling": rule}
    if "bid_level" in ruling:
        out["bid_level"] = ruling["bid_level"]
    if "proven_undertricks" in ruling:
        out["proven_undertricks"] = ruling["proven_undertricks"]
    if "deliberate" in ruling:
        out["deliberate"] = "yes" if ruling["deliberate"] else "no"
    return out
