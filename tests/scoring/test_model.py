"""``model.new_deal`` (the case reader's fast way to build a ``Deal``) gives the very value
``Deal(...)`` gives: the same class and fields, equal, with the same hash, as frozen."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scoring import PRESETS, Deal, DealType, PrikupPremiumRecord, TalonPeeking, preset
from scoring.model import new_deal
from scoring.samples import random_deal


def values(deal: Deal) -> list[object]:
    return [getattr(deal, f.name) for f in dataclasses.fields(Deal)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_new_deal_is_the_deal_its_fields_make(name):
    rng = random.Random(name)
    for i in range(200):
        players = ("A", "B", "C", "D")[: 3 + i % 2]
        deal = random_deal(rng, preset(name), players, players[i % len(players)])
        if i % 7 == 0:
            deal = dataclasses.replace(
                deal, ruling=PrikupPremiumRecord(), referee_rulings=(TalonPeeking("B"),)
            )
        built = new_deal(*values(deal))
        assert type(built) is Deal
        assert built == deal and repr(built) == repr(deal)
        assert values(built) == values(deal)
        if deal.tricks is None:  # (a deal with its trick counts, a dict, has no hash)
            assert hash(built) == hash(deal)


def test_a_deal_built_the_fast_way_is_frozen():
    deal = new_deal(*values(Deal(DealType.GAME, declarer="A", level=6, strain="S")))
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.level = 7
    assert not hasattr(deal, "__dict__")  # slots only, as Deal's own
