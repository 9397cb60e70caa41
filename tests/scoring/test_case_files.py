"""The project's own case files pass ``check`` (SPEC §12.9); their numbers are hand-worked."""

from pathlib import Path

import pytest

from scoring.casefile import check_case, load, run_case

CASES = Path(__file__).parent / "cases"
ALL = [
    (path.name, case) for path in sorted(CASES.glob("*.json")) for case in load(path.read_text())
]


@pytest.mark.parametrize(("file", "case"), ALL, ids=[f"{f}:{c['id']}" for f, c in ALL])
def test_case_passes_check(file, case):
    assert check_case(case, run_case(case)) == []
