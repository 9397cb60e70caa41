"""The duplicate movement (issue 20 point 2): hand-worked small schedules, then its properties
for every N it serves (3..60 at tables of 3, 4..60 at tables of 4), and its refusals."""

import doctest
import itertools
import subprocess
import sys
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.seating.pure import galois, movecheck, movement, movenotes, movesearch
from referee.seating.pure.galois import field, prime_powers, ring
from referee.seating.pure.movecheck import assess_movement, check_movement
from referee.seating.pure.movement import ROLES, Movement, plan_movement
from referee.seating.pure.movenotes import MovementError, MoveNote


def schedule(plan: Movement[object]) -> list[list[tuple[int, int, tuple[object, ...]]]]:
    """Per stanza: (table, set, seats) of each table."""
    return [[(t.table, t.board_set, t.seats) for t in s.tables] for s in plan.stanzas]


def hands(plan: Movement[object]) -> dict[tuple[int, int], tuple[object, ...]]:
    """(stanza, board) → the hands in role order."""
    return {(s.number, b.board): b.hands for s in plan.stanzas for t in s.tables for b in t.boards}


# --- hand-worked schedules ------------------------------------------------------------------


def test_three_players_one_table_one_stanza():
    plan = plan_movement(["A", "B", "C"])
    assert schedule(plan) == [[(1, 1, ("A", "B", "C"))]]
    # board 1: seat 3 deals, so seat 1 is first hand; board 2: the deal passes to seat 1
    assert hands(plan) == {(1, 1): ("A", "B", "C"), (1, 2): ("B", "C", "A")}
    assert plan.roles == ("first", "second", "third")
    assert [str(n) for n in plan.notes] == [
        "3 players at 1 tables of 3 in 1 group(s): 1 stanzas, 1 sets of 2 boards per group "
        "(2 boards in all)",
        "1 stanzas, the least possible: each of the 1 tables of a group plays every set, one set "
        "a stanza, and each stanza needs a set for every table",
        "no repeats possible: every prime-power factor of 1 exceeds 3, so each player meets 2 "
        "different opponents",
    ]
    assert check_movement(plan, ["A", "B", "C"]) == ()


def test_six_players_two_tables_swap_sets():
    """T = 2: the sets change tables, the players stay: every pair of a table meets twice."""
    plan = plan_movement([1, 2, 3, 4, 5, 6])
    assert schedule(plan) == [
        [(1, 1, (1, 2, 3)), (2, 2, (4, 5, 6))],
        [(1, 2, (3, 1, 2)), (2, 1, (6, 4, 5))],  # seat lines turn by one (c_1 = 3 // 2 = 1)
    ]
    assert hands(plan) == {
        (1, 1): (1, 2, 3),
        (1, 2): (2, 3, 1),
        (1, 3): (4, 5, 6),
        (1, 4): (5, 6, 4),
        (2, 3): (3, 1, 2),
        (2, 4): (1, 2, 3),
        (2, 1): (6, 4, 5),
        (2, 2): (4, 5, 6),
    }
    quality = assess_movement(plan)
    assert quality.repeats == 6  # six pairs, each met twice
    assert {p.player: p.distinct for p in quality.players} == dict.fromkeys(range(1, 7), 2)
    # player 1: first on boards 1 and 4, third on 2, second on 3
    assert quality.players[0].roles == (2, 1, 1)
    assert str(plan.notes[2]) == (
        "2 tables of 3: the factor 2 of 2 (not above 3) forces some pairs to meet more than once"
    )
    assert str(plan.notes[3]) == (
        "with 2 tables a group has at least 6 repeats, and this plan has that many"
    )


def test_nine_players_three_tables():
    """GF(3): lines 0 and 2 stay (velocity 1), line 1 moves up a table (velocity 2)."""
    plan = plan_movement(list(range(1, 10)))
    assert schedule(plan) == [
        [(1, 1, (1, 2, 3)), (2, 2, (4, 5, 6)), (3, 3, (7, 8, 9))],
        [(1, 2, (3, 1, 8)), (2, 3, (6, 4, 2)), (3, 1, (9, 7, 5))],
        [(1, 3, (5, 3, 1)), (2, 1, (8, 6, 4)), (3, 2, (2, 9, 7))],
    ]
    quality = assess_movement(plan)
    assert sorted(quality.repeated) == [(1, 3, 3), (4, 6, 3), (7, 9, 3)]
    assert quality.repeats == 6 == 6 * (comb(1, 2) + comb(2, 2))  # the least for T = 3
    distinct = {p.player: p.distinct for p in quality.players}
    assert distinct == {1: 4, 2: 6, 3: 4, 4: 4, 5: 6, 6: 4, 7: 4, 8: 6, 9: 4}
    assert all(p.roles == (2, 2, 2) for p in quality.players)


def test_twelve_players_four_tables_of_three_no_repeats():
    """GF(4) = {0, 1, x, x + 1} (2 = x, 3 = x + 1; addition is XOR): velocities 1, x, x + 1."""
    plan = plan_movement(list("ABCDEFGHIJKL"))
    assert schedule(plan) == [
        [(1, 1, tuple("ABC")), (2, 2, tuple("DEF")), (3, 3, tuple("GHI")), (4, 4, tuple("JKL"))],
        [(1, 2, tuple("AKI")), (2, 1, tuple("DHL")), (3, 4, tuple("GEC")), (4, 3, tuple("JBF"))],
        [(1, 3, tuple("LAE")), (2, 4, tuple("IDB")), (3, 1, tuple("FGK")), (4, 2, tuple("CJH"))],
        [(1, 4, tuple("HFA")), (2, 3, tuple("KCD")), (3, 2, tuple("BLG")), (4, 1, tuple("EIJ"))],
    ]
    quality = assess_movement(plan)
    assert quality.repeats == 0
    assert all(p.distinct == 8 and p.boards == 8 for p in quality.players)
    assert [str(n) for n in quality.notes] == [
        "every board at every table of its group once: 8 boards, 32 plays, each player 8 boards, "
        "none twice",
        "no two players meet twice",
        "opponents met per player: 8–8 different, of 8 possible",
        "seat roles per player: each role 2–3 times (spread 1)",
    ]


def test_twelve_players_three_tables_of_four():
    """Lines 0, 2 stay, lines 1, 3 move up a table; c_k = 4k // 3 = 0, 1, 2."""
    plan = plan_movement(list(range(1, 13)), 4)
    assert schedule(plan) == [
        [(1, 1, (1, 2, 3, 4)), (2, 2, (5, 6, 7, 8)), (3, 3, (9, 10, 11, 12))],
        [(1, 2, (12, 1, 10, 3)), (2, 3, (4, 5, 2, 7)), (3, 1, (8, 9, 6, 11))],
        [(1, 3, (3, 8, 1, 6)), (2, 1, (7, 12, 5, 10)), (3, 2, (11, 4, 9, 2))],
    ]
    assert plan.roles == ("first", "second", "third", "dealer")
    got = hands(plan)
    assert got[(1, 1)] == (1, 2, 3, 4)  # seat 4 deals and holds no cards
    assert got[(1, 2)] == (2, 3, 4, 1)
    quality = assess_movement(plan)
    assert quality.repeats == 12 == 6 * (comb(2, 2) + comb(2, 2))
    assert sorted(quality.repeated) == [
        (1, 3, 3),
        (2, 4, 3),
        (5, 7, 3),
        (6, 8, 3),
        (9, 11, 3),
        (10, 12, 3),
    ]
    assert quality.players[0].distinct == 7  # 2, 3, 4; 10, 12; 6, 8


# --- properties -----------------------------------------------------------------------------


def least_repeats(tables: int, size: int) -> int | None:
    """The proved least repeats of a group: 0 for a T without a small factor, T = 2 and 3."""
    if all(q > size for q in prime_powers(tables)):
        return 0
    if tables == 2:
        return 2 * comb(size, 2)
    if tables == 3:
        x = size // 2
        return 6 * (comb(x, 2) + comb(size - x, 2))
    return None


def check_properties(plan: Movement[int], players: list[int]) -> None:
    size, tables = plan.size, len(plan.groups[0].tables)
    assert check_movement(plan, players) == ()
    assert len(plan.stanzas) == tables  # the least: T sets, one a stanza
    quality = assess_movement(plan)
    boards = tables * plan.boards_per_set
    assert all(p.boards == boards for p in quality.players)
    groups, least = len(plan.groups), least_repeats(tables, size)
    if least == 0:
        assert quality.repeats == 0
        assert all(p.distinct == (size - 1) * tables for p in quality.players)
    elif least is not None:
        assert quality.repeats == groups * least
    else:
        searched = next(n for n in plan.notes if n.code == "move_searched").params
        assert quality.repeats == groups * searched["after"]
        assert searched["after"] <= searched["before"]
    spread = 0 if boards % size == 0 else 1
    assert max(p.role_spread for p in quality.players) == spread


@pytest.mark.parametrize("size", [3, 4])
def test_three_tables_cannot_do_better_exhaustively(size):
    """Every plan of 3 tables: stanza 1 seats sets 0, 1, 2 in blocks (any plan is one after
    renaming players and sets), each player picks one of his two other sets for stanza 2, the
    third is left for stanza 3; the fewest repeats over all of them is the movement's."""
    players = range(3 * size)
    first = [p // size for p in players]
    fewest = None
    for picks in itertools.product((1, 2), repeat=len(players)):
        second = [(f + pick) % 3 for f, pick in zip(first, picks, strict=True)]
        if sorted(second) != sorted(first):
            continue  # a set needs exactly ``size`` players in stanza 2
        third = [3 - f - s for f, s in zip(first, second, strict=True)]
        met = Counter(
            (a, b)
            for stanza in (first, second, third)
            for a in players
            for b in players
            if a < b and stanza[a] == stanza[b]
        )
        repeats = sum(n - 1 for n in met.values())
        fewest = repeats if fewest is None else min(fewest, repeats)
    assert fewest == least_repeats(3, size)
    plan = plan_movement(list(players), size)
    assert assess_movement(plan).repeats == fewest


@pytest.mark.parametrize("size", [3, 4])
def test_every_served_n_up_to_sixty(size):
    for n in range(size, 61, size):
        players = list(range(1, n + 1))
        check_properties(plan_movement(players, size, search_steps=150), players)


@pytest.mark.parametrize(("n", "size"), [(18, 3), (30, 3), (24, 4)])
def test_default_search_lowers_the_repeats(n, size):
    players = list(range(n))
    plan = plan_movement(players, size)
    check_properties(plan, players)
    searched = next(note for note in plan.notes if note.code == "move_searched").params
    assert searched["after"] < searched["before"]


@settings(max_examples=25, deadline=None)
@given(
    size=st.sampled_from([3, 4]),
    tables=st.integers(1, 12),
    boards_per_set=st.integers(1, 5),
    groups=st.integers(1, 3),
    seed=st.integers(0, 1000),
)
def test_properties_with_groups_and_set_sizes(size, tables, boards_per_set, groups, seed):
    players = [100 + 7 * p for p in range(size * tables * groups)]
    plan = plan_movement(
        players, size, boards_per_set=boards_per_set, groups=groups, seed=seed, search_steps=100
    )
    check_properties(plan, players)
    assert [g.tables for g in plan.groups] == [
        tuple(range(g * tables + 1, (g + 1) * tables + 1)) for g in range(groups)
    ]
    again = plan_movement(
        players, size, boards_per_set=boards_per_set, groups=groups, seed=seed, search_steps=100
    )
    assert again == plan  # the same input, the same movement


def test_roles_balance_for_every_set_size():
    for size in (3, 4):
        for tables in range(1, 14):
            for per_set in range(1, 7):
                plan = plan_movement(
                    list(range(size * tables)), size, boards_per_set=per_set, search_steps=0
                )
                spread = max(p.role_spread for p in assess_movement(plan).players)
                assert spread == (0 if tables * per_set % size == 0 else 1), (size, tables)


def test_the_tables_served_without_repeats_are_those_of_the_docstring():
    def clean(size):
        return [t for t in range(1, 33) if all(q > size for q in prime_powers(t))]

    assert clean(3) == [1, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 20, 23, 25, 27, 28, 29, 31, 32]
    assert clean(4) == [1, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32]


def test_the_checker_finds_a_broken_movement():
    plan = plan_movement(list(range(1, 7)))
    first = plan.stanzas[0]
    table = first.tables[0]
    broken = Movement(
        plan.size,
        plan.boards_per_set,
        plan.groups,
        (first, first),  # stanza 1 twice: every board twice at one table, once nowhere
        plan.notes,
    )
    problems = check_movement(broken, list(range(1, 7)))
    assert "1 plays board 1 2 times" in problems
    assert any(p.startswith("board 1: played {1: 2}") for p in problems)
    assert any("role first held twice" in p for p in problems)
    assert table.seats == (1, 2, 3)


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "code", "params", "message"),
    [
        (
            (list(range(10)),),
            {},
            "not_divisible",
            {"n": 10, "size": 3},
            "10 players do not fill tables of 3: the number must be divisible by 3 (no byes)",
        ),
        (
            (list(range(6)), 4),
            {},
            "not_divisible",
            {"n": 6, "size": 4},
            "6 players do not fill tables of 4: the number must be divisible by 4 (no byes)",
        ),
        (
            (list(range(2)),),
            {},
            "too_few_players",
            {"n": 2, "size": 3},
            "2 players: a table of 3 needs 3",
        ),
        (
            (list(range(10)), 5),
            {},
            "table_size",
            {"size": 5},
            "tables of 5: a duplicate movement has tables of 3 or 4",
        ),
        (
            (list(range(12)),),
            {"groups": 3},
            "groups",
            {"tables": 4, "groups": 3},
            "4 tables do not split into 3 groups of equal size",
        ),
        (
            (list(range(12)),),
            {"groups": 0},
            "groups",
            {"tables": 4, "groups": 0},
            "4 tables do not split into 0 groups of equal size",
        ),
        (
            (list(range(3)),),
            {"boards_per_set": 0},
            "boards_per_set",
            {"boards_per_set": 0},
            "0 boards per set: a set needs at least one",
        ),
        ((["A", "B", "A"],), {}, "player_twice", {"players": ("A",)}, "listed more than once: A"),
    ],
)
def test_refusals_say_why_with_a_code(args, kwargs, code, params, message):
    with pytest.raises(MovementError) as refused:
        plan_movement(*args, **kwargs)
    assert (refused.value.code, refused.value.params, str(refused.value)) == (
        code,
        params,
        message,
    )
    assert set(movenotes.REFUSALS) >= {code}


def test_every_note_code_has_its_english_line():
    samples = {
        "move_repeats": {"count": 7, "pairs": ((1, 2, 2),), "more": 6, "repeats": 9},
        "move_searched": {"before": 66, "after": 14, "steps": 1200, "seed": 0},
    }
    assert str(MoveNote("move_repeats", samples["move_repeats"])) == (
        "pairs meeting more than once: 7 (1–2 2× and 6 more); repeats: 9"
    )
    assert str(MoveNote("move_searched", samples["move_searched"])) == (
        "local search: repeats 66 before, 14 after (1200 steps, seed 0); not proved the least "
        "possible"
    )
    # a programming error, not a refusal: no code, its English is what there is
    with pytest.raises(ValueError, match="unknown movement note code"):
        MoveNote("nonsense")
    assert MoveNote("move_no_repeats").as_json() == {"code": "move_no_repeats", "params": {}}


# --- the fields and the modules -------------------------------------------------------------


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
def test_galois_fields_are_fields(q):
    f = field(q)
    for a in range(q):
        assert sorted(f.plus[a]) == list(range(q))
        if a:
            assert sorted(f.times[a]) == list(range(q))  # no zero divisors: a field
        for b in range(q):
            for c in range(q):
                assert f.times[a][f.plus[b][c]] == f.plus[f.times[a][b]][f.times[a][c]]


def test_ring_of_twelve_is_gf4_times_gf3():
    r = ring(12)
    assert r.fields == (4, 3) and r.order == 12
    assert [x for x in range(12) if r.is_unit(x)] == [5, 6, 7, 9, 10, 11]


def test_search_keeps_each_line_a_latin_square():
    r = ring(6)
    plays = [[[r.add(i, k) for k in range(6)] for i in range(6)] for _ in range(3)]
    better = movesearch.improve(plays, 6, __import__("random").Random(3), 500)
    for line in better:
        assert all(sorted(path) == list(range(6)) for path in line)
        assert all(sorted(path[k] for path in line) == list(range(6)) for k in range(6))
    assert movesearch.repeats_of(better, 6) < movesearch.repeats_of(plays, 6)


@pytest.mark.parametrize("module", [galois, movement, movenotes, movesearch, movecheck])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_no_django():
    code = (
        "import sys; import referee.seating.pure.movement, referee.seating.pure.movecheck; "
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert ROLES[3] == ("first", "second", "third")
