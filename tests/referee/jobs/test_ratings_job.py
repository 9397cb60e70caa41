"""Rating lists recomputed on the job queue after a tournament's results change: one job a
list, done by a worker; several results in a row make one recompute."""

from __future__ import annotations

import pytest

from referee.jobs import queue
from referee.jobs.models import Job, Run
from referee.ratings.models import PlayerRating, RatingList
from referee.tournaments.log import log_action

from ..factories import PlayerFactory
from ..ratings.helpers import played

pytestmark = pytest.mark.django_db


def test_a_finished_tournament_queues_its_lists_and_a_worker_recomputes_them(
    settings, django_capture_on_commit_callbacks
):
    settings.RATINGS_RECOMPUTE = "queue"
    cup = played([PlayerFactory() for _ in range(3)], [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup)
    with django_capture_on_commit_callbacks(execute=True):
        log_action(cup, None, "tournament.finished", cup.name)
        log_action(cup, None, "standings.settings_changed", cup.name)  # corrected
    assert not PlayerRating.objects.exists()  # not in the request
    jobs = Job.objects.filter(kind="ratings.recompute", group=f"ratings.list:{rating_list.pk}")
    assert jobs.count() >= 1
    assert queue.drain() == jobs.count()
    assert PlayerRating.objects.filter(rating_list=rating_list).count() == 3
    assert {j.status for j in jobs} == {"done"}
    # one recompute for the two changes (the second job found the list already recomputed)
    assert sum(Run.objects.filter(job__in=jobs).values_list("wrote", flat=True)) == 1


def test_the_list_page_says_an_update_is_pending_until_the_job_has_run(
    client, settings, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    settings.RATINGS_RECOMPUTE = "queue"
    players = [PlayerFactory() for _ in range(3)]
    cup = played(players, [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup)
    with django_capture_on_commit_callbacks(execute=True):
        log_action(cup, None, "tournament.finished", cup.name)
    page = client.get(reverse("rating-list", args=["l"])).content.decode()
    assert "being updated in the background" in page
    queue.drain()
    page = client.get(reverse("rating-list", args=["l"])).content.decode()
    assert "being updated in the background" not in page
    assert players[0].name in page


def test_two_tournaments_changed_in_a_row_make_one_update_from_the_earlier(
    settings, django_capture_on_commit_callbacks
):
    import datetime

    from referee.ratings.models import RatedTournament
    from referee.ratings.services.compute import recompute_list

    settings.RATINGS_RECOMPUTE = "queue"
    players = [PlayerFactory() for _ in range(3)]
    days = [datetime.date(2026, 1, d) for d in (1, 2, 3)]
    cups = [played(players, [[[(0, 10), (1, 0), (2, -10)]]], starts_on=d, ends_on=d) for d in days]
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(*cups)
    recompute_list(rating_list)
    # the last one, then the first one corrected: the first job takes both
    with django_capture_on_commit_callbacks(execute=True):
        log_action(cups[2], None, "standings.settings_changed", cups[2].name)
        log_action(cups[0], None, "standings.settings_changed", cups[0].name)
    assert queue.drain() == 2
    runs = Run.objects.filter(job__kind="ratings.recompute").order_by("pk")
    assert list(runs.values_list("wrote", flat=True)) == [1, 0]
    assert RatedTournament.objects.filter(rating_list=rating_list).count() == 3
    assert not rating_list.pending.exists()


def test_a_managers_recompute_is_queued_and_done_by_a_worker(client, settings):
    from django.urls import reverse

    from ..factories import UserFactory

    settings.RATINGS_RECOMPUTE = "queue"
    players = [PlayerFactory() for _ in range(3)]
    cup = played(players, [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup)
    manager = UserFactory()
    rating_list.managers.add(manager)
    client.force_login(manager)
    response = client.post(reverse("rating-recompute", args=["l"]), follow=True)
    assert "The recompute is queued" in response.content.decode()
    assert not PlayerRating.objects.exists()
    assert queue.drain() == 1
    assert PlayerRating.objects.filter(rating_list=rating_list).count() == 3


def _ratings(rating_list):
    return sorted(
        PlayerRating.objects.filter(rating_list=rating_list).values_list(
            "player", "rating", "games", "tournaments"
        )
    )


def test_a_tournament_added_to_or_removed_from_a_list_queues_its_update(
    settings, django_capture_on_commit_callbacks
):
    """The admin, the API or a service changing a list's tournaments: the list is updated
    from that tournament on, as after a result (before, only the next result did it)."""
    import datetime

    from referee.ratings.services.compute import recompute_list

    settings.RATINGS_RECOMPUTE = "queue"
    players = [PlayerFactory() for _ in range(4)]
    days = [datetime.date(2026, 1, d) for d in (1, 2)]
    first, second = (
        played(players, [[[(0, 10), (1, 0), (2, -10)]], [[(1, 5), (2, 5), (3, -10)]]], **day)
        for day in ({"starts_on": d, "ends_on": d} for d in days)
    )
    rating_list = RatingList.objects.create(name="L", slug="l")
    with django_capture_on_commit_callbacks(execute=True):
        rating_list.tournaments.add(first, second)
    assert list(rating_list.pending.values_list("tournament", flat=True).order_by("tournament"))
    assert queue.drain() == 1
    after_add = _ratings(rating_list)
    assert after_add == _ratings_from_scratch(rating_list, recompute_list)
    with django_capture_on_commit_callbacks(execute=True):
        second.rating_lists.remove(rating_list)  # reversed: from the tournament's side
    assert list(rating_list.pending.values_list("tournament", flat=True)) == [second.pk]
    queue.drain()
    assert not rating_list.pending.exists()
    only_first = _ratings(rating_list)
    assert only_first != after_add
    assert only_first == _ratings_from_scratch(rating_list, recompute_list)
    with django_capture_on_commit_callbacks(execute=True):
        rating_list.tournaments.clear()
    assert list(rating_list.pending.values_list("tournament", flat=True)) == [None]
    queue.drain()
    assert _ratings(rating_list) == []


def _ratings_from_scratch(rating_list, recompute_list):
    """The list's ratings recomputed from scratch, in a savepoint rolled back after."""
    from django.db import transaction

    class Undo(Exception):
        pass

    found = []
    try:
        with transaction.atomic():
            recompute_list(rating_list)
            found = _ratings(rating_list)
            raise Undo
    except Undo:
        pass
    return found


def test_in_the_request_mode_a_list_change_updates_it_at_once(
    settings, django_capture_on_commit_callbacks
):
    settings.RATINGS_RECOMPUTE = "now"
    cup = played([PlayerFactory() for _ in range(3)], [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    with django_capture_on_commit_callbacks(execute=True):
        rating_list.tournaments.add(cup)
    assert PlayerRating.objects.filter(rating_list=rating_list).count() == 3
    assert not Job.objects.exists()
