"""Standings services on a hand-worked tournament: points, ranks, visibility, settings, lot.

The tournament (FSPR, 7 players, 2 rounds, one deal per table, every deal A 6♠ whisted by B and
C, closed; a pool point is 2 mountain points, a trick 4 whists, settlement divides the
mountain by the table's size, TOURNAMENTS §3.1):

Round 1
* table 1 (4): Иванов A, Петрова B, Сидоров C, Смирнова D (deals). A 6, B 3, C 1 tricks.
  Pool A 2; whists B→A 12, C→A 4. Mountain less 2×pool: A −4 → after amnesty B, C, D 4
  each, 4×10/4 = 10 from every opponent. Pairs: A–B 10 − 12, A–C 10 − 4, A–D 10, the
  others cancel: **A +14, B +2, C −6, D −10**.
* table 2 (3): Кузнецов A, Попов B, Ёлкин C (C deals). A 6, B 2, C 2. Pool A 2; B→A 8,
  C→A 8; amnesty: B, C 4 each, 40/3 from every opponent.
  **A +32/3, B −16/3, C −16/3**.

Round 2
* table 1 (4): Кузнецов A, Иванов B, Попов C, Петрова D. A 5 of 6: set by one: mountain A 4,
  whists B→A 3×4 + 4 consolation = 16, C→A 2×4 + 4 = 12, dealer D→A 4; A's mountain 4×10/4 = 10
  from each. **A −62, B +26, C +22, D +14**.
* table 2 (3): Сидоров A, Смирнова B, Ёлкин C. A 7 on a 6 (B 2, C 1): C is one trick short of
  his obligation, half liability: mountain C 2. Pool A 2; B→A 8, C→A 4. Mountain less 2×pool
  A −4, B 0, C 2 → amnesty 0, 4, 6. **A +64/3, B +4/3, C −68/3**. The deal also carries a
  Kodeks 3.4.9 ruling on A (7 tricks count as 6: still made) and a disciplinary adjustment on
  B outside the sheet: neither changes the settled whists. The tournament below counts only the
  settled whists (``count_adjustments`` off); with it on, Смирнова's −10 joins her result.

Totals (raw whists): Иванов 40, Попов 50/3, Петрова 16, Сидоров 46/3, Смирнова −26/3,
Ёлкин −28, Кузнецов −154/3 (sum 0).
"""

from fractions import Fraction

import pytest

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.standings import services
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tournaments.models import ActionLog, Round

from ..factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_of,
)

pytestmark = pytest.mark.django_db

NAMES = ["Иванов", "Петрова", "Сидоров", "Смирнова", "Кузнецов", "Попов", "Ёлкин"]
ANONYMOUS = None


def game(dealer, tricks, **extra):
    """A 6♠ declared by A, whisted by B and C, played closed."""
    return {
        "dealer": dealer,
        "type": "game",
        "declarer": "A",
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": "B", "call": "whist", "order": 1},
            {"player": "C", "call": "whist", "order": 2},
        ],
        "play": "closed",
        "tricks": tricks,
        **extra,
    }


RULED = {
    "ruling": {"rule": "kodex-3.4.9"},
    "referee_rulings": [
        {
            "kind": "manual",
            "entry": "adjustment",
            "player": "B",
            "amount": -10,
            "reason": "late for the round",
            "rule": "discipline",
        }
    ],
}


def seven_players(*, published_through=2, round_two=Round.Status.FINISHED, **tournament):
    """The hand-worked tournament of the module docstring; returns it and its players by
    name."""
    tournament.setdefault("published", True)
    cup = TournamentFactory(**tournament)
    p = {
        name: RegistrationFactory(tournament=cup, player=PlayerFactory(name=name, city="Тула"))
        for name in NAMES
    }
    first = RoundFactory(tournament=cup, number=1, status=Round.Status.FINISHED)
    second = RoundFactory(tournament=cup, number=2, status=round_two)
    in_play = round_two != Round.Status.FINISHED
    table_of(
        first,
        1,
        [p["Иванов"], p["Петрова"], p["Сидоров"], p["Смирнова"]],
        [game("D", {"A": 6, "B": 3, "C": 1})],
    )
    table_of(
        first, 2, [p["Кузнецов"], p["Попов"], p["Ёлкин"]], [game("C", {"A": 6, "B": 2, "C": 2})]
    )
    table_of(
        second,
        1,
        [p["Кузнецов"], p["Иванов"], p["Попов"], p["Петрова"]],
        [game("D", {"A": 5, "B": 3, "C": 2})],
    )
    table_of(
        second,
        2,
        [p["Сидоров"], p["Смирнова"], p["Ёлкин"]],
        [game("C", {"A": 7, "B": 2, "C": 1}, **RULED)],
        status=Table.Status.OPEN if in_play else Table.Status.LOCKED,
    )
    StandingsSettings.objects.create(
        tournament=cup, published_through=published_through, count_adjustments=False
    )
    return cup, p


def configure(cup, **values):
    StandingsSettings.objects.filter(tournament=cup).update(**values)


def by_name(standings):
    return {row.player: row for row in standings.rows}


def chief_of(cup):
    return referee_of(cup, Role.Kind.CHIEF)


# --- points and ranks, worked by hand ------------------------------------------------------


def test_raw_whists_totals_are_the_hand_worked_settled_whists():
    cup, _ = seven_players()
    rows = by_name(services.standings_after(cup, viewer=ANONYMOUS))
    assert {name: rows[name].points for name in NAMES} == {
        "Иванов": 40,
        "Петрова": 16,
        "Сидоров": Fraction(46, 3),
        "Смирнова": Fraction(-26, 3),
        "Кузнецов": Fraction(-154, 3),
        "Попов": Fraction(50, 3),
        "Ёлкин": -28,
    }
    assert sum(row.whists for row in rows.values()) == 0


def test_referee_adjustments_count_in_the_result_when_the_setting_says_so():
    cup, _ = seven_players()
    configure(cup, count_adjustments=True)
    rows = by_name(services.standings_after(cup, viewer=ANONYMOUS))
    # Смирнова: settled −26/3, disciplinary adjustment −10 → −26/3 − 30/3 = −56/3
    assert rows["Смирнова"].points == Fraction(-56, 3)
    assert rows["Иванов"].points == 40  # the others are unchanged
    assert sum(row.whists for row in rows.values()) == -10


def test_raw_whists_rank_by_points():
    cup, _ = seven_players()
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player) for r in table.rows] == [
        ("1", "Иванов"),
        ("2", "Попов"),
        ("3", "Петрова"),
        ("4", "Сидоров"),
        ("5", "Смирнова"),
        ("6", "Ёлкин"),
        ("7", "Кузнецов"),
    ]
    assert table.after == 2 and not table.provisional


def test_rows_carry_the_per_round_points_whists_and_tables():
    cup, _ = seven_players()
    kuznetsov = by_name(services.standings_after(cup, viewer=ANONYMOUS))["Кузнецов"]
    assert kuznetsov.round_points == (Fraction(32, 3), -62)
    assert kuznetsov.round_whists == (Fraction(32, 3), -62)
    assert kuznetsov.round_tables == (2, 1)
    assert kuznetsov.rounds_played == 2 and kuznetsov.firsts == 1


def test_placement_points_follow_the_place_at_each_table():
    # R1 T1 3-2-1-0; R1 T2 Кузнецов sole positive 3+1, Попов and Ёлкин tie for 2nd with a
    # negative result: 1 each; R2 T1 3-2-1-0 by 26, 22, 14, −62; R2 T2 two positives: 3, 2, 0.
    cup, _ = seven_players()
    configure(cup, method="placement_points")
    rows = by_name(services.standings_after(cup, viewer=ANONYMOUS))
    assert {name: rows[name].points for name in NAMES} == {
        "Иванов": 6,
        "Петрова": 3,
        "Сидоров": 4,
        "Смирнова": 2,
        "Кузнецов": 4,
        "Попов": 3,
        "Ёлкин": 1,
    }
    assert rows["Кузнецов"].round_points == (4, 0)


def test_placement_points_ties_are_broken_by_total_whists():
    cup, _ = seven_players()
    configure(cup, method="placement_points")
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player, r.decided_by) for r in table.rows] == [
        ("1", "Иванов", None),
        ("2", "Сидоров", "points"),
        ("3", "Кузнецов", "whists"),  # 4 points each: 46/3 against −154/3 whists
        ("4", "Попов", "points"),
        ("5", "Петрова", "whists"),  # 3 points each: 50/3 against 16
        ("6", "Смирнова", "points"),
        ("7", "Ёлкин", "points"),
    ]


def test_players_left_tied_share_the_place_and_are_listed_by_name():
    cup, _ = seven_players()
    configure(cup, method="placement_points", tie_breaks=["points"])
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player, r.tied) for r in table.rows][1:5] == [
        ("2–3", "Кузнецов", True),  # listed by name
        ("2–3", "Сидоров", True),
        ("4–5", "Петрова", True),
        ("4–5", "Попов", True),
    ]


def test_a_tie_through_the_whole_chain_stays_a_tie_without_a_lot():
    # after round 1 Попов and Ёлкин sat at the same table with −16/3 each: equal points,
    # whists, no first place, no head-to-head win, the same opponents
    cup, _ = seven_players()
    table = services.standings_after(cup, 1, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player) for r in table.rows][3:5] == [
        ("4–5", "Ёлкин"),  # listed by name, ё as е
        ("4–5", "Попов"),
    ]


def test_the_lot_breaks_the_last_tie():
    cup, p = seven_players()
    services.record_lot(cup, chief_of(cup), {p["Ёлкин"].pk: 1, p["Попов"].pk: 2})
    table = services.standings_after(cup, 1, viewer=ANONYMOUS)
    assert [(r.rank_label, r.player, r.lot) for r in table.rows][3:5] == [
        ("4", "Ёлкин", 1),
        ("5", "Попов", 2),
    ]
    assert table.rows[4].decided_by == "lot"


def test_coefficient_bands_weigh_the_part_of_a_loss_beyond_50_whists_by_half():
    # Кузнецов: round 1 +32/3 (under 50: 1:1); round 2 −62 → −(50 + 12 × 0.5) = −56
    cup, _ = seven_players()
    configure(cup, method="coefficient_bands")
    kuznetsov = by_name(services.standings_after(cup, viewer=ANONYMOUS))["Кузнецов"]
    assert kuznetsov.round_points == (Fraction(32, 3), -56)
    assert kuznetsov.points == Fraction(-136, 3) and kuznetsov.whists == Fraction(-154, 3)


def test_a_factor_scales_tables_of_four_but_not_the_whists():
    # Иванов played two tables of 4: (14 + 26) × 4/3 = 160/3; Ёлкин two tables of 3: unchanged
    cup, _ = seven_players()
    configure(cup, normalisation="factor", four_table_factor="4/3")
    rows = by_name(services.standings_after(cup, viewer=ANONYMOUS))
    assert rows["Иванов"].points == Fraction(160, 3) and rows["Иванов"].whists == 40
    assert rows["Ёлкин"].points == -28


def test_a_player_below_the_elimination_threshold_gets_a_yellow_card():
    cup, _ = seven_players()
    configure(cup, method="placement_points", elimination_threshold=-50, elimination_action="flag")
    table = services.standings_after(cup, viewer=ANONYMOUS)
    kuznetsov = by_name(table)["Кузнецов"]
    assert kuznetsov.yellow_cards == (2,) and kuznetsov.flags == ("yellow_card",)
    assert kuznetsov.rank_label == "3"  # flagged only: he keeps his place


def test_a_removed_player_is_listed_after_everyone_still_in_play():
    cup, _ = seven_players()
    configure(cup, method="placement_points", elimination_threshold=-50)
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert table.rows[-1].player == "Кузнецов" and table.rows[-1].removed_in == 2
    assert set(table.rows[-1].flags) == {"yellow_card", "removed"}
    assert [r.player for r in table.rows[1:3]] == ["Сидоров", "Попов"]


def test_opponents_points_sum_every_table_mate_once_per_meeting():
    # Попов met Кузнецов and Ёлкин, then Кузнецов, Иванов and Петрова
    cup, _ = seven_players()
    rows = by_name(services.standings_after(cup, viewer=ANONYMOUS))
    expected = 2 * rows["Кузнецов"].points + rows["Ёлкин"].points + 40 + 16
    assert rows["Попов"].opponents_points == expected


def test_standings_rows_are_plain_dicts_with_exact_numbers():
    cup, p = seven_players()
    rows = services.standings_rows(services.standings_after(cup, viewer=ANONYMOUS))
    assert rows[1]["player"] == "Попов" and rows[1]["registration"] == p["Попов"].pk
    assert rows[1]["points"] == Fraction(50, 3) and isinstance(rows[1]["points"], Fraction)
    assert rows[1]["round_points"] == (Fraction(-16, 3), 22)
    assert rows[1]["rank_label"] == "2" and rows[1]["city"] == "Тула"


# --- round results --------------------------------------------------------------------------


def test_round_results_list_each_table_in_seat_order_with_whists_points_and_place():
    cup, _ = seven_players()
    configure(cup, method="placement_points")
    results = services.round_results(cup, 1, viewer=ANONYMOUS)
    first, second = results.tables
    assert [(s.player, s.whists, s.points, s.place) for s in first.seats] == [
        ("Иванов", 14, 3, "1"),
        ("Петрова", 2, 2, "2"),
        ("Сидоров", -6, 1, "3"),
        ("Смирнова", -10, 0, "4"),
    ]
    assert [(s.player, s.points, s.place) for s in second.seats] == [
        ("Кузнецов", 4, "1"),
        ("Попов", 1, "2–3"),
        ("Ёлкин", 1, "2–3"),
    ]


def test_round_rows_are_one_plain_row_per_seat():
    cup, p = seven_players()
    rows = services.round_rows(services.round_results(cup, 2, viewer=ANONYMOUS))
    assert len(rows) == 7
    assert rows[0] == {
        "round": 2,
        "table": 1,
        "table_status": "locked",
        "provisional": False,
        "position": 1,
        "letter": "A",
        "registration": p["Кузнецов"].pk,
        "player": "Кузнецов",
        "city": "Тула",
        "whists": -62,
        "points": -62,
        "place": "4",
        "flags": (),
    }


# --- who sees what --------------------------------------------------------------------------


def test_the_public_sees_rounds_only_through_published_through():
    cup, _ = seven_players(published_through=1)
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert table.after == 1 and table.rounds == (1,)
    assert by_name(table)["Иванов"].points == 14


def test_a_hidden_round_is_not_visible_to_the_public():
    cup, _ = seven_players(published_through=1)
    with pytest.raises(services.NotVisible):
        services.standings_after(cup, 2, viewer=ANONYMOUS)
    with pytest.raises(services.NotVisible):
        services.round_results(cup, 2, viewer=UserFactory())


def test_officials_see_the_hidden_rounds():
    cup, _ = seven_players(published_through=1)
    referee = referee_of(cup)
    table = services.standings_after(cup, viewer=referee)
    assert table.after == 2 and table.rounds == (1, 2) and table.official
    assert services.round_results(cup, 2, viewer=referee).number == 2


def test_nothing_is_public_until_a_round_is_published():
    cup, _ = seven_players(published_through=None)
    table = services.standings_after(cup, viewer=ANONYMOUS)
    assert table.after is None and table.rows == () and table.rounds == ()


def test_an_unpublished_tournament_is_not_visible_to_the_public():
    cup, _ = seven_players(published=False)
    with pytest.raises(services.NotVisible):
        services.standings_after(cup, viewer=ANONYMOUS)
    referee_elsewhere = referee_of(TournamentFactory())
    with pytest.raises(services.NotVisible):
        services.standings_after(cup, viewer=referee_elsewhere)
    assert services.standings_after(cup, viewer=referee_of(cup)).after == 2


def test_a_round_in_play_is_provisional_for_officials():
    cup, _ = seven_players(round_two=Round.Status.STARTED)
    table = services.standings_after(cup, viewer=referee_of(cup))
    assert table.provisional and table.provisional_rounds == {2}
    assert all(row.provisional and "provisional" in row.flags for row in table.rows)


def test_the_standings_after_a_finished_round_are_not_provisional():
    cup, _ = seven_players(round_two=Round.Status.STARTED)
    table = services.standings_after(cup, 1, viewer=referee_of(cup))
    assert not table.provisional and not any(row.provisional for row in table.rows)


def test_an_open_table_is_provisional_in_the_round_results():
    cup, _ = seven_players(round_two=Round.Status.STARTED)
    results = services.round_results(cup, 2, viewer=referee_of(cup))
    assert results.provisional
    assert [(t.status, t.provisional) for t in results.tables] == [
        ("locked", True),  # locked, but the round is not finished
        ("open", True),
    ]


def test_a_table_without_deals_does_not_count_yet():
    cup, _ = seven_players(round_two=Round.Status.STARTED)
    Table.objects.get(round__number=2, number=2).deals.all().delete()
    table = services.standings_after(cup, viewer=referee_of(cup))
    assert by_name(table)["Ёлкин"].round_points == (Fraction(-16, 3), None)
    results = services.round_results(cup, 2, viewer=referee_of(cup))
    assert [s.points for s in results.tables[1].seats] == [None, None, None]


def test_a_draft_round_is_not_in_the_standings():
    cup, _ = seven_players()
    RoundFactory(tournament=cup, number=3, status=Round.Status.DRAFT)
    table = services.standings_after(cup, viewer=referee_of(cup))
    assert table.after == 2 and table.rounds == (1, 2)


# --- player card ----------------------------------------------------------------------------


def test_the_player_card_lists_every_round_with_table_seat_opponents_whists_and_points():
    cup, p = seven_players()
    card = services.player_card(cup, p["Попов"], viewer=ANONYMOUS)
    assert [
        (r.round, r.table, r.seat, r.opponents, r.whists, r.points, r.place) for r in card.rounds
    ] == [
        (1, 2, 2, ("Кузнецов", "Ёлкин"), Fraction(-16, 3), Fraction(-16, 3), "2–3"),
        (2, 1, 3, ("Кузнецов", "Иванов", "Петрова"), 22, 22, "2"),
    ]
    assert card.standing.rank_label == "2" and card.standing.points == Fraction(50, 3)


def test_the_player_card_shows_the_rulings_at_his_deals_and_whom_they_concern():
    cup, p = seven_players()
    card = services.player_card(cup, p["Смирнова"], viewer=ANONYMOUS)
    assert card.rounds[0].rulings == ()
    kodex, discipline = card.rounds[1].rulings
    assert (kodex.kind, kodex.rule, kodex.concerns, kodex.mine) == (
        "ruling",
        "kodex-3.4.9",
        ("Сидоров",),
        False,
    )
    assert (discipline.kind, discipline.rule, discipline.concerns, discipline.mine) == (
        "referee_rulings",
        "discipline",
        ("Смирнова",),
        True,
    )
    assert discipline.deal == 1 and discipline.details["reason"] == "late for the round"


def test_the_public_player_card_hides_unpublished_rounds():
    cup, p = seven_players(published_through=1)
    card = services.player_card(cup, p["Смирнова"], viewer=ANONYMOUS)
    assert [r.round for r in card.rounds] == [1]
    assert card.standing.points == -10 and card.after == 1


def test_a_round_the_player_sat_out_shows_on_his_card():
    cup, p = seven_players()
    late = RegistrationFactory(tournament=cup, player=PlayerFactory(name="Орлов"))
    third = RoundFactory(tournament=cup, number=3, status=Round.Status.FINISHED)
    table_of(third, 1, [p["Иванов"], p["Петрова"], late], [game("C", {"A": 6, "B": 2, "C": 2})])
    card = services.player_card(cup, p["Попов"], viewer=referee_of(cup))
    assert [(r.round, r.table) for r in card.rounds] == [(1, 2), (2, 1), (3, None)]


def test_a_player_of_another_tournament_has_no_card_here():
    cup, _ = seven_players()
    other = RegistrationFactory()
    with pytest.raises(services.NotVisible):
        services.player_card(cup, other, viewer=ANONYMOUS)


# --- search ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("иван", ["Иванов"]),
        ("ПЕТР", ["Петрова"]),
        ("елк", ["Ёлкин"]),  # ё and е are one letter to a searcher
        ("ЁЛК", ["Ёлкин"]),
        ("ов", ["Иванов", "Кузнецов", "Петрова", "Попов", "Сидоров", "Смирнова"]),
        ("", ["Ёлкин", "Иванов", "Кузнецов", "Петрова", "Попов", "Сидоров", "Смирнова"]),
        ("Smith", []),
    ],
)
def test_player_search_ignores_case_in_cyrillic(query, found):
    cup, _ = seven_players()
    names = [e.player.name for e in services.search_players(cup, query, viewer=ANONYMOUS)]
    assert names == found


# --- settings -------------------------------------------------------------------------------


def test_the_defaults_apply_before_anything_is_saved():
    cup = TournamentFactory()
    current = services.settings_of(cup)
    assert current.pk is None and current.method == "raw_whists"
    assert current.published_through is None
    assert current.tie_breaks == [
        "points",
        "whists",
        "firsts",
        "head_to_head",
        "opponents_points",
        "lot",
    ]


def test_the_chief_saves_the_settings_and_the_change_is_logged():
    cup = TournamentFactory()
    chief = chief_of(cup)
    services.update_settings(
        cup,
        chief,
        {
            "method": "cutoff_bands",
            "params": {"symmetric": False},
            "normalisation": "factor",
            "four_table_factor": "1.5",
            "tie_breaks": ["points", "lot"],
            "published_through": 3,
        },
    )
    saved = StandingsSettings.objects.get(tournament=cup)
    assert saved.method == "cutoff_bands" and saved.params == {"symmetric": False}
    assert saved.four_table_factor == "3/2"  # exact, never a float
    assert saved.tie_breaks == ["points", "lot"] and saved.published_through == 3
    log = ActionLog.objects.get(action="standings.settings_changed")
    assert log.user == chief
    assert log.data["method"] == ["raw_whists", "cutoff_bands"]
    assert "elimination_threshold" not in log.data


@pytest.mark.parametrize(
    ("changes", "field", "says"),
    [
        ({"method": "bula_points"}, "method", "This conversion method is unknown."),
        ({"method": "opposition_adjusted"}, "method", "not available"),
        (
            {"method": "raw_whists", "params": {"symmetric": True}},
            "params.symmetric",
            "no parameter symmetric",
        ),
        (
            {"method": "cutoff_bands", "params": {"bands": [[200, 1], [100, "1/10"]]}},
            "params.bands",
            "grow from band to band",
        ),
        (
            {"method": "cutoff_bands", "params": {"bands": [[200, 0.1]]}},
            "params.bands",
            "Give an exact number",
        ),
        (
            {"method": "cutoff_bands", "params": {"bands": [[200, "-1/10"]]}},
            "params.bands",
            "A weight cannot be negative.",
        ),
        (
            {"method": "cutoff_bands", "params": {"bands": [[None, 1], [200, 1]]}},
            "params.bands",
            "Only the last band",
        ),
        ({"method": "cutoff_bands", "params": {"bands": []}}, "params.bands", "at least one"),
        ({"method": "cutoff_bands", "params": {"bands": 5}}, "params.bands", "upper bound and"),
        (
            {"method": "cutoff_bands", "params": {"symmetric": "yes"}},
            "params.symmetric",
            "yes or no",
        ),
        (
            {"method": "placement_points", "params": {"three_table": 5}},
            "params.three_table",
            "Give 3 points, one per place.",
        ),
        (
            {"method": "placement_points", "params": {"sole_winner_bonus": "one"}},
            "params.sole_winner_bonus",
            "This is not a number",
        ),
        (
            {"method": "placement_points", "params": {"ties": "coin"}},
            "params.ties",
            "Choose one of the offered values.",
        ),
        ({"params": ["symmetric"]}, "params", "JSON object"),
        ({"normalisation": "sizes"}, "normalisation", "is unknown"),
        ({"normalisation": "placement"}, "normalisation", "need the conversion method placement"),
        ({"normalisation": "factor", "four_table_factor": "0"}, "four_table_factor", "above 0"),
        ({"four_table_factor": "4/3"}, "four_table_factor", "other than 1"),
        ({"elimination_threshold": 500}, "elimination_threshold", "negative number"),
        (
            {"elimination_threshold": -500, "elimination_action": "ban"},
            "elimination_action",
            "Choose one of the offered values.",
        ),
        ({"tie_breaks": ["points", "luck"]}, "tie_breaks", "There is no tie-break luck."),
        ({"tie_breaks": ["points", "points"]}, "tie_breaks", "points is listed twice"),
        ({"tie_breaks": "points"}, "tie_breaks", "by name"),
        ({"published_through": 0}, "published_through", "from 1"),
        ({"colour": "red"}, None, "Unknown setting"),
    ],
)
def test_an_invalid_setting_is_refused_at_its_field_and_nothing_is_saved(changes, field, says):
    cup = TournamentFactory()
    with pytest.raises(ServiceError) as refused:
        services.update_settings(cup, chief_of(cup), changes)
    assert refused.value.field == field
    assert says in refused.value.message
    assert not StandingsSettings.objects.filter(tournament=cup).exists()
    assert not ActionLog.objects.filter(action="standings.settings_changed").exists()


@pytest.mark.parametrize("who", ["referee", "stranger", "anonymous", "chief elsewhere"])
def test_only_the_chief_referee_changes_the_settings(who):
    cup = TournamentFactory()
    user = {
        "referee": lambda: referee_of(cup),
        "stranger": UserFactory,
        "anonymous": lambda: None,
        "chief elsewhere": lambda: referee_of(TournamentFactory(), Role.Kind.CHIEF),
    }[who]()
    with pytest.raises(NotAllowed):
        services.update_settings(cup, user, {"published_through": 1})
    with pytest.raises(NotAllowed):
        services.draw_lot(cup, user)
    assert not StandingsSettings.objects.filter(tournament=cup).exists()


# --- the lot --------------------------------------------------------------------------------


def test_drawing_the_lot_gives_every_player_a_distinct_number_and_logs_the_seed():
    cup, p = seven_players()
    chief = chief_of(cup)
    drawn = services.draw_lot(cup, chief, seed=2026, witness="Петров А.")
    assert sorted(drawn.lots.values()) == list(range(1, 8))
    assert set(drawn.lots) == {str(e.pk) for e in p.values()}
    assert drawn.lot_seed == 2026 and drawn.lot_drawn_by == chief
    log = ActionLog.objects.get(action="standings.lot_drawn")
    assert log.data["seed"] == 2026 and log.data["lots"] == drawn.lots
    assert log.data["witness"] == "Петров А."


def test_the_same_seed_draws_the_same_lot():
    cup, _ = seven_players()
    chief = chief_of(cup)
    first = dict(services.draw_lot(cup, chief, seed=7).lots)
    again = services.draw_lot(cup, chief, seed=7, reason="the witness was late").lots
    assert again == first


def test_drawing_the_lot_again_needs_a_reason():
    cup, _ = seven_players()
    chief = chief_of(cup)
    services.draw_lot(cup, chief, seed=1)
    with pytest.raises(ServiceError) as refused:
        services.draw_lot(cup, chief, seed=2)
    assert refused.value.field == "reason"
    assert services.settings_of(cup).lot_seed == 1


def test_a_lot_drawn_at_the_venue_is_recorded_with_its_witness():
    cup, p = seven_players()
    services.record_lot(cup, chief_of(cup), {p["Попов"].pk: 2, p["Ёлкин"].pk: 1}, witness="Зал")
    saved = services.settings_of(cup)
    assert saved.lots == {str(p["Попов"].pk): 2, str(p["Ёлкин"].pk): 1}
    assert saved.lot_seed is None and saved.lot_witness == "Зал"
    assert ActionLog.objects.filter(action="standings.lot_recorded").exists()


@pytest.mark.parametrize("numbers", [(1, 1), (0, 2), (True, 2)])
def test_a_recorded_lot_needs_distinct_whole_numbers_from_one(numbers):
    cup, p = seven_players()
    with pytest.raises(ServiceError):
        lots = dict(zip([p["Попов"].pk, p["Ёлкин"].pk], numbers, strict=True))
        services.record_lot(cup, chief_of(cup), lots)
    assert services.settings_of(cup).lots == {}


def test_a_recorded_lot_names_only_this_tournaments_players():
    cup, _ = seven_players()
    stranger = RegistrationFactory()
    with pytest.raises(ServiceError):
        services.record_lot(cup, chief_of(cup), {stranger.pk: 1})


# --- the cache ---------------------------------------------------------------------------------


def test_standings_are_computed_once_until_the_next_logged_change(django_assert_num_queries):
    from referee.tournaments.log import log_action

    cup, _ = seven_players()
    first = services.standings_after(cup, viewer=ANONYMOUS)
    with django_assert_num_queries(1):  # only the latest action-log entry
        again = services.standings_after(cup, viewer=ANONYMOUS)
    assert again.rows == first.rows
    configure(cup, count_adjustments=True)  # a change made outside the services is not seen...
    assert by_name(services.standings_after(cup, viewer=ANONYMOUS))["Смирнова"].points == Fraction(
        -26, 3
    )
    log_action(cup, None, "settings.changed")  # ...until the next logged change
    assert by_name(services.standings_after(cup, viewer=ANONYMOUS))["Смирнова"].points == Fraction(
        -56, 3
    )


def test_officials_and_the_public_are_cached_apart():
    cup, _ = seven_players(published_through=1)
    public = services.standings_after(cup, viewer=ANONYMOUS)
    official = services.standings_after(cup, viewer=chief_of(cup))
    assert public.after == 1 and official.after == 2
