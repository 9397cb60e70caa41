"""The import-linter contracts (``pyproject.toml``) cover the house by pattern: every module of
pages (a ``views`` module or one named ``*_views``) matches a pattern of the contract that keeps
the apps' pages apart, and a probe import from one app's views into another's breaks it."""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VIEWS = "No app's views import another app's views"


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["name"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_every_module_of_pages_is_in_the_views_contract():
    patterns = contracts()[VIEWS]["modules"]
    pages = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "referee").rglob("*views.py")
        if "migrations" not in path.parts
    ]
    assert len(pages) > 15
    outside = [m for m in pages if not any(fnmatch.fnmatchcase(m, p) for p in patterns)]
    assert outside == []
    assert all("*" in p for p in patterns)  # patterns, not a hand-kept list


def test_no_contract_ignores_an_import():
    assert all(not c.get("ignore_imports") for c in contracts().values())


def test_a_probe_import_across_views_fails_the_lint(tmp_path):
    """duplicate.views importing standings.views (the review's example) breaks the contract;
    the probe is a copy of the project with one line added, the tree itself untouched."""
    probe = tmp_path / "probe"
    skip = shutil.ignore_patterns("__pycache__", "migrations")
    for name in ("referee", "scoring"):
        shutil.copytree(ROOT / name, probe / name, ignore=skip)
    (probe / "pyproject.toml").write_text(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    views = probe / "referee" / "duplicate" / "views.py"
    views.write_text(
        views.read_text(encoding="utf-8") + "\nfrom referee.standings import views as _probe\n",
        encoding="utf-8",
    )
    lint = Path(sys.executable).with_name("lint-imports")
    found = subprocess.run(
        [str(lint), "--config", str(probe / "pyproject.toml")],
        cwd=probe,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(probe), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert found.returncode != 0
    assert "referee.duplicate.views" in found.stdout and "BROKEN" in found.stdout
