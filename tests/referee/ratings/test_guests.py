"""A guest's table and the ratings, qualification and the federation sheet (TOURNAMENTS §6.4,
§12). The worked example of §12 (bula 30, ratings 1200/1150/1100, whists +460/+40/−500, more
is better): C01 = 420/30 − 1.4 + 0.3 = 12.9, C02 = 960/30 − 2.8 + 0.3 = 29.5, C12 = 540/30 −
1.4 + 0.3 = 16.9. Player 0: round((12.9 + 29.5)/2) = +21; player 1: round((−12.9 + 16.9)/2)
= +2; player 2 would lose round((−29.5 − 16.9)/2) = −23."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee.exports.federation import results_sheet
from referee.ratings.models import (
    Category,
    PlayerRating,
    RatingChange,
    RatingList,
    TournamentCategory,
)
from referee.ratings.services.compute import recompute_list
from referee.ratings.services.qualification import qualification_of
from referee.ratings.services.sheet import federation_results
from referee.tournaments.models import GuestGames, Registration, Tournament

from ..factories import PlayerFactory
from .helpers import played

pytestmark = pytest.mark.django_db


def serbian_cup(guest: int, **fields) -> tuple[Tournament, list]:
    players = [PlayerFactory(rating=r) for r in (1200, 1150, 1100)]
    cup = played(players, [[[(0, 460), (1, 40), (2, -500)]]], **fields)
    Registration.objects.filter(tournament=cup, player=players[guest]).update(guest=True)
    return cup, players


def ratings_after(cup) -> dict[int, float]:
    rating_list = RatingList.objects.create(name="Serb", slug="serb", method="bula_elo", bula=30)
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    return {r.player_id: r.rating for r in PlayerRating.objects.filter(rating_list=rating_list)}


def test_a_guest_keeps_his_rating_and_his_table_mates_change_as_at_any_table():
    cup, players = serbian_cup(guest=2)
    ratings = ratings_after(cup)
    assert ratings[players[0].pk] == 1221 and ratings[players[1].pk] == 1152
    assert players[2].pk not in ratings  # no game of his counted: his rating stands
    assert not RatingChange.objects.filter(player=players[2]).exists()


def test_the_tournament_may_leave_a_guest_s_tables_out_of_the_ratings():
    cup, _players = serbian_cup(guest=2, guest_games=GuestGames.SKIP)
    assert ratings_after(cup) == {}
    assert not RatingChange.objects.exists()


def test_qualification_points_go_to_the_places_without_the_guest():
    cup, players = serbian_cup(guest=0)  # the winner at the table is the guest
    category = Category.objects.create(name="I", points_table={"1": 100, "2": 60, "3": 40})
    TournamentCategory.objects.create(tournament=cup, category=category)
    entries = {e.player_id: e.pk for e in cup.entries.all()}
    got = qualification_of(cup)
    assert entries[players[0].pk] not in got
    assert got[entries[players[1].pk]].award.points == 100  # 2nd at the table, 1st placed
    assert got[entries[players[2].pk]].award.points == 60


def test_the_federation_sheet_marks_the_guest_without_place_rating_or_points():
    cup, players = serbian_cup(guest=0)
    ratings_after(cup)
    results = federation_results(cup, None)
    with translation.override("ru"):
        sheet = results_sheet(results)
    rows = {row[1]: row for row in sheet.rows}
    guest = rows[players[0].name]
    # no place, no rating before, after nor change, no qualification points
    assert guest[0] == "гость" and guest[6:9] == [None, None, None] and guest[11] is None
    assert rows[players[1].name][0] == "1"
    assert rows[players[1].name][6:9] == [1150, 1152, 2]  # +2, worked above


def test_a_cup_places_the_players_without_the_guest():
    from referee.series.published import published_results

    cup, players = serbian_cup(guest=0)  # the guest won the table (+460)
    entries = {e.player_id: e.pk for e in cup.entries.all()}
    found = published_results([cup])[cup.pk]
    assert entries[players[0].pk] not in found.places  # no place, so no cup points
    assert found.places[entries[players[1].pk]] == (1, 1)
    assert found.places[entries[players[2].pk]] == (2, 2)


def test_the_guest_s_profile_says_guest_in_place_of_a_place(client):
    from django.urls import reverse

    cup, players = serbian_cup(guest=0)
    page = client.get(
        reverse("registry-player", args=[players[0].pk]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    row = page[page.index(cup.name) :]
    row = row[: row.index("</tr>")]
    assert '<span class="guest">гость</span>' in row
    other = client.get(
        reverse("registry-player", args=[players[1].pk]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    mine = other[other.index(cup.name) :]
    assert '<td class="num">1</td>' in mine[: mine.index("</tr>")]
