"""A list updated from a changed tournament on equals the list recomputed from scratch, and
a tournament finished at the end of the list replays only itself, whatever the archive."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.ratings.models import PlayerRating, RatedTournament, RatingChange, RatingList
from referee.ratings.services.compute import recompute_list, update_list
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tournaments.models import GuestGames, Registration, Tournament

from ..factories import PlayerFactory
from .helpers import LETTERS, played

pytestmark = pytest.mark.django_db

START = datetime.date(2026, 1, 1)


def _whists(rng: random.Random, n: int) -> list[int]:
    """Zero-sum settled whists; a tie now and then (equal whists share a rank)."""
    values = [rng.choice([-30, -10, 0, 10, 10, 25]) for _ in range(n - 1)]
    return [*values, -sum(values)]


def _tournament(rng: random.Random, players: list) -> Tournament:
    """One to three rounds, each a table of 3 and a table of 4, on a day that may repeat
    another's (the order is then by id); now and then a guest, his tables counted or not."""
    day = START + datetime.timedelta(days=rng.randint(0, 6))
    rounds = []
    for _ in range(rng.randint(1, 3)):
        seats = rng.sample(range(len(players)), 7)
        rounds.append(
            [list(zip(t, _whists(rng, len(t)), strict=True)) for t in (seats[:3], seats[3:])]
        )
    games = rng.choice([GuestGames.COUNT, GuestGames.SKIP])
    cup = played(players, rounds, starts_on=day, ends_on=day, guest_games=games)
    if rng.random() < 0.3:
        Registration.objects.filter(tournament=cup, player=rng.choice(players)).update(guest=True)
    return cup


def _correct(rng: random.Random, rating_list: RatingList, players: list) -> set[int]:
    """One change to the archive, at a random place; the tournaments it changes."""
    counted = list(rating_list.tournaments.order_by("pk"))
    cup = rng.choice(counted)
    kind = rng.choice(["table", "table", "date", "published", "remove", "add"])
    if kind == "table":  # a deal corrected: the table's settlement changes
        table = rng.choice(list(Table.objects.filter(round__tournament=cup)))
        whists = _whists(rng, len(table.result["whists"]))
        table.result = {
            **table.result,
            "whists": {LETTERS[i]: str(w) for i, w in enumerate(whists)},
        }
        table.save()
    elif kind == "date":  # moved: its place in the order changes, nothing "changed" is said
        cup.starts_on = cup.ends_on = START + datetime.timedelta(days=rng.randint(0, 6))
        cup.save()
        return set()
    elif kind == "published":  # fewer or more rounds shown to the public
        StandingsSettings.objects.filter(tournament=cup).update(published_through=rng.randint(0, 3))
    elif kind == "remove":
        rating_list.tournaments.remove(cup)
        return set()
    else:
        cup = _tournament(rng, players)
        rating_list.tournaments.add(cup)
    return {cup.pk}


def _kept(rating_list: RatingList) -> tuple[list, list, list]:
    changes = RatingChange.objects.filter(rating_list=rating_list).order_by("seq")
    return (
        list(
            changes.values_list(
                "seq",
                "player",
                "tournament",
                "round_number",
                "table_number",
                "rating_before",
                "rating_after",
                "rank",
                "whists",
                "detail",
                "mu",
                "sigma",
                "games",
                "tournaments",
            )
        ),
        sorted(
            PlayerRating.objects.filter(rating_list=rating_list).values_list(
                "player", "rating", "mu", "sigma", "games", "tournaments"
            )
        ),
        list(
            RatedTournament.objects.filter(rating_list=rating_list).values_list(
                "tournament", "starts_on", "seq_from", "seq_to"
            )
        ),
    )


@pytest.mark.parametrize("method", ["openskill", "bula_elo"])
@pytest.mark.parametrize("seed", range(4))
def test_updates_from_a_changed_tournament_on_equal_a_recompute_from_scratch(method, seed):
    rng = random.Random(seed)
    players = [PlayerFactory(rating=rng.choice([None, 1100, 1250, 1310])) for _ in range(9)]
    rating_list = RatingList.objects.create(name="L", slug="l", method=method)
    twin = RatingList.objects.create(name="T", slug="t", method=method)
    rating_list.tournaments.add(*[_tournament(rng, players) for _ in range(6)])
    recompute_list(rating_list)
    for _ in range(8):
        changed = _correct(rng, rating_list, players)
        update_list(rating_list, changed)
        twin.tournaments.set(rating_list.tournaments.all())
        recompute_list(twin)
        assert _kept(rating_list) == _kept(twin)
        _counted_by_hand(rating_list)
    assert RatingChange.objects.filter(rating_list=rating_list).count() > 20  # not empty


def _counted_by_hand(rating_list: RatingList) -> None:
    """Each player's games and tournaments are his history's rows and their tournaments."""
    rows: dict[int, list[int]] = {}
    for player, tournament in RatingChange.objects.filter(rating_list=rating_list).values_list(
        "player", "tournament"
    ):
        rows.setdefault(player, []).append(tournament)
    counts = {p: (len(ts), len(set(ts))) for p, ts in rows.items()}
    assert {
        p: (g, t)
        for p, g, t in PlayerRating.objects.filter(rating_list=rating_list).values_list(
            "player", "games", "tournaments"
        )
    } == counts


def _archive(size: int) -> tuple[RatingList, list]:
    rng = random.Random(size)
    players = [PlayerFactory(rating=1200) for _ in range(9)]
    rating_list = RatingList.objects.create(name=f"L{size}", slug=f"l{size}", method="bula_elo")
    rating_list.tournaments.add(*[_tournament(rng, players) for _ in range(size)])
    recompute_list(rating_list)
    return rating_list, players


def _finish_one_more(rating_list: RatingList, players: list, day: datetime.date) -> tuple:
    cup = played(players, [[[(0, 20), (1, -5), (2, -15)]]], starts_on=day, ends_on=day)
    rating_list.tournaments.add(cup)
    with CaptureQueriesContext(connection) as queries:
        done = update_list(rating_list, {cup.pk})
    return done, len(queries.captured_queries)


def test_a_tournament_finished_at_the_end_replays_only_itself_whatever_the_archive():
    small, players = _archive(3)
    large, veterans = _archive(12)
    late = START + datetime.timedelta(days=30)
    done_small, queries_small = _finish_one_more(small, players, late)
    done_large, queries_large = _finish_one_more(large, veterans, late)
    assert (done_small.tournaments, done_small.games, done_small.changes) == (1, 1, 3)
    assert (done_large.tournaments, done_large.games, done_large.changes) == (1, 1, 3)
    assert queries_small == queries_large
    # his state carried from the kept history: games and tournaments count on
    for rating_list in (small, large):
        last = RatingChange.objects.filter(rating_list=rating_list).order_by("-seq").first()
        assert last is not None
        earlier = (
            RatingChange.objects.filter(
                rating_list=rating_list, player=last.player, seq__lt=last.seq
            )
            .order_by("-seq")
            .first()
        )
        assert earlier is not None
        assert (last.games, last.rating_before) == (earlier.games + 1, earlier.rating_after)


def test_a_correction_replays_from_its_tournament_on_and_nothing_when_nothing_changed():
    rating_list, _players = _archive(5)
    order = list(rating_list.tournaments.order_by("starts_on", "pk").values_list("pk", flat=True))
    before = _kept(rating_list)
    assert update_list(rating_list).tournaments == 0  # nothing changed: nothing replayed
    assert update_list(rating_list, {order[3]}).tournaments == 2  # the 4th of 5 and the 5th
    assert update_list(rating_list, {order[0]}).tournaments == 5
    assert _kept(rating_list) == before  # the same results replayed to the same history
