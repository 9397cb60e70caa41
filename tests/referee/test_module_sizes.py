"""No module of the site, the engine or the benchmarks grows past 450 lines (issue 31 point 7):
one that does is split along a seam of its own (a module per concern, a package where one
grows into several). Migrations are written by Django and left out."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 450


def test_no_module_is_over_the_limit() -> None:
    too_long = {}
    for folder in ("referee", "scoring", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.relative_to(ROOT).parts:
                continue
            # lines as ``wc -l`` counts them, the count the issue names
            lines = path.read_bytes().count(b"\n")
            if lines > LIMIT:
                too_long[str(path.relative_to(ROOT))] = lines
    assert too_long == {}, f"over {LIMIT} lines: {too_long}"
