"""Reading a case file case by case, for ``score``: each case is read when it is scored.

A whole file read at once is tens of megabytes of objects for a large file, each visited
again long after it was made (out of the processor's caches) and freed only at the end;
case by case, the objects of one case are made, scored and freed while they are fresh, and
the next case reuses their memory.

``each_case(text)`` gives the elements of the file's JSON list in order, each equal to the
one ``caseread.load(text)`` gives (the same reader, configured alike, reads each element).
It raises ``NotStreamed`` for anything else: a text that is not a JSON list, a list that
does not read to its end, an element that cannot be read (a refusal of ``load``, or an
integer too long for Python's conversion), and an element nesting deeper than a fifth of
the recursion limit (a real case nests six levels; the whole file, read at once, nests one
level deeper and from deeper in the stack). The caller then reads the whole text with
``load``, whose answer (its cases or its refusal) is the one given: a text is scored case
by case only where ``load`` reads it, and to the same values.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

_DECODER = json.JSONDecoder(parse_float=Decimal, parse_constant=Decimal)  # as load reads
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]
_SPACE = re.compile(r"[ \t\n\r]*")  # what json.loads skips around values
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*").match  # what the list reader skips between
_SPACES = " \t\n\r"  # (and "": the end of the text)
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|([\[{])|([\]}])')  # a string, an opener, a closer


class NotStreamed(Exception):
    """The text is not read case by case: read it whole (``caseread.load``)."""


def each_case(text: str) -> Iterator[Any]:
    """The elements of the JSON list ``text``, one by one; see the module's docstring."""
    start = _skip(text, 0)
    if not text.startswith("[", start):
        raise NotStreamed
    deepest = sys.getrecursionlimit() // 5
    widest = 2 * deepest  # no shorter value nests deeper
    i = _skip(text, start + 1)
    end = i + 1
    if not text.startswith("]", i):
        while True:
            try:
                case, end = _SCAN(text, i)
            except Exception:  # not a value, or one load refuses: load says which
                raise NotStreamed from None
            if end - i > widest and _depth(text, i, end, deepest) > deepest:
                raise NotStreamed
            yield case
            if text.startswith(", ", end) and text[end + 2 : end + 3] not in _SPACES:
                i = end + 2  # json.dumps's separator, the next value right after it
                continue
            comma = _COMMA(text, end)
            if comma is None:
                break
            i = comma.end()
        end = _skip(text, end)
        if not text.startswith("]", end):
            raise NotStreamed
        end += 1
    if _skip(text, end) != len(text):
        raise NotStreamed


def _skip(text: str, i: int) -> int:
    """Where the white space from ``i`` on ends."""
    return _SPACE.match(text, i).end()  # type: ignore[union-attr]  # (it matches "")


def _depth(text: str, start: int, end: int, deepest: int) -> int:
    """How deep the lists and objects of the JSON value ``text[start:end]`` nest, or any
    number up to ``deepest`` when they cannot nest deeper than that."""
    brackets = text.count("[", start, end) + text.count("{", start, end)
    if brackets <= deepest:  # the cheap bound: it nests no deeper than it has brackets
        return brackets
    depth = most = 0
    for match in _BRACKETS.finditer(text, start, end):
        if match.group(1) is not None:
            depth += 1
            most = max(most, depth)
        elif match.group(2) is not None:
            depth -= 1
    return most
