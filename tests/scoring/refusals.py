"""One way for the engine's tests to assert a refusal: by its code, not by its English.

A refusal of the engine is ``SomeError(code, field, **params)`` (``scoring.errors``); its
English text is made from ``MESSAGES`` and a site shows its own language instead, so a test
names the code (and the field or parameters where they tell two refusals of one code apart)::

    with refused("deal.tricks_sum", "deal, tricks", sum=9):
        score("sochi", "ABC", deal)

A case goes through ``raising(case)``: ``run_case`` whose refusal, once checked to be the
plain ``{"id", "error"}`` output of SPEC §12.9, is raised as its error for ``refused`` to read.
Only the tests of the English rendering itself (``test_errors.py``, the command line's output)
still read the text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from scoring.casefile import refusal, run_case
from scoring.errors import MESSAGES, Param, ScoringError


def assert_refusal(
    error: BaseException,
    code: str,
    field: str | None = None,
    /,
    *,
    kind: type[ScoringError] = ScoringError,
    **params: Param,
) -> None:
    """``error`` is a ``kind`` with ``code``; its field is ``field`` and its parameters
    include ``params`` when they are given."""
    assert code in MESSAGES, f"{code!r} is not a refusal code"
    assert isinstance(error, kind), f"{error!r} is not a {kind.__name__}"
    assert error.code == code, f"refused as {error.code!r} ({error}), not {code!r}"
    if field is not None:
        assert error.field == field, f"field {error.field!r} ({error}), not {field!r}"
    for name, value in params.items():
        assert name in error.params, f"{error.code!r} has no parameter {name!r} ({error})"
        assert error.params[name] == value, f"{name}={error.params[name]!r}, not {value!r}"


@contextmanager
def refused(
    code: str,
    field: str | None = None,
    /,
    *,
    kind: type[ScoringError] = ScoringError,
    **params: Param,
) -> Iterator[pytest.ExceptionInfo[ScoringError]]:
    """The block raises a ``kind`` (``ScoringError`` or one of its kinds) with ``code``, and
    ``field`` and ``params`` when they are given (see ``assert_refusal``)."""
    with pytest.raises(kind) as caught:
        yield caught
    assert_refusal(caught.value, code, field, kind=kind, **params)


def raising(case: Any) -> dict[str, Any]:
    """The output of ``run_case(case)``; a refusal is raised as its ``ScoringError``."""
    out = run_case(case)
    if "error" not in out:
        return out
    error = refusal(case)
    assert error is not None, f"run_case refused {out} but refusal() found nothing"
    assert set(out) == {"id", "error"}, f"a refusal carries no numbers: {out}"
    assert out["error"] == str(error), (out["error"], str(error))
    raise error


__all__ = ["assert_refusal", "raising", "refused"]
