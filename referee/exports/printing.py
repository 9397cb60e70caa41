"""Printing helpers of the PDF reports: cells with their display text, names of people, and
the page counter in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.template.defaultfilters import floatformat
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from . import tabular


@dataclass(frozen=True)
class Cell:
    text: str
    numeric: bool
    negative: bool = False


def _first_values(sheet: tabular.Sheet) -> list[tabular.Value]:
    """Per column, its first value that is not empty (numeric columns are right-aligned)."""
    firsts: list[tabular.Value] = [None] * len(sheet.header)
    for row in sheet.rows:
        for i, value in enumerate(row[: len(firsts)]):
            if firsts[i] is None and value is not None:
                firsts[i] = value
    return firsts


def _cells(row: Sequence[tabular.Value], numeric: Sequence[bool] = ()) -> list[Cell]:
    """A row as printed: figures to two places at most, right-aligned, negatives marked."""
    out = []
    for i, value in enumerate(row):
        figure = isinstance(value, int | Fraction | float)
        out.append(
            Cell(
                shown(value),
                figure or (i < len(numeric) and numeric[i]),
                figure and value < 0,  # type: ignore[operator]
            )
        )
    return out


def shown(value: tabular.Value) -> str:
    """A value as the pages show it: figures to two places at most (``17.33``, ``-10``,
    ``2.50``, with the language's decimal sign), text as it is, empty for None."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return str(floatformat(value, "-2"))


def _person(user: Any) -> str:
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username())


def page_counter() -> SafeString:
    """CSS ``content`` for "page X of Y" in the active language, from one translatable
    message: its text parts quoted, the numbers as the page counters."""
    marked = _("page %(page)s of %(pages)s") % {"page": "\x00page\x00", "pages": "\x00pages\x00"}
    parts = []
    for i, piece in enumerate(marked.split("\x00")):
        if i % 2:
            parts.append(f"counter({piece})")
        elif piece:
            quoted = piece.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3C ")
            parts.append(f'"{quoted}"')
    return mark_safe(" ".join(parts))  # text parts quoted and escaped above
