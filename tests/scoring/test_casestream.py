"""Reading a case file case by case (scoring/casestream.py): the same values as reading it
whole, and ``NotStreamed`` for every text that reading it whole refuses or reads otherwise.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

import pytest

from scoring.casefile import Unreadable, load
from scoring.casestream import NotStreamed, each_case

CASES: list[Any] = [
    {"id": "a", "kind": "deal", "deal": {"type": "raspasy", "tricks": {"A": 5}}},
    [1, [2, [3]]],
    "x",
    7,
    None,
    {"nested": {"text": 'with [brackets] and {braces} and " quotes \\'}},
]


def streamed(text: str) -> list[Any]:
    return list(each_case(text))


@pytest.mark.parametrize(
    "text",
    [
        json.dumps(CASES),
        json.dumps(CASES, indent=2),
        json.dumps(CASES, separators=(",", ":")),
        " \n\t[ " + " ,\r\n ".join(json.dumps(c) for c in CASES) + " ]\n ",
        "[]",
        " [ \n ] ",
        "[7]",
    ],
    ids=["default", "indented", "compact", "spaces", "empty", "empty-spaced", "one"],
)
def test_a_list_reads_case_by_case_to_the_values_read_at_once(text):
    assert streamed(text) == load(text)


def test_numbers_read_as_at_once_exactly_and_non_finite_ones_too():
    text = "[1.50, 1e-3, NaN, -Infinity, 12, -0]"
    assert [repr(v) for v in streamed(text)] == [repr(v) for v in load(text)]
    assert streamed(text)[0] == Decimal("1.50") and type(streamed(text)[4]) is int


def test_cases_come_one_by_one_before_the_rest_is_read():
    cases = each_case('[{"id": "a"}, {"id": "b"} oops')
    assert next(cases) == {"id": "a"}
    assert next(cases) == {"id": "b"}
    with pytest.raises(NotStreamed):
        next(cases)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "{}",
        "7",
        '"cases"',
        "null",
        "\ufeff[]",
        "[1] x",
        "[1]]",
        "[1 2]",
        "[1,]",
        "[1,",
        "[1",
        "[",
        "[,1]",
        '[{"id": }]',
        '["\\x"]',
        '["a\nb"]',
    ],
)
def test_a_text_that_is_not_a_list_read_to_its_end_is_not_streamed(text):
    with pytest.raises(NotStreamed):
        streamed(text)


def test_an_integer_too_long_to_convert_is_left_to_the_whole_reading():
    text = "[1, " + "9" * 5000 + "]"
    with pytest.raises(NotStreamed):
        streamed(text)
    assert load(text)[1] == Decimal("9" * 5000)  # read again keeping it (caseread.load)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_value_deeper_than_a_fifth_of_the_recursion_limit_is_not_streamed():
    deepest = sys.getrecursionlimit() // 5
    assert streamed(f"[1, {nested(deepest)}]")[1] == load(f"[{nested(deepest)}]")[0]
    with pytest.raises(NotStreamed):
        streamed(f"[1, {nested(deepest + 1)}]")
    assert load(f"[{nested(deepest + 1)}]")  # read whole, it is still read


def test_brackets_inside_texts_do_not_count_as_nesting():
    deepest = sys.getrecursionlimit() // 5
    case = {"id": "[" * (3 * deepest), "deal": {"talon": ["{" * deepest]}}
    assert streamed(json.dumps([case])) == [case]


def test_nesting_too_deep_for_either_reading_is_refused_by_the_whole_reading():
    text = nested(100_000)
    with pytest.raises(NotStreamed):
        streamed(text)
    with pytest.raises(Unreadable):
        load(text)
