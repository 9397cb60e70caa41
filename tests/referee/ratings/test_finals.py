"""A finished tournament's public standings, kept (``ratings.services.finals``): finishing
queues their keeping, a profile's first read then takes its places from the kept rows (one
query, no ranking), and a correction after the finish is seen at once (the kept rows are
stamped with the version they were made at) and kept again by its own job."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.jobs import queue
from referee.jobs.models import Job
from referee.ratings.services import finals, profile
from referee.standings import services as standings
from referee.standings.models import FinalStanding
from referee.tables import services as tables
from referee.tables.models import Deal
from referee.tournaments.services import finish_tournament
from tests.referee.format.play import pass_pass, play_round, tournament_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(django_capture_on_commit_callbacks):
    """A published tournament of 3, one round, its deal won by p2, finished and its
    standings kept by the job the finish queued."""
    tournament, entries, chief = tournament_of(3, published=True, slug="kept")
    play_round(tournament, chief, winner=lambda seats: entries[1].pk)
    standings.update_settings(tournament, chief, {"published_through": 1})
    with django_capture_on_commit_callbacks(execute=True):
        finish_tournament(tournament.pk, chief)
    assert Job.objects.filter(kind=finals.JOB_KIND, status="queued").count() == 1
    queue.drain()
    tournament.refresh_from_db()
    return tournament, entries, chief


def test_finishing_keeps_every_registrations_line(finished):
    tournament, entries, _chief = finished
    rows = {r.registration_id: r for r in FinalStanding.objects.filter(tournament=tournament)}
    assert set(rows) == {e.pk for e in entries}
    # p2 declared a 6 with both defenders passing at a table of 3: +80/3 whists, first;
    # p1 and p3 -40/3 each
    winner = rows[entries[1].pk]
    assert (winner.best, winner.worst, winner.whists) == (1, 1, "80/3")
    assert winner.round_points == [winner.points] and winner.guest is False
    assert {rows[entries[0].pk].whists, rows[entries[2].pk].whists} == {"-40/3"}
    # the same lines as the live computation
    live = finals.standings_of([tournament])[tournament.pk]
    versions = {tournament.pk: tournament.log.order_by("-pk").first().pk}
    for entry in entries:
        kept = finals.kept([(tournament, entry.pk, 1)], versions)[tournament.pk]
        assert kept == live[entry.pk]


def test_a_first_read_of_the_profile_ranks_nothing(finished, monkeypatch):
    _tournament, entries, _chief = finished
    monkeypatch.setattr(finals, "standings_of", lambda ts: pytest.fail(f"ranked {ts}"))
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        found = profile.profile(entries[1].player_id)
    line = found.tournaments[0]
    assert (line.standing.place, line.standing.whists) == ("1", Fraction(80, 3))
    # the player, his registrations, versions, kept standings (with what his tables add
    # up to), the names of those he met: no batch of standings, none of his tables
    assert len(queries) == 5
    assert found.overall.tables == 1 and found.opponents[0][2] == 1


def test_a_correction_after_the_finish_moves_the_places_at_once_and_is_kept_again(
    finished, django_capture_on_commit_callbacks
):
    tournament, entries, chief = finished
    p1, p2 = entries[0], entries[1]
    deal = Deal.objects.get(table__round__tournament=tournament, deleted=False)
    seats = list(deal.table.seats.order_by("position").values_list("registration_id", flat=True))
    corrected = {**pass_pass(seats, p1.pk), "dealer": deal.data["dealer"]}  # p1 won it
    with django_capture_on_commit_callbacks(execute=True):
        tables.correct_deal(deal.pk, corrected, chief, "the declarer was p1")
    # before the job runs, the kept rows are of an older version: the live computation
    assert profile.profile(p1.player_id).tournaments[0].standing.place == "1"
    assert profile.profile(p2.player_id).tournaments[0].standing.place != "1"
    assert queue.drain() >= 1
    rows = {r.registration_id: r for r in FinalStanding.objects.filter(tournament=tournament)}
    assert (rows[p1.pk].best, rows[p1.pk].whists) == (1, "80/3")
    assert rows[p2.pk].whists == "-40/3"
    cache.clear()
    assert profile.profile(p1.player_id).tournaments[0].standing.place == "1"


def test_an_archive_without_kept_standings_gets_them_by_the_command(finished):
    from django.core.management import call_command

    tournament, entries, _chief = finished
    FinalStanding.objects.all().delete()
    assert finals.missing() == [tournament.pk]
    call_command("keep_final_standings", verbosity=0)
    assert finals.missing() == []
    assert FinalStanding.objects.filter(tournament=tournament).count() == len(entries)


def test_keeping_them_again_renews_no_public_page(finished, committed):
    """Derived rows: their readers are keyed by the log's version, and a bump per row
    deleted renewed every public page once per registration (and was most of the time of
    keeping an archive's standings)."""
    from referee.core import versions

    tournament, entries, _chief = finished
    before = versions.tokens(["meta", f"data:{tournament.slug}"])
    assert committed(lambda: finals.keep([tournament.pk])) == len(entries)
    assert versions.tokens(["meta", f"data:{tournament.slug}"]) == before
