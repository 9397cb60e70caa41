"""Table plan for N players (TOURNAMENTS.md §6.2)."""

import doctest

import pytest

from referee.seating.pure import algorithm, plan
from referee.seating.pure.plan import table_plan
from referee.seating.pure.values import NoTablePlanError

# The table of §6.2: N, prefer 3, prefer 4.
SECTION_6_2 = [
    (3, "3", "3"),
    (4, "4", "4"),
    (5, "4 + bye", "4 + bye"),
    (6, "3+3", "3+3"),
    (7, "4+3", "4+3"),
    (8, "4+4", "4+4"),
    (9, "3+3+3", "3+3+3"),
    (10, "4+3+3", "4+3+3"),
    (11, "4+4+3", "4+4+3"),
    (12, "3+3+3+3", "4+4+4"),
    (13, "4+3+3+3", "4+3+3+3"),
    (14, "4+4+3+3", "4+4+3+3"),
    (15, "3+3+3+3+3", "4+4+4+3"),
    (16, "4+3+3+3+3", "4+4+4+4"),
    (20, "4+4+3+3+3+3", "4+4+4+4+4"),
]


@pytest.mark.parametrize(("n", "prefer_3", "prefer_4"), SECTION_6_2)
def test_plan_matches_the_table_of_section_6_2(n: int, prefer_3: str, prefer_4: str) -> None:
    assert str(table_plan(n, prefer=3)) == prefer_3
    assert str(table_plan(n, prefer=4)) == prefer_4


def test_default_prefers_tables_of_4() -> None:
    assert table_plan(12).sizes == (4, 4, 4)


def fewest(n: int, size: int) -> int:
    """The fewest tables of ``size`` any split of n into 3s and 4s can have (brute force)."""
    other = 7 - size
    return min(k for k in range(n + 1) if (n - size * k) >= 0 and (n - size * k) % other == 0)


@pytest.mark.parametrize("n", [n for n in range(3, 41) if n != 5])
def test_plans_for_3_to_40_seat_everybody_at_3s_and_4s(n: int) -> None:
    for prefer in (3, 4):
        p = table_plan(n, prefer=prefer)
        assert sum(p.sizes) == n
        assert set(p.sizes) <= {3, 4}
        assert p.byes == 0
        assert list(p.sizes) == sorted(p.sizes, reverse=True)  # 4-tables first


@pytest.mark.parametrize("n", [n for n in range(3, 41) if n != 5])
def test_prefer_uses_the_fewest_tables_of_the_other_size(n: int) -> None:
    assert table_plan(n, prefer=4).sizes.count(3) == fewest(n, 3)
    assert table_plan(n, prefer=3).sizes.count(4) == fewest(n, 4)


def test_five_players_play_one_table_of_4_and_one_bye() -> None:
    for prefer in (3, 4):
        p = table_plan(5, prefer=prefer)
        assert (p.sizes, p.byes, p.players) == ((4,), 1, 5)


@pytest.mark.parametrize("n", [-1, 0, 1, 2])
def test_fewer_than_three_players_have_no_plan(n: int) -> None:
    with pytest.raises(NoTablePlanError) as refused:
        table_plan(n)
    assert (refused.value.code, refused.value.params) == ("too_few_players", {"n": n})


def test_prefer_must_be_3_or_4() -> None:
    with pytest.raises(NoTablePlanError) as refused:
        table_plan(10, prefer=5)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.params) == ("unknown_prefer", {"prefer": 5})


@pytest.mark.parametrize("module", [plan, algorithm])
def test_docstring_examples_hold(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
