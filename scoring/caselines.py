"""The ``score`` output written line by line (SPEC §12.9), with a fast path for deal cases.

``score_lines(cases)`` gives the output line of every case, exactly the JSON text that
encoding ``run_cases(cases)`` gives (same keys, order and separators). A deal case of the
common shape (an object with a fresh non-empty id, kind ``deal``, no ``pool_before``) is
read, scored and written here without the intermediate output objects; on anything else,
or on any failure at all, the case goes the full way (``run_case``), which gives its
refusal with its code, field and params: the fast path checks nothing less, it only
skips work when the checks pass.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from json.encoder import encode_basestring
from typing import Any, NamedTuple

from .caseread import parse_deal, table_of
from .deal import score_deal
from .errors import CaseError, valid_text
from .ledger import ADJUSTMENT, GORA, POOL, WHIST, Entry
from .numbers import Amount, to_json

_ENCODER = json.JSONEncoder(ensure_ascii=False)
_TEXT = encode_basestring  # ensure_ascii=False: the encoder's own string form


def score_lines(cases: Iterable[Any]) -> list[str]:
    """The JSON line of each case's output, in order (a repeated id is refused)."""
    seen: set[str] = set()
    lines = []
    encode = _ENCODER.encode
    for case in cases:
        case_id = case.get("id") if type(case) is dict else None
        line = None
        if type(case_id) is str and (case_id.isascii() or valid_text(case_id)):
            if case_id in seen:
                error = CaseError("case.duplicate_id", "id", id=case_id)
                lines.append(encode({"id": case_id, "error": str(error)}))
                continue
            seen.add(case_id)
            if case_id and case.get("kind") == "deal" and not case.get("pool_before"):
                line = _deal_line(case, case_id)
        lines.append(encode(_run_case(case)) if line is None else line)
    return lines


def _run_case(case: Any) -> dict[str, Any]:
    """``casefile.run_case``: that module (with pulkas and settlements) is imported when
    a case first needs it, not at the command line's start."""
    from .casefile import run_case

    return run_case(case)


def _deal_line(case: dict[str, Any], case_id: str) -> str | None:
    """A well-formed deal case's line, or None for the full way (and its refusal)."""
    raw = case.get("deal")
    if type(raw) is not dict:
        return None
    try:
        cv, players = table_of(case)
        result = score_deal(cv, players, parse_deal(raw, case.get("dealer")), None)
        return _line(case_id, result.entries, players)
    except Exception:  # the full way gives the refusal (or case.failed)
        return None


def _number(value: Amount) -> str:
    amount = to_json(value)
    return int.__repr__(amount) if type(amount) is int else float.__repr__(amount)


class _Seating(NamedTuple):
    """A seating's JSON texts: each player's id, and the rank of each ordered pair."""

    text: dict[str, str]
    rank: dict[tuple[str, str], int]


_SEATINGS: dict[tuple[str, ...], _Seating] = {}


def _seating(players: tuple[str, ...]) -> _Seating:
    seating = _SEATINGS.get(players)
    if seating is None:
        seat = {p: i for i, p in enumerate(players)}
        rank = {(a, b): seat[a] * len(players) + seat[b] for a in players for b in players}
        seating = _Seating({p: _TEXT(p) for p in players}, rank)
        if len(_SEATINGS) >= 4096:
            _SEATINGS.clear()
        _SEATINGS[players] = seating
    return seating


def _book(book: dict[str, Amount], players: tuple[str, ...], text: dict[str, str]) -> str:
    """``casefile._seated`` as JSON text: non-zero values in seating order."""
    if len(book) == 1:  # the usual book: one player's
        for p, only in book.items():
            if not only:
                return "{}"
            return f"{{{text[p]}: {only if type(only) is int else _number(only)}}}"
    if not book:
        return "{}"
    parts = []
    for p in players:
        value = book.get(p)
        if value:
            parts.append(f"{text[p]}: {value if type(value) is int else _number(value)}")
    return "{" + ", ".join(parts) + "}"


def _line(case_id: str, entries: Iterable[Entry], players: tuple[str, ...]) -> str:
    """``{"id": ..., **casefile._totals_output(Totals.of(entries), players)}`` as JSON."""
    return f'{{"id": {_TEXT(case_id)}, {_totals(entries, players)}'


def _totals(entries: Iterable[Entry], players: tuple[str, ...]) -> str:
    """The books of the entries as JSON text (the line after its id): the entries summed as
    ``Totals.add`` sums them (a sum is exact either way, and only its value is written),
    without the ``Totals`` between."""
    pulka: dict[str, Amount] = {}
    gora: dict[str, Amount] = {}
    whists: dict[tuple[str, str], Amount] = {}
    adjustments: dict[str, Amount] = {}
    for kind, player, amount, _, _, on in entries:
        if kind is WHIST:
            assert on is not None
            pair = (player, on)
            whists[pair] = whists.get(pair, 0) + amount
            continue
        if kind is GORA:
            book = gora
        elif kind is POOL:
            book = pulka
        elif kind is ADJUSTMENT:
            book = adjustments
        else:
            raise KeyError(kind)  # as ``Totals.add``: the full way says case.failed
        book[player] = book.get(player, 0) + amount
    text, rank = _SEATINGS.get(players) or _seating(players)
    pairs: Iterable[tuple[str, str]] = whists
    if len(whists) > 1:  # in seating order (every pair is one of the table's players)
        pairs = sorted(whists, key=rank.__getitem__)
    listed = []
    for pair in pairs:
        value = whists[pair]
        if value:
            shown = value if type(value) is int else _number(value)
            listed.append(f'{{"by": {text[pair[0]]}, "on": {text[pair[1]]}, "amount": {shown}}}')
    given = ""
    if adjustments:
        given = ", ".join(
            [
                f'{{"player": {text[p]}, "whists": {_number(adjustments[p])}}}'
                for p in players
                if adjustments.get(p)
            ]
        )
    return (
        f'"pulka": {_book(pulka, players, text)}, '
        f'"gora": {_book(gora, players, text)}, "whists": [{", ".join(listed)}], '
        f'"adjustments": [{given}]}}'
    )
