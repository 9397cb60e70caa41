"""A table's statistics for one player as JSON and back, exactly (issue 33 point 2).

What ``player_stats.table_stats`` gives for a table is kept when the table locks
(``standings.services.table_stats``) and read back by the profile instead of scoring the
table again: ``encode`` and ``decode`` are exact inverses (an amount is written ``"7"`` or
``"-17/3"``, a ``(level, strain)`` key ``"7 H"``), so the kept numbers are the live ones.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Any

from scoring.numbers import Amount, exact

from .player_stats import Record, Stats

_KEYED = ("contracts", "contracts_made")
_RECORDS = ("best_result", "longest_raspasy", "worst_misere")


def amount_text(value: Amount) -> str:
    return str(exact(value))


def amount_of(text: str | int) -> Amount:
    if isinstance(text, int) or "/" not in text:
        return int(text)  # most amounts are whole: ``Fraction``'s parser is the slow way
    return exact(Fraction(text))


def encode(stats: Stats) -> dict[str, Any]:
    """``stats`` as plain JSON; zero counts and absent records are left out (short rows)."""
    out: dict[str, Any] = {}
    for f in fields(stats):
        value = getattr(stats, f.name)
        if f.name in _KEYED:
            if value:
                out[f.name] = {f"{level} {strain}": n for (level, strain), n in value.items()}
        elif f.name in _RECORDS:
            if value is not None:
                out[f.name] = [amount_text(value.value), value.tournament, value.round, value.table]
        elif value:
            out[f.name] = amount_text(value) if isinstance(value, Fraction) else value
    return out


def decode(data: dict[str, Any]) -> Stats:
    """The ``Stats`` that ``encode`` wrote."""
    stats = Stats()
    for name, value in data.items():
        if name in _KEYED:
            setattr(stats, name, {_key(k): int(n) for k, n in value.items()})
        elif name in _RECORDS:
            setattr(stats, name, Record(amount_of(value[0]), *(int(v) for v in value[1:])))
        elif isinstance(value, str):
            setattr(stats, name, amount_of(value))
        else:
            setattr(stats, name, value)
    return stats


def _key(text: str) -> tuple[int, str]:
    """``"7 H"`` → ``(7, "H")``; the few keys there are read once (a veteran's cold page
    decodes twenty thousand of them)."""
    found = _KEYS.get(text)
    if found is None:
        level, strain = text.split(" ")
        found = _KEYS[text] = (int(level), strain)
    return found


_KEYS: dict[str, tuple[int, str]] = {}
