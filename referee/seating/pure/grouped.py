"""A round of a stage played in groups (issue 34 point 3): each group is seated on its own,
by the stage's method, and the groups' tables are numbered on, group A's first.

>>> from .values import SeatedTable
>>> a = RoundSeating((SeatedTable(1, (1, 2, 3), 1),))
>>> b = RoundSeating((SeatedTable(1, (4, 5, 6), 4), SeatedTable(2, (7, 8, 9), 7)))
>>> merged = merge([a, b])
>>> [t.number for t in merged.tables], [str(n) for n in merged.notes]
([1, 2, 3], ['group A: tables 1–1', 'group B: tables 2–3'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TypeVar

from referee.standings.pure.groups import label

from .notes import Note
from .values import RoundSeating

P = TypeVar("P")


def merge(seatings: Sequence[RoundSeating[P]]) -> RoundSeating[P]:
    """The groups' seatings as one round: tables numbered on, each group's notes after a
    note of its tables, the byes together."""
    tables = []
    notes: list[Note] = []
    byes: list[P] = []
    done = 0
    for index, seating in enumerate(seatings):
        for table in seating.tables:
            tables.append(dataclasses.replace(table, number=done + table.number))
        span = {
            "group": label(index),
            "from_table": done + 1,
            "to_table": done + len(seating.tables),
        }
        notes += [Note("group", span), *seating.notes]
        byes += seating.byes
        done += len(seating.tables)
    return RoundSeating(tuple(tables), tuple(notes), tuple(byes))
