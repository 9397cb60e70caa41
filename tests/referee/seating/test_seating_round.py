"""Seating a round: random draw, Swiss, repeats, forbidden pairs, byes (TOURNAMENTS.md §6)."""

import os
import random
import subprocess
import sys
from collections.abc import Sequence

import pytest

from referee.seating.pure.algorithm import Weights, seat_round
from referee.seating.pure.plan import Prefer
from referee.seating.pure.quality import assess, check_seating
from referee.seating.pure.values import ForbiddenPairError, RoundSeating, SeatedTable, SeatingError


def lines(notes) -> list[str]:
    """The notes as their plain English lines."""
    return [str(note) for note in notes]


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def groups(seating: RoundSeating[str]) -> list[set[str]]:
    return [set(table.seats) for table in seating.tables]


def play(
    players: Sequence[str], rounds: int, seed: int, prefer: Prefer = 4
) -> list[RoundSeating[str]]:
    """Random rounds, each seated with the ones before as history."""
    rng = random.Random(seed)
    history: list[RoundSeating[str]] = []
    for _ in range(rounds):
        history.append(seat_round(players, rng, history=history, prefer=prefer))
    return history


def one_round(*tables: tuple[str, ...]) -> RoundSeating[str]:
    """A past round; the first player of each table dealt first."""
    return RoundSeating(tuple(SeatedTable(k, seats, seats[0]) for k, seats in enumerate(tables, 1)))


# -- determinism ------------------------------------------------------------------------


def test_same_seed_gives_the_same_seating() -> None:
    history = play(names(23), 3, seed=7)
    standings = names(23)[::-1]
    first = seat_round(names(23), random.Random(99), history=history, standings=standings)
    again = seat_round(names(23), random.Random(99), history=history, standings=standings)
    assert first == again
    assert play(names(23), 4, seed=5) == play(names(23), 4, seed=5)


def test_another_seed_gives_another_draw() -> None:
    assert groups(play(names(23), 1, seed=1)[0]) != groups(play(names(23), 1, seed=2)[0])


SCRIPT = """
import random
from referee.seating.pure.algorithm import seat_round
from referee.seating.pure.values import RoundSeating, SeatedTable
players = [f"p{i}" for i in range(1, 31)]
rng = random.Random(3)
history = []
for standings in (None, players[::-1], players):
    history.append(seat_round(players, rng, history=history, standings=standings,
                              forbidden={frozenset(("p1", "p2")), frozenset(("p3", "p4"))}))
print(repr(history))
"""


def test_seating_does_not_depend_on_the_hash_seed() -> None:
    """String hashes change between processes; the seating must not (§6.1: seed recorded)."""
    outputs = [
        subprocess.run(
            [sys.executable, "-c", SCRIPT],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    ]
    assert outputs[0] == outputs[1]
    assert "SeatedTable(number=1" in outputs[0]


# -- random draw (§6.3 random_no_repeat) -------------------------------------------------


def test_first_round_follows_the_plan() -> None:
    seating = seat_round(names(10), random.Random(1))
    assert [len(table.seats) for table in seating.tables] == [4, 3, 3]
    assert [table.number for table in seating.tables] == [1, 2, 3]
    assert str(seating.notes[0]) == "plan 4+3+3 for 10 players (prefer 4)"
    assert check_seating(seating, names(10)) == ()


@pytest.mark.parametrize("seed", range(5))
def test_twelve_players_at_threes_meet_nobody_twice_in_three_rounds(seed: int) -> None:
    history = play(names(12), 3, seed=seed, prefer=3)
    for k in range(3):
        assert assess(history[k], history[:k]).repeated_pairs == ()
        assert "no repeat pairs" in lines(history[k].notes)


@pytest.mark.parametrize("seed", range(5))
def test_nine_players_at_threes_meet_everybody_once_in_four_rounds(seed: int) -> None:
    """9 = 3+3+3 has four rounds without repeats (the affine plane of order 3); each of the
    8 others is met exactly once."""
    history = play(names(9), 4, seed=seed, prefer=3)
    assert sum(len(assess(history[k], history[:k]).repeated_pairs) for k in range(4)) == 0


@pytest.mark.parametrize("seed", range(5))
def test_twelve_players_at_fours_must_repeat_once_per_table_in_round_two(seed: int) -> None:
    """4 players drawn from 3 first-round tables: two of them met (pigeonhole), so round 2
    of 4+4+4 has at least 3 repeated pairs; the algorithm finds exactly 3 and reports them."""
    first, second = play(names(12), 2, seed=seed)
    repeats = assess(second, [first]).repeated_pairs
    assert len(repeats) == 3
    assert sorted(r.table for r in repeats) == [1, 2, 3]
    for table in second.tables:
        kept = [note for note in lines(table.notes) if note.startswith("repeat pair kept: ")]
        assert len(kept) == 1
    assert any(note.startswith("repeat pairs kept: 3: ") for note in lines(second.notes))


def test_four_players_meet_again_and_every_pair_is_reported() -> None:
    first = one_round(("a", "b", "c", "d"))
    second = seat_round(["a", "b", "c", "d"], random.Random(1), history=[first])
    kept = [note for note in lines(second.tables[0].notes) if note.startswith("repeat pair kept")]
    assert len(kept) == 6
    assert all(note.endswith("(met 1× before)") for note in kept)


@pytest.mark.parametrize("seed", range(5))
def test_eight_players_at_fours_repeat_twice_per_table_in_round_two(seed: int) -> None:
    """A new table of 4 from two old ones: 2+2 (2 repeats), 3+1 (3) or 4+0 (6); best 2 + 2."""
    first = one_round(("p1", "p2", "p3", "p4"), ("p5", "p6", "p7", "p8"))
    second = seat_round(names(8), random.Random(seed), history=[first])
    assert len(assess(second, [first]).repeated_pairs) == 4


def test_a_repeat_in_the_draw_is_swapped_away_and_noted() -> None:
    first = one_round(("p1", "p2", "p3"), ("p4", "p5", "p6"), ("p7", "p8", "p9"))
    second = seat_round(names(9), random.Random(1), history=[first], prefer=3)
    assert assess(second, [first]).repeated_pairs == ()
    swaps = [
        note for table in second.tables for note in lines(table.notes) if note.startswith("swapped")
    ]
    assert swaps
    assert all(note.endswith(" to avoid a repeat") for note in swaps)
    assert any(note.startswith("swaps: ") for note in lines(second.notes))


# -- Swiss (§6.3 swiss) -----------------------------------------------------------------


def test_swiss_cuts_the_standings_into_blocks_when_nobody_has_met() -> None:
    standings = ["p7", "p3", "p11", "p1", "p9", "p2", "p10", "p5", "p4", "p8", "p6"]
    seating = seat_round(names(11), random.Random(2), standings=standings)
    assert groups(seating) == [set(standings[0:4]), set(standings[4:8]), set(standings[8:11])]
    assert [str(table.notes[0]) for table in seating.tables] == [
        "standings 1–4",
        "standings 5–8",
        "standings 9–11",
    ]


def test_swiss_swaps_the_lower_placed_player_with_the_next_one_down() -> None:
    """Places 2 and 3 met: 3 ↔ 5 costs 2² + 1² = 5, less than 2 ↔ 5 (3² + 1²) (§6.3)."""
    history = [one_round(("p2", "p3", "p12"))]
    seating = seat_round(names(12), random.Random(2), history=history, standings=names(12))
    assert groups(seating) == [
        {"p1", "p2", "p4", "p5"},
        {"p3", "p6", "p7", "p8"},
        {"p9", "p10", "p11", "p12"},
    ]
    first, second = lines(seating.tables[0].notes), lines(seating.tables[1].notes)
    assert "swapped p3 and p5 to avoid a repeat" in first
    assert "swapped p3 and p5 to avoid a repeat" in second
    assert "p5 pulled up from place 5" in first
    assert "p3 moved down from place 3" in second


def test_swiss_moves_players_only_as_far_as_a_repeat_is_worth() -> None:
    """Places 1 and 2 met. Parting them costs at least p2 ↔ p5: 3² + 1² = 10 (§6.3)."""
    history = [one_round(("p1", "p2", "x"))]  # x has left
    parted = seat_round(names(8), random.Random(2), history=history, standings=names(8))
    assert groups(parted) == [{"p1", "p3", "p4", "p5"}, {"p2", "p6", "p7", "p8"}]
    kept = seat_round(
        names(8), random.Random(2), history=history, standings=names(8), weights=Weights(9)
    )
    assert groups(kept) == [set(names(4)), set(names(8)[4:])]
    assert "repeat pair kept: p1–p2 (met 1× before)" in lines(kept.tables[0].notes)


def test_swiss_without_repeat_weight_seats_the_best_together() -> None:
    """standing_playoff (§6.3): the best-placed together regardless of earlier meetings."""
    history = [one_round(("p1", "p2", "p3", "p4"))]
    seating = seat_round(
        names(8), random.Random(2), history=history, standings=names(8), weights=Weights(0)
    )
    assert groups(seating) == [set(names(4)), set(names(8)[4:])]


def test_standings_must_list_every_active_player() -> None:
    # "invalid" is input only a program gets wrong and names no reason: the English says which
    with pytest.raises(SeatingError, match="miss active players: p6") as refused:
        seat_round(names(6), random.Random(1), standings=names(5))
    assert refused.value.code == "invalid"


def test_standings_may_list_players_who_left() -> None:
    seating = seat_round(names(6), random.Random(1), standings=["gone", *names(6)])
    assert groups(seating) == [{"p1", "p2", "p3"}, {"p4", "p5", "p6"}]


# -- forbidden pairs ----------------------------------------------------------------------


def test_forbidden_pairs_force_the_only_seating_left() -> None:
    """p1 may not sit with p2, p3 or p4: 3+3 leaves only {p1, p5, p6} and {p2, p3, p4}."""
    forbidden = {frozenset(("p1", other)) for other in ("p2", "p3", "p4")}
    for seed in range(10):
        seating = seat_round(names(6), random.Random(seed), forbidden=forbidden)
        assert sorted(map(sorted, groups(seating))) == [["p1", "p5", "p6"], ["p2", "p3", "p4"]]
        assert check_seating(seating, names(6), forbidden) == ()
        assert "forbidden pairs kept apart: 3" in lines(seating.notes)


@pytest.mark.parametrize("seed", range(5))
def test_forbidden_pairs_win_over_repeats(seed: int) -> None:
    """After 123/456/789, round 2 can be repeat-free, but not with p1 kept from 4, 5 and 6:
    p1's table then holds two of 2, 3, 7, 8, 9 (one repeat at least) and the other two
    tables split two old tables (one more), so the best is 2 repeats."""
    history = [one_round(("p1", "p2", "p3"), ("p4", "p5", "p6"), ("p7", "p8", "p9"))]
    free = seat_round(names(9), random.Random(seed), history=history, prefer=3)
    assert assess(free, history).repeated_pairs == ()
    forbidden = {frozenset(("p1", other)) for other in ("p4", "p5", "p6")}
    seating = seat_round(
        names(9), random.Random(seed), history=history, forbidden=forbidden, prefer=3
    )
    assert check_seating(seating, names(9), forbidden) == ()
    assert len(assess(seating, history).repeated_pairs) == 2


def test_swiss_parts_a_forbidden_pair_at_the_least_cost_to_the_standings() -> None:
    """p1 and p2 may not meet: p2 ↔ p5 costs 3² + 1² = 10, the cheapest parting."""
    forbidden = {frozenset(("p1", "p2"))}
    seating = seat_round(names(8), random.Random(1), standings=names(8), forbidden=forbidden)
    assert groups(seating) == [{"p1", "p3", "p4", "p5"}, {"p2", "p6", "p7", "p8"}]
    assert "swapped p2 and p5 to keep a forbidden pair apart" in lines(seating.tables[0].notes)


def test_impossible_forbidden_pairs_raise() -> None:
    triangle = {frozenset(pair) for pair in (("p1", "p2"), ("p1", "p3"), ("p2", "p3"))}
    with pytest.raises(ForbiddenPairError) as error:
        seat_round(names(6), random.Random(1), forbidden=triangle)  # 3 players, 2 tables
    assert error.value.code == "forbidden_pairs"
    assert error.value.params == {"pairs": error.value.pairs}
    assert error.value.pairs
    assert {frozenset(pair) for pair in error.value.pairs} <= triangle


def test_forbidden_pair_of_three_players_cannot_play() -> None:
    with pytest.raises(ForbiddenPairError):
        seat_round(["a", "b", "c"], random.Random(1), forbidden={frozenset(("a", "b"))})


def test_forbidden_pair_must_name_two_players() -> None:
    # "invalid" names no reason (input only a program gets wrong): the English says which
    with pytest.raises(SeatingError, match="two players") as refused:
        seat_round(names(6), random.Random(1), forbidden={frozenset(("p1",))})
    assert refused.value.code == "invalid"


# -- five players: a bye (§6.2) -----------------------------------------------------------


def test_five_players_take_turns_with_the_bye() -> None:
    history = play(names(5), 10, seed=3)
    byes = [seating.byes for seating in history]
    assert all(len(bye) == 1 for bye in byes)
    assert sorted(bye[0] for bye in byes[:5]) == names(5)  # everybody once
    assert sorted(bye[0] for bye in byes[5:]) == names(5)  # then everybody twice
    assert all(check_seating(seating, names(5)) == () for seating in history)


def test_a_forbidden_pair_decides_the_bye_among_five() -> None:
    forbidden = {frozenset(("p4", "p5"))}
    seating = seat_round(names(5), random.Random(1), forbidden=forbidden)
    assert seating.byes[0] in {"p4", "p5"}
    assert check_seating(seating, names(5), forbidden) == ()


# -- inside the table (§6.1) -----------------------------------------------------------------


def test_four_players_deal_first_once_each_in_four_rounds() -> None:
    history = play(names(4), 4, seed=11)
    assert sorted(seating.tables[0].first_dealer for seating in history) == names(4)


def test_four_players_sit_in_every_seat_once_in_four_rounds() -> None:
    """Least-used seats: rounds 2-4 complete a Latin square, which always exists."""
    history = play(names(4), 4, seed=11)
    quality = assess(history[-1], history[:-1])
    assert [p.seat_counts for p in quality.players] == [(1, 1, 1, 1)] * 4
    assert quality.max_seat_spread == 0


def test_every_table_says_how_seats_and_first_dealer_were_drawn() -> None:
    history = play(names(14), 3, seed=1)
    for table in history[-1].tables:
        assert str(table.notes[-2]).startswith(("seats by draw", "seat balance"))
        assert str(table.notes[-1]).startswith(f"first dealer {table.first_dealer}")


# -- input -------------------------------------------------------------------------------


def test_a_player_listed_twice_is_refused() -> None:
    # "invalid" names no reason (input only a program gets wrong): the English says which
    with pytest.raises(SeatingError, match="twice") as refused:
        seat_round(["a", "b", "c", "a"], random.Random(1))
    assert refused.value.code == "invalid"


def test_player_ids_may_be_numbers() -> None:
    players = list(range(101, 108))
    seating = seat_round(players, random.Random(1))
    assert sorted(seating.seated) == players


def test_300_players_with_9_rounds_of_history_seat_without_repeats() -> None:
    """Its speed is measured in bench/seating.py; here, that the result is right."""
    players = names(300)
    history = play(players, 9, seed=1)
    standings = random.Random(2).sample(players, len(players))
    for ranked in (None, standings):
        seating = seat_round(players, random.Random(3), history=history, standings=ranked)
        assert check_seating(seating, players) == ()
        assert assess(seating, history).repeated_pairs == ()
