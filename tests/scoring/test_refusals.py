"""The shared ``refused`` helper fails on every way a refusal can differ from the one named."""

from __future__ import annotations

import pytest

from scoring import DealError, OptionError

from .helpers import calls, game, score
from .refusals import raising, refused

SUM_9 = game("A", 6, calls("B whist", "C whist"), {"A": 6, "B": 2, "C": 1})


def test_the_refusal_named_passes():
    with refused("deal.tricks_sum", "deal, tricks", kind=DealError, sum=9) as caught:
        score("sochi", "ABC", SUM_9)
    assert caught.value.params == {"sum": 9}


@pytest.mark.parametrize(
    ("code", "field", "kind", "params", "why"),
    [
        ("deal.tricks_whole", None, DealError, {}, "refused as 'deal.tricks_sum'"),
        ("deal.tricks_sum", "tricks", DealError, {}, "field 'deal, tricks'"),
        ("deal.tricks_sum", None, DealError, {"sum": 11}, "sum=9, not 11"),
        ("deal.tricks_sum", None, DealError, {"player": "B"}, "no parameter 'player'"),
        ("deal.no_such_code", None, DealError, {}, "not a refusal code"),
    ],
)
def test_another_code_field_or_parameter_fails(code, field, kind, params, why):
    with pytest.raises(AssertionError, match=why), refused(code, field, kind=kind, **params):
        score("sochi", "ABC", SUM_9)


def test_another_kind_of_error_is_not_caught():
    with pytest.raises(DealError), refused("deal.tricks_sum", kind=OptionError):
        score("sochi", "ABC", SUM_9)


def test_a_block_that_is_not_refused_fails():
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"), refused("deal.tricks_sum"):
        score("sochi", "ABC", game("A", 6, calls("B pass", "C pass")))


def test_raising_returns_a_scored_case_and_raises_a_refused_one_as_its_output_said():
    case = {"id": "t", "kind": "deal", "convention": "sochi", "players": ["A", "B", "C"]}
    out = raising({**case, "deal": game("A", 6, calls("B pass", "C pass"))})
    assert out["pulka"] == {"A": 2}  # 6 pass–pass: C(6) = 2 to the pool
    with refused("deal.tricks_sum", "deal, tricks", sum=9) as caught:
        raising({**case, "deal": SUM_9})
    assert str(caught.value) == "deal, tricks: tricks sum to 9, not 10"  # the output's text
