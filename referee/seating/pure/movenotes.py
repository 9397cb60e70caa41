"""Notes and refusals of the duplicate movement (``movement``): stable codes with parameters.

As with the seating's notes (``notes.py``), the generator never writes a sentence: a
``MoveNote`` holds a code of ``MOVE_CODES`` and its parameters, ``str(note)`` is a plain English
line (for logs, benchmarks and tests; the site will render its own translation), and a refusal
is a ``MovementError`` whose ``code`` is one of ``REFUSALS`` with its ``params``. A parameter
named ``players`` or ``pairs`` holds the caller's player ids; the others hold numbers.

>>> str(MoveNote("move_no_repeats"))
'no two players meet twice'
>>> error = MovementError("not_divisible", {"n": 10, "size": 3})
>>> str(error), error.code, error.params
('10 players do not fill tables of 3: the number must be divisible by 3 (no byes)', \
'not_divisible', {'n': 10, 'size': 3})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import Refusal

from .notes import pair_label, plain


def _pairs(p: Mapping[str, Any]) -> str:
    shown = "; ".join(f"{pair_label(a, b)} {times}×" for a, b, times in p["pairs"])
    more = f" and {p['more']} more" if p["more"] else ""
    return f"pairs meeting more than once: {p['count']} ({shown}{more}); repeats: {p['repeats']}"


#: Every note code with its English line: the plan, then the quality report.
MOVE_CODES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # the plan (``Movement.notes``)
    "move_plan": lambda p: (
        f"{p['players']} players at {p['tables']} tables of {p['size']} in {p['groups']} "
        f"group(s): {p['stanzas']} stanzas, {p['sets']} sets of {p['boards_per_set']} boards "
        f"per group ({p['boards']} boards in all)"
    ),
    "move_least_stanzas": lambda p: (
        f"{p['stanzas']} stanzas, the least possible: each of the {p['tables']} tables of a group "
        "plays every set, one set a stanza, and each stanza needs a set for every table"
    ),
    "move_orthogonal": lambda p: (
        f"no repeats possible: every prime-power factor of {p['tables']} exceeds {p['size']}, "
        f"so each player meets {p['opponents']} different opponents"
    ),
    "move_forced": lambda p: (
        f"{p['tables']} tables of {p['size']}: the factor {p['factor']} of {p['tables']} "
        f"(not above {p['size']}) forces some pairs to meet more than once"
    ),
    "move_least_repeats": lambda p: (
        f"with {p['tables']} tables a group has at least {p['repeats']} repeats, and this "
        "plan has that many"
    ),
    "move_searched": lambda p: (
        f"local search: repeats {p['before']} before, {p['after']} after "
        f"({p['steps']} steps, seed {p['seed']}); not proved the least possible"
    ),
    # a field with sit-outs and a chosen length (``field.plan_field``)
    "move_field": lambda p: (
        f"{p['stanzas']} stanzas chosen; {p['sitouts']} player(s) sit out each stanza in turn; "
        f"every board played {p['plays']} times, each hand compared with {p['comparisons']} "
        f"others; repeat meetings {p['repeats']}"
    ),
    # the quality report (``assess_movement``)
    "move_boards_played": lambda p: (
        f"every board at every table of its group once: {p['boards']} boards, "
        f"{p['plays']} plays, each player {p['per_player']} boards, none twice"
    ),
    "move_no_repeats": lambda p: "no two players meet twice",
    "move_repeats": _pairs,
    "move_opponents": lambda p: (
        f"opponents met per player: {p['low']}–{p['high']} different, of {p['most']} possible"
    ),
    "move_roles": lambda p: (
        f"seat roles per player: each role {p['low']}–{p['high']} times (spread {p['spread']})"
    ),
}


@dataclass(frozen=True, slots=True)
class MoveNote:
    """One note of a movement: ``code`` of ``MOVE_CODES``, ``params`` its values."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.code not in MOVE_CODES:
            raise ValueError(f"unknown movement note code {self.code!r}")

    def __str__(self) -> str:
        return MOVE_CODES[self.code](self.params)

    def as_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": plain(self.params)}


#: Every refusal code with its English reason.
REFUSALS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "table_size": lambda p: f"tables of {p['size']}: a duplicate movement has tables of 3 or 4",
    "too_few_players": lambda p: f"{p['n']} players: a table of {p['size']} needs {p['size']}",
    "not_divisible": lambda p: (
        f"{p['n']} players do not fill tables of {p['size']}: the number must be divisible "
        f"by {p['size']} (no byes)"
    ),
    "groups": lambda p: (
        f"{p['tables']} tables do not split into {p['groups']} groups of equal size"
    ),
    "boards_per_set": lambda p: f"{p['boards_per_set']} boards per set: a set needs at least one",
    "player_twice": lambda p: f"listed more than once: {', '.join(map(str, p['players']))}",
    "small_field": lambda p: f"{p['n']} players: a session needs at least {p['least']}",
    "stanzas": lambda p: (
        f"{p['stanzas']} stanzas: from 1 to the {p['tables']} tables (a player would play a "
        "set twice)"
    ),
}


class MovementError(Refusal):
    """A movement that cannot be made (the pure packages' one shape,
    ``scoring.errors.Refusal``): ``code`` (one of ``REFUSALS``) and ``params`` say why; the
    message is the English reason."""

    def __init__(self, code: str, params: Mapping[str, Any]) -> None:
        super().__init__(code, "", REFUSALS[code](params), params)
