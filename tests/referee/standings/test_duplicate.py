"""Duplicate comparison (issue 20, point 4): matchpoints and datum worked out by hand on a small
session, the trimmed datum, a lone play, the refusals and the invariants."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.standings.pure.duplicate import (
    ALONE,
    DuplicateError,
    Play,
    compare,
    method_of,
    totals,
)

# Board 1 at tables A, B, C; board 2 at A and B only (played fewer times). Each table's values
# are zero-sum: A +20 −10 −10, B +20 −4 −16, C −30 +16 +14; board 2: A 5/2 −1/2 −2, B 5/2 −3 1/2.
# fmt: off
SESSION = [
    Play(1, "A", 1, "p1", F(20)), Play(1, "A", 2, "p2", F(-10)), Play(1, "A", 3, "p3", F(-10)),
    Play(1, "B", 1, "p4", F(20)), Play(1, "B", 2, "p5", F(-4)), Play(1, "B", 3, "p6", F(-16)),
    Play(1, "C", 1, "p7", F(-30)), Play(1, "C", 2, "p8", F(16)), Play(1, "C", 3, "p9", F(14)),
    Play(2, "A", 1, "p4", F(5, 2)), Play(2, "A", 2, "p5", F(-1, 2)), Play(2, "A", 3, "p6", F(-2)),
    Play(2, "B", 1, "p1", F(5, 2)), Play(2, "B", 2, "p2", F(-3)), Play(2, "B", 3, "p3", F(1, 2)),
]
# fmt: on


def test_each_play_by_hand() -> None:
    got = {(c.play.board, c.play.table, c.play.role): c for c in compare(SESSION)}
    # board 1, first hand: 20, 20, −30. A beats C and ties B: 1 + ½ of 2, 75 %; the others'
    # mean is (20 − 30)/2 = −5, so A is 25 above it; C beats nobody, 20 below the mean 20.
    a = got[(1, "A", 1)]
    assert (a.matchpoints, a.most, a.percent, a.datum, a.difference) == (
        F(3, 2),
        2,
        F(75),
        F(-5),
        F(25),
    )
    c = got[(1, "C", 1)]
    assert (c.matchpoints, c.percent, c.datum, c.difference) == (0, 0, F(20), F(-50))
    # second hand −10, −4, 16: B beats A only (50 %), against the mean of −10 and 16 (3): −7
    b = got[(1, "B", 2)]
    assert (b.matchpoints, b.percent, b.datum, b.difference) == (1, F(50), F(3), F(-7))
    # third hand −10, −16, 14: C beats both, against the mean −13: +27
    assert (got[(1, "C", 3)].percent, got[(1, "C", 3)].difference) == (F(100), F(27))
    # board 2 was played twice: the most is 1; a tie on 5/2 is ½ (50 %) and 0 from the datum
    two = got[(2, "B", 1)]
    assert (two.plays, two.matchpoints, two.most, two.percent, two.difference) == (
        2,
        F(1, 2),
        1,
        F(50),
        0,
    )
    assert got[(2, "A", 2)].difference == F(5, 2)  # −1/2 against −3


def test_session_totals_by_hand() -> None:
    lines = {t.player: t for t in totals(compare(SESSION))}
    # p1: 3/2 of 2 on board 1, 1/2 of 1 on board 2: 2 of 3, 66 2/3 %; datum 25 + 0
    p1 = lines["p1"]
    assert (p1.boards, p1.matchpoints, p1.most, p1.percent, p1.difference) == (
        2,
        2,
        3,
        F(200, 3),
        F(25),
    )
    # p2: 0 of 2 and 0 of 1; −16 (−10 against 6) and −5/2 (−3 against −1/2)
    assert (lines["p2"].percent, lines["p2"].difference) == (0, F(-37, 2))
    # p3: 1 of 2 (−9) and 1 of 1 (+5/2)
    assert (lines["p3"].percent, lines["p3"].difference) == (F(200, 3), F(-13, 2))
    # p5: 1 of 2 (−7) and 1 of 1 (+5/2); p6: 0 of 3, −18 − 5/2
    assert (lines["p5"].percent, lines["p5"].difference) == (F(200, 3), F(-9, 2))
    assert (lines["p6"].percent, lines["p6"].difference) == (0, F(-41, 2))
    # p7–p9 sat at C, which did not play board 2: one board each
    assert [
        (lines[p].boards, lines[p].percent, lines[p].difference) for p in ("p7", "p8", "p9")
    ] == [(1, 0, -50), (1, 100, 23), (1, 100, 27)]
    assert lines["p8"].score("matchpoints") == 100 and lines["p8"].score("datum") == 23


def test_trimmed_datum_drops_the_best_and_the_worst_of_five_others() -> None:
    values = [30, 8, 6, 4, 2, 0]
    plays = [Play(1, t, 1, f"p{t}", F(v)) for t, v in enumerate(values)]
    plain = {c.play.table: c for c in compare(plays)}
    trimmed = {c.play.table: c for c in compare(plays, trim=True)}
    # the 0: its others 30 8 6 4 2 have the mean 10; trimmed (30 and 2 dropped) 6
    assert (plain[5].datum, plain[5].difference) == (10, -10)
    assert (trimmed[5].datum, trimmed[5].difference) == (6, -6)
    # with four others nothing is trimmed
    four = compare(plays[:5], trim=True)
    assert four[0].datum == F(8 + 6 + 4 + 2, 4)


def test_a_lone_play_is_the_average() -> None:
    [alone] = compare([Play(3, "A", 2, "p", F(7))])
    assert (alone.plays, alone.most, alone.percent, alone.datum, alone.difference) == (
        1,
        0,
        ALONE,
        None,
        0,
    )
    [line] = totals([alone])
    assert (line.most, line.percent) == (0, 50)


def test_groups_are_compared_apart() -> None:
    plays = [
        Play(1, "A", 1, "a", F(5), group=3),
        Play(1, "B", 1, "b", F(-5), group=3),
        Play(1, "C", 1, "c", F(100), group=4),
    ]
    got = {c.player: c for c in compare(plays)}
    assert (got["a"].percent, got["b"].percent, got["c"].percent) == (100, 0, ALONE)


@pytest.mark.parametrize(
    ("plays", "code"),
    [
        ([Play(1, "A", 4, "p", F(0))], "duplicate.role"),
        ([Play(1, "A", 1, "p", "5")], "duplicate.value"),  # type: ignore[arg-type]
        ([Play(1, "A", 1, "p", F(0)), Play(1, "A", 1, "q", F(1))], "duplicate.seat_twice"),
    ],
)
def test_refusals(plays: list[Play[str]], code: str) -> None:
    with pytest.raises(DuplicateError) as refused:
        compare(plays)
    assert refused.value.code == code


def test_method_names() -> None:
    assert method_of("datum") == "datum"
    with pytest.raises(DuplicateError) as refused:
        method_of("imps")
    assert refused.value.code == "duplicate.method"


halves = st.integers(-200, 200).map(lambda n: F(n, 2))


@given(st.lists(halves, min_size=1, max_size=9), st.randoms(use_true_random=False))
def test_a_seat_sums_to_the_fixed_total_and_names_change_nothing(values, rnd) -> None:
    plays = [Play(1, f"t{i}", 2, f"p{i}", v) for i, v in enumerate(values)]
    got = compare(plays)
    n = len(values)
    assert sum(c.matchpoints for c in got) == F(n * (n - 1), 2)
    if n > 1:
        assert sum(c.difference for c in got) == 0
        assert all(0 <= c.percent <= 100 for c in got)
    # renaming and reordering the tables changes no player's result
    renamed = [Play(p.board, f"x{p.table}", p.role, p.player, p.value) for p in plays]
    rnd.shuffle(renamed)
    again = {c.player: (c.matchpoints, c.percent, c.difference) for c in compare(renamed)}
    assert again == {c.player: (c.matchpoints, c.percent, c.difference) for c in got}


@given(st.lists(halves, min_size=2, max_size=8), st.integers(0, 7))
def test_one_more_whist_never_scores_worse(values, who) -> None:
    who %= len(values)
    plays = [Play(1, i, 1, i, v) for i, v in enumerate(values)]
    better = [Play(1, i, 1, i, v + (1 if i == who else 0)) for i, v in enumerate(values)]
    before, after = compare(plays)[who], compare(better)[who]
    assert after.matchpoints >= before.matchpoints
    assert after.difference > before.difference
