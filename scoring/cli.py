"""``python -m scoring score|check FILE`` (SPEC §12.9)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from .casefile import check_case, load, run_case

USAGE = "usage: python -m scoring score|check FILE"


def _read(path: str) -> list[Any] | None:
    try:
        with open(path, encoding="utf-8") as file:
            cases = load(file.read())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return None
    if not isinstance(cases, list):
        print(f"{path} is not a JSON list of cases", file=sys.stderr)
        return None
    return cases


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] not in ("score", "check"):
        print(USAGE, file=sys.stderr)
        return 2
    command, path = args
    cases = _read(path)
    if cases is None:
        return 2
    if command == "score":
        outputs = [run_case(case) for case in cases]
        json.dump(outputs, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    failed = 0
    for case in cases:
        problems = check_case(case, run_case(case))
        if problems:
            failed += 1
            case_id = case.get("id", "?") if isinstance(case, dict) else "?"
            print(f"{case_id}: " + "; ".join(problems))
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0
