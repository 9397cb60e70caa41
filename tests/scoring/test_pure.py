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
