"""Whole tournaments through the services: the bye rotates and scores its declared value
(TOURNAMENTS §6.2); eliminated players are never seated again (issue 11)."""

from fractions import Fraction

import pytest

from referee.core.errors import ServiceError
from referee.seating import services as seating
from referee.seating.stages import in_play
from referee.standings.services import player_card, standings_after
from referee.tournaments import services as setup
from referee.tournaments.models import Registration, Tournament

from .play import play_round, seated, tournament_of

pytestmark = pytest.mark.django_db


def test_five_players_over_five_rounds_each_sit_out_exactly_once():
    tournament, entries, chief = tournament_of(5)
    byes = []
    for seed in range(1, 6):
        round_ = play_round(tournament, chief, seed=seed)
        assert len(round_.byes) == 1 and len(seated(round_)) == 4  # one table of 4 + a bye
        byes += round_.byes
    assert sorted(byes) == sorted(e.pk for e in entries)  # 5 rounds, 5 players, once each
    table = standings_after(tournament, viewer=chief)
    for row in table.rows:
        assert len(row.byes) == 1
        # the average bye: a table of 4 gives +30 -10 -10 -10 = 0 over 4 players = 0
        assert row.round_points[row.byes[0] - 1] == 0
    assert table.bye_points == {n: 0 for n in range(1, 6)}


def test_the_bye_notes_count_the_byes_before():
    tournament, _, chief = tournament_of(5)
    befores = []
    for seed in range(1, 7):
        round_ = play_round(tournament, chief, seed=seed)
        bye = next(n for n in round_.notes if n["code"] == "bye")
        befores.append(bye["params"]["before"])
    # rounds 1-5: nobody had sat out yet when drawn; round 6: every player once
    assert befores == [0, 0, 0, 0, 0, 1]


def test_an_unfinished_pulka_with_positive_to_zero_makes_the_average_bye_negative():
    tournament, _, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"unfinished_pulka": "positive_to_zero"}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    round_ = play_round(tournament, chief)
    table = standings_after(tournament, viewer=chief)
    # one deal: no pool closed. The winner's +30 counts 0, the others keep -10:
    # (0 - 10 - 10 - 10) / 4 players = -30/4 = -15/2
    assert table.bye_points == {1: Fraction(-15, 2)}
    bye = next(r for r in table.rows if r.byes)
    assert bye.registration == round_.byes[0] and bye.points == Fraction(-15, 2)
    assert sorted(r.points for r in table.rows if not r.byes) == [-10, -10, -10, 0]


def test_a_fixed_bye_value_shows_on_the_player_card():
    tournament, _, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"bye_value": "fixed", "bye_points": "5/2"}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    round_ = play_round(tournament, chief)
    sat_out = round_.byes[0]
    row = next(r for r in standings_after(tournament, viewer=chief).rows if r.byes)
    assert row.registration == sat_out and row.points == Fraction(5, 2)  # the fixed 5/2
    card = player_card(tournament, Registration.objects.get(pk=sat_out), viewer=chief)
    assert card.rounds[0].points == Fraction(5, 2) and card.rounds[0].flags == ("bye",)


def test_format_settings_are_frozen_once_play_starts():
    tournament, _, chief = tournament_of(5)  # running
    with pytest.raises(ServiceError) as refused:
        setup.update_format(tournament.pk, {"bye_value": "nothing"}, chief)
    assert refused.value.field == "format"
    with pytest.raises(ServiceError):
        setup.set_stages(tournament.pk, [{"name": "финал", "rounds_planned": 1}], chief)


def test_an_eliminated_player_is_never_seated_again():
    tournament, entries, chief = tournament_of(6)
    play_round(tournament, chief, seed=1)
    play_round(tournament, chief, seed=2)
    out = entries[0]
    setup.eliminate_player(out.pk, chief, reason="снят с турнира судейской коллегией")
    later = [play_round(tournament, chief, seed=s) for s in (3, 4, 5)]
    assert all(out.pk not in seated(r) for r in later)
    # 5 players left: one table of 4 and a bye each round
    assert all(len(seated(r)) == 4 and out.pk not in r.byes for r in later)
    out.refresh_from_db()
    assert out.status == Registration.Status.ELIMINATED and out.withdrawn_after_round == 2
    rows = standings_after(tournament, viewer=chief).rows
    assert rows[-1].registration == out.pk and "eliminated" in rows[-1].flags
    assert rows[-1].rounds_played == 2  # his rows stay


def test_a_threshold_removal_takes_the_player_out_of_seating():
    from referee.standings.services import update_settings

    tournament, _entries, chief = tournament_of(8)
    update_settings(
        tournament, chief, {"elimination_threshold": -5, "elimination_action": "remove"}
    )
    first = play_round(tournament, chief, seed=1)
    # two tables of 4: each loser has -10 < -5 and leaves; the two winners remain
    winners = [t.seats.order_by("position").first().registration_id for t in first.tables.all()]
    with pytest.raises(ServiceError):  # 2 players cannot make a table
        seating.seat_next_round(tournament.pk, chief, seed=2)
    assert sorted(in_play(tournament, chief, True)) == sorted(winners)


def test_eliminating_needs_a_reason_and_the_chief():
    tournament, entries, chief = tournament_of(4)
    with pytest.raises(ServiceError):
        setup.eliminate_player(entries[0].pk, chief, reason=" ")
    from referee.core.errors import NotAllowed

    from ..factories import referee_of

    with pytest.raises(NotAllowed):
        setup.eliminate_player(entries[0].pk, referee_of(tournament), reason="x")
