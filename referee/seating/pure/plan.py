"""Table plan for any N ≥ 3: how many tables of 4 and of 3 (TOURNAMENTS.md §6.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .notes import plan_label
from .values import NoTablePlanError

Prefer = Literal[3, 4]


@dataclass(frozen=True, slots=True)
class TablePlan:
    """Table sizes, 4-tables first, and the number of players who sit out (byes)."""

    sizes: tuple[int, ...]
    byes: int = 0

    @property
    def players(self) -> int:
        return sum(self.sizes) + self.byes

    def __str__(self) -> str:
        return plan_label(self.sizes, self.byes)


def table_plan(n: int, prefer: Prefer = 4) -> TablePlan:
    """Split ``n`` players into tables of 4 and 3 by the §6.2 rule.

    ``prefer=4``: 3-tables t = 0, 3, 2, 1 for n mod 4 = 0, 1, 2, 3. ``prefer=3``: 4-tables
    f = 0, 1, 2 for n mod 3 = 0, 1, 2. Both fail only at n = 5, which §6.2 plays as one
    4-table and a bye. §6.2 names ``prefer=3`` as its default; the product issue asks for 4.

    >>> str(table_plan(10)), str(table_plan(12)), str(table_plan(12, prefer=3))
    ('4+3+3', '4+4+4', '3+3+3+3')
    >>> str(table_plan(5))
    '4 + bye'
    """
    if n < 3:
        raise NoTablePlanError(
            f"{n} players: a table needs at least 3 (TOURNAMENTS.md §6.2)",
            "too_few_players",
            {"n": n},
        )
    if prefer not in (3, 4):
        raise NoTablePlanError(
            f"prefer must be 3 or 4, not {prefer!r}", "unknown_prefer", {"prefer": prefer}
        )
    if n == 5:
        return TablePlan(sizes=(4,), byes=1)
    if prefer == 4:
        threes = (0, 3, 2, 1)[n % 4]
        fours = (n - 3 * threes) // 4
    else:
        fours = n % 3
        threes = (n - 4 * fours) // 3
    return TablePlan(sizes=(4,) * fours + (3,) * threes)
