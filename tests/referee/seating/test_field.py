"""The movement for any field and a chosen length (``seating.pure.field``): its claims checked
for every N from 6 to 60 at tables of 3 and from 8 to 60 at tables of 4, every length."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.seating.pure.field import plan_field
from referee.seating.pure.movenotes import MovementError


@st.composite
def fields(draw):
    size = draw(st.sampled_from([3, 4]))
    n = draw(st.integers(2 * size, 60))
    stanzas = draw(st.integers(1, n // size))
    return n, size, stanzas, draw(st.integers(1, 3)), draw(st.integers(0, 99))


@settings(max_examples=120, deadline=None)
@given(fields())
def test_every_claim_of_the_plan_holds(field):
    n, size, stanzas, per_set, seed = field
    plan = plan_field(list(range(n)), size, stanzas=stanzas, boards_per_set=per_set, seed=seed)
    tables, rest = n // size, n % size
    assert len(plan.movement.stanzas) == stanzas
    sat_out: Counter[int] = Counter()
    sets_of: dict[int, list[int]] = {p: [] for p in range(n)}
    plays: Counter[int] = Counter()
    for stanza, out in zip(plan.movement.stanzas, plan.sitouts, strict=True):
        # every table full, r players sit out, everybody else plays exactly once
        assert [len(t.seats) for t in stanza.tables] == [size] * tables
        seated = [p for t in stanza.tables for p in t.seats]
        assert len(out) == rest and sorted(seated + list(out)) == list(range(n))
        # every set at exactly one table
        assert sorted(t.board_set for t in stanza.tables) == list(range(1, tables + 1))
        for t in stanza.tables:
            for p in t.seats:
                sets_of[p].append(t.board_set)
            for b in t.boards:
                plays[b.board] += 1
                assert sorted(b.hands) == sorted(t.seats)
        sat_out.update(out)
    # each board played exactly `stanzas` times: each hand compared with stanzas - 1 others
    assert set(plays.values()) == {stanzas} and len(plays) == tables * per_set
    assert plan.comparisons == stanzas - 1
    # nobody plays a set twice
    assert all(len(s) == len(set(s)) for s in sets_of.values())
    # the sit-outs rotate: nobody sits out twice, so two players' counts differ by at most one
    counts = [sat_out[p] for p in range(n)]
    assert max(counts, default=0) <= 1 and sum(counts) == rest * stanzas


def test_thirteen_players_three_stanzas_worked_by_hand():
    # 13 = 4 tables of 3 + 1 sitting out: three different players sit out, one a stanza
    plan = plan_field(list(range(13)), 3, stanzas=3, boards_per_set=2)
    assert [len(out) for out in plan.sitouts] == [1, 1, 1]
    assert len({p for out in plan.sitouts for p in out}) == 3
    # 4 sets of 2 boards: 8 boards, each at one table a stanza: 3 plays, 2 comparisons
    assert (plan.plays_per_board, plan.comparisons) == (3, 2)
    assert plan.movement.stanzas[0].tables[0].boards[0].board in (1, 3, 5, 7)


@pytest.mark.parametrize(("n", "size", "stanzas", "code"), [
    (5, 3, 1, "small_field"),
    (7, 4, 1, "small_field"),
    (13, 3, 5, "stanzas"),
    (13, 3, 0, "stanzas"),
    (13, 5, 1, "table_size"),
])  # fmt: skip
def test_a_field_it_cannot_serve_is_refused(n, size, stanzas, code):
    with pytest.raises(MovementError) as refused:
        plan_field(list(range(n)), size, stanzas=stanzas)
    assert refused.value.code == code
