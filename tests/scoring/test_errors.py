"""Every refusal of the engine is a code of ``scoring.errors.MESSAGES`` with its parameters.

The source of ``scoring/`` is read with ``ast``: the first argument of every ``*Error(`` call
is a code written out (or a code carried on from a caught error, ``error.code``), each code
is in ``MESSAGES``, and the parameters given are exactly its template's placeholders.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring import DealError, ScoringError
from scoring.errors import MESSAGES, placeholders, render

SOURCE = Path(__file__).resolve().parents[2] / "scoring"


def raises() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(SOURCE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if name.endswith("Error") and name not in ("TypeError", "KeyError", "ValueError"):
                found.append((path.name, node.lineno, node))
    return found


RAISES = raises()


def test_the_scan_finds_the_engines_refusals():
    assert len(RAISES) > 100


@pytest.mark.parametrize(
    "where", [f"{file}:{line}" for file, line, _ in RAISES], ids=lambda where: where
)
def test_every_refusal_names_a_listed_code_with_its_parameters(where):
    call = next(r[2] for r in RAISES if f"{r[0]}:{r[1]}" == where)
    assert call.args, f"{where}: a refusal needs its code"
    code = call.args[0]
    if isinstance(code, ast.Attribute) and code.attr == "code":
        return  # a caught error's code and params carried on unchanged
    assert isinstance(code, ast.Constant) and isinstance(code.value, str), (
        f"{where}: the code must be written out"
    )
    assert code.value in MESSAGES, f"{where}: {code.value!r} is not in MESSAGES"
    assert len(call.args) <= 2, f"{where}: params are keywords"
    given = {k.arg for k in call.keywords if k.arg is not None}
    spread = [k for k in call.keywords if k.arg is None]
    if spread:
        return  # **params of a caught error
    assert given == placeholders(MESSAGES[code.value]), where


def test_every_code_is_raised_somewhere():
    raised = {
        call.args[0].value
        for _, _, call in RAISES
        if call.args and isinstance(call.args[0], ast.Constant)
    }
    assert set(MESSAGES) == raised


def test_codes_are_short_dotted_names():
    for code in MESSAGES:
        family, _, name = code.partition(".")
        assert family in ("case", "option", "table", "deal", "calls", "ruling", "pulka", "board"), (
            code
        )
        assert name and name.replace("_", "").isalpha() and name.islower(), code


def test_an_error_keeps_code_field_and_params_under_a_prefix():
    error = DealError("deal.tricks_sum", "tricks", sum=11)
    assert (error.code, error.field, error.params) == ("deal.tricks_sum", "tricks", {"sum": 11})
    # "tricks sum to {sum}, not 10" with sum = 11
    assert error.message == "tricks sum to 11, not 10"
    inner = error.within("deal 3")
    assert isinstance(inner, DealError)
    assert (inner.code, inner.field, inner.params) == (
        "deal.tricks_sum",
        "deal 3, tricks",
        {"sum": 11},
    )
    assert str(inner) == "deal 3, tricks: tricks sum to 11, not 10"


def test_list_parameters_are_joined_as_the_template_says():
    # "{levels: and }" joins by " and "; "{allowed: | }" by " | "
    assert render("calls.half_whist_level", {"levels": ["6", "7"]}) == (
        "half-whist is allowed only on 6 and 7"
    )
    assert render("option.not_choice", {"value": "'x'", "allowed": ["a", "b"]}) == (
        "'x' is not one of a | b"
    )


def test_an_unknown_code_is_a_programming_error():
    with pytest.raises(KeyError):
        ScoringError("deal.no_such_code", "tricks")


def test_a_lone_surrogate_in_a_field_or_parameter_is_kept_as_its_escape():
    # JSON's "\ud800" reads to a string UTF-8 cannot write: a refusal naming it must still
    # print (the command line, a page), so the field and the params hold its escape
    error = DealError("deal.no_cards", "tricks.\ud800", player="B\ud800")
    assert error.field == "tricks.\\ud800" and error.params == {"player": "B\\ud800"}
    assert str(error) == "tricks.\\ud800: B\\ud800 holds no cards in this deal"
    str(error).encode("utf-8")  # no UnicodeEncodeError
    listed = DealError("calls.impossible", "defence", calls=["pass", "\udc00"])
    assert listed.params == {"calls": ["pass", "\\udc00"]}
    kept = DealError("deal.no_cards", "tricks", player="Вера \U0001f0cf")
    assert kept.params == {"player": "Вера \U0001f0cf"}  # valid Unicode stays as it is
