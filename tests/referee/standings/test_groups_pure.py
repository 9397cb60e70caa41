"""Groups, crossover and the play-off at the cut (``standings.pure.groups``): hand-worked
cases, then properties over any field."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.standings.pure.groups import (
    GroupError,
    crossover,
    cut_groups,
    cut_settled,
    label,
    settle,
    split,
)
from referee.standings.pure.ranking import StandingRow


def row(rank: int, player: str) -> StandingRow:
    return StandingRow(rank, str(rank), player, Fraction(0), Fraction(0), 0, 1, (), False, None)


# --- the split -------------------------------------------------------------------------------


def test_twelve_players_in_turn_and_as_a_snake():
    order = [f"p{i}" for i in range(1, 13)]
    # in turn: odd places to A, even to B
    assert split(order, 2, snake=False) == (
        ("p1", "p3", "p5", "p7", "p9", "p11"),
        ("p2", "p4", "p6", "p8", "p10", "p12"),
    )
    # snake: A B | B A | A B | B A | A B | B A
    assert split(order, 2, snake=True) == (
        ("p1", "p4", "p5", "p8", "p9", "p12"),
        ("p2", "p3", "p6", "p7", "p10", "p11"),
    )


def test_ten_players_in_three_groups_are_4_3_3():
    order = list(range(1, 11))
    # snake: A B C | C B A | A B C | C → A gets 1, 6, 7; B 2, 5, 8; C 3, 4, 9, 10
    assert split(order, 3, snake=True) == ((1, 6, 7), (2, 5, 8), (3, 4, 9, 10))
    assert split(order, 3, snake=False) == ((1, 4, 7, 10), (2, 5, 8), (3, 6, 9))


def test_a_group_needs_three_players():
    with pytest.raises(GroupError) as refused:
        split(list(range(5)), 2, snake=True)
    assert refused.value.code == "too_many_groups"
    assert refused.value.params == {"count": 2, "players": 5}
    with pytest.raises(GroupError):
        split([1, 2, 3], 0, snake=False)


def test_labels():
    assert [label(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "A2", "B2"]


# --- the crossover ---------------------------------------------------------------------------


def test_two_groups_cross_the_first_of_a_with_the_second_of_b():
    assert crossover([("A1", "A2", "A3"), ("B1", "B2", "B3")]) == (
        ("A1", "B2", "A3"),
        ("B1", "A2", "B3"),
    )


def test_three_groups_of_three_through_meet_no_one_of_their_own_group():
    through = [("A1", "A2", "A3"), ("B1", "B2", "B3"), ("C1", "C2", "C3")]
    assert crossover(through) == (
        ("A1", "B2", "C3"),
        ("B1", "C2", "A3"),
        ("C1", "A2", "B3"),
    )


# --- the play-off ----------------------------------------------------------------------------


def test_a_play_off_then_a_second_one_among_the_still_tied():
    tied = ["w", "x", "y", "z"]
    first = {"w": 20, "x": 20, "y": -10, "z": -30}
    assert settle(tied, [first]) == [["w", "x"], ["y"], ["z"]]
    # the second game only between w and x: it orders them, the rest stays as the first left it
    second = {"x": Fraction(40, 3), "w": Fraction(-20, 3)}
    assert settle(tied, [first, second]) == [["x"], ["w"], ["y"], ["z"]]


def test_a_game_not_of_every_tied_player_decides_nothing():
    assert settle(["a", "b", "c"], [{"a": 5, "b": 0}]) == [["a", "b", "c"]]


def test_the_play_off_decides_the_cut_of_three_among_four_tied_for_places_2_to_5():
    rows = [row(1, "a"), row(2, "b"), row(2, "c"), row(2, "d"), row(2, "e"), row(6, "f")]
    # without a game: a through, b–e tied for 2–5 across the cut of 3
    plain = cut_settled(rows, 3)
    assert plain.through == ("a",) and plain.tied == ("b", "c", "d", "e")
    # the game: d +30, b +10, c −10, e −30 → d 2nd, b 3rd: through; c, e out
    game = {"b": 10, "c": -10, "d": 30, "e": -30}
    found = cut_settled(rows, 3, games=[game])
    assert found.through == ("a", "d", "b") and found.tied == ()
    assert [found.places[p].label for p in "adbcef"] == ["1", "2", "3", "4", "5", "6"]


def test_a_play_off_that_ties_again_across_the_cut_leaves_the_tie():
    rows = [row(1, "a"), row(2, "b"), row(2, "c"), row(2, "d")]
    # b wins; c and d equal for places 3–4 across the cut of 3
    found = cut_settled(rows, 3, games=[{"b": 20, "c": -10, "d": -10}])
    assert found.through == ("a", "b") and found.tied == ("c", "d")
    assert found.tied_label == "3–4"


def test_each_group_is_cut_among_its_own_players():
    # the stage's rows mix the groups: A = a1, a2, a3, a4; B = b1, b2, b3
    rows = [row(1, "a1"), row(2, "b1"), row(3, "a2"), row(3, "a3"), row(5, "b2"), row(6, "a4")]
    rows.append(row(7, "b3"))
    a, b = cut_groups(rows, [{"a1", "a2", "a3", "a4"}, {"b1", "b2", "b3"}], 2)
    # in A: a1 1st, a2 and a3 tied for 2–3 across the cut of 2; in B: b1, b2 through
    assert a.through == ("a1",) and a.tied == ("a2", "a3") and a.tied_label == "2–3"
    assert b.through == ("b1", "b2") and b.tied == ()
    a, _ = cut_groups(
        rows, [{"a1", "a2", "a3", "a4"}, {"b1", "b2", "b3"}], 2, games=[{"a2": -5, "a3": 5}]
    )
    assert a.through == ("a1", "a3") and a.tied == ()


# --- properties ------------------------------------------------------------------------------

fields = st.integers(min_value=3, max_value=60).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(min_value=1, max_value=n // 3))
)


@given(fields, st.booleans())
def test_every_player_in_exactly_one_group_and_sizes_within_one(field, snake):
    players, count = field
    groups = split(list(range(players)), count, snake=snake)
    assert len(groups) == count
    assert sorted(p for g in groups for p in g) == list(range(players))
    sizes = [len(g) for g in groups]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 3


@given(fields, st.booleans())
def test_groups_keep_the_seeding_order_inside(field, snake):
    players, count = field
    for group in split(list(range(players)), count, snake=snake):
        assert list(group) == sorted(group)


@given(st.integers(min_value=1, max_value=8), st.integers(min_value=1, max_value=10))
def test_crossover_is_fair_and_mixes_the_groups_as_far_as_it_can(groups, through):
    made = [tuple((g, i) for i in range(through)) for g in range(groups)]
    crossed = crossover(made)
    flat = [p for g in crossed for p in g]
    assert sorted(flat) == sorted(p for g in made for p in g)  # each exactly once
    for new in crossed:
        assert sorted(i for _, i in new) == list(range(through))  # one of each place
        counts = Counter(g for g, _ in new)
        assert max(counts.values()) - min(counts.get(g, 0) for g in range(groups)) <= 1
        if through <= groups:  # avoidable: nobody meets one of his own group
            assert max(counts.values()) == 1


@given(
    st.lists(st.integers(min_value=-3, max_value=3), min_size=2, max_size=7),
    st.integers(min_value=1, max_value=6),
)
def test_the_play_off_places_each_tied_player_once_and_keeps_the_cut_size(results, count):
    players = [f"p{i}" for i in range(len(results))]
    rows = [row(1, p) for p in players]  # all tied
    found = cut_settled(rows, count, games=[dict(zip(players, results, strict=True))])
    assert set(found.through).isdisjoint(found.tied)
    assert len(found.through) <= count
    assert len(found.through) + len(found.tied) >= min(count, len(players))
    # through means a better play-off result than anybody not through and not tied
    rest = [p for p in players if p not in found.through and p not in found.tied]
    game = dict(zip(players, results, strict=True))
    for p in found.through:
        assert all(game[p] > game[q] for q in rest)
