"""Invariants on generated deals and pulkas of every preset (hypothesis)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Deal, DealType, ScoringError, convention, score_deal, score_pulka, settle
from scoring.ledger import Totals
from scoring.samples import random_deal, random_pulka

PRESET_NAMES = ("sochi", "leningrad", "rostov", "classic", "fspr")
SEATS = {3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}

option_variants = st.fixed_dictionaries(
    {},
    optional={
        "whist_sharing": st.sampled_from(["greedy", "gentleman"]),
        "gentleman_split": st.sampled_from(["on_set", "always"]),
        "liability_8_to_10": st.sampled_from(["second_whister", "each_zero_taker"]),
        "whist_liability": st.sampled_from(["responsible", "half", "classic"]),
        "ten_mode": st.sampled_from(["whisted", "checked"]),
        "checked_ten_split": st.sampled_from(["halves", "own_tricks"]),
        "prikup_bonus": st.booleans(),
        "raspasy_after_top": st.sampled_from(["hold", "cycle"]),
        "raspasy_zero_bonus": st.sampled_from(
            ["pool_price", "pool_half_price", "pool_one", "gora_minus_two_prices", "none"]
        ),
        "raspasy_amnesty": st.booleans(),
        "dealer_whist_liable": st.booleans(),
        "consolation_to_dealer": st.booleans(),
        "half_whist_levels": st.sampled_from([[6, 7], [6], [6, 7, 8]]),
    },
)


@st.composite
def tables(draw: st.DrawFn):
    """A convention (preset + overrides), a seating and a random source."""
    name = draw(st.sampled_from(PRESET_NAMES))
    options = draw(option_variants)
    size = draw(st.sampled_from([3, 4]))
    if name == "rostov" and size == 4 and draw(st.booleans()):
        options["raspasy_talon"] = "suit_only"
    rng = random.Random(draw(st.integers(0, 2**32)))
    return convention(name, options), SEATS[size], rng


def value(cv, players, entries):
    totals = Totals.of(entries)
    return settle(players, totals.pulka, totals.gora, totals.whists, cv.pool_to_mountain_factor)


@settings(max_examples=150, deadline=None)
@given(tables(), st.sampled_from([None, 10, 20]))
def test_every_settlement_sums_to_exactly_zero(table, pool_size):
    cv, players, rng = table
    sheet = score_pulka(cv, players, random_pulka(rng, cv, players, 40, pool_size), pool_size)
    assert sum(sheet.result.values()) == 0


@settings(max_examples=100, deadline=None)
@given(tables(), st.sampled_from([None, 10]))
def test_settling_a_sheet_equals_the_sum_of_its_deals(table, pool_size):
    cv, players, rng = table
    sheet = score_pulka(cv, players, random_pulka(rng, cv, players, 25, pool_size), pool_size)
    summed = dict.fromkeys(players, 0)
    for deal in sheet.deals:
        for player, amount in value(cv, players, deal.entries).items():
            summed[player] += amount
    assert summed == sheet.result


def _played_game(rng, cv, players):
    while True:
        deal = random_deal(rng, cv, players, players[rng.randrange(len(players))])
        if deal.type == DealType.GAME and deal.tricks is not None:
            return deal


@settings(max_examples=300, deadline=None)
@given(tables())
def test_one_more_trick_never_scores_worse_for_the_declarer(table):
    cv, players, rng = table
    deal = _played_game(rng, cv, players)
    declarer = deal.declarer
    givers = [p for p, t in deal.tricks.items() if p != declarer and t > 0]
    if not givers:
        return
    giver = rng.choice(givers)
    tricks = dict(deal.tricks)
    tricks[giver] -= 1
    tricks[declarer] += 1
    better = dataclasses.replace(deal, tricks=tricks)
    before = value(cv, players, score_deal(cv, players, deal).entries)[declarer]
    after = value(cv, players, score_deal(cv, players, better).entries)[declarer]
    assert after >= before


NEW_NAMES = {"A": "Иванов", "B": "Петров", "C": "Сидоров", "D": "Кузнецов"}


def _renamed(deal: Deal, names: dict[str, str] = NEW_NAMES) -> Deal:
    rename = names.get
    return dataclasses.replace(
        deal,
        dealer=deal.dealer and rename(deal.dealer),
        declarer=deal.declarer and rename(deal.declarer),
        defence=tuple(
            dataclasses.replace(
                c, player=rename(c.player), replaces=c.replaces and rename(c.replaces)
            )
            for c in deal.defence
        ),
        tricks=deal.tricks and {rename(p): t for p, t in deal.tricks.items()},
    )


@settings(max_examples=100, deadline=None)
@given(tables(), st.sampled_from([None, 10]))
def test_renaming_players_changes_nothing_but_the_names(table, pool_size):
    cv, players, rng = table
    deals = random_pulka(rng, cv, players, 20, pool_size)
    original = score_pulka(cv, players, deals, pool_size)
    renamed = score_pulka(
        cv, [NEW_NAMES[p] for p in players], [_renamed(d) for d in deals], pool_size
    )
    assert renamed.result == {NEW_NAMES[p]: v for p, v in original.result.items()}
    assert renamed.totals.whists == {
        (NEW_NAMES[a], NEW_NAMES[b]): v for (a, b), v in original.totals.whists.items()
    }
    assert renamed.totals.gora == {NEW_NAMES[p]: v for p, v in original.totals.gora.items()}


@settings(max_examples=100, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_a_deal_by_other_players_in_other_seats_writes_the_same_entries(table, draw):
    # Issue 33.5: what a sequence of calls decided is remembered by seat, not by name. The
    # same deal played by other players, the table turned round (so that each sits where
    # another sat), writes the same entries under their names, whether the convention read
    # that sequence before (warm) or never (a copy of it, its memo empty). The order of the
    # entries follows the seating.
    cv, players, rng = table
    for _ in range(20):
        deal = random_deal(rng, cv, players, rng.choice(players))
        names = dict(zip(players, draw.sample(NAMES, len(players)), strict=True))
        turn = draw.randrange(len(players))
        seats = tuple(names[p] for p in players[turn:] + players[:turn])
        renamed = _renamed(deal, names)
        expected = [
            e._replace(player=names[e.player], on=e.on and names[e.on])
            for e in score_deal(cv, players, deal).entries
        ]
        warm = score_deal(cv, seats, renamed).entries
        assert warm == score_deal(dataclasses.replace(cv), seats, renamed).entries
        assert sorted(warm, key=repr) == sorted(expected, key=repr)  # (in seating order)


NAMES = ["Ёлкин", "Orlova", "Kim", "Новак", "Berg", "Müller", "Ng", "Łukasz"]


def _corrupt(deal: Deal, how: int, players) -> Deal:
    if how == 0 and deal.tricks is not None:
        first = next(iter(deal.tricks))
        return dataclasses.replace(deal, tricks={**deal.tricks, first: deal.tricks[first] + 1})
    if how == 1:
        return dataclasses.replace(deal, dealer="Z")
    if how == 2 and deal.type == DealType.GAME:
        return dataclasses.replace(deal, level=11)
    if how == 3 and deal.type == DealType.GAME:
        return dataclasses.replace(deal, defence=deal.defence[:1])
    if how == 4 and deal.type == DealType.RASPASY:
        return dataclasses.replace(deal, declarer=players[0])
    return dataclasses.replace(deal, tricks={"Z": 10}, play=deal.play)


@settings(max_examples=200, deadline=None)
@given(tables(), st.integers(0, 5), st.integers(0, 19))
def test_invalid_input_is_always_refused_never_half_scored(table, how, position):
    cv, players, rng = table
    deals = random_pulka(rng, cv, players, 20)
    bad = _corrupt(deals[position], how, players)
    deals[position] = bad
    with pytest.raises(ScoringError) as refused:
        score_pulka(cv, players, deals)
    field = refused.value.field  # the deal by its position, then where in it
    assert field == f"deal {position + 1}" or field.startswith(f"deal {position + 1}, ")
    with pytest.raises(ScoringError):
        score_deal(cv, players, dataclasses.replace(bad, series_index=bad.series_index or None))
