"""Case files (SPEC §12): JSON cases in, typed values to the engine, JSON results out.

``run_case(case)`` scores one case object and returns the output object of §12.9;
``check_case(case)`` compares it with the case's ``expected`` (tolerance 0.01).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .conventions import Convention, convention
from .deal import score_deal
from .errors import ScoringError
from .ledger import Totals
from .model import (
    Call,
    Deal,
    DealType,
    DefenceCall,
    DisputedPlanCommercial,
    DisputedPlanQualification,
    KodexRuling,
    LookedAtDiscard,
    Play,
    PrikupPremiumRecord,
    SetWithoutAll,
    WrongCardCount,
)
from .numbers import Amount, from_json, to_json
from .pulka import score_pulka
from .settlement import settle
from .table import PoolState

TOLERANCE = Fraction(1, 100)
KINDS = ("deal", "settlement", "pulka")
DEAL_FIELDS = {"type", "declarer", "contract", "defence", "play", "tricks", "raspasy", "talon"}
DEAL_FIELDS |= {"ruling"}


def load(text: str) -> Any:
    """JSON with reals read exactly (SPEC §1.1)."""
    return json.loads(text, parse_float=Decimal)


def _get(obj: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in obj:
        raise ScoringError(f"{key} is required", field)
    return obj[key]


def _mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScoringError("an object is required", field)
    return value


def _number(value: Any, field: str) -> Amount:
    try:
        return from_json(value)
    except TypeError as error:
        raise ScoringError(str(error), field) from None


def _table_of(case: Mapping[str, Any]) -> tuple[Convention, tuple[str, ...]]:
    name = _get(case, "convention", "convention")
    if not isinstance(name, str):
        raise ScoringError("the convention is a name", "convention")
    options = case.get("options") or {}
    cv = convention(name, _mapping(options, "options"))
    players = _get(case, "players", "players")
    if (
        not isinstance(players, list)
        or len(players) not in (3, 4)
        or not all(isinstance(p, str) for p in players)
        or len(set(players)) != len(players)
    ):
        raise ScoringError("players must be 3 or 4 distinct ids", "players")
    return cv, tuple(players)


def parse_deal(obj: Mapping[str, Any], dealer: Any) -> Deal:
    """A deal object of §12.2 (the ``deal`` of a deal case, or an element of ``deals``)."""
    unknown = set(obj) - DEAL_FIELDS - {"dealer"}
    if unknown:
        raise ScoringError(f"unknown field {sorted(unknown)[0]!r}", "")
    kind = _choice(DealType, _get(obj, "type", "type"), "type", "unknown deal type {!r}")
    level, strain = _contract(obj, kind)
    play = _choice(Play, _get(obj, "play", "play"), "play", "play {!r} is not open, closed or none")
    tricks = obj.get("tricks")
    if tricks is not None:
        tricks = dict(_mapping(tricks, "tricks"))
    series = None
    if "raspasy" in obj:
        series = _mapping(obj["raspasy"], "raspasy").get("series_index")
    talon = obj.get("talon")
    if talon is not None:
        if not isinstance(talon, list):
            raise ScoringError("the talon is a list of two cards", "talon")
        talon = tuple(talon)
    ruling = _ruling(obj["ruling"]) if obj.get("ruling") is not None else None
    declarer = obj.get("declarer")
    if isinstance(declarer, list):
        raise ScoringError("one declarer per deal", "declarer")
    declarer = _player_id(declarer, "declarer", optional=True)
    dealer = _player_id(dealer, "dealer", optional=True)
    return Deal(
        type=kind,
        dealer=dealer,
        declarer=declarer,
        level=level,
        strain=strain,
        defence=_defence(obj.get("defence") or []),
        play=play,
        tricks=tricks,
        series_index=series,
        talon=talon,
        ruling=ruling,
    )


def _choice(enum: Any, value: Any, field: str, message: str) -> Any:
    try:
        return enum(value)
    except (ValueError, TypeError):
        raise ScoringError(message.format(value), field) from None


def _player_id(value: Any, field: str, *, optional: bool = False) -> Any:
    """A player id is a string; None where the field is optional."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ScoringError(f"a player id is a string, not {value!r}", field)
    return value


def _contract(obj: Mapping[str, Any], kind: DealType) -> tuple[Any, Any]:
    contract = obj.get("contract")
    if kind == DealType.RASPASY:
        if contract is not None:
            raise ScoringError("a raspasy has no contract", "contract")
        return None, None
    contract = _mapping(_get(obj, "contract", "contract"), "contract")
    level = contract.get("level")
    if kind == DealType.MISERE:
        if level != "misere" or contract.get("strain") is not None:
            raise ScoringError('a misère has the contract {"level": "misere"}', "contract")
        return None, None
    if level == "misere":
        raise ScoringError("the contract is a misère but the deal type is game", "contract")
    return level, contract.get("strain")


def _defence(calls: Any) -> tuple[DefenceCall, ...]:
    if not isinstance(calls, list):
        raise ScoringError("defence is a list of calls", "defence")
    parsed = []
    for i, call in enumerate(calls):
        call = _mapping(call, f"defence[{i}]")
        raw = _get(call, "call", f"defence[{i}]")
        what = _choice(Call, raw, f"defence[{i}].call", "unknown call {!r}")
        who = _player_id(call.get("player"), f"defence[{i}].player")
        replaces = _player_id(call.get("replaces"), f"defence[{i}].replaces", optional=True)
        parsed.append((call.get("order", i + 1), DefenceCall(who, what, replaces)))
    orders = [order for order, _ in parsed]
    if len(set(map(str, orders))) != len(orders):
        raise ScoringError("two calls have the same order", "defence")
    try:
        parsed.sort(key=lambda pair: pair[0])
    except TypeError:
        raise ScoringError("call order must be a number", "defence") from None
    return tuple(call for _, call in parsed)


def _ruling(obj: Any) -> KodexRuling:
    ruling = _mapping(obj, "ruling")
    rule = ruling.get("rule")
    try:
        if rule == "kodex-3.4.4":
            return SetWithoutAll(ruling["bid_level"])
        if rule == "kodex-3.4.6":
            return WrongCardCount(ruling["proven_undertricks"], ruling.get("deliberate"))
        if rule == "kodex-3.4.9":
            return LookedAtDiscard()
        if rule == "kodex-3.4.11":
            return PrikupPremiumRecord()
        if rule == "kodex-3.8.5.1":
            mode = ruling.get("mode")
            if mode == "commercial":
                dissenters = ruling["dissenters"]
                if not isinstance(dissenters, list):
                    raise ScoringError("dissenters is a list of players", "ruling.dissenters")
                dissenters = [_player_id(d, "ruling.dissenters") for d in dissenters]
                guaranteed = _mapping(ruling["guaranteed"], "ruling.guaranteed")
                insisting = _player_id(ruling["insisting"], "ruling.insisting")
                return DisputedPlanCommercial(insisting, tuple(dissenters), guaranteed)
            if mode == "qualification":
                alternative = _mapping(ruling["alternative"], "ruling.alternative")
                dissenter = _player_id(ruling["dissenter"], "ruling.dissenter")
                return DisputedPlanQualification(dissenter, alternative, ruling["lot"])
            raise ScoringError("mode must be commercial or qualification", "ruling.mode")
    except KeyError as missing:
        raise ScoringError(f"{missing.args[0]} is required", "ruling") from None
    raise ScoringError(f"unknown rule {rule!r}", "ruling.rule")


def _pool_before(obj: Any, players: tuple[str, ...]) -> PoolState:
    pool = _mapping(obj, "pool_before")
    size = pool.get("size")
    books = {}
    for book in ("pulka", "gora"):
        values = _mapping(pool.get(book) or {}, f"pool_before.{book}")
        for p in values:
            if p not in players:
                raise ScoringError(f"player {p} is not at the table", f"pool_before.{book}")
        books[book] = {p: _number(v, f"pool_before.{book}.{p}") for p, v in values.items()}
    return PoolState(
        None if size is None else _number(size, "pool_before.size"), books["pulka"], books["gora"]
    )


# -- running cases --------------------------------------------------------------------


def run_case(case: Any) -> dict[str, Any]:
    """The output object of one case (SPEC §12.9); a refusal is ``{"id", "error"}``."""
    case_id = case.get("id") if isinstance(case, Mapping) else None
    try:
        case = _mapping(case, "case")
        if not isinstance(case_id, str):
            raise ScoringError("every case needs a string id", "id")
        kind = _get(case, "kind", "kind")
        if kind not in KINDS:
            raise ScoringError(f"unknown kind {kind!r}", "kind")
        cv, players = _table_of(case)
        if kind == "deal":
            return {"id": case_id, **_deal_output(case, cv, players)}
        if kind == "settlement":
            return {"id": case_id, "result": _json_book(_settlement(case, cv, players))}
        return {"id": case_id, **_pulka_output(case, cv, players)}
    except ScoringError as error:
        return {"id": case_id, "error": str(error)}


def _deal_output(case: Mapping[str, Any], cv: Convention, players: tuple[str, ...]) -> Any:
    raw = _mapping(_get(case, "deal", "deal"), "deal")
    pool = _pool_before(case["pool_before"], players) if case.get("pool_before") else None
    try:
        result = score_deal(cv, players, parse_deal(raw, case.get("dealer")), pool)
    except ScoringError as error:
        raise error.within("deal") from None
    return _totals_output(Totals.of(result.entries), players)


def _pulka_output(case: Mapping[str, Any], cv: Convention, players: tuple[str, ...]) -> Any:
    raw_deals = _get(case, "deals", "deals")
    if not isinstance(raw_deals, list):
        raise ScoringError("deals is a list", "deals")
    if "pool_before" in case:
        raise ScoringError("a pulka starts empty: pool_before is not allowed", "pool_before")
    size = case.get("pool_size")
    size = None if size is None else _number(size, "pool_size")
    deals = []
    for i, raw in enumerate(raw_deals, start=1):
        raw = _mapping(raw, f"deal {i}")
        try:
            deals.append(parse_deal(raw, raw.get("dealer")))
        except ScoringError as error:
            raise error.within(f"deal {i}") from None
    sheet = score_pulka(cv, players, deals, size)
    return {**_totals_output(sheet.totals, players), "result": _json_book(sheet.result)}


def _settlement(case: Mapping[str, Any], cv: Convention, players: tuple[str, ...]) -> Any:
    data = _mapping(_get(case, "input", "input"), "input")
    pulka_in = _mapping(data.get("pulka") or {}, "input.pulka")
    pulka = {p: _number(v, f"input.pulka.{p}") for p, v in pulka_in.items()}
    gora = {
        p: _number(v, f"input.gora.{p}")
        for p, v in _mapping(data.get("gora") or {}, "input.gora").items()
    }
    for book, values in (("pulka", pulka), ("gora", gora)):
        for p in values:
            if p not in players:
                raise ScoringError(f"player {p} is not at the table", f"input.{book}")
    whists: dict[tuple[str, str], Amount] = {}
    for i, item in enumerate(data.get("whists") or []):
        field = f"input.whists[{i}]"
        item = _mapping(item, field)
        by, on = str(item.get("by")), str(item.get("on"))
        for who in (by, on):
            if who not in players:
                raise ScoringError(f"player {who} is not at the table", field)
        if by == on:
            raise ScoringError("a player cannot write whists on himself", field)
        amount = _number(item.get("amount"), f"{field}.amount")
        if amount < 0:
            raise ScoringError("whist amounts cannot be negative", f"{field}.amount")
        whists[(by, on)] = whists.get((by, on), 0) + amount
    return settle(players, pulka, gora, whists, cv.pool_to_mountain_factor)


def _json_book(book: Mapping[str, Amount]) -> dict[str, int | float]:
    return {p: to_json(v) for p, v in book.items() if v}


def _totals_output(totals: Totals, players: tuple[str, ...]) -> dict[str, Any]:
    seat = {p: i for i, p in enumerate(players)}
    pairs = sorted(totals.whists, key=lambda pair: (seat[pair[0]], seat[pair[1]]))
    return {
        "pulka": _json_book(dict(sorted(totals.pulka.items(), key=lambda kv: seat[kv[0]]))),
        "gora": _json_book(dict(sorted(totals.gora.items(), key=lambda kv: seat[kv[0]]))),
        "whists": [
            {"by": by, "on": on, "amount": to_json(totals.whists[(by, on)])}
            for by, on in pairs
            if totals.whists[(by, on)]
        ],
        "adjustments": [
            {"player": p, "whists": to_json(v)}
            for p, v in sorted(totals.adjustments.items(), key=lambda kv: seat[kv[0]])
            if v
        ],
    }


# -- checking ---------------------------------------------------------------------------


def _exact(value: Any) -> Fraction:
    return Fraction(value if not isinstance(value, float) else Decimal(repr(value)))


def check_case(case: Any, output: Mapping[str, Any]) -> list[str]:
    """The differences between a case's output and its ``expected`` (empty: passed)."""
    expected = case.get("expected") if isinstance(case, Mapping) else None
    if not isinstance(expected, Mapping):
        return ["no expected result"]
    if "error" in expected:
        if "error" in output:
            return []
        return [f'expected refusal ("{expected["error"]}"), got a result']
    if "error" in output:
        return [f"refused: {output['error']}"]
    problems = []
    for book in ("pulka", "gora", "result"):
        if book in expected or book in output:
            problems += _compare_book(book, expected.get(book) or {}, output.get(book) or {})
    if case.get("kind") != "settlement":
        want = {(w["by"], w["on"]): w["amount"] for w in expected.get("whists") or []}
        got = {(w["by"], w["on"]): w["amount"] for w in output.get("whists") or []}
        for pair in sorted(set(want) | set(got)):
            problems += _differs(
                f"whists {pair[0]}->{pair[1]}", want.get(pair, 0), got.get(pair, 0)
            )
        wanted = {a["player"]: a["whists"] for a in expected.get("adjustments") or []}
        given = {a["player"]: a["whists"] for a in output.get("adjustments") or []}
        problems += _compare_book("adjustments", wanted, given)
    return problems


def _compare_book(name: str, want: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    problems = []
    for player in sorted(set(want) | set(got)):
        problems += _differs(f"{name} {player}", want.get(player, 0), got.get(player, 0))
    return problems


def _differs(label: str, want: Any, got: Any) -> list[str]:
    if abs(_exact(want) - _exact(got)) <= TOLERANCE:
        return []
    return [f"{label} expected {want} got {got}"]


# -- typed values back to the case format ------------------------------------------------


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """A ``Deal`` in the case format of §12.2 (with its ``dealer``); ``parse_deal`` reads
    it back to an equal value. Referee rulings are not part of the case format."""
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
    return out


def _call_json(call: DefenceCall, order: int) -> dict[str, Any]:
    item: dict[str, Any] = {"player": call.player, "call": call.call.value, "order": order}
    if call.replaces is not None:
        item["replaces"] = call.replaces
    return item


def _ruling_json(ruling: KodexRuling) -> dict[str, Any]:
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
