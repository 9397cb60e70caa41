"""``python -m scoring score|check FILE`` (SPEC §12.9).

Exit 2 with a message on stderr when the file cannot be read or is not a JSON list; every
case of a readable file is scored or refused on its own, never a traceback.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .casefile import check_case, run_cases
from .caseread import Unreadable, load
from .errors import printable

USAGE = "usage: python -m scoring score|check FILE"


def _text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError, MemoryError) as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return None


def _cases(path: str, text: str) -> list[Any] | None:
    """The file's cases read at once, or None (and why on stderr)."""
    try:
        cases = load(text)
    except (Unreadable, MemoryError) as error:
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return None
    if not isinstance(cases, list):
        print(f"{path} is not a JSON list of cases", file=sys.stderr)
        return None
    return cases


def _line_encoder() -> Callable[[Any], str]:
    """``JSONEncoder(ensure_ascii=False).encode``, its C encoder made once instead of once per
    call (as ``encode`` does): a fifth of the encoding's time for a file of small outputs.
    Without circular checks: the outputs are trees of fresh lists and dicts."""
    plain = json.JSONEncoder(ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)  # (not in the typeshed stubs)
    if make is None:  # an interpreter without json's C accelerator
        return plain.encode
    encode = make(
        None,
        plain.default,
        json.encoder.encode_basestring,
        plain.indent,
        plain.key_separator,
        plain.item_separator,
        plain.sort_keys,
        plain.skipkeys,
        plain.allow_nan,
    )
    return lambda output: "".join(encode(output, 0))


_encode = _line_encoder()


def dumps(outputs: list[dict[str, Any]]) -> str:
    """The ``score`` output: one JSON list, one case per line."""
    return _joined(list(map(_encode, outputs)))


def _joined(lines: list[str]) -> str:
    return "[\n " + ",\n ".join(lines) + "\n]" if lines else "[]"


def _write(lines: list[str]) -> None:
    """``_joined(lines)`` and a newline on stdout, a few hundred lines at a time: the whole
    text at once was two more copies of the output in memory (the joined text, and its
    bytes), some 10 MB for a 20,000-case file."""
    out = sys.stdout.write
    if not lines:
        out("[]\n")
        return
    out("[\n ")
    for start in range(0, len(lines), _BATCH):
        if start:
            out(",\n ")
        text = ",\n ".join(lines[start : start + _BATCH])
        # the reading refuses ids and texts that UTF-8 cannot write; should one slip through,
        # its escape is written (the same string in JSON), never a traceback
        out(text if text.isascii() else printable(text))
    out("\n]\n")


_BATCH = 512


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] not in ("score", "check"):
        print(USAGE, file=sys.stderr)
        return 2
    command, path = args
    # The file's values and the outputs hold no cycles: the collector would only walk them
    # again and again while they are read and scored (it doubles the time of a large file
    # read at once).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(command, path)
    finally:
        if collecting:
            gc.enable()


def _run(command: str, path: str) -> int:
    text = _text(path)
    if text is None:
        return 2
    cases = _cases(path, text)
    if cases is None:
        return 2
    outputs = run_cases(cases)
    if command == "score":
        _write(list(map(_encode, outputs)))
        return 0
    failed = 0
    for case, output in zip(cases, outputs, strict=True):
        problems = check_case(case, output)
        if problems:
            failed += 1
            # an expected result may name anything (a lone surrogate too): printed escaped
            print(printable(f"{output.get('id') or '?'}: " + "; ".join(problems)))
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0
