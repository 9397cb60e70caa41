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
