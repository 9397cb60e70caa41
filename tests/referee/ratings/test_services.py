from fractions import Fraction

import pytest
from openskill.models import PlackettLuce

from referee.core.errors import NotAllowed, ServiceError
from referee.ratings.models import (
    Category,
    Division,
    PlayerMerge,
    PlayerRating,
    RatingChange,
    RatingList,
    TournamentCategory,
)
from referee.ratings.services.compute import recompute, recompute_list
from referee.ratings.services.places import final_places, places_within
from referee.ratings.services.qualification import qualification_of, set_category, set_division
from referee.ratings.services.registry import duplicate_candidates, merge_players
from referee.tournaments.models import Player, Registration

from ..factories import PlayerFactory, UserFactory
from .helpers import played, registry

pytestmark = pytest.mark.django_db


def small_cup(players):
    # round 1: tables (0,1,2) and (3,4,5); round 2: (0,3,4) and (1,2,5) with a tie
    return played(
        players,
        [
            [[(0, 40), (1, -10), (2, -30)], [(3, 12), (4, 12), (5, -24)]],
            [[(0, -20), (3, 30), (4, -10)], [(1, 5), (2, 5), (5, -10)]],
        ],
    )


def test_openskill_ratings_equal_the_library_on_the_same_places():
    players = registry(6)
    cup = small_cup(players)
    rating_list = RatingList.objects.create(name="Club", slug="club", method="openskill")
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    model = PlackettLuce()
    r = {i: model.rating() for i in range(6)}

    def rate(seats, ranks):
        out = model.rate([[r[i]] for i in seats], ranks=ranks)
        for i, team in zip(seats, out, strict=True):
            r[i] = team[0]

    rate([0, 1, 2], [1, 2, 3])
    rate([3, 4, 5], [1, 1, 3])  # 12, 12 tie
    rate([0, 3, 4], [3, 1, 2])
    rate([1, 2, 5], [1, 1, 3])
    for i, player in enumerate(players):
        mine = PlayerRating.objects.get(rating_list=rating_list, player=player)
        assert (mine.mu, mine.sigma) == pytest.approx((r[i].mu, r[i].sigma))
        assert mine.rating == pytest.approx(r[i].ordinal())
        assert mine.games == 2 and mine.tournaments == 1
    assert RatingChange.objects.filter(rating_list=rating_list).count() == 12
    first = RatingChange.objects.filter(rating_list=rating_list, player=players[0]).first()
    assert first.round_number == 1 and first.table_number == 1 and first.rank == 1
    assert [o[0] for o in first.detail["opponents"]] == [players[1].pk, players[2].pk]


def test_bula_elo_list_starts_from_the_registry_rating():
    players = [PlayerFactory(rating=r) for r in (1200, 1150, 1100)]
    cup = played(players, [[[(0, 460), (1, 40), (2, -500)]]])
    rating_list = RatingList.objects.create(name="Serb", slug="serb", method="bula_elo", bula=30)
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    # the worked example with the scores as whists (more is better): player 0 scores +460:
    # C01 = 420/30 + (1150−1200)·0.028 + 0.3 = 14 − 1.4 + 0.3 = 12.9; C02 = 960/30 − 2.8 +
    # 0.3 = 29.5 → round(42.4/2) = +21
    ratings = {r.player_id: r.rating for r in PlayerRating.objects.filter(rating_list=rating_list)}
    assert ratings[players[0].pk] == 1221


def test_a_bula_elo_list_recomputed_as_soon_as_it_is_created_starts_from_its_default():
    # Issue 30.12: the list's initial_rating default (1200) was read as a float before the
    # list had been saved and read back, and recomputing it at once crashed.
    players = registry(3)  # no registry rating: each starts from the default 1200
    cup = played(players, [[[(0, 460), (1, 40), (2, -500)]]])
    rating_list = RatingList.objects.create(name="New", slug="new", method="bula_elo", bula=30)
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    # TOURNAMENTS §12, equal ratings so T = 0, N = sign × 30/100 = ±0.3:
    # C01 = 420/30 + 0.3 = 14.3; C02 = 960/30 + 0.3 = 32.3; C12 = 540/30 + 0.3 = 18.3
    # player 0: round((14.3 + 32.3)/2) = round(23.3) = +23 → 1223
    # player 1: round((−14.3 + 18.3)/2) = round(2) = +2 → 1202
    # player 2: round((−32.3 − 18.3)/2) = round(−25.3) = −25 → 1175
    ratings = {r.player_id: r.rating for r in PlayerRating.objects.filter(rating_list=rating_list)}
    assert [ratings[p.pk] for p in players] == [1223, 1202, 1175]


def test_hidden_and_unfinished_rounds_do_not_count():
    players = registry(3)
    cup = played(players, [[[(0, 10), (1, 0), (2, -10)]], [[(0, 10), (1, 0), (2, -10)]]], through=1)
    hidden = played(registry(3), [[[(0, 1), (1, 0), (2, -1)]]], published=False)
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup, hidden)
    done = recompute_list(rating_list)
    assert (done.games, done.changes, done.players) == (1, 3, 3)


def test_recompute_needs_a_manager():
    rating_list = RatingList.objects.create(name="L", slug="l")
    with pytest.raises(NotAllowed):
        recompute(rating_list.pk, UserFactory())
    manager = UserFactory()
    rating_list.managers.add(manager)
    assert recompute(rating_list.pk, manager).changes == 0
    with pytest.raises(ServiceError):
        recompute(0, manager)


def test_a_merge_keeps_every_result():
    players = registry(6)
    cup = small_cup(players)
    twin = PlayerFactory(name=players[0].name, city="", federation_id="F-7")
    later = played([twin, *players[1:3]], [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup, later)
    recompute_list(rating_list)
    assert (players[0], twin) in duplicate_candidates() or (
        twin,
        players[0],
    ) in duplicate_candidates()
    staff = UserFactory(is_staff=True)
    with pytest.raises(NotAllowed):
        merge_players(players[0].pk, twin.pk, UserFactory())
    kept = merge_players(players[0].pk, twin.pk, staff, reason="one person")
    assert kept.federation_id == "F-7"  # filled from the duplicate
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Registration.objects.filter(player=kept).count() == 2
    merge = PlayerMerge.objects.get(into=kept)
    assert merge.old_id == twin.pk and merge.name == twin.name
    mine = PlayerRating.objects.get(rating_list=rating_list, player=kept)
    assert mine.games == 3 and mine.tournaments == 2
    assert RatingChange.objects.filter(rating_list=rating_list, player=kept).count() == 3
    assert later.log.filter(action="player.merged").exists()
    with pytest.raises(ServiceError):
        merge_players(kept.pk, kept.pk, staff)
    with pytest.raises(ServiceError):  # both play in one tournament: two people
        merge_players(kept.pk, players[1].pk, staff)


def test_final_places_and_divisions():
    assert places_within({1: (1, 1), 2: (2, 3), 3: (2, 3), 4: (4, 4)}, {2, 3, 4}) == {
        2: (1, 2),
        3: (1, 2),
        4: (3, 3),
    }
    players = registry(3)
    cup = played(players, [[[(0, 10), (1, 0), (2, -10)]]])
    places = final_places(cup)
    entries = {e.player_id: e.pk for e in cup.entries.all()}
    assert places[entries[players[0].pk]] == (1, 1)
    assert places[entries[players[2].pk]] == (3, 3)


def test_qualification_points_and_norms_of_a_tournament_follow_its_table():
    players = registry(6)
    cup = small_cup(players)
    chief = UserFactory()
    cup.chief_referee = chief
    cup.save()
    category = Category.objects.create(
        name="I",
        points_table={"1": 100, "2": 60, "3": 40},
        norms=[{"title": "норматив мастера", "place_at_most": 1, "min_players": 3}],
    )
    assert qualification_of(cup) == {}
    with pytest.raises(NotAllowed):
        set_category(cup.pk, category.pk, UserFactory())
    set_category(cup.pk, category.pk, chief)
    assert TournamentCategory.objects.get(tournament=cup).category == category
    got = qualification_of(cup)
    places = final_places(cup)
    winner = next(r for r, p in places.items() if p == (1, 1))
    assert got[winner].award.points == 100
    assert got[winner].award.norms[0][0] == "норматив мастера"
    assert sorted(q.award.points for q in got.values()) == [0, 0, 0, 40, 60, 100]
    # a division places its players among themselves
    entries = sorted(places, key=lambda r: places[r])
    pro = set_division(cup.pk, "Профессионал", entries[3:], chief)
    assert isinstance(pro, Division)
    got = qualification_of(cup)
    assert got[entries[3]].division == "Профессионал"
    assert got[entries[3]].award.points == 100
    assert got[entries[0]].award.points == 100
    with pytest.raises(ServiceError):
        set_division(cup.pk, "Мастер", entries[3:4], chief)
    set_category(cup.pk, None, chief)
    assert sum(q.award.points for q in qualification_of(cup).values()) == Fraction(0)
