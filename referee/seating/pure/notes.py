"""Notes on a seating: a stable code and its parameters, never a sentence (TOURNAMENTS.md §6).

The algorithm says why a table or a round looks the way it does, and the quality report says
how good it is, as ``Note`` values: ``code`` is one of ``CODES``, ``params`` hold numbers,
flags and players (the caller's ids, e.g. registration numbers). The site renders them in the
reader's language with the players' names (``referee.seating.notes``); ``str(note)`` is a
plain English line for logs, benchmarks and tests.

A parameter named ``player``, ``first``, ``second`` or ``players`` holds players, and so do
the first two items of each of ``pairs`` (a list) and the first of each of ``byes``; the
others hold numbers, flags or a ``reason``.

>>> note = Note("pulled_up", {"player": 4, "place": 6})
>>> str(note), note.as_json()
('4 pulled up from place 6', {'code': 'pulled_up', 'params': {'player': 4, 'place': 6}})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

WHY = {
    "repeat": "to avoid a repeat",
    "forbidden": "to keep a forbidden pair apart",
    "standings": "to keep the standings order",
}


@dataclass(frozen=True, slots=True)
class Note:
    """One note: ``code`` names what it says, ``params`` the values it says it with."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown seating note code {self.code!r}")

    def __str__(self) -> str:
        return CODES[self.code](self.params)

    def as_json(self) -> dict[str, Any]:
        """The note as stored (``Table.notes``, ``Round.notes``): tuples become lists."""
        return {"code": self.code, "params": plain(self.params)}


def plain(value: Any) -> Any:
    """A note's parameters as stored in JSON: tuples become lists."""
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def pair_label(first: object, second: object) -> str:
    return f"{first}–{second}"


def plan_label(sizes: Sequence[int], byes: int) -> str:
    tables = "+".join(str(size) for size in sizes)
    return f"{tables} + bye" if byes else tables


def _starts(p: Mapping[str, Any]) -> str:
    return f", {p['starts']} starts" if p["starts"] > 1 else ""


def _met(p: Sequence[Any]) -> str:
    first, second, met = p
    return f"{pair_label(first, second)} (met {met}× before)"


def _repeats(p: Mapping[str, Any]) -> str:
    listed = "; ".join(
        f"{pair_label(a, b)} (table {table}, met {met}× before)" for a, b, table, met in p["pairs"]
    )
    return f"repeated pairs: {len(p['pairs'])} ({listed})"


def _spread(p: Mapping[str, Any]) -> str:
    more = f" and {p['more']} more" if p["more"] else ""
    return f"seat spread: at most {p['spread']} ({', '.join(map(str, p['players']))}{more})"


def _dealer(p: Mapping[str, Any]) -> str:
    lot = f", lot among {p['tied']}" if p["tied"] > 1 else ""
    return f"first dealer {p['player']}: fewest first deals ({p['fewest']}){lot}"


#: Every code with its English line. Round notes, table notes, then quality lines.
CODES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # a round
    "plan": lambda p: (
        f"plan {plan_label(p['sizes'], p['sitting_out'])} for {p['count']} players"
        + f" (prefer {p['prefer']})"
    ),
    "bye": lambda p: (
        f"bye: {p['player']} (byes before: {p['before']})"
        + (", forced by a forbidden pair" if p["forced"] else "")
    ),
    "draw_swiss": lambda p: "Swiss: blocks by standings" + _starts(p),
    "draw_random": lambda p: "random draw" + _starts(p),
    "repeats_kept": lambda p: (
        f"repeat pairs kept: {len(p['pairs'])}: {', '.join(_met(pair) for pair in p['pairs'])}"
    ),
    "no_repeats": lambda p: "no repeat pairs",
    "swaps": lambda p: f"swaps: {p['swaps']}; repeat pairs before the swaps: {p['before']}",
    "forbidden_apart": lambda p: f"forbidden pairs kept apart: {p['count']}",
    "hand_swap": lambda p: f"hand adjustment: {p['first']} ⇄ {p['second']}",
    "playoff": lambda p: "play-off: tables by standings, earlier meetings not considered",
    "fixed_schedule": lambda p: f"fixed schedule: round {p['round']} as uploaded",
    "stage": lambda p: f"stage {p['number']} ({p['name']}): {stage_count(p)} players",
    "group": lambda p: f"group {p['group']}: tables {p['from_table']}–{p['to_table']}",
    "playoff_game": lambda p: (
        f"play-off game at the cut of stage {p['stage']}"
        + (f", group {p['group']}" if p["group"] else "")
        + f": places {p['places']}, {p['deals']} deals"
    ),
    "teammates_apart": lambda p: f"team mates kept apart: {p['pairs']} of {p['of']} pairs",
    "absent": lambda p: f"absent: {p['player']}" + (f" ({p['reason']})" if p["reason"] else ""),
    "unpaid": lambda p: f"unpaid, not seated: {p['player']} (paid {p['paid']} of {p['due']})",
    # a table
    "block": lambda p: f"standings {p['top']}–{p['bottom']}",
    "moved_down": lambda p: f"{p['player']} moved down from place {p['place']}",
    "pulled_up": lambda p: f"{p['player']} pulled up from place {p['place']}",
    "swapped": lambda p: f"swapped {p['first']} and {p['second']} {WHY[p['reason']]}",
    "repeat_kept": lambda p: f"repeat pair kept: {_met((p['first'], p['second'], p['met']))}",
    "seats_drawn": lambda p: "seats by draw",
    "seats_balanced": lambda p: (
        f"seat balance: draw adjusted ({p['before']} → {p['after']} earlier uses)"
    ),
    "dealer_lot": lambda p: f"first dealer {p['player']}: by lot",
    "dealer_fewest": _dealer,
    "teammates_together": lambda p: f"team mates together: {pair_label(p['first'], p['second'])}",
    "seats_as_listed": lambda p: "seats as listed in the schedule",
    # the quality report
    "quality_repeats": _repeats,
    "quality_no_repeats": lambda p: "no repeated pairs",
    "quality_seat_spread": _spread,
    "quality_first_deals": lambda p: f"first deals per player: {p['low']}–{p['high']}",
    "quality_byes": lambda p: f"byes: {', '.join(f'{q} {n}' for q, n in p['byes'])}",
}


def stage_count(params: Mapping[str, Any]) -> int:
    """The players of a stage note: ``count``; a note stored before it had that name kept the
    number under ``players``, which (by the rule above) names players, never a number."""
    found = params.get("count", params.get("players"))
    if isinstance(found, bool) or not isinstance(found, int):
        raise TypeError("a stage note without its count of players")
    return found
