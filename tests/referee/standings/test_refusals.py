"""The standings settings' refusals in Russian, by code (referee.standings.refusals): every
code the pure modules raise has a template, in Russian without Latin words or parameter
names, and a refusal reaches the setting it concerns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from referee.core.codes import refusal_text
from referee.standings.pure import points, ranking
from referee.standings.pure.exact import ParameterError
from referee.standings.refusals import RULES as REFUSALS

PURE = Path(points.__file__).parent


def raised_codes() -> set[str]:
    """Every code literal of the pure modules ("bands.empty"), and the two plain ones."""
    text = "\n".join(path.read_text() for path in PURE.glob("*.py"))
    return set(re.findall(r'"([a-z_]+\.[a-z_]+)"', text)) | {"flag", "choice"}


def test_every_code_the_pure_modules_raise_has_a_template():
    assert set(REFUSALS) == raised_codes()


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_refusal_reads_in_russian(code):
    error = ParameterError("english", "field", code, name="lot", size=3)
    with translation.override("ru"):
        text = refusal_text(error)
    with translation.override("en"):
        english = refusal_text(error)
    assert text != english
    latin = [w for w in re.findall(r"[A-Za-z]{2,}", text) if w != "lot"]
    assert latin == [], (code, text)


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (
            lambda: points.conversion_method("cutoff_bands", {"bands": [[200, 1], [100, 1]]}),
            "bands.increasing",
        ),
        (
            lambda: points.conversion_method("cutoff_bands", {"bands": [[None, 1], [9, 1]]}),
            "bands.unbounded",
        ),
        (
            lambda: points.conversion_method("cutoff_bands", {"bands": [[200, -1]]}),
            "bands.negative",
        ),
        (lambda: points.conversion_method("cutoff_bands", {"bands": 7}), "bands.not_pairs"),
        (lambda: points.conversion_method("cutoff_bands", {"bands": []}), "bands.empty"),
        (
            lambda: points.conversion_method("cutoff_bands", {"bands": [[200, 0.5]]}),
            "number.inexact",
        ),
        (lambda: points.conversion_method("placement_points", {"four_table": [1]}), "row.length"),
        (lambda: points.conversion_method("placement_points", {"ties": "coin"}), "choice"),
        (lambda: points.conversion_method("raw_whists", {"x": 1}), "params.unknown"),
        (lambda: points.conversion_method("bula"), "method.unknown"),
        (lambda: points.conversion_method("opposition_adjusted"), "method.disabled"),
        (lambda: points.Normalisation("factor", "zwei"), "number.not_number"),  # type: ignore[arg-type]
        (lambda: points.Normalisation("factor", -1), "factor.positive"),  # type: ignore[arg-type]
        (lambda: points.Elimination(points.Fraction(5)), "threshold.negative"),
        (lambda: ranking.tie_break_chain(["points", "points"]), "chain.twice"),
    ],
)
def test_a_pure_refusal_carries_its_code(build, code):
    with pytest.raises(points.StandingsError) as refused:
        build()
    assert refused.value.code == code


def test_a_code_without_a_template_says_only_that_the_value_is_refused():
    with translation.override("ru"):
        text = refusal_text(ParameterError("bands[1]: something new", "bands", "bands.new"))
    assert text == "Это значение здесь недопустимо."
