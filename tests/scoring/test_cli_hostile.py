"""The command line never crashes (SPEC §12.7–§12.9): a hostile value refuses its own case
only, an unreadable file exits 2 with "cannot read", and nothing takes long.

Files are written as text, because NaN, Infinity and huge exponents are what a hostile file
holds and Python's json would not write them. Valid neighbours are SO-09 (sochi 6 down 1,
B whists open, C passes: A gora R(6)=2 × 1 = 2; B→A 5 defence tricks × 2 + K 2 = 12; C→A
K 2 × 1 = 2).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import calls, game
from .test_cli import SO_09, deal_case, run, run_on

SO_09_TEXT = json.dumps(SO_09)
SO_09_OUT = {
    "id": "SO-09",
    "pulka": {},
    "gora": {"A": 2},
    "whists": [{"by": "B", "on": "A", "amount": 12}, {"by": "C", "on": "A", "amount": 2}],
    "adjustments": [],
}


def score_text(tmp_path: Path, *cases: str) -> tuple[list[dict[str, Any]], float]:
    """Score a file of the given case texts around SO-09; its outputs and the seconds."""
    path = tmp_path / "cases.json"
    path.write_text("[" + ", ".join((SO_09_TEXT, *cases, SO_09_TEXT.replace("SO-09", "Z"))) + "]")
    start = time.perf_counter()
    done = run_on("score", path)
    seconds = time.perf_counter() - start
    assert done.returncode == 0 and done.stderr == "", done.stderr
    outputs = json.loads(done.stdout)
    assert outputs[0] == SO_09_OUT and outputs[-1] == {**SO_09_OUT, "id": "Z"}
    return outputs[1:-1], seconds


def with_value(where: str, value: str, case: dict[str, Any] | None = None) -> str:
    """A case's JSON text with the value at ``where`` (a marker) replaced by raw text."""
    text = json.dumps(case or SO_09).replace(f'"{where}"', value, 1)
    assert value in text
    return text


def marked(path: tuple[Any, ...], case: dict[str, Any] | None = None) -> dict[str, Any]:
    case = {**json.loads(json.dumps(case or SO_09)), "id": "H"}  # an id of its own
    parent = case
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = "@@"
    return case


@pytest.mark.parametrize(
    ("path", "raw", "fragment"),
    [
        (("deal", "contract", "level"), "NaN", "level NaN is not 6..10"),
        (("deal", "contract", "level"), "7.0", "level 7.0 is not 6..10"),
        (("deal", "contract", "level"), "true", "level True is not 6..10"),
        (("deal", "tricks", "A"), "Infinity", "whole number"),
        (("deal", "tricks", "A"), "5.0", "whole number"),
        (("deal", "defence", 0, "order"), "-Infinity", "call order"),
        (("options",), '{"misere_value": NaN}', "finite"),
        (("options",), '{"misere_value": 1e999999}', "at most 1000000000"),
        (("options",), '{"misere_value": 1e99999999}', "at most 1000000000"),
        (("options",), '{"misere_value": 1e-99999999}', "decimal places"),
        (("options",), '{"half_whist_levels": [6.0, 7]}', "not a list of levels"),
        (("options",), '{"stalingrad": 1}', "not true or false"),
        (("players",), '["A", "B", ""]', "3 or 4 distinct ids"),
        (("id",), '""', "string id"),
    ],
)
def test_a_hostile_value_refuses_its_case_and_the_others_are_scored(tmp_path, path, raw, fragment):
    (output,), seconds = score_text(tmp_path, with_value("@@", raw, marked(path)))
    assert fragment in output["error"], output
    assert seconds < 5  # a whole process; the scoring itself is instant


def test_a_huge_number_alone_is_refused_at_once(tmp_path):
    # the 120-byte file of the issue: one huge exponent where a number belongs
    path = tmp_path / "big.json"
    path.write_text(
        '[{"id": "x", "kind": "settlement", "convention": "sochi", '
        '"players": ["A", "B", "C"], "input": {"gora": {"A": 1e99999999}}}]'
    )
    start = time.perf_counter()
    done = run_on("score", path)
    assert time.perf_counter() - start < 5
    assert json.loads(done.stdout) == [
        {"id": "x", "error": "input.gora.A: a number is at most 1000000000 in size"}
    ]


def test_a_gentleman_pulka_with_a_real_level_is_refused_not_crashed(tmp_path):
    # leningrad (gentleman whist): B whists alone on "7.0", set → would halve whists
    deal = {**game("A", 7, calls("B whist", "C pass"), {"A": 5, "B": 3, "C": 2}, play="open")}
    case = {
        "id": "P",
        "kind": "pulka",
        "convention": "leningrad",
        "players": ["A", "B", "C"],
        "deals": [{**deal, "dealer": "C"}],
    }
    (output,), _ = score_text(
        tmp_path, with_value("@@", "7.0", marked(("deals", 0, "contract", "level"), case))
    )
    assert output == {"id": "H", "error": "deal 1, contract.level: level 7.0 is not 6..10"}


@pytest.mark.parametrize(
    ("case", "fragment"),
    [
        ({"kind": "pulka", "pool_size": 0, "deals": []}, "pool size is a number above 0"),
        ({"kind": "pulka", "pool_size": -5, "deals": []}, "pool size is a number above 0"),
        ({"kind": "pulka", "pool_size": "10", "deals": []}, "a number is required"),
        (
            {"kind": "settlement", "input": {"pool_size": "10", "gora": {"A": 1}}},
            "input.pool_size: a number is required",
        ),
        (
            {"kind": "settlement", "input": {"pool_size": 0, "gora": {"A": 1}}},
            "input.pool_size: the pool size is a number above 0",
        ),
        ({"pool_before": {"size": -5}}, "pool_before.size: the pool size is a number above 0"),
        ({"players": ["A", "", "C"]}, "players must be 3 or 4 distinct ids"),
        ({"dealer": ""}, "dealer: a player id is a string"),
        (
            {"kind": "settlement", "input": {"whists": [{"by": "", "on": "A", "amount": 1}]}},
            "input.whists[0].by: a player id is a string",
        ),
    ],
)
def test_spec_refusals_of_sizes_and_ids(tmp_path, case, fragment):
    text = json.dumps({**SO_09, "id": "H", **case})
    (output,), _ = score_text(tmp_path, text)
    assert fragment in output["error"], output


def test_a_repeated_case_id_is_refused_and_the_first_is_scored(tmp_path):
    # SPEC §12.1: ids are unique within the file; the second SO-09 is refused
    (second,), _ = score_text(tmp_path, SO_09_TEXT)
    assert second == {
        "id": "SO-09",
        "error": "id: the id SO-09 is used by an earlier case of this file",
    }


def test_check_reads_a_hostile_expected_without_crashing(tmp_path):
    case = json.dumps({**SO_09, "expected": {"gora": {"A": "@@"}}}).replace('"@@"', "NaN")
    path = tmp_path / "cases.json"
    path.write_text(f"[{case}]")
    done = run_on("check", path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "SO-09: the expected result cannot be read (SPEC §12.6)",
        "0 passed, 1 failed",
    ]


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 100_000,
        b"[" * 5_000 + b"]" * 5_000,
        b'[{"id": "x", "deal": ' + b"[" * 100_000 + b"]" * 100_000 + b"}]",
    ],
    ids=["open", "closed", "inside-a-case"],
)
def test_deep_nesting_cannot_be_read_and_exits_2(tmp_path, raw):
    done = run(tmp_path, "score", None, raw=raw)
    assert done.returncode == 2 and done.stdout == ""
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_a_case_that_is_not_an_object_is_refused(tmp_path):
    outputs, _ = score_text(tmp_path, "7", '"SO-09"', "null", "[]")
    assert [o["error"] for o in outputs] == ["case: an object is required"] * 4
    assert all(o["id"] is None for o in outputs)


def test_an_unknown_convention_with_a_nan_id_is_refused(tmp_path):
    case = deal_case("@@", SO_09["deal"], convention="moscow")
    (output,), _ = score_text(tmp_path, with_value("@@", "NaN", case))
    assert output == {"id": None, "error": "id: every case needs a string id"}


def test_an_integer_of_thousands_of_digits_refuses_only_its_case(tmp_path):
    # Python's integer conversion stops at 4300 digits; the file is read again keeping it
    (output,), _ = score_text(
        tmp_path, with_value("@@", "9" * 5000, marked(("deal", "tricks", "A")))
    )
    assert output["id"] == "H" and "whole number" in output["error"]


# -- lone surrogates: "\ud800" in JSON reads to a string that UTF-8 cannot write ----------

SURROGATE = '"\\ud800"'  # the JSON text of a lone surrogate
NOT_UNICODE = "not valid Unicode text: it holds a lone surrogate"
# forces the whole-file reader: an integer beyond Python's conversion is not read case by case
FULL_READER = with_value("@@", "9" * 5000, {**marked(("deal", "tricks", "A")), "id": "LONG"})


TRICKS_OF_A_STRANGER = {**SO_09["deal"], "tricks": {"@@": 1, **SO_09["deal"]["tricks"]}}


def surrogate_at(path: tuple[Any, ...], case: dict[str, Any] | None = None) -> str:
    return with_value("@@", SURROGATE, marked(path, case))


@pytest.mark.parametrize("full", [False, True], ids=["case-by-case", "whole-file"])
@pytest.mark.parametrize(
    ("case", "error"),
    [
        (surrogate_at(("id",)), f"id: {NOT_UNICODE}"),
        (surrogate_at(("players", 2)), f"players: {NOT_UNICODE}"),
        (surrogate_at(("dealer",)), f"deal, dealer: {NOT_UNICODE}"),
        (surrogate_at(("deal", "declarer")), f"deal, declarer: {NOT_UNICODE}"),
        (surrogate_at(("deal", "defence", 1, "player")), f"deal, defence[1].player: {NOT_UNICODE}"),
        # a name that cannot be a player's: refused at its field, the name escaped
        (
            with_value("@@", SURROGATE, {**SO_09, "id": "H", "deal": TRICKS_OF_A_STRANGER}),
            "deal, tricks: player \\ud800 is not at the table",
        ),
        (
            with_value("@@", '{"\\ud800": 1}', marked(("options",))),
            "options.\\ud800: unknown option '\\ud800'",
        ),
    ],
    ids=["id", "player", "dealer", "declarer", "caller", "tricks", "option"],
)
def test_a_lone_surrogate_refuses_its_case_at_its_field_and_the_others_are_scored(
    tmp_path, full, case, error
):
    extra = (FULL_READER,) if full else ()
    outputs, _ = score_text(tmp_path, case, *extra)
    expected_id = None if error.startswith("id:") else "H"
    assert outputs[0] == {"id": expected_id, "error": error}


def test_lone_surrogates_in_rulings_settlements_and_pulkas_are_refused_at_their_fields(tmp_path):
    manual = {"kind": "manual", "entry": "gora", "player": "B", "amount": 1, "reason": "@@"}
    ruled = {**SO_09, "deal": {**SO_09["deal"], "referee_rulings": [manual]}}
    settlement = {
        **SO_09,
        "kind": "settlement",
        "input": {"gora": {"A": 1}, "whists": [{"by": "@@", "on": "A", "amount": 1}]},
    }
    pulka = {
        **SO_09,
        "kind": "pulka",
        "pool_size": 10,
        "deals": [{**SO_09["deal"], "dealer": "C", "declarer": "@@"}],
    }
    cases = [
        with_value("@@", SURROGATE, {**ruled, "id": "R"}),
        with_value("@@", SURROGATE, {**settlement, "id": "S"}),
        with_value("@@", SURROGATE, {**pulka, "id": "P"}),
    ]
    outputs, _ = score_text(tmp_path, *cases)
    assert outputs == [
        {"id": "R", "error": f"deal, referee_rulings[0].reason: {NOT_UNICODE}"},
        {"id": "S", "error": f"input.whists[0].by: {NOT_UNICODE}"},
        {"id": "P", "error": f"deal 1, declarer: {NOT_UNICODE}"},
    ]


def test_check_prints_each_case_with_a_lone_surrogate_and_goes_on(tmp_path):
    # a refused id, a refused player, and an expected result naming a surrogate player
    expected = {**SO_09["expected"], "gora": {"A": 2, "@@": 1}}
    bad_expected = json.dumps({**SO_09, "id": "E", "expected": expected})
    path = tmp_path / "cases.json"
    texts = [
        SO_09_TEXT,
        surrogate_at(("id",)),
        surrogate_at(("players", 2)),
        bad_expected.replace('"@@"', SURROGATE),
    ]
    path.write_text("[" + ", ".join(texts) + "]")
    done = run_on("check", path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines() == [
        f"?: refused: id: {NOT_UNICODE}",
        f"H: refused: players: {NOT_UNICODE}",
        "E: gora \\ud800 expected 1 got 0",
        "1 passed, 3 failed",
    ]


@pytest.mark.parametrize("full", [False, True], ids=["case-by-case", "whole-file"])
def test_a_pair_of_surrogates_and_cyrillic_names_are_ids_like_any_other(tmp_path, full):
    # "\ud83c\udccf" is one character, 🃏: valid Unicode; SO-09 with players named in Russian
    names = {"A": "Анна", "B": "Борис", "C": "Вера"}
    text = SO_09_TEXT.replace('"SO-09"', '"\\ud83c\\udccf"')
    for letter, name in names.items():
        text = text.replace(json.dumps(letter), json.dumps(name))
    outputs, _ = score_text(tmp_path, text, *((FULL_READER,) if full else ()))
    assert outputs[0] == {
        "id": "🃏",
        "pulka": {},
        "gora": {"Анна": 2},
        "whists": [
            {"by": "Борис", "on": "Анна", "amount": 12},
            {"by": "Вера", "on": "Анна", "amount": 2},
        ],
        "adjustments": [],
    }
