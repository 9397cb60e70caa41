"""Case files (SPEC §12): JSON cases in, typed values to the engine, JSON results out.

``run_cases(cases)`` scores a file's cases (a repeated id is refused); ``run_case(case)``
scores one case object and returns the output object of §12.9; ``check_case(case)``
compares it with the case's ``expected`` (tolerance 0.01). Nothing raises past them: a
case that cannot be scored is that case's refusal and the others are still scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from .casejson import deal_to_json
from .caseread import Unreadable, load, parse_deal, pool_before, table_of
from .casevalues import get, mapping, number, player_id, pool_size, text
from .conventions import Convention
from .deal import score_deal
from .errors import CaseError, ScoringError, shown, valid_text
from .ledger import Totals
from .numbers import Amount, from_json, to_json

__all__ = [
    "KINDS",
    "Unreadable",
    "check_case",
    "deal_to_json",
    "load",
    "parse_deal",
    "refusal",
    "run_case",
    "run_cases",
]

TOLERANCE = Fraction(1, 100)
KINDS = ("deal", "settlement", "pulka")


def refusal(case: Any) -> ScoringError | None:
    """Why a case is refused, or None when it is scored (its output has no ``error``)."""
    try:
        _score(case, _case_id(case))
    except ScoringError as error:
        return error
    return None


def run_cases(cases: Iterable[Any]) -> list[dict[str, Any]]:
    """The outputs of a file's cases in order; a case repeating an earlier id is refused."""
    seen: set[str] = set()
    outputs: list[dict[str, Any]] = []
    add = outputs.append
    for case in cases:
        case_id = _case_id(case)
        if case_id is not None:
            if case_id in seen:
                error = CaseError("case.duplicate_id", "id", id=case_id)
                add({"id": case_id, "error": str(error)})
                continue
            seen.add(case_id)
        add(_output(case, case_id))
    return outputs


def run_case(case: Any) -> dict[str, Any]:
    """The output object of one case (SPEC §12.9); a refusal is ``{"id", "error"}``."""
    return _output(case, _case_id(case))


def _case_id(case: Any) -> str | None:
    """The case's id as its output echoes it: a text UTF-8 can write, else None (refused at
    its id by ``_score``). Found once per case, for the file's repeats and the output."""
    case_id = case.get("id") if type(case) is dict or isinstance(case, Mapping) else None
    if isinstance(case_id, str) and (case_id.isascii() or valid_text(case_id)):
        return case_id
    return None


def _output(case: Any, case_id: str | None) -> dict[str, Any]:
    try:
        return _score(case, case_id)
    except ScoringError as error:
        return {"id": case_id, "error": str(error)}
    except Exception as error:  # the boundary: one case's failure is that case's refusal
        failed = CaseError("case.failed", "", error=type(error).__name__)
        return {"id": case_id, "error": str(failed)}


def _score(case: Any, case_id: str | None) -> dict[str, Any]:
    """The output of a case, its id (as ``_case_id`` found it) the output's first key."""
    if not case_id:  # refused: at the case, or at its id, as the full checks find them
        raw = mapping(case, "case").get("id")
        if not isinstance(raw, str) or not raw:
            raise CaseError("case.id", "id")
        text(raw, "id")
    kind = get(case, "kind", "kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise CaseError("case.unknown_kind", "kind", value=shown(kind))
    cv, players = table_of(case)
    if kind == "deal":
        return _deal_output(case, case_id, cv, players)
    if kind == "settlement":
        return {"id": case_id, "result": _json_book(_settlement(case, cv, players))}
    return _pulka_output(case, case_id, cv, players)


def _deal_output(
    case: Mapping[str, Any], case_id: str | None, cv: Convention, players: tuple[str, ...]
) -> dict[str, Any]:
    raw = case.get("deal")
    if type(raw) is not dict:  # (the checks' calls only for a deal that is not an object)
        raw = mapping(get(case, "deal", "deal"), "deal")
    pool = pool_before(case["pool_before"], players) if case.get("pool_before") else None
    try:
        result = score_deal(cv, players, parse_deal(raw, case.get("dealer")), pool)
    except ScoringError as error:
        raise error.within("deal") from None
    return _totals_output(Totals.of(result.entries), players, case_id)


def _pulka_output(
    case: Mapping[str, Any], case_id: str | None, cv: Convention, players: tuple[str, ...]
) -> dict[str, Any]:
    from .pulka import score_pulka  # (the command line starts without it)

    raw_deals = get(case, "deals", "deals")
    if not isinstance(raw_deals, list):
        raise CaseError("case.not_list_of", "deals", what="deals")
    if "pool_before" in case:
        raise CaseError("case.pool_before_in_pulka", "pool_before")
    size = pool_size(case.get("pool_size"), "pool_size")
    deals = []
    for i, raw in enumerate(raw_deals, start=1):
        try:
            raw = mapping(raw, "")
            deals.append(parse_deal(raw, raw.get("dealer")))
        except ScoringError as error:
            raise error.within(f"deal {i}") from None
    sheet = score_pulka(cv, players, deals, size)
    output = _totals_output(sheet.totals, players, case_id)
    output["result"] = _json_book(sheet.result)
    return output


def _book(data: Mapping[str, Any], name: str, players: tuple[str, ...]) -> dict[str, Amount]:
    values = data.get(name)
    values = {} if values is None else mapping(values, f"input.{name}")
    for p in values:
        if p not in players:
            raise CaseError("case.not_at_table", f"input.{name}", player=str(p))
    return {p: number(v, f"input.{name}.{p}") for p, v in values.items()}


def _settlement(case: Mapping[str, Any], cv: Convention, players: tuple[str, ...]) -> Any:
    from .settlement import settle  # (the command line starts without it)

    data = mapping(get(case, "input", "input"), "input")
    pool_size(data.get("pool_size"), "input.pool_size")
    pools = _book(data, "pulka", players)  # the case format's name of the pool book
    gora = _book(data, "gora", players)
    items = data.get("whists")
    items = [] if items is None else items
    if not isinstance(items, list):
        raise CaseError("case.not_list_of", "input.whists", what="whists")
    whists: dict[tuple[str, str], Amount] = {}
    for i, item in enumerate(items):
        field = f"input.whists[{i}]"
        item = mapping(item, field)
        by = player_id(item.get("by"), f"{field}.by")
        on = player_id(item.get("on"), f"{field}.on")
        for who in (by, on):
            if who not in players:
                raise CaseError("case.not_at_table", field, player=who)
        if by == on:
            raise CaseError("case.whists_on_himself", field)
        amount = number(item.get("amount"), f"{field}.amount")
        if amount < 0:
            raise CaseError("case.negative_whists", f"{field}.amount")
        whists[(by, on)] = whists.get((by, on), 0) + amount
    return settle(players, pools, gora, whists, cv.pool_to_mountain_factor)


def _json_book(book: Mapping[str, Amount]) -> dict[str, int | float]:
    return {p: to_json(v) for p, v in book.items() if v}


def _seated(book: Mapping[str, Amount], players: tuple[str, ...]) -> dict[str, int | float]:
    """A book's non-zero values in seating order (every key is a player at the table)."""
    seated: dict[str, int | float] = {}
    if len(book) == 1:  # (most books of a deal: no order to find)
        for p, amount in book.items():
            if amount:
                seated[p] = amount if type(amount) is int else to_json(amount)
    elif book:  # (loops, not comprehensions: these run for every case of a file)
        for p in players:
            v = book.get(p)
            if v:
                seated[p] = v if type(v) is int else to_json(v)
    return seated


def _totals_output(totals: Totals, players: tuple[str, ...], case_id: str | None) -> dict[str, Any]:
    whists = totals.whists
    pairs: Iterable[tuple[str, str]] = whists
    if len(whists) > 1:  # by the writer's seat, then the other's (SPEC §12.9)
        seat = players.index
        pairs = sorted(whists, key=lambda pair: seat(pair[0]) * 4 + seat(pair[1]))
    written = []
    for pair in pairs:
        v = whists[pair]
        if v:
            written.append(
                {"by": pair[0], "on": pair[1], "amount": v if type(v) is int else to_json(v)}
            )
    adjustments = totals.adjustments
    return {
        "id": case_id,
        "pulka": _seated(totals.pulka, players),
        "gora": _seated(totals.gora, players),
        "whists": written,
        "adjustments": [
            {"player": p, "whists": v} for p, v in _seated(adjustments, players).items()
        ]
        if adjustments
        else [],
    }


# -- checking ---------------------------------------------------------------------------


def check_case(case: Any, output: Mapping[str, Any]) -> list[str]:
    """The differences between a case's output and its ``expected`` (empty: passed); an
    ``expected`` that cannot be read is a difference too, never an exception."""
    expected = case.get("expected") if isinstance(case, Mapping) else None
    if not isinstance(expected, Mapping):
        return ["no expected result"]
    try:
        return _check(case, expected, output)
    except (ScoringError, TypeError, KeyError, AttributeError):
        return ["the expected result cannot be read (SPEC §12.6)"]


def _check(
    case: Mapping[str, Any], expected: Mapping[str, Any], output: Mapping[str, Any]
) -> list[str]:
    if "error" in expected:
        if "error" in output:
            return []
        return [f'expected refusal ("{expected["error"]}"), got a result']
    if "error" in output:
        return [f"refused: {output['error']}"]
    problems: list[str] = []
    for book in ("pulka", "gora", "result"):
        if book in expected or book in output:
            problems += _compare_book(book, expected.get(book) or {}, output.get(book) or {})
    if case.get("kind") != "settlement":
        want = _pairs(expected.get("whists") or [])
        got = _pairs(output.get("whists") or [])
        for pair in sorted(set(want) | set(got)):
            problems += _differs(
                f"whists {pair[0]}->{pair[1]}", want.get(pair, 0), got.get(pair, 0)
            )
        wanted = {a["player"]: a["whists"] for a in expected.get("adjustments") or []}
        given = {a["player"]: a["whists"] for a in output.get("adjustments") or []}
        problems += _compare_book("adjustments", wanted, given)
    return problems


def _pairs(items: Any) -> dict[tuple[str, str], Any]:
    return {(str(w["by"]), str(w["on"])): w["amount"] for w in items}


def _compare_book(name: str, want: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    problems = []
    for player in sorted(set(map(str, want)) | set(map(str, got))):
        problems += _differs(f"{name} {player}", want.get(player, 0), got.get(player, 0))
    return problems


def _differs(label: str, want: Any, got: Any) -> list[str]:
    if abs(Fraction(from_json(want)) - Fraction(from_json(got))) <= TOLERANCE:
        return []
    return [f"{label} expected {want} got {got}"]
