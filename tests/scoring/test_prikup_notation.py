"""The talon is read in the deck's one notation (``scoring.cards``): letters or symbols."""

from __future__ import annotations

import pytest

from scoring.errors import DealError
from scoring.prikup import parse_talon, premium_tricks


@pytest.mark.parametrize(
    "talon", [("SA", "HK"), ("♠A", "♥K"), ("sa", "hk"), ("♤A", "♡K"), ("SA", "♥K")]
)
def test_one_notation(talon):
    assert parse_talon(talon) == (("S", "A"), ("H", "K"))
    assert premium_tricks(talon) == 1  # an ace, not with its king: one trick


@pytest.mark.parametrize(
    ("talon", "code"),
    [
        (("SA", "SA"), "deal.talon_twice"),
        (("♠A", "SA"), "deal.talon_twice"),
        (("SA",), "deal.talon_two"),
        (("SX", "HK"), "deal.talon_card"),
        (("SAK", "HK"), "deal.talon_card"),
        (("S1", "HK"), "deal.talon_card"),
        ((7, "HK"), "deal.talon_card"),
    ],
)
def test_refusals(talon, code):
    with pytest.raises(DealError) as refused:
        parse_talon(talon)
    assert refused.value.code == code
