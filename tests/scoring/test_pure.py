"""The engine is plain Python: importing it loads no Django, no I/O frameworks."""

import re
import subprocess
import sys
from pathlib import Path

import scoring

SOURCE = Path(scoring.__file__).parent


def test_importing_scoring_does_not_import_django():
    code = "import sys, scoring, scoring.cli, scoring.samples; print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_module_of_scoring_imports_django():
    pattern = re.compile(r"^\s*(import|from)\s+django", re.MULTILINE)
    offenders = [p.name for p in SOURCE.glob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_the_command_line_starts_without_the_modules_it_does_not_score_deals_with(tmp_path):
    # explain, the pulka's and settlement's modules and the board analysis are imported on
    # first use: scoring an empty file (start-up only) loads none of them
    (tmp_path / "empty.json").write_text("[]")
    code = (
        "import os, runpy, sys; sys.argv = ['scoring', 'score', sys.argv[1]]\n"
        "os._exit = lambda status: None  # (the module ends its process so)\n"
        "runpy.run_module('scoring', run_name='__main__')\n"
        "print(sorted(m for m in sys.modules if m.startswith('scoring.')), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "empty.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = eval(done.stderr)
    assert "scoring.deal" in loaded
    for module in ("explain", "disputed", "penalties", "pulka", "settlement"):
        assert f"scoring.{module}" not in loaded
    for module in ("cards", "board", "dd", "dd_search"):  # the board analysis: never on the way in
        assert f"scoring.{module}" not in loaded


def test_lazy_names_of_the_package_are_its_functions_in_any_order_of_imports():
    code = (
        "import scoring.explain, scoring.pulka\n"
        "from scoring.explain import describe\n"
        "import scoring\n"
        "from scoring import PulkaResult, explain, explain_entry, score_pulka, settle\n"
        "assert scoring.explain is explain and callable(explain), scoring.explain\n"
        "assert explain_entry.__module__ == 'scoring.explain'\n"
        "assert score_pulka.__module__ == 'scoring.pulka' and settle.__name__ == 'settle'\n"
        "assert PulkaResult.__name__ == 'PulkaResult'\n"
        "try: scoring.no_such_name\n"
        "except AttributeError: print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr
