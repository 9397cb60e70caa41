"""The ratings' formulas, worked by hand."""

import datetime
from fractions import Fraction

import pytest
from openskill.models import PlackettLuce

from referee.ratings.pure.bula_elo import bula_elo_changes, pair_term, round_half_away
from referee.ratings.pure.chart import chart
from referee.ratings.pure.methods import BulaElo, OpenSkill, Skill, method_named, ranks
from referee.ratings.pure.qualification import BEST, Norm, awards
from referee.ratings.pure.replay import Game, replay


def test_bula_elo_worked_example_of_tournaments_12():
    # bula 30, ratings 1200/1150/1100, scores −500/+40/+460 (TOURNAMENTS §12):
    # C12 = (−500 − 40)/30 + (1150 − 1200)·0.028 − 0.3 = −18 − 1.4 − 0.3 = −19.7
    # C13 = (−500 − 460)/30 + (1100 − 1200)·0.028 − 0.3 = −32 − 2.8 − 0.3 = −35.1
    # C23 = (40 − 460)/30 + (1100 − 1150)·0.028 − 0.3 = −14 − 1.4 − 0.3 = −15.7
    assert pair_term(Fraction(-500), Fraction(40), Fraction(1200), Fraction(1150), 30) == Fraction(
        -197, 10
    )
    assert pair_term(Fraction(-500), Fraction(460), Fraction(1200), Fraction(1100), 30) == Fraction(
        -351, 10
    )
    assert pair_term(Fraction(40), Fraction(460), Fraction(1150), Fraction(1100), 30) == Fraction(
        -157, 10
    )
    changes = bula_elo_changes([1200, 1150, 1100], [-500, 40, 460], 30)
    # change1 = round((−19.7 − 35.1)/2) = round(−27.4) = −27
    # change2 = round((19.7 − 15.7)/2) = round(2.0) = 2
    # change3 = round((35.1 + 15.7)/2) = round(25.4) = 25
    assert [c.change for c in changes] == [-27, 2, 25]
    assert changes[0].terms == (Fraction(-197, 10), Fraction(-351, 10))


def test_bula_elo_sign_note_more_whists_gain():
    # Our scores are settled whists: more is better. The +460 player gains, as above. With
    # Serbian bula scores (less is better) the same numbers mean the −500 player won:
    # negating them gives him the +25-like gain instead.
    serbian = bula_elo_changes([1200, 1150, 1100], [-500, 40, 460], 30, lower_is_better=True)
    # C12 = 540/30 − 1.4 + 0.3 = 16.9; C13 = 960/30 − 2.8 + 0.3 = 29.5; C23 = 420/30 − 1.4 + 0.3
    # = 12.9 → round(46.4/2) = 23, round((−16.9 + 12.9)/2) = −2, round((−29.5 − 12.9)/2) = −21
    assert [c.change for c in serbian] == [23, -2, -21]


def test_bula_elo_table_of_four_averages_over_three_opponents():
    # equal ratings 1000, bula 30, whists +30, +30, −30, −30:
    # C12 = 0 + 0 + 0 = 0; C13 = C14 = 60/30 + 0 + 0.3 = 2.3 → change1 = round(4.6/3) = 2
    changes = bula_elo_changes([1000] * 4, [30, 30, -30, -30], 30)
    assert [c.change for c in changes] == [2, 2, -2, -2]


def test_round_half_away_and_refusals():
    assert [round_half_away(Fraction(n, 2)) for n in (-5, -3, 3, 5)] == [-3, -2, 2, 3]
    with pytest.raises(ValueError):
        bula_elo_changes([1, 2], [1], 30)
    with pytest.raises(ValueError):
        bula_elo_changes([1, 2], [1, 2], 0)


def test_ranks_share_ties():
    assert ranks([Fraction(14), Fraction(2), Fraction(2), Fraction(-18)]) == [1, 2, 2, 4]


def test_openskill_equals_the_library_called_directly():
    method = OpenSkill()
    model = PlackettLuce()
    start = [method.start(None) for _ in range(4)]
    out = method.table(start, [Fraction(14), Fraction(2), Fraction(2), Fraction(-18)])
    direct = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    assert [(o.after.mu, o.after.sigma) for o in out] == [
        (team[0].mu, team[0].sigma) for team in direct
    ]
    # tied players share their result
    assert out[1].after == out[2].after
    assert method.rating(out[0].after) == pytest.approx(out[0].after.mu - 3 * out[0].after.sigma)


def test_replay_carries_ratings_from_game_to_game():
    games = [
        Game(1, 1, 1, (1, 2, 3), (Fraction(-500), Fraction(40), Fraction(460))),
        Game(1, 2, 1, (3, 1, 2), (Fraction(0), Fraction(0), Fraction(0))),
    ]
    done = replay(BulaElo(30), games, {1: 1200.0, 2: 1150.0, 3: 1100.0})
    assert [c.rating_after for c in done.changes[:3]] == [1173, 1152, 1125]
    # game 2, all level: player 3 (1125) vs 1 (1173): T = 48·0.028 = 1.344, vs 2 (1152):
    # T = 27·0.028 = 0.756 → round((1.344 + 0.756)/2) = round(1.05) = 1
    assert done.changes[3].player == 3 and done.changes[3].rating_after == 1126
    assert done.games == {1: 2, 2: 2, 3: 2}
    assert done.changes[3].opponents == (1, 2)
    assert method_named("bula_elo").name == "bula_elo"
    with pytest.raises(ValueError):
        method_named("glicko")
    assert BulaElo().start(None) == Skill(1200.0)


def test_qualification_points_and_norms_follow_the_table():
    table = {1: 100, 2: 60, 3: 40}
    norms = [
        Norm("мастер", place_at_most=1, min_players=4),
        Norm("кандидат", points_at_least=Fraction(50)),
    ]
    # four players: 1st alone, 2nd–3rd shared, 4th
    got = awards({10: (1, 1), 11: (2, 3), 12: (2, 3), 13: (4, 4)}, table, norms)
    assert got[10].points == 100 and [t for t, _ in got[10].norms] == ["мастер", "кандидат"]
    assert got[11].points == 50  # (60 + 40) / 2
    assert [t for t, _ in got[11].norms] == ["кандидат"]
    assert got[11].norms[0][1] == "place 2–3, points 50 ≥ 50, field 4"
    assert got[13].points == 0 and got[13].norms == ()
    best = awards({11: (2, 3), 12: (2, 3)}, table, [], BEST)
    assert best[11].points == 60
    # a field too small for the norm
    assert awards({10: (1, 1)}, table, norms[:1])[10].norms == ()


def test_chart():
    assert chart([]).points == ""
    flat = chart([5.0, 5.0], width=100, height=50, pad=0)
    assert flat.points == "0.0,25.0 100.0,25.0"


def test_the_rating_charts_top_label_is_inside_its_box():
    """The label (16 px, ``ratings/player.html``) stands 2 px above its line: the highest
    line is at least 18 px down (it was at 10: the label's top half was cut off)."""
    ticks = chart([1200.0, 1180.0, 1250.0]).ticks
    assert [v for _y, v in ticks] == [1250.0, 1180.0]
    assert min(y for y, _v in ticks) >= 16 + 2


def test_a_replay_resumed_from_the_kept_states_goes_on_as_the_whole_replay():
    from referee.ratings.pure.resume import Kept, first_dirty, tally

    # bula 30, everybody from 1200. T1: 1, 2, 3 with 30, 0, −30: C12 = 1 + 0.3, C13 = 2 + 0.3,
    # C23 = 1 + 0.3, so +2, 0, −2. T2: 1 (1202), 2, 4 with −30, 0, 30:
    # C12 = −1 − 2·0.028 − 0.3 = −1.356, C14 = −2.356: round(−1.856) = −2;
    # C21 = 1.356, C24 = −1.3: round(0.028) = 0; C41 = 2.356, C42 = 1.3: round(1.828) = +2
    method = method_named("bula_elo", bula=30)
    first = Game(1, 1, 1, (1, 2, 3), (30, 0, -30))
    second = Game(2, 1, 1, (1, 2, 4), (-30, 0, 30))
    whole = replay(method, [first, second], {})
    assert {p: s.mu for p, s in whole.skills.items()} == {1: 1200, 2: 1200, 3: 1198, 4: 1202}
    before = replay(method, [first], {})
    _after, kept = tally(before.changes, {})
    assert kept[1] == Kept(Skill(1202.0), 1, 1, 1)
    resumed = replay(method, [second], {}, {p: k.skill for p, k in kept.items()})
    assert resumed.changes == whole.changes[3:]
    after, final = tally(resumed.changes, kept)
    assert [(k.games, k.tournaments) for k in after] == [(2, 2), (2, 2), (1, 1)]
    assert final[3] == kept[3]  # not at the table: as he was
    day = datetime.date(2026, 1, 1)
    assert first_dirty([(1, day), (2, day)], [(2, day), (1, day)], ()) == 0  # reordered
