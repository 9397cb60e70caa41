"""A player's statistics (``standings.pure.player_stats``) on three hand-made tables.

The deals are written as the site stores them (the case format of SPEC §12.2), read with
the engine's ``parse_deal`` and scored by ``score_pulka`` under the Sochi preset (contract
C = 2, 4, 6, 8, 10 for 6..10; whist W, set R and consolation K equal to C; misère 10, caught
10 a trick; raspasy 1, 2, 3 a trick, no tricks = the step into the pool; k = 1). Every
expected number is counted from the deals in the comments, never read from the output.

Players (registry ids): 1 Ivan, 2 Petr, 3 Sidor, 4 Oleg.

T1, tournament 10 round 1, seats A = Ivan, B = Petr, C = Sidor:
  1. A 7♥, B whist, C pass, open; A 7, B 2, C 1: made. A pool 4; B writes W 4 × 3 = 12 on A.
  2. raspasy #1: A 4, B 0, C 6. A mountain 4, C 6; B pool 1 (no tricks).
  3. raspasy #2: A 2, B 3, C 5 at 2. Mountains A 4, B 6, C 10.
  4. A misère, caught 2: A mountain 20.
  5. B 6♠, A whist, C whist, closed; B 5, A 3, C 2: set by one. B mountain 2; A writes
     2 × 3 + consolation 2 = 8 on B, C writes 2 × 2 + 2 = 6 on B.
  6. C 8♦, A whist, B pass, open; C 10: made, C pool 6; the defence's 1 trick missing: A, the
     whister, writes 6 (R of 8) × 1 to his mountain.
  Totals: pool A 4, B 1, C 6; mountain A 4+4+20+6 = 34, B 6+2 = 8, C 6+10 = 16; whists B→A
  12, A→B 8, C→B 6. m = mountain − pool: A 30, B 7, C 10, sum 47; 10·(47/3 − m):
  A −430/3, B 260/3, C 170/3; whists A 8−12 = −4, B 12−8−6 = −2, C +6; results
  A −442/3, B 254/3, C 188/3 (sum 0).

T2, tournament 10 round 2, seats A = Oleg, B = Ivan, C = Petr, D = Sidor (dealer sits out):
  1. dealer B: A 6♥, C pass, D pass: made without play, A pool 2 (Ivan sits out).
  2. dealer C: B 6♣, D pass, A pass: made, B pool 2.
  3. dealer D: B 8♠, C whist, A pass, open; B 7, C 2, A 1: set by one. B mountain 6; C writes
     6 × 3 + 6 = 24 on B, A the consolation 6 on B, D (the dealer) 6 on B.
  4. dealer A: D 9NT, B whist, C pass; D 9, B 1, C 0: made, D pool 8; B writes 8 × 1 on D.
  5. dealer B: raspasy #1, the dealer plays the talon: A 3, B 1, C 3, D 3 to the mountains.
  Totals: pool A 2, B 2, D 8; mountain A 3, B 7, C 3, D 3; whists C→B 24, A→B 6, D→B 6, B→D 8.
  m: A 1, B 5, C 3, D −5, sum 4; 10·(1 − m): A 0, B −40, C −20, D 60; whists A +6,
  B 8−36 = −28, C +24, D 6−8 = −2; results A 6, B −68, C 4, D 58 (sum 0).

T3, tournament 20 round 1, seats A = Sidor, B = Petr, C = Ivan:
  1. C misère, made: C pool 10.
  2. C 6♦, A pass, B half-whist (accepted): C pool 2; B writes 2 tricks × 2 = 4 on C.
  3. raspasy #1: A 5, B 5, C 0: mountains A 5, B 5; C pool 1.
  4. raspasy #2: A 4, B 4, C 2 at 2: A 8, B 8, C 4.
  5. raspasy #3: A 3, B 3, C 4 at 3: A 9, B 9, C 12.
  Totals: pool C 13; mountain A 22, B 22, C 16; whists B→C 4. m: A 22, B 22, C 3, sum 47;
  (470 − 30 m)/3: A −190/3, B −190/3, C 380/3; whists B +4 (he wrote them), C −4; results
  A −190/3, B −178/3, C 368/3.
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from referee.standings.pure.player_stats import (
    PlayedTable,
    Record,
    ScoredDeal,
    head_to_head,
    pair_settlement,
    player_stats,
)
from scoring.caseread import parse_deal
from scoring.samples import random_pulka

SOCHI = scoring.preset("sochi")
IVAN, PETR, SIDOR, OLEG = 1, 2, 3, 4


def game(declarer: str, level: int, strain: str, calls: str, play: str, tricks: str = "") -> Any:
    """``calls`` like "B whist, C pass"; ``tricks`` like "A 7, B 2, C 1"."""
    deal: dict[str, Any] = {
        "type": "game",
        "declarer": declarer,
        "contract": {"level": level, "strain": strain},
        "defence": [
            dict(zip(("player", "call"), c.split(), strict=True)) for c in calls.split(", ")
        ],
        "play": play,
    }
    if tricks:
        deal["tricks"] = _tricks(tricks)
    return deal


def misere(declarer: str, tricks: str) -> Any:
    contract = {"level": "misere"}
    return {"type": "misere", "declarer": declarer, "contract": contract, "play": "closed"} | {
        "tricks": _tricks(tricks)
    }


def raspasy(tricks: str) -> Any:
    return {"type": "raspasy", "play": "closed", "tricks": _tricks(tricks)}


def _tricks(text: str) -> dict[str, int]:
    return {p: int(n) for p, n in (item.split() for item in text.split(", "))}


def table(
    tournament: int,
    round_: int,
    players: tuple[int, ...],
    deals: list[tuple[str | None, Any]],
    seats: str = "ABCD",
) -> PlayedTable:
    """Score ``deals`` (dealer, stored data) as the site does and give them as plain data."""
    letters = tuple(seats[: len(players)])
    parsed = [parse_deal(data, dealer) for dealer, data in deals]
    sheet = scoring.score_pulka(SOCHI, letters, parsed)
    return PlayedTable(
        tournament,
        round_,
        players,
        letters,
        tuple(ScoredDeal.of(d, r) for d, r in zip(parsed, sheet.deals, strict=True)),
        {p: sheet.result[s] for p, s in zip(players, letters, strict=True)},
        SOCHI.pool_to_mountain_factor,
    )


def t1(seats: str = "ABC") -> PlayedTable:
    a, b, c = seats
    return table(
        10,
        1,
        (IVAN, PETR, SIDOR),
        [
            (None, game(a, 7, "H", f"{b} whist, {c} pass", "open", f"{a} 7, {b} 2, {c} 1")),
            (None, raspasy(f"{a} 4, {b} 0, {c} 6")),
            (None, raspasy(f"{a} 2, {b} 3, {c} 5")),
            (None, misere(a, f"{a} 2, {b} 4, {c} 4")),
            (None, game(b, 6, "S", f"{a} whist, {c} whist", "closed", f"{b} 5, {a} 3, {c} 2")),
            (None, game(c, 8, "D", f"{a} whist, {b} pass", "open", f"{c} 10, {a} 0, {b} 0")),
        ],
        seats,
    )


def t2() -> PlayedTable:
    return table(
        10,
        2,
        (OLEG, IVAN, PETR, SIDOR),
        [
            ("B", game("A", 6, "H", "C pass, D pass", "none")),
            ("C", game("B", 6, "C", "D pass, A pass", "none")),
            ("D", game("B", 8, "S", "C whist, A pass", "open", "B 7, C 2, A 1")),
            ("A", game("D", 9, "NT", "B whist, C pass", "open", "D 9, B 1, C 0")),
            ("B", raspasy("A 3, B 1, C 3, D 3")),
        ],
    )


def t3() -> PlayedTable:
    return table(
        20,
        1,
        (SIDOR, PETR, IVAN),
        [
            (None, misere("C", "C 0, A 5, B 5")),
            (None, game("C", 6, "D", "A pass, B half_whist", "none")),
            (None, raspasy("A 5, B 5, C 0")),
            (None, raspasy("A 4, B 4, C 2")),
            (None, raspasy("A 3, B 3, C 4")),
        ],
    )


def test_the_hand_made_tables_settle_as_worked_out() -> None:
    # the comments' settlements: a check that the deals are the ones worked out by hand
    assert dict(t1().result) == {IVAN: F(-442, 3), PETR: F(254, 3), SIDOR: F(188, 3)}
    assert dict(t2().result) == {OLEG: 6, IVAN: -68, PETR: 4, SIDOR: 58}
    assert dict(t3().result) == {SIDOR: F(-190, 3), PETR: F(-178, 3), IVAN: F(368, 3)}


def test_one_table_of_three() -> None:
    s = player_stats(IVAN, [t1()]).overall
    assert (s.tables, s.result, s.first_places, s.deals) == (1, F(-442, 3), 0, 6)
    assert s.contracts == {(7, "H"): 1}
    assert s.contracts_made == {(7, "H"): 1}
    assert (s.declared, s.made, s.set, s.made_share) == (1, 1, 0, 1)
    assert (s.misere_tried, s.misere_made) == (1, 0)
    # deals 5 and 6: B's 6♠ set (A wrote 8 on B); C's 8♦ made, A short of 1 trick (6)
    assert (s.whists, s.whist_sets, s.whists_written) == (2, 1, 8)
    assert (s.shortfalls, s.shortfall_mountain) == (1, 6)
    # raspasy 2 alone: m A 4, B −1, C 6, sum 9: A 10·(3 − 4) = −10;
    # raspasy 3: m A 4, B 6, C 10, sum 20: A 10·(20/3 − 4) = 80/3; sum 50/3, average 25/3
    assert (s.raspasy, s.raspasy_result, s.raspasy_average) == (2, F(50, 3), F(25, 3))
    assert (s.pool, s.mountain, s.whists_by, s.whists_on) == (4, 34, 8, 12)
    assert (s.remizes, s.remiz_mountain) == (1, 20)  # the misère caught 2
    assert s.longest_raspasy == Record(2, 10, 1, 0)
    assert s.worst_misere == Record(2, 10, 1, 0)


def test_a_table_of_four_counts_only_the_deals_he_held_cards_in() -> None:
    s = player_stats(IVAN, [t2()]).overall
    # deal 1 he dealt and sat out; deal 5 he dealt but played the talon on raspasy
    assert s.deals == 4
    assert s.contracts == {(6, "C"): 1, (8, "S"): 1}
    assert s.contracts_made == {(6, "C"): 1}  # the 8♠ set by one
    assert (s.declared, s.made, s.set, s.made_share) == (2, 1, 1, F(1, 2))
    assert (s.whists, s.whist_sets, s.whists_written, s.shortfalls) == (1, 0, 8, 0)
    # raspasy alone: mountains 3, 1, 3, 3, sum 10, n 4: B 10·(10/4 − 1) = 15
    assert (s.raspasy, s.raspasy_result) == (1, 15)
    assert (s.pool, s.mountain, s.whists_by, s.whists_on) == (2, 7, 8, 24 + 6 + 6)
    assert (s.remizes, s.remiz_mountain, s.result, s.first_places) == (1, 6, -68, 0)


def test_all_three_tables_per_tournament_and_over_all() -> None:
    stats = player_stats(IVAN, [t1(), t2(), t3()])
    s = stats.overall
    # results −442/3 − 68 + 368/3 = −74/3 − 204/3; first only at T3
    assert (s.tables, s.result, s.first_places) == (3, F(-278, 3), 1)
    assert s.deals == 6 + 4 + 5
    assert s.contracts == {(7, "H"): 1, (6, "C"): 1, (8, "S"): 1, (6, "D"): 1}
    assert s.contracts_made == {(7, "H"): 1, (6, "C"): 1, (6, "D"): 1}
    assert (s.declared, s.made, s.set, s.made_share) == (4, 3, 1, F(3, 4))
    assert (s.misere_tried, s.misere_made, s.misere_share) == (2, 1, F(1, 2))
    assert (s.whists, s.whist_sets, s.whists_written) == (3, 1, 16)
    # T3's raspasy, alone (n 3): m A5 B5 C−1 → C 10·(3 + 1) = 40; 8, 8, 4 → 10·(20/3 − 4)
    # = 80/3; 9, 9, 12 → 10·(10 − 12) = −20: 140/3; with T1's 50/3 and T2's 15: 235/3
    assert (s.raspasy, s.raspasy_result, s.raspasy_average) == (6, F(235, 3), F(235, 18))
    assert (s.pool, s.mountain, s.whists_by, s.whists_on) == (19, 57, 16, 52)
    assert (s.remizes, s.remiz_mountain) == (2, 26)
    assert s.best_result == Record(F(368, 3), 20, 1, 0)
    assert s.longest_raspasy == Record(3, 20, 1, 0)
    assert s.worst_misere == Record(2, 10, 1, 0)
    ten, twenty = stats.by_tournament[10], stats.by_tournament[20]
    assert (ten.tables, ten.result, ten.deals, ten.declared, ten.made) == (2, F(-646, 3), 10, 3, 2)
    assert (twenty.tables, twenty.deals, twenty.declared, twenty.misere_made) == (1, 5, 1, 1)
    assert twenty.worst_misere == Record(0, 20, 1, 0)
    assert stats.opponents == {PETR: 3, SIDOR: 3, OLEG: 1}


def test_head_to_head_by_hand() -> None:
    tables = [t1(), t2(), t3()]
    h = head_to_head(IVAN, PETR, tables)
    # T1 (A, B): 10·(7 − 30)/3 + 8 − 12 = −242/3; T2 (B, C): 10·(3 − 5)/4 + 0 − 24 = −29;
    # T3 (C, B): 10·(22 − 3)/3 + 0 − 4 = 178/3; sum −64/3 − 29 = −151/3
    assert (h.tables, h.between) == (3, F(-151, 3))
    assert (h.ahead, h.behind, h.level) == (1, 2, 0)
    # T2 only (B, A): m A 1, B 5: 10·(1 − 5)/4 + 0 − 6 = −16; −68 below 6
    h = head_to_head(IVAN, OLEG, tables)
    assert (h.tables, h.between, h.ahead, h.behind, h.level) == (1, -16, 0, 1, 0)
    assert head_to_head(OLEG, IVAN, [t1(), t3()]).tables == 0


def test_a_player_absent_from_every_table_has_nothing() -> None:
    s = player_stats(OLEG, [t1(), t3()])
    assert (s.overall.tables, s.overall.deals, s.overall.made_share, s.by_tournament) == (
        0,
        0,
        None,
        {},
    )
    assert s.overall.best_result is None and s.overall.raspasy_average is None


def test_renaming_the_seats_changes_nothing() -> None:
    assert player_stats(IVAN, [t1("XYZ")]) == player_stats(IVAN, [t1()])
    assert head_to_head(IVAN, PETR, [t1("XYZ")]) == head_to_head(IVAN, PETR, [t1()])


def test_seats_and_players_must_match() -> None:
    with pytest.raises(ValueError):
        PlayedTable(1, 1, (1, 2), ("A", "B", "C"), (), {})


# -- properties on random pulkas -----------------------------------------------------------


def _random_table(seed: int, size: int, ids: tuple[int, ...]) -> PlayedTable:
    rng = random.Random(seed)
    letters = tuple("ABCD"[:size])
    deals = random_pulka(rng, SOCHI, letters, rng.randint(1, 20))
    sheet = scoring.score_pulka(SOCHI, letters, deals)
    return PlayedTable(
        seed % 3,
        seed % 5,
        ids,
        letters,
        tuple(ScoredDeal.of(d, r) for d, r in zip(deals, sheet.deals, strict=True)),
        {p: sheet.result[s] for p, s in zip(ids, letters, strict=True)},
    )


_seeds = st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from((3, 4))), min_size=1, max_size=4)


def _tables(seeds: list[tuple[int, int]], ids: tuple[int, ...]) -> list[PlayedTable]:
    return [_random_table(seed, size, ids[:size]) for seed, size in seeds]


@settings(max_examples=40, deadline=None)
@given(_seeds, st.permutations((1, 2, 3, 4)))
def test_renaming_the_players_changes_nothing(seeds: list[tuple[int, int]], perm: Any) -> None:
    rename = dict(zip((1, 2, 3, 4), perm, strict=True))
    before, after = _tables(seeds, (1, 2, 3, 4)), _tables(seeds, tuple(perm))
    for p in (1, 2, 3, 4):
        mine, theirs = player_stats(p, before), player_stats(rename[p], after)
        assert mine.overall == theirs.overall
        assert mine.by_tournament == theirs.by_tournament
        assert {rename[o]: n for o, n in mine.opponents.items()} == theirs.opponents
        for q in (1, 2, 3, 4):
            h, g = head_to_head(p, q, before), head_to_head(rename[p], rename[q], after)
            assert (h.tables, h.between, h.ahead, h.behind) == (
                g.tables,
                g.between,
                g.ahead,
                g.behind,
            )


@settings(max_examples=40, deadline=None)
@given(_seeds)
def test_head_to_head_is_antisymmetric_and_pairs_sum_to_the_result(
    seeds: list[tuple[int, int]],
) -> None:
    tables = _tables(seeds, (1, 2, 3, 4))
    for p in (1, 2, 3, 4):
        for q in (1, 2, 3, 4):
            h, g = head_to_head(p, q, tables), head_to_head(q, p, tables)
            assert (h.tables, h.between) == (g.tables, -g.between)
            assert (h.ahead, h.behind, h.level) == (g.behind, g.ahead, g.level)
    for t in tables:  # no adjustments in random deals: the pairs add up to the settlement
        for p in t.players:
            assert sum(pair_settlement(t, p, q) for q in t.players if q != p) == t.result[p]


@settings(max_examples=40, deadline=None)
@given(_seeds)
def test_the_overall_is_the_sum_of_the_tournaments(seeds: list[tuple[int, int]]) -> None:
    tables = _tables(seeds, (1, 2, 3, 4))
    stats = player_stats(1, tables)
    parts = list(stats.by_tournament.values())
    assert stats.overall.deals == sum(s.deals for s in parts)
    assert stats.overall.result == sum(s.result for s in parts)
    assert stats.overall.tables == len(tables)
    assert stats.overall.made + stats.overall.set <= stats.overall.declared
    # every deal of a table of three is his
    assert stats.overall.deals >= sum(len(t.deals) for t in tables if len(t.players) == 3)
