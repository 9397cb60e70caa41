"""A qualification of 4 rounds on a fixed schedule, a cut to a final table of 4, final places
by the final's standings, and team standings (TOURNAMENTS §2.2, §2.5, §6.3; issue 11).

The schedule (players p1…p8; the first listed at each table wins its one deal, see play.py:
a table of 4 gives the winner +30 and the others -10 each):

    round 1: p1 p2 p3 p4 | p5 p6 p7 p8
    round 2: p1 p5 p2 p6 | p3 p7 p4 p8
    round 3: p1 p6 p3 p8 | p2 p5 p4 p7
    round 4: p1 p7 p2 p8 | p3 p5 p4 p6

Qualification points, round by round:
    p1: 30 + 30 + 30 + 30 = 120        p5: 30 - 10 - 10 - 10 = 0
    p2: -10 - 10 + 30 - 10 = 0         p6: -10 × 4 = -40
    p3: -10 + 30 - 10 + 30 = 40        p7: -10 × 4 = -40
    p4: -10 × 4 = -40                  p8: -10 × 4 = -40
"""

import pytest

from referee.core.errors import ServiceError
from referee.seating import schedule
from referee.standings.services import final_places, stage_tables, standings_after, team_table
from referee.tournaments import services as setup
from referee.tournaments.models import Round, Tournament

from .play import play_round, seated, tournament_of

pytestmark = pytest.mark.django_db

ROUNDS = [
    [[1, 2, 3, 4], [5, 6, 7, 8]],
    [[1, 5, 2, 6], [3, 7, 4, 8]],
    [[1, 6, 3, 8], [2, 5, 4, 7]],
    [[1, 7, 2, 8], [3, 5, 4, 6]],
]


def schedule_csv(rounds=ROUNDS) -> bytes:
    lines = ["тур;стол;игрок"]
    for number, tables in enumerate(rounds, start=1):
        for table, players in enumerate(tables, start=1):
            lines += [f"{number};{table};p{p}" for p in players]
    return "\n".join(lines).encode()


def qualification_and_final(carry="tie_break", teams=None):
    """The tournament of the module's note; ``teams``: name -> player numbers."""
    tournament, entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    for name, members in (teams or {}).items():
        setup.create_team(tournament.pk, name, [entries[i - 1].pk for i in members], chief)
    setup.set_stages(
        tournament.pk,
        [
            {"name": "отбор", "rounds_planned": 4, "method": "fixed"},
            {
                "name": "финал",
                "rounds_planned": 1,
                "method": "playoff",
                "entry": "top",
                "entry_count": 4,
                "carry_over": carry,
            },
        ],
        chief,
    )
    schedule.upload_schedule(tournament.pk, schedule_csv(), "schedule.csv", chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    return tournament, entries, chief


def test_the_fixed_schedule_is_honoured_and_the_final_decides_the_places():
    tournament, entries, chief = qualification_and_final()
    p = {i: entries[i - 1].pk for i in range(1, 9)}
    for number, tables in enumerate(ROUNDS, start=1):
        round_ = play_round(tournament, chief, seed=number)
        assert round_.method == Round.Method.FIXED
        got = [
            list(t.seats.order_by("position").values_list("registration_id", flat=True))
            for t in round_.tables.order_by("number")
        ]
        assert got == [[p[i] for i in table] for table in tables]  # seats as listed
    qualification = stage_tables(tournament, viewer=chief)[0]
    points = {int(r.player): r.points for r in qualification.rows}
    assert points == {
        p[1]: 120,
        p[2]: 0,
        p[3]: 40,
        p[4]: -40,
        p[5]: 0,
        p[6]: -40,
        p[7]: -40,
        p[8]: -40,
    }
    # before the final begins, the qualification places everybody (the final nobody yet)
    before = final_places(tournament, viewer=chief)
    assert [f.registration for f in before][:3] == [p[1], p[3], p[2]]
    assert {f.stage for f in before} == {"отбор"} and len(before) == 8
    # the final: p5 (4th qualifier: p2 and p5 tie on 0, p2 won their meeting in round 3) wins
    final = play_round(tournament, chief, seed=5, winner=lambda seats: p[5])
    assert seated(final) == {p[1], p[2], p[3], p[5]}  # the top 4 of the qualification
    places = final_places(tournament, viewer=chief)
    # the final: p5 +30; p1, p3, p2 -10 each, ordered by the qualification points carried as
    # a tie-break (120, 40, 0). Then the qualification's others, all -40: equal whists, no
    # first places, every meeting among them a draw (-10 each); opponents' points (the sum of
    # the table-mates' qualification points, once per meeting):
    #   p6: (0 - 40 - 40) + (120 + 0 + 0) + (120 + 40 - 40) + (40 + 0 - 40) = 160
    #   p4: (120 + 0 + 40) + (40 - 40 - 40) + (0 + 0 - 40) + (40 + 0 - 40) = 80
    #   p8: (0 - 40 - 40) + (40 - 40 - 40) + (120 - 40 + 40) + (120 - 40 + 0) = 80
    #   p7: (0 - 40 - 40) + (40 - 40 - 40) + (0 + 0 - 40) + (120 + 0 - 40) = -80
    assert [(f.place_label, f.registration) for f in places] == [
        ("1", p[5]),
        ("2", p[1]),
        ("3", p[3]),
        ("4", p[2]),
        ("5", p[6]),
        ("6–7", p[4]),
        ("6–7", p[8]),
        ("8", p[7]),
    ]
    assert [f.stage for f in places[:4]] == ["финал"] * 4
    assert places[0].points == 30 and places[4].points == -40


def test_carrying_all_points_into_the_final_keeps_the_qualification_ahead():
    tournament, entries, chief = qualification_and_final(carry="all")
    p = {i: entries[i - 1].pk for i in range(1, 9)}
    for number in range(1, 5):
        play_round(tournament, chief, seed=number)
    play_round(tournament, chief, seed=5, winner=lambda seats: p[5])
    final = stage_tables(tournament, viewer=chief)[1]
    # carried + final: p1 120 - 10 = 110, p3 40 - 10 = 30, p5 0 + 30 = 30, p2 0 - 10 = -10
    assert {int(r.player): r.points for r in final.rows} == {
        p[1]: 110,
        p[3]: 30,
        p[5]: 30,
        p[2]: -10,
    }
    assert [f.registration for f in final_places(tournament, viewer=chief)][:1] == [p[1]]


def test_a_tie_across_the_cut_is_refused_until_the_lot_decides():
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    setup.set_stages(
        tournament.pk,
        [
            {"name": "отбор", "rounds_planned": 1, "method": "fixed"},
            {"name": "финал", "rounds_planned": 1, "entry": "top", "entry_count": 3},
        ],
        chief,
    )
    schedule.upload_schedule(tournament.pk, schedule_csv(ROUNDS[:1]), "s.csv", chief)
    setup.start_tournament(tournament.pk, chief)
    play_round(tournament, chief)
    # round 1: p1 and p5 +30 (places 1–2), six players on -10: places 3–8 tie across the cut
    with pytest.raises(ServiceError) as refused:
        play_round(tournament, chief, seed=2)
    assert "3–8" in refused.value.message


def test_a_schedule_with_a_table_of_two_or_a_missing_player_is_refused():
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    bad = [[[1, 2], [3, 4, 5, 6, 7, 8]]]  # a table of 2, a table of 6
    with pytest.raises(ServiceError) as refused:
        schedule.upload_schedule(tournament.pk, schedule_csv(bad), "s.csv", chief)
    assert "table 1: 2 players" in refused.value.message
    assert "table 2: 6 players" in refused.value.message
    twice = [[[1, 2, 3, 1], [5, 6, 7, 8]]]
    with pytest.raises(ServiceError) as refused:
        schedule.upload_schedule(tournament.pk, schedule_csv(twice), "s.csv", chief)
    assert "more than once: p1" in refused.value.message
    short = [[[1, 2, 3], [5, 6, 7, 8]]]  # p4 missing: refused when the round is seated
    schedule.upload_schedule(tournament.pk, schedule_csv(short), "s.csv", chief)
    setup.start_tournament(tournament.pk, chief)
    with pytest.raises(ServiceError) as refused:
        play_round(tournament, chief, method="fixed")
    assert "missing from the schedule: p4" in refused.value.message


def test_team_standings_are_the_sum_of_the_members_points():
    teams = {"Север": [1, 4], "Юг": [3, 5], "Запад": [2, 6]}
    tournament, entries, chief = qualification_and_final(teams=teams)
    with pytest.raises(ServiceError):  # teams are formed before play
        setup.create_team(tournament.pk, "Восток", [entries[6].pk], chief)
    for number in range(1, 5):
        play_round(tournament, chief, seed=number)
    rows = standings_after(tournament, viewer=chief).rows
    teams = {t.team: t for t in team_table(tournament, rows)}
    # Север: p1 120 + p4 -40 = 80; Юг: p3 40 + p5 0 = 40; Запад: p2 0 + p6 -40 = -40
    assert {name: t.points for name, t in teams.items()} == {"Север": 80, "Юг": 40, "Запад": -40}
    # round 1: Север p1 30 + p4 -10 = 20; Юг p3 -10 + p5 30 = 20; Запад p2 -10 + p6 -10 = -20
    assert [t.round_points[0] for t in teams.values()] == [20, 20, -20]
    assert [t.rank_label for t in teams.values()] == ["1", "2", "3"]
    assert sorted(teams["Север"].members) == ["p1", "p4"]


def test_team_standings_of_the_best_member_per_round():
    tournament, entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    p = {i: entries[i - 1].pk for i in range(1, 9)}
    setup.update_format(tournament.pk, {"team_scoring": "best", "team_best": 1}, chief)
    setup.create_team(tournament.pk, "Север", [p[1], p[4]], chief)
    schedule.upload_schedule(tournament.pk, schedule_csv(ROUNDS[:1]), "s.csv", chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    play_round(tournament, chief, method="fixed")
    rows = standings_after(tournament, viewer=chief).rows
    (north,) = team_table(tournament, rows)
    assert north.points == 30  # the best of p1 +30 and p4 -10


def test_team_mates_are_kept_apart_when_possible():
    tournament, entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    setup.create_team(tournament.pk, "Север", [entries[0].pk, entries[1].pk], chief)
    setup.create_team(tournament.pk, "Юг", [entries[2].pk, entries[3].pk], chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    for seed in range(1, 4):
        round_ = play_round(tournament, chief, seed=seed)
        for table in round_.tables.all():
            at = set(table.seats.values_list("registration_id", flat=True))
            assert not {entries[0].pk, entries[1].pk} <= at
            assert not {entries[2].pk, entries[3].pk} <= at
        assert any(n["code"] == "teammates_apart" for n in round_.notes)


def test_refusals_speak_russian():
    from django.utils import translation

    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    bad = [[[1, 2], [3, 4, 5, 6, 7, 8]]]
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        schedule.upload_schedule(tournament.pk, schedule_csv(bad), "s.csv", chief)
    assert "Тур 1, стол 1: игроков 2; за столом играют 3 или 4." in refused.value.message
    setup.start_tournament(tournament.pk, chief)
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        setup.update_format(tournament.pk, {"bye_value": "nothing"}, chief)
    assert refused.value.message == "Регламент турнира нельзя менять после начала игры."


def test_ratings_take_the_places_the_final_decides():
    """The ratings' and qualification's final places (ratings.services.places) follow the
    stages: p5 won the final, so he is first there although p1 led the qualification."""
    from referee.ratings.services.places import final_places as rating_places

    tournament, entries, chief = qualification_and_final()
    p = {i: entries[i - 1].pk for i in range(1, 9)}
    for number in range(1, 5):
        play_round(tournament, chief, seed=number)
    play_round(tournament, chief, seed=5, winner=lambda seats: p[5])
    places = rating_places(tournament, viewer=chief)
    assert places[p[5]] == (1, 1) and places[p[1]] == (2, 2)
    assert places[p[4]] == places[p[8]] == (6, 7)  # shared, as the stage left them
    assert places[p[7]] == (8, 8)
