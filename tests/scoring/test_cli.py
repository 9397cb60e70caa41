"""The command line, SPEC §12.9: ``python -m scoring score|check FILE``.

Runs the real module in a subprocess on case files written to ``tmp_path``; numbers are the
hand-worked ones of the SPEC's own examples (SO-09, SET-04) or worked in the comments.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .helpers import calls, game

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, command: str, content: Any, *, raw: bytes | None = None):
    path = tmp_path / "cases.json"
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return run_on(command, path)


def run_on(command: str, path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", command, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def deal_case(case_id: str, deal: dict[str, Any], **extra: Any) -> dict[str, Any]:
    case = {
        "id": case_id,
        "kind": "deal",
        "convention": "sochi",
        "options": {},
        "players": ["A", "B", "C"],
        "dealer": None,
        "deal": deal,
    }
    case.update(extra)
    return case


# SO-09 (sochi): 6 down 1, B whists open, C passes, greedy: A gora R(6)=2 × 1 = 2;
# B→A 5 defence tricks × 2 + K 2 = 12; C→A K 2
SO_09 = deal_case(
    "SO-09",
    game("A", 6, calls("B whist", "C pass"), {"A": 5, "B": 3, "C": 2}, play="open"),
    title="6 down 1",
    sources=["W-LES-SOCHI"],
    status="agreed",
    notes="greedy",
    expected={
        "pulka": {},
        "gora": {"A": 2},
        "whists": [{"by": "B", "on": "A", "amount": 12}, {"by": "C", "on": "A", "amount": 2}],
    },
)
SO_09_OUTPUT = {
    "id": "SO-09",
    "pulka": {},
    "gora": {"A": 2},
    "whists": [{"by": "B", "on": "A", "amount": 12}, {"by": "C", "on": "A", "amount": 2}],
    "adjustments": [],
}

# SET-04 (§8.4): pool A 2; gora C 2; whists B→A 4, C→A 2 → A +14, B +4, C −18
SET_04 = {
    "id": "SET-04",
    "kind": "settlement",
    "convention": "sochi",
    "players": ["A", "B", "C"],
    "input": {
        "pool_size": None,
        "pulka": {"A": 2},
        "gora": {"C": 2},
        "whists": [{"by": "B", "on": "A", "amount": 4}, {"by": "C", "on": "A", "amount": 2}],
    },
    "expected": {"result": {"A": 14, "B": 4, "C": -18}},
}

# A refusal: a half-whist on an 8 (ERR-02)
ERR_02 = deal_case(
    "ERR-02",
    game("A", 8, calls("B pass", "C half_whist")),
    expected={"error": "half-whist is allowed only on 6 and 7"},
)

# A refusal for a reason named in §12.9's sample: player Q is not at the table
XX_07 = deal_case(
    "XX-07",
    game("Q", 7, calls("B pass", "C pass")),
    expected={"pulka": {"Q": 4}},
)


def seating_pulka(expected: dict[str, Any] | None = None) -> dict[str, Any]:
    """Players seated C, A, B (not alphabetical), three deals with whists in many pairs.

    deal 1: A plays 6, B and C whist, A 6 C 3 B 1: defence 4 = obligation; pool A 2;
            C→A 3 × 2 = 6, B→A 1 × 2 = 2
    deal 2: B plays 7, C and A whist, B 7 C 2 A 1: defence 3 ≥ 2; pool B 4; C→B 8, A→B 4
    deal 3: C plays 8, A whists, B passes, open, C 8 A 1 B 1: defence 2 ≥ 1; pool C 6;
            greedy A→C 2 × 6 = 12
    Settlement (k = 1, no pool size): m = −p: C −6, A −2, B −4; avg −4;
    G: C +20, A −20, B 0. V: C 14 − 12 = +2; A 16 − 8 = +8; B 2 − 12 = −10.
    Result: C 22, A −12, B −10.
    """
    case: dict[str, Any] = {
        "id": "PU-01",
        "kind": "pulka",
        "convention": "sochi",
        "options": {},
        "players": ["C", "A", "B"],
        "pool_size": None,
        "deals": [
            game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 1, "C": 3}),
            game("B", 7, calls("C whist", "A whist"), {"B": 7, "C": 2, "A": 1}),
            game("C", 8, calls("A whist", "B pass"), {"C": 8, "A": 1, "B": 1}, play="open"),
        ],
    }
    if expected is not None:
        case["expected"] = expected
    return case


PU_01_WHISTS = [
    {"by": "C", "on": "A", "amount": 6},
    {"by": "C", "on": "B", "amount": 8},
    {"by": "A", "on": "C", "amount": 12},
    {"by": "A", "on": "B", "amount": 4},
    {"by": "B", "on": "A", "amount": 2},
]


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


# == score ===================================================================================


def test_score_prints_one_json_list_with_one_object_per_case_in_input_order(tmp_path):
    proc = run(tmp_path, "score", [SET_04, ERR_02, SO_09, seating_pulka()])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert isinstance(out, list)
    assert [o["id"] for o in out] == ["SET-04", "ERR-02", "SO-09", "PU-01"]


def test_score_deal_output_has_the_deal_keys_and_the_hand_worked_numbers(tmp_path):
    proc = run(tmp_path, "score", [SO_09])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [SO_09_OUTPUT]


def test_score_settlement_output_has_only_id_and_result(tmp_path):
    proc = run(tmp_path, "score", [SET_04])
    assert json.loads(proc.stdout) == [{"id": "SET-04", "result": {"A": 14, "B": 4, "C": -18}}]


def test_score_pulka_output_has_totals_and_result(tmp_path):
    proc = run(tmp_path, "score", [seating_pulka()])
    (out,) = json.loads(proc.stdout)
    assert set(out) == {"id", "pulka", "gora", "whists", "adjustments", "result"}
    assert out["pulka"] == {"C": 6, "A": 2, "B": 4}
    assert out["gora"] == {}
    assert out["adjustments"] == []
    assert out["result"] == {"C": 22, "A": -12, "B": -10}


def test_score_whist_entries_follow_the_seating_of_by_then_of_on(tmp_path):
    # seating C, A, B: by C (on A, on B), by A (on C, on B), by B (on A)
    proc = run(tmp_path, "score", [seating_pulka()])
    (out,) = json.loads(proc.stdout)
    assert out["whists"] == PU_01_WHISTS


def test_score_whist_entries_of_a_deal_follow_the_seating_of_by(tmp_path):
    # players seated D, C, B, A; B deals and sits out; C plays 6 and is set by one
    # (C 5, D 3, A 2, both whist): gora C 2; D→C 3 × 2 + 2 = 8, A→C 2 × 2 + 2 = 6,
    # dealer B→C K 2. Listed D, B, A (seats 0, 2, 3)
    case = deal_case(
        "SEAT-4",
        game("C", 6, calls("A whist", "D whist"), {"C": 5, "D": 3, "A": 2}),
        players=["D", "C", "B", "A"],
        dealer="B",
    )
    (out,) = json.loads(run(tmp_path, "score", [case]).stdout)
    assert out["whists"] == [
        {"by": "D", "on": "C", "amount": 8},
        {"by": "B", "on": "C", "amount": 2},
        {"by": "A", "on": "C", "amount": 6},
    ]


def test_score_refusal_is_an_object_with_id_and_error_and_exit_status_zero(tmp_path):
    proc = run(tmp_path, "score", [ERR_02, XX_07])
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert [set(o) for o in out] == [{"id", "error"}, {"id", "error"}]
    assert "half-whist" in out[0]["error"]
    assert "player Q is not at the table" in out[1]["error"]


def test_score_does_not_echo_expected_sources_status_or_notes(tmp_path):
    proc = run(tmp_path, "score", [SO_09, SET_04])
    for out in json.loads(proc.stdout):
        assert not {"expected", "sources", "status", "notes"} & set(out)


def test_score_writes_integral_values_as_integers(tmp_path):
    proc = run(tmp_path, "score", [SO_09, SET_04])
    deal, settlement = json.loads(proc.stdout)
    assert all(type(w["amount"]) is int for w in deal["whists"])
    assert type(deal["gora"]["A"]) is int
    assert all(type(v) is int for v in settlement["result"].values())
    assert "12.0" not in proc.stdout and "14.0" not in proc.stdout


def test_score_writes_other_values_as_decimals_rounded_to_6_places(tmp_path):
    # gora C 1 only (k = 1, n = 3): m = (0, 0, 1), avg 1/3 → A 10/3, B 10/3, C −20/3
    case = {**SET_04, "id": "THIRDS", "input": {"pool_size": None, "gora": {"C": 1}}}
    proc = run(tmp_path, "score", [case])
    assert proc.returncode == 0, proc.stderr
    (out,) = json.loads(proc.stdout)
    assert out["result"] == {"A": 3.333333, "B": 3.333333, "C": -6.666667}
    assert "3.333333" in proc.stdout and "3.3333333" not in proc.stdout
    assert "-6.666667" in proc.stdout


def test_score_of_an_empty_list_is_an_empty_list(tmp_path):
    proc = run(tmp_path, "score", [])
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == []


def test_score_refuses_a_deal_without_play_and_still_scores_the_rest(tmp_path):
    deal = {k: v for k, v in game("A", 7, calls("B pass", "C pass")).items() if k != "play"}
    proc = run(tmp_path, "score", [deal_case("NO-PLAY", deal), SO_09])
    assert proc.returncode == 0
    first, second = json.loads(proc.stdout)
    assert set(first) == {"id", "error"} and "play" in first["error"]
    assert second == SO_09_OUTPUT


# == check ===================================================================================


def test_check_all_passing_prints_only_the_summary_and_exits_zero(tmp_path):
    expected = {
        "pulka": {"C": 6, "A": 2, "B": 4},
        "whists": PU_01_WHISTS,
        "result": {"C": 22, "A": -12, "B": -10},
    }
    proc = run(tmp_path, "check", [SO_09, SET_04, ERR_02, seating_pulka(expected)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert lines(proc.stdout) == ["4 passed, 0 failed"]


def test_check_prints_the_differences_of_a_failing_case_then_the_summary(tmp_path):
    wrong = {
        **SO_09,
        "id": "SO-09x",
        "expected": {
            "gora": {"A": 4},
            "whists": [
                {"by": "B", "on": "A", "amount": 10},
                {"by": "C", "on": "A", "amount": 2},
            ],
        },
    }
    proc = run(tmp_path, "check", [SO_09, wrong])
    assert proc.returncode == 1
    assert lines(proc.stdout) == [
        "SO-09x: gora A expected 4 got 2; whists B->A expected 10 got 12",
        "1 passed, 1 failed",
    ]


def test_check_expected_refusal_that_did_not_happen_fails(tmp_path):
    case = {**SO_09, "id": "ERR-09", "expected": {"error": "no such refusal"}}
    proc = run(tmp_path, "check", [case])
    assert proc.returncode == 1
    assert lines(proc.stdout) == [
        'ERR-09: expected refusal ("no such refusal"), got a result',
        "0 passed, 1 failed",
    ]


def test_check_refusal_of_a_case_that_expects_numbers_fails(tmp_path):
    proc = run(tmp_path, "check", [XX_07])
    assert proc.returncode == 1
    failure, summary = lines(proc.stdout)
    assert failure.startswith("XX-07: refused: ")
    assert "player Q is not at the table" in failure
    assert summary == "0 passed, 1 failed"


def test_check_expected_refusal_passes_whatever_the_message(tmp_path):
    case = {**ERR_02, "expected": {"error": "a different phrase"}}
    proc = run(tmp_path, "check", [case])
    assert proc.returncode == 0
    assert lines(proc.stdout) == ["1 passed, 0 failed"]


def test_check_case_without_expected_fails(tmp_path):
    case = {k: v for k, v in SO_09.items() if k != "expected"}
    proc = run(tmp_path, "check", [case, SET_04])
    assert proc.returncode == 1
    failure, summary = lines(proc.stdout)
    assert failure.startswith("SO-09: ")
    assert summary == "1 passed, 1 failed"


def test_check_omitted_whist_pairs_count_as_zero(tmp_path):
    # SO-09 writes C→A 2; an expectation that leaves it out expects 0
    case = {**SO_09, "expected": {"gora": {"A": 2}, "whists": [SO_09_OUTPUT["whists"][0]]}}
    proc = run(tmp_path, "check", [case])
    assert proc.returncode == 1
    assert lines(proc.stdout)[0] == "SO-09: whists C->A expected 0 got 2"


def test_check_compares_whists_per_ordered_pair_never_netted(tmp_path):
    # the pulka has C→A 6 and A→C 12; the netted "A→C 6" is not the same sheet
    netted = [w for w in PU_01_WHISTS if {w["by"], w["on"]} != {"A", "C"}]
    netted.append({"by": "A", "on": "C", "amount": 6})
    proc = run(
        tmp_path, "check", [seating_pulka({"pulka": {"C": 6, "A": 2, "B": 4}, "whists": netted})]
    )
    assert proc.returncode == 1
    (failure, _) = lines(proc.stdout)
    assert "whists C->A expected 0 got 6" in failure
    assert "whists A->C expected 6 got 12" in failure


@pytest.mark.parametrize(
    ("expected_a", "passes"),
    [
        (3.33, True),  # |10/3 − 3.33| = 0.0033 ≤ 0.01
        (3.333333, True),
        (3.34, True),  # 0.0067
        (3.32, False),  # 0.0133 > 0.01
        (3.3, False),  # 0.0333
    ],
)
def test_check_compares_with_an_absolute_tolerance_of_one_hundredth(tmp_path, expected_a, passes):
    # gora C 1 → A 10/3, B 10/3, C −20/3
    case = {
        **SET_04,
        "id": "TOL",
        "input": {"pool_size": None, "gora": {"C": 1}},
        "expected": {"result": {"A": expected_a, "B": 3.333333, "C": -6.666667}},
    }
    proc = run(tmp_path, "check", [case])
    assert proc.returncode == (0 if passes else 1)
    assert lines(proc.stdout)[-1] == ("1 passed, 0 failed" if passes else "0 passed, 1 failed")


def test_check_summary_counts_every_case(tmp_path):
    bad = {**SET_04, "id": "SET-bad", "expected": {"result": {"A": 15, "B": 4, "C": -19}}}
    proc = run(tmp_path, "check", [SO_09, bad, SET_04, XX_07, ERR_02])
    assert proc.returncode == 1
    out = lines(proc.stdout)
    assert out[-1] == "3 passed, 2 failed"
    assert [line.split(":")[0] for line in out[:-1]] == ["SET-bad", "XX-07"]
    assert out[0] == "SET-bad: result A expected 15 got 14; result C expected -19 got -18"


def test_check_of_an_empty_list_passes(tmp_path):
    proc = run(tmp_path, "check", [])
    assert proc.returncode == 0
    assert lines(proc.stdout) == ["0 passed, 0 failed"]


# == files that cannot be read ===============================================================


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b'[{"id": "A", ', id="invalid-json"),
        pytest.param(b'{"id": "SO-09", "kind": "deal"}', id="object-not-list"),
        pytest.param(b'"cases"', id="string-not-list"),
        pytest.param(b"42", id="number-not-list"),
        pytest.param(b"", id="empty-file"),
        pytest.param(b'["\xff\xfe"]', id="not-utf8"),
    ],
)
def test_unreadable_or_non_list_file_exits_2_with_nothing_on_stdout(tmp_path, command, raw):
    proc = run(tmp_path, command, None, raw=raw)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip()


@pytest.mark.parametrize("command", ["score", "check"])
def test_missing_file_exits_2_with_nothing_on_stdout(tmp_path, command):
    proc = run_on(command, tmp_path / "no-such-file.json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip()


# -- the same command line in-process (so coverage sees it) -------------------------------


def test_main_in_process_checks_and_scores(tmp_path, capsys):
    from scoring.cli import main

    path = tmp_path / "cases.json"
    path.write_text(json.dumps([SO_09]), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("1 passed, 0 failed")
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == [SO_09_OUTPUT]
    assert main(["frobnicate", str(path)]) == 2
    assert main(["check", str(tmp_path / "missing.json")]) == 2
    path.write_text("{}", encoding="utf-8")
    assert main(["check", str(path)]) == 2


def test_module_entry_point_runs_main(tmp_path, monkeypatch):
    import gc
    import os
    import runpy

    path = tmp_path / "cases.json"
    path.write_text(json.dumps([SO_09]), encoding="utf-8")
    monkeypatch.setattr("sys.argv", ["scoring", "check", str(path)])
    exits: list[int] = []
    monkeypatch.setattr(os, "_exit", exits.append)  # it ends the process, without teardown
    try:
        runpy.run_module("scoring", run_name="__main__")
    finally:
        gc.enable()  # the module turns the collector off for the process it runs
    assert exits == [0]


def test_a_reader_that_stops_reading_ends_it_quietly(tmp_path):
    """``score FILE | head``: the output is far larger than a pipe holds; when the reader
    has gone, the command ends with exit 1 and no traceback."""
    cases = [{**SO_09, "id": f"SO-09/{i}"} for i in range(2000)]
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-m", "scoring", "score", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.read(2) == b"[\n"
    child.stdout.close()  # the reader goes away after the first bytes
    assert child.wait(timeout=120) == 1
    assert child.stderr.read() == b""


def test_a_failing_case_is_reported_in_process(tmp_path, capsys):
    from scoring.cli import main

    failing = {**SO_09, "expected": {"gora": {"A": 4}}}
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([failing, "not a case"]), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "gora A expected 4 got 2" in out and out.strip().endswith("0 passed, 2 failed")


def test_an_output_line_is_the_json_of_the_plain_encoder_written_without_escapes():
    # the C encoder is made once for the file: its lines are JSONEncoder(ensure_ascii=False)'s
    from scoring.cli import dumps

    outputs = [
        {"id": "Ж-1", "pulka": {"A": 2}, "gora": {}, "whists": [], "adjustments": []},
        {"id": "x", "result": {"A": 0.333333, "B": -0.333333}, "note": None, "ok": True},
    ]
    assert dumps(outputs) == (
        '[\n {"id": "Ж-1", "pulka": {"A": 2}, "gora": {}, "whists": [], "adjustments": []},\n'
        ' {"id": "x", "result": {"A": 0.333333, "B": -0.333333}, "note": null, "ok": true}\n]'
    )
    assert dumps([]) == "[]"
