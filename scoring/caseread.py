"""Reading case files (SPEC §12): JSON text in, typed values for the engine out.

Every value is checked for its type here or by the engine (SPEC §12.7): numbers are finite,
at most ``numbers.LIMIT`` in size with at most ``numbers.PLACES`` decimals; levels, tricks,
series indexes and call orders are whole numbers (a bool or ``7.0`` is not one); player ids
are non-empty strings. A file whose lists and objects nest deeper than Python's recursion
limit (about a thousand levels; a real case nests five) cannot be read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from operator import itemgetter
from typing import Any

from .casevalues import (
    _MEMBERS,
    get,
    integer,
    mapping,
    number,
    player_id,
    pool_size,
    text,
)
from .conventions import Convention, convention
from .errors import CaseError, shown
from .model import (
    Call,
    Deal,
    DealType,
    DefenceCall,
    DisputedPlanCommercial,
    DisputedPlanQualification,
    KodeksRuling,
    LookedAtDiscard,
    ManualEntry,
    Play,
    PrikupPremiumRecord,
    PrikupRefusal,
    RaspasyDealerFine,
    RefereeRuling,
    SetWithoutAll,
    TalonPeeking,
    WrongCardCount,
    new_deal,
)
from .numbers import Amount
from .table import PoolState

DEAL_FIELDS = frozenset(
    {"type", "declarer", "contract", "defence", "play", "tricks", "raspasy", "talon", "ruling"}
    | {"referee_rulings"}
)
_DEAL_KEYS = DEAL_FIELDS | {"dealer"}
#: Referee rulings of §12.4.1: kind -> (required fields, optional fields).
REFEREE_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "prikup_refusal": (frozenset({"points"}), frozenset()),
    "raspasy_dealer_fine": (frozenset({"points"}), frozenset()),
    "talon_peeking": (frozenset({"player"}), frozenset()),
    "manual": (frozenset({"entry", "player", "amount", "reason"}), frozenset({"on", "rule"})),
}


class Unreadable(ValueError):
    """The text is not JSON, or nests too deep to be read."""


def _integer(text: str) -> int | Decimal:
    """A JSON integer; one too long to be a real number stays a ``Decimal`` (refused where
    it is used) instead of costing a big-number conversion."""
    return int(text) if len(text) <= 30 else Decimal(text)


def load(text: str) -> Any:
    """JSON with reals read exactly (SPEC §1.1); NaN and Infinity arrive as non-finite
    ``Decimal`` values that every number check refuses. Raises ``Unreadable``.

    Integers are read by the JSON reader itself; a file with an integer of thousands of
    digits (beyond Python's conversion limit) is read again keeping such integers as
    ``Decimal``, so that only its own case is refused."""
    try:
        try:
            return json.loads(text, parse_float=Decimal, parse_constant=Decimal)
        except ValueError as error:
            if "digits" not in str(error):
                raise
            return json.loads(text, parse_float=Decimal, parse_int=_integer, parse_constant=Decimal)
    except RecursionError:
        raise Unreadable("lists and objects nest too deep") from None
    except ValueError as error:
        raise Unreadable(str(error)) from None


# -- the table: convention and players ---------------------------------------------------

_CONVENTIONS: dict[tuple[str, object], Convention] = {}  # (preset, options) -> built once
_PRESETS: dict[str, Convention] = {}  # the same, for the cases without options
#: Player ids already found valid (non-empty texts that UTF-8 can write), wherever they sat:
#: a seating of them needs only its size and its distinct players checked (a tournament's
#: seatings change every round, its players do not).
_IDS: set[str] = set()


def _key(options: Mapping[str, Any]) -> object | None:
    """A hashable key for options whose values are scalars or lists of scalars, each with
    its type (``true`` is not ``1``); None for anything else (built without the cache)."""
    key: list[tuple[str, object, object]] = []
    for name, value in options.items():
        if isinstance(value, list):
            if any(isinstance(item, list | Mapping) for item in value):
                return None
            key.append((name, "[", tuple((type(item), item) for item in value)))
        elif isinstance(value, Mapping):
            return None
        else:
            key.append((name, type(value), value))
    return tuple(sorted(key, key=lambda item: item[0]))


def table_of(case: Mapping[str, Any]) -> tuple[Convention, tuple[str, ...]]:
    """The case's convention (built once per preset and options) and its players."""
    name, players = case.get("convention"), case.get("players")
    if type(name) is str and type(players) is list and case.get("options") is None:
        cv = _PRESETS.get(name)
        if cv is not None and len(players) in (3, 4):
            seats = tuple(players)
            for p in seats:  # players already found valid, each once at the table
                if type(p) is not str or p not in _IDS:
                    break
            else:
                if len(set(seats)) == len(seats):
                    return cv, seats
    name = get(case, "convention", "convention")
    if not isinstance(name, str):
        raise CaseError("case.convention_name", "convention")
    options = case.get("options")
    options = {} if options is None else mapping(options, "options")
    key = _key(options)
    cv = None if key is None else _CONVENTIONS.get((name, key))
    if cv is None:
        cv = convention(name, options)
        if key is not None:
            if len(_CONVENTIONS) >= 1024:
                _CONVENTIONS.clear()
            _CONVENTIONS[(name, key)] = cv
    players = get(case, "players", "players")
    if type(players) is list and len(players) in (3, 4):
        seats = tuple(players)
        if all(type(p) is str and p for p in seats) and (
            len(set(seats)) == len(seats) and _texts(seats)
        ):
            if len(_IDS) >= 65536:
                _IDS.clear()
            _IDS.update(seats)
            if key == ():
                _PRESETS[name] = cv
            return cv, seats
    raise CaseError("case.players", "players")


def _texts(seats: tuple[str, ...]) -> bool:
    """The players' ids are valid Unicode (else the case is refused at ``players``)."""
    for p in seats:
        if not p.isascii():
            text(p, "players")
    return True


# -- a deal --------------------------------------------------------------------------------


def parse_deal(obj: Mapping[str, Any], dealer: Any) -> Deal:
    """A deal object of §12.2 (the ``deal`` of a deal case, or an element of ``deals``)."""
    if not obj.keys() <= _DEAL_KEYS:
        unknown = sorted(str(name) for name in obj.keys() - _DEAL_KEYS)[0]
        raise CaseError("case.unknown_field", "", name=shown(unknown))
    # type and play: a member for a known text; missing is refused first, as required
    value = obj.get("type")
    kind = _TYPES.get(value) if type(value) is str else None
    if kind is None:
        raise CaseError("case.unknown_type", "type", value=shown(get(obj, "type", "type")))
    level, strain = _contract(obj, kind)
    value = obj.get("play")
    play = _PLAYS.get(value) if type(value) is str else None
    if play is None:
        raise CaseError("case.unknown_play", "play", value=shown(get(obj, "play", "play")))
    tricks = obj.get("tricks")
    if tricks is not None:
        tricks = dict(tricks if type(tricks) is dict else mapping(tricks, "tricks"))
    series = None
    if "raspasy" in obj:
        series = mapping(obj["raspasy"], "raspasy").get("series_index")
        if series is not None:
            series = integer(series, "raspasy.series_index")
    talon = obj.get("talon")
    if talon is not None:
        if not isinstance(talon, list):
            raise CaseError("case.talon_list", "talon")
        talon = tuple(talon)
    ruling = _ruling(obj["ruling"]) if obj.get("ruling") is not None else None
    referee = obj.get("referee_rulings")
    referee = () if referee is None else parse_referee_rulings(referee)
    declarer = obj.get("declarer")
    if isinstance(declarer, list):
        raise CaseError("case.one_declarer", "declarer")
    return new_deal(  # the fields of Deal in order
        kind,
        None if dealer is None else player_id(dealer, "dealer", optional=True),
        None if declarer is None else player_id(declarer, "declarer", optional=True),
        level,
        strain,
        _defence(obj.get("defence") or []),
        play,
        tricks,
        series,
        talon,
        ruling,
        referee,
    )


_TYPES: dict[str, DealType] = _MEMBERS[DealType]
_PLAYS: dict[str, Play] = _MEMBERS[Play]
_RASPASY, _MISERE = DealType.RASPASY, DealType.MISERE  # (an Enum's attribute costs ~6x this)


def _contract(obj: Mapping[str, Any], kind: DealType) -> tuple[Any, Any]:
    contract = obj.get("contract")
    if kind == _RASPASY:
        if contract is not None:
            raise CaseError("case.raspasy_contract", "contract")
        return None, None
    if type(contract) is not dict:
        contract = mapping(get(obj, "contract", "contract"), "contract")
    level = contract.get("level")
    if kind == _MISERE:
        if level != "misere" or contract.get("strain") is not None:
            raise CaseError("case.misere_contract", "contract")
        return None, None
    if level == "misere":
        raise CaseError("case.misere_type", "contract")
    return level, contract.get("strain")


_CALLS: dict[tuple[str, str, str | None], DefenceCall] = {}  # immutable: shared values
_CALL_NAMES = _MEMBERS[Call]


def _defence(calls: Any) -> tuple[DefenceCall, ...]:
    if not isinstance(calls, list):
        raise CaseError("case.not_list_of", "defence", what="defence")
    parsed: list[DefenceCall] = []
    in_turn = True  # orders 1, 2, 3...: already in order, none twice
    cache = _CALLS
    for i, call in enumerate(calls):
        if type(call) is not dict:
            call = mapping(call, f"defence[{i}]")
        who, name, replaces = call.get("player"), call.get("call"), call.get("replaces")
        if type(who) is str and type(name) is str and (replaces is None or type(replaces) is str):
            key = (who, name, replaces)
            value = cache.get(key)
            if value is None:
                value = _call(call, i)
                if len(cache) >= 4096:
                    cache.clear()
                cache[key] = value
        else:
            value = _call(call, i)
        order = call.get("order", i + 1)
        if type(order) is not int:
            raise CaseError("case.call_order", "defence")
        if order != i + 1:
            in_turn = False
        parsed.append(value)
    return tuple(parsed) if in_turn else _in_order(calls, parsed)


def _in_order(calls: list[Mapping[str, Any]], parsed: list[DefenceCall]) -> tuple[DefenceCall, ...]:
    """The calls sorted by their orders (each a whole number, checked by ``_defence``)."""
    orders = [call.get("order", i) for i, call in enumerate(calls, start=1)]
    if len(set(orders)) != len(orders):
        raise CaseError("case.call_order_twice", "defence")
    return tuple([call for _, call in sorted(zip(orders, parsed, strict=True), key=_FIRST)])


_FIRST = itemgetter(0)


def _call(call: Mapping[str, Any], i: int) -> DefenceCall:
    field = f"defence[{i}]"
    what = _CALL_NAMES.get(get(call, "call", field)) if type(call.get("call")) is str else None
    if what is None:
        raise CaseError("case.unknown_call", f"{field}.call", value=shown(get(call, "call", field)))
    who = player_id(call.get("player"), f"{field}.player")
    replaces = player_id(call.get("replaces"), f"{field}.replaces", optional=True)
    return DefenceCall(who, what, replaces)


def _ruling(obj: Any) -> KodeksRuling:
    ruling = mapping(obj, "ruling")
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
                    raise CaseError("case.not_list_of", "ruling.dissenters", what="dissenters")
                dissenters = [player_id(d, "ruling.dissenters") for d in dissenters]
                guaranteed = mapping(ruling["guaranteed"], "ruling.guaranteed")
                insisting = player_id(ruling["insisting"], "ruling.insisting")
                return DisputedPlanCommercial(insisting, tuple(dissenters), guaranteed)
            if mode == "qualification":
                alternative = mapping(ruling["alternative"], "ruling.alternative")
                dissenter = player_id(ruling["dissenter"], "ruling.dissenter")
                return DisputedPlanQualification(dissenter, alternative, ruling["lot"])
            raise CaseError("case.ruling_mode", "ruling.mode")
    except KeyError as missing:
        raise CaseError("case.required", "ruling", key=str(missing.args[0])) from None
    raise CaseError("case.unknown_rule", "ruling.rule", value=shown(rule))


def parse_referee_rulings(items: Any) -> tuple[RefereeRuling, ...]:
    """``referee_rulings`` of a deal (SPEC §12.4.1); None or absent is none."""
    if items is None:
        return ()
    if not isinstance(items, list):
        raise CaseError("case.not_list_of", "referee_rulings", what="referee_rulings")
    return tuple(_referee_ruling(item, f"referee_rulings[{i}]") for i, item in enumerate(items))


def _referee_ruling(item: Any, field: str) -> RefereeRuling:
    item = mapping(item, field)
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in REFEREE_FIELDS:
        raise CaseError("case.unknown_referee_ruling", f"{field}.kind", value=shown(kind))
    required, optional = REFEREE_FIELDS[kind]
    for name in item:
        if name != "kind" and name not in required and name not in optional:
            raise CaseError("case.unknown_field", field, name=shown(name))
    for name in sorted(required):
        get(item, name, field)
    if kind == "prikup_refusal":
        return PrikupRefusal(number(item["points"], f"{field}.points"))
    if kind == "raspasy_dealer_fine":
        return RaspasyDealerFine(number(item["points"], f"{field}.points"))
    if kind == "talon_peeking":
        return TalonPeeking(player_id(item["player"], f"{field}.player"))
    for name in ("entry", "reason", "rule"):
        if name in item and not isinstance(item[name], str):
            raise CaseError("case.not_text", f"{field}.{name}", name=name)
        if name in item:
            text(item[name], f"{field}.{name}")
    return ManualEntry(
        kind=item["entry"],
        player=player_id(item["player"], f"{field}.player"),
        amount=number(item["amount"], f"{field}.amount"),
        reason=item["reason"],
        on=player_id(item.get("on"), f"{field}.on", optional=True),
        rule=item.get("rule") or "referee ruling",
    )


def pool_before(obj: Any, players: tuple[str, ...]) -> PoolState:
    pool = mapping(obj, "pool_before")
    size = pool_size(pool.get("size"), "pool_before.size")
    books: dict[str, dict[str, Amount]] = {}
    for book in ("pulka", "gora"):
        values = pool.get(book)
        values = {} if values is None else mapping(values, f"pool_before.{book}")
        for p in values:
            if p not in players:
                raise CaseError("case.not_at_table", f"pool_before.{book}", player=str(p))
        books[book] = {p: number(v, f"pool_before.{book}.{p}") for p, v in values.items()}
    return PoolState(size, books["pulka"], books["gora"])
