"""Hostile case files: the reader and the command line never raise past their boundary.

Valid cases of every kind are mutated by hypothesis (values replaced by NaN, Infinity, huge
or over-precise numbers, bools, ``7.0``, texts, deep lists, objects; keys removed or
added) and written as JSON text. Every case must come back scored or refused by a code of
``MESSAGES`` (never "could not be scored"), ``check`` must read any ``expected``, and no
case may take a second of CPU time.
"""

from __future__ import annotations

import contextlib
import copy
import json
import signal
import time
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.casefile import check_case, load, run_cases
from scoring.errors import CaseError

from .helpers import calls, game, misere, raspasy

GAME = game("A", 7, calls("B whist", "C pass"), {"A": 7, "B": 2, "C": 1}, play="open")
BASES: list[dict[str, Any]] = [
    {
        "id": "deal",
        "kind": "deal",
        "convention": "sochi",
        "options": {"whist_sharing": "gentleman", "half_whist_levels": [6, 7]},
        "players": ["A", "B", "C", "D"],
        "dealer": "D",
        "pool_before": {"size": 10, "pulka": {"A": 8}, "gora": {"B": 2}},
        "deal": {
            **GAME,
            "talon": ["SA", "SK"],
            "ruling": {"rule": "kodex-3.4.9"},
            "referee_rulings": [
                {"kind": "prikup_refusal", "points": 2},
                {"kind": "talon_peeking", "player": "C"},
                {
                    "kind": "manual",
                    "entry": "whist",
                    "player": "B",
                    "on": "A",
                    "amount": 3,
                    "reason": "revoke",
                },
            ],
        },
        "expected": {"pulka": {"A": 4}, "whists": [{"by": "B", "on": "A", "amount": 8}]},
    },
    {
        "id": "plan",
        "kind": "deal",
        "convention": "leningrad",
        "players": ["A", "B", "C"],
        "deal": {
            **misere("A", {"A": 1, "B": 5, "C": 4}),
            "ruling": {
                "rule": "kodex-3.8.5.1",
                "mode": "commercial",
                "insisting": "B",
                "dissenters": ["C"],
                "guaranteed": {"A": 0, "B": 5, "C": 5},
            },
        },
        "expected": {"error": "anything"},
    },
    {
        "id": "settle",
        "kind": "settlement",
        "convention": "fspr",
        "players": ["A", "B", "C"],
        "input": {
            "pool_size": None,
            "pulka": {"A": 2.5},
            "gora": {"C": 2},
            "whists": [{"by": "B", "on": "A", "amount": 4}],
        },
        "expected": {"result": {"A": 14, "B": 4, "C": -18}},
    },
    {
        "id": "pulka",
        "kind": "pulka",
        "convention": "rostov",
        "options": {"raspasy_exit": "medium"},
        "players": ["A", "B", "C"],
        "pool_size": 10,
        "deals": [
            {**raspasy({"A": 5, "B": 3, "C": 2}), "dealer": "A"},
            {**game("B", 7, calls("C whist", "A whist"), {"A": 1, "B": 7, "C": 2}), "dealer": "B"},
            {**game("C", 6, calls("A pass", "B half_whist")), "dealer": "C"},
        ],
        "expected": {"result": {"A": 0}},
    },
]

HOSTILE_NUMBERS = st.sampled_from(
    [
        Decimal("NaN"),
        Decimal("Infinity"),
        Decimal("-Infinity"),
        Decimal("1e999999"),
        Decimal("1e99999999"),
        Decimal("1e-99999999"),
        Decimal("7.0"),
        Decimal("-0.0"),
        Decimal("0.1234567890123"),
        10**40,
        -5,
        0,
        7,
        11,
        True,
        False,
    ]
)
SCALARS = st.one_of(
    HOSTILE_NUMBERS,
    st.none(),
    st.integers(),
    st.text(max_size=8),
    st.sampled_from(["A", "B", "Q", "", "misere", "whist", "game", "raspasy", "SA", "open"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["A", "B", "C", "x", "level"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (keys of objects, indexes of lists)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(case: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    case = copy.deepcopy(case)
    for _ in range(data.draw(st.integers(1, 4))):
        places = [p for p in paths(case) if p]
        action = data.draw(st.sampled_from(["number", "replace", "delete", "add", "deep"]))
        if action == "number":  # a number where the case has one: the likeliest hostile spot
            places = [p for p in places if type(at(case, p)) in (int, float)] or places
        place = data.draw(st.sampled_from(places))
        parent: Any = case
        for step in place[:-1]:
            parent = parent[step]
        if action == "number":
            parent[place[-1]] = data.draw(HOSTILE_NUMBERS)
        elif action == "delete" and isinstance(parent, dict):
            del parent[place[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "id", "kind", "level"]))] = data.draw(VALUES)
        elif action == "deep":
            parent[place[-1]] = [[[[[[[[0]]]]]]]]
        else:
            parent[place[-1]] = data.draw(VALUES)
    return case


def text(value: Any) -> str:
    """JSON as a hostile file writes it: NaN and Infinity as bare words."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{text(str(k))}: {text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(text(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return {"NaN": "NaN", "Infinity": "Infinity", "-Infinity": "-Infinity"}.get(
            str(value), str(value)
        )
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


@contextlib.contextmanager
def deadline(seconds: float, case: Any) -> Iterator[None]:
    """Fail (instead of hanging) when a case uses more than ``seconds`` of CPU time: CPU,
    not wall time, since the suite runs on machines shared with other work (a case that
    took 0.2 s of CPU was seen to take 1.5 s of wall time at a load of 6)."""

    def expired(signum: int, frame: Any) -> None:
        raise AssertionError(f"a case ran longer than {seconds} s: {case!r:.300}")

    previous = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@pytest.mark.slow
@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_hostile_cases_are_scored_or_refused_one_by_one(data):
    cases = [mutate(base, data) for base in BASES]
    cases.append(copy.deepcopy(BASES[0]))  # a repeated id, and a valid case among them
    loaded = load("[" + ", ".join(text(case) for case in cases) + "]")
    for case in loaded:
        start = time.process_time()
        with deadline(2.0, case):
            (output,) = run_cases([case])
            problems = check_case(case, output)
        assert "could not be scored" not in output.get("error", ""), (case, output)
        assert isinstance(problems, list)
        assert time.process_time() - start < 1.0, case  # of CPU time, as the deadline
    outputs = run_cases(loaded)
    assert len(outputs) == len(loaded)
    if any(isinstance(c, dict) and c.get("id") == "deal" for c in loaded[:-1]):
        # BASES[0] again: its id repeats
        repeated = CaseError("case.duplicate_id", "id", id="deal")
        assert outputs[-1] == {"id": "deal", "error": str(repeated)}
    else:
        assert "error" not in outputs[-1]


def test_a_valid_case_stays_valid_among_hostile_ones():
    # the settlement base is scored (its numbers are checked in test_settlement.py), the
    # case beside it refused
    outputs = run_cases([BASES[2], {"id": "x", "kind": "deal", "deal": float("nan")}])
    assert "error" not in outputs[0] and "error" in outputs[1]
