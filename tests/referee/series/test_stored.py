"""A finished tournament's result for the cups, computed by a job and kept (``series.stored``):
finishing it queues the job once the change commits, the series page then reads the kept
result instead of working it out, any later change of the tournament makes a new one (the
older goes), and a running tournament's deals queue nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.jobs import queue
from referee.jobs.models import Job, JobFile
from referee.series import services, stored
from referee.series.published import Published
from referee.standings import services as standings
from referee.tournaments.log import log_action
from referee.tournaments.services import finish_tournament
from tests.referee.format.play import play_round, tournament_of

from .test_series import organiser

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """A real tournament of 3 in a series: one round, its deal won by p2, published."""
    tournament, entries, chief = tournament_of(3, published=True, slug="real")
    play_round(tournament, chief, winner=lambda seats: entries[1].pk)
    standings.update_settings(tournament, chief, {"published_through": 1})
    user = organiser()
    series = services.create_series(user, {"name": "Настоящий", "slug": "real-cup"})
    services.add_tournament(series.pk, "real", user)
    return tournament, chief, series


def first(series):
    line = services.series_table(series).ranked[0]
    return line.player.name, line.row.total


def test_finishing_a_tournament_of_a_series_queues_its_result_and_the_page_reads_it(
    played, django_capture_on_commit_callbacks, monkeypatch
):
    tournament, chief, series = played
    assert Job.objects.filter(kind=stored.JOB_KIND).count() == 0  # running: nothing queued
    with django_capture_on_commit_callbacks(execute=True):
        finish_tournament(tournament.pk, chief)
    job = Job.objects.get(kind=stored.JOB_KIND)
    assert job.status == "queued"
    assert queue.drain() == 2  # and the kept standings of the profiles (ratings.finals)
    kept = stored.loads(bytes(JobFile.objects.get(job__key=job.key).content))
    # p2 declared a 6 with both defenders passing: first of three
    places = {tournament.entries.get(pk=r).player.name: p for r, p in kept.places.items()}
    assert places["p2"] == (1, 1)
    # the page reads it: nothing is worked out in the request
    asked = []
    real = services.published_results
    monkeypatch.setattr(services, "published_results", lambda ts: asked.append(ts) or real(ts))
    assert first(series) == ("p2", 100)
    assert asked == []


def test_a_change_of_the_finished_tournament_makes_a_new_result_and_the_old_goes(
    played, django_capture_on_commit_callbacks
):
    tournament, chief, series = played
    with django_capture_on_commit_callbacks(execute=True):
        finish_tournament(tournament.pk, chief)
    queue.drain()
    old = Job.objects.get(kind=stored.JOB_KIND)
    tournament.refresh_from_db()  # finished, as a service loads it
    with django_capture_on_commit_callbacks(execute=True):
        log_action(tournament, chief, "tournament.settings")
    new = Job.objects.filter(kind=stored.JOB_KIND).exclude(pk=old.pk).get()
    assert new.key == stored.key_of(tournament.pk, stored.versions([tournament])[tournament.pk])
    # until the job has run the page works the result out itself, and is right
    assert first(series) == ("p2", 100)
    queue.drain()
    assert list(Job.objects.filter(kind=stored.JOB_KIND).values_list("pk", flat=True)) == [new.pk]
    assert first(series) == ("p2", 100)


def test_a_tournament_in_no_series_queues_nothing(django_capture_on_commit_callbacks):
    tournament, _entries, chief = tournament_of(3, published=True, slug="alone")
    play_round(tournament, chief)
    with django_capture_on_commit_callbacks(execute=True):
        finish_tournament(tournament.pk, chief)
    assert Job.objects.filter(kind=stored.JOB_KIND).count() == 0


def test_a_result_survives_its_json_exactly():
    published = Published(
        {7: (1, 2), 8: (1, 2)}, {7: Fraction(41, 3), 8: Fraction(0)}, {7: 70, 8: 80}
    )
    assert stored.loads(stored.dumps(published)) == published
    assert stored.loads(stored.dumps(None)) is None
