"""The ``score`` command's fast path (caselines.score_lines over casestream.each_case)
writes every file exactly as the full way does (``casefile.run_cases``, each output
encoded): the same text for every case, scored or refused, whatever the file holds.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import PRESETS, DealType, preset
from scoring.casefile import deal_to_json, load, run_cases
from scoring.caselines import score_lines
from scoring.casestream import NotStreamed, each_case
from scoring.cli import _joined, dumps
from scoring.samples import random_deal

from .test_fuzz import BASES, mutate, text

#: Options that make fractions (gentleman halves), whists on raspasy, premiums...
OPTIONS: list[dict[str, Any]] = [
    {},
    {"whist_sharing": "gentleman", "gentleman_split": "always"},
    {"raspasy_recording": "whists", "raspasy_whist_price": 3},
    {"prikup_bonus": True, "prikup_bonus_three_handed": "half_each"},
    {"whist_liability": "classic", "contract_value": [1, 3, 5, 7, 9]},
]


def generated_case(rng: random.Random, i: int) -> dict[str, Any]:
    """A valid deal case as the benchmark writes them, sometimes with options."""
    name = rng.choice(list(PRESETS))
    options = rng.choice(OPTIONS) if rng.random() < 0.4 else None
    cv = preset(name) if options is None else preset(name).with_options(options)
    players = rng.choice((("A", "B", "C"), ("N", "E", "S", "W"), ("Дима", "Оля", "Ян")))
    dealer = rng.choice(players)
    deal = random_deal(rng, cv, players, dealer, series_index=rng.choice((1, 2, 3)))
    data = deal_to_json(deal)
    data.pop("dealer")
    if deal.type == DealType.RASPASY:
        data["raspasy"] = {"series_index": deal.series_index}
    case: dict[str, Any] = {"id": f"G{i}", "kind": "deal", "convention": name}
    if options is not None:
        case["options"] = options
    return {**case, "players": list(players), "dealer": dealer, "deal": data}


def full_way(cases: list[Any]) -> str:
    return dumps(run_cases(cases))


def fast_way(file_text: str) -> str | None:
    """The fast path's output, or None where the text is left to the whole reading."""
    try:
        return _joined(score_lines(each_case(file_text)))
    except NotStreamed:
        return None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_generated_deal_cases_are_written_as_the_full_way_writes_them(seed, count):
    rng = random.Random(seed)
    cases = [generated_case(rng, i) for i in range(count)]
    cases += [copy.deepcopy(rng.choice(cases)) for _ in range(count // 4)]  # repeated ids
    file_text = json.dumps(cases, ensure_ascii=rng.random() < 0.5)
    expected = full_way(load(file_text))
    assert fast_way(file_text) == expected
    assert _joined(score_lines(load(file_text))) == expected  # the file read at once


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.integers(0, 2**32 - 1), st.data())
def test_hostile_cases_are_written_as_the_full_way_writes_them(seed, data):
    rng = random.Random(seed)
    plain = [generated_case(rng, i) for i in range(3)]
    cases = [mutate(case, data) for case in [*plain, *BASES]]
    cases += [copy.deepcopy(plain[0]), "not a case", {"id": 7}]
    file_text = "[" + ", ".join(text(case) for case in cases) + "]"
    loaded = load(file_text)
    expected = full_way(loaded)
    assert _joined(score_lines(loaded)) == expected
    streamed = fast_way(file_text)
    assert streamed is None or streamed == expected


def test_lone_surrogates_are_refused_alike_by_the_fast_lines_and_the_full_way():
    # the same refusals, at the same fields, whichever way a case is written; the output
    # text is UTF-8 (nothing of it is a lone surrogate)
    so_09 = {
        "kind": "deal",
        "convention": "sochi",
        "players": ["A", "B", "C"],
        "deal": {
            "type": "game",
            "declarer": "A",
            "contract": {"level": 6, "strain": "S"},
            "defence": [{"player": "B", "call": "whist"}, {"player": "C", "call": "pass"}],
            "play": "open",
            "tricks": {"A": 5, "B": 3, "C": 2},
        },
    }
    texts = [
        json.dumps({**so_09, "id": "@@"}),
        json.dumps({**so_09, "id": "@@"}),  # the same invalid id twice: no "earlier case"
        json.dumps({**so_09, "id": "P", "players": ["A", "B", "@@"]}),
        json.dumps({**so_09, "id": "D", "dealer": "@@"}),
        json.dumps({**so_09, "id": "T", "deal": {**so_09["deal"], "tricks": {"@@": 10}}}),
        json.dumps({**so_09, "id": "Вера"}),
    ]
    cases = load("[" + ", ".join(texts).replace('"@@"', '"\\ud800"') + "]")
    lines = score_lines(cases)
    assert [json.loads(line) for line in lines] == run_cases(cases)
    not_unicode = "not valid Unicode text: it holds a lone surrogate"
    assert [json.loads(line).get("error") for line in lines] == [
        f"id: {not_unicode}",
        f"id: {not_unicode}",
        f"players: {not_unicode}",
        f"deal, dealer: {not_unicode}",
        "deal, tricks: player \\ud800 is not at the table",
        None,
    ]
    dumps(run_cases(cases)).encode("utf-8")
