"""Long exports (issue 32): a large tournament's workbook goes through the job queue (run here
in this process, ``queue.drain``, as the other job tests do), its page shows the progress and
then the file; asking again is the same job; a failed one shows its reason and the chief's
Retry; the files expire; the API shows the same job."""

import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from openpyxl import load_workbook

from referee.accounts.models import Role
from referee.exports import jobs, reports
from referee.jobs import queue
from referee.jobs.models import Job, JobFile, Run
from referee.tournaments.log import log_action
from referee.tournaments.models import ActionLog

from ..api.conftest import client_for
from ..factories import referee_of
from ..standings.test_services import seven_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _long_from_seven_players(settings):
    """The seven players' tournament counts as large here (the site: 200 players)."""
    settings.EXPORT_JOB_PLAYERS = 7
    settings.JOB_RETRY_SECONDS = 0


def workbook_url(cup, **query):
    address = reverse("export-xlsx", args=[cup.slug])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def progress(client, cup, **query):
    return client.get(workbook_url(cup, progress=1, **query))


def test_a_large_workbook_is_made_by_a_job_its_page_shows_the_progress_then_the_file(
    client, settings
):
    cup, _ = seven_players()
    page = client.get(workbook_url(cup))
    assert page.status_code == 202  # no cache keeps a page still moving
    text = page.content.decode()
    assert 'id="export-progress"' in text and 'value="10"' in text
    assert "export-progress.js" in text
    job = Job.objects.get()
    assert (job.kind, job.status, job.args["url"]) == (
        "exports.render",
        "queued",
        workbook_url(cup),
    )
    state = progress(client, cup)
    assert state.status_code == 202
    assert state.json() == {
        "status": "queued",
        "percent": 10,
        "attempts": 0,
        "done": False,
        "download": "",
        "error": "",
        "retry": "",
    }
    assert queue.drain() == 1
    state = progress(client, cup).json()
    assert (state["status"], state["percent"], state["download"]) == (
        "done",
        100,
        workbook_url(cup),
    )
    response = client.get(workbook_url(cup))
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert response["Content-Disposition"] == f'attachment; filename="{cup.slug}-results.xlsx"'
    # the same workbook as made at once: the standings, two rounds, four protocols
    book = load_workbook(io.BytesIO(response.content), read_only=True)
    assert len(book.sheetnames) == 1 + 2 + 4
    settings.EXPORT_JOBS = "off"
    at_once = client.get(workbook_url(cup))
    assert at_once.status_code == 200
    assert load_workbook(io.BytesIO(at_once.content)).sheetnames == book.sheetnames
    assert Run.objects.count() == 1  # the file was made once


def test_small_exports_stay_immediate(client):
    cup, _ = seven_players()
    assert client.get(reverse("export-csv", args=[cup.slug])).status_code == 200  # a CSV
    assert client.get(reverse("export-results-json", args=[cup.slug])).status_code == 200
    assert Job.objects.count() == 0


def test_asking_again_is_the_same_job_until_the_data_or_the_reader_change(client):
    cup, _ = seven_players()
    client.get(workbook_url(cup))
    client.get(workbook_url(cup))
    progress(client, cup)
    assert Job.objects.count() == 1 and DBTaskResult.objects.count() == 1
    queue.drain()
    client.get(workbook_url(cup))
    assert Job.objects.count() == 1 and Run.objects.count() == 1  # done: not made again
    # after another round's standings: another file
    client.get(workbook_url(cup, after=1))
    assert Job.objects.count() == 2
    # an official's file holds what only the officials see: his own
    referee = referee_of(cup)
    client.force_login(referee)
    client.get(workbook_url(cup))
    assert Job.objects.count() == 3
    # a change of the tournament makes a new file for the same reader
    log_action(cup, referee, "tournament.settings")
    client.get(workbook_url(cup))
    assert Job.objects.count() == 4


def test_the_next_day_a_file_is_made_again_a_printout_says_the_day_it_was_printed(
    client, monkeypatch
):
    cup, _ = seven_players()
    client.get(workbook_url(cup))
    queue.drain()
    client.get(workbook_url(cup))
    assert Job.objects.count() == 1
    tomorrow = timezone.localdate() + timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args: tomorrow)
    client.get(workbook_url(cup))
    assert Job.objects.count() == 2


def test_the_job_keeps_the_readers_right_the_public_never_sees_an_unpublished_file(client):
    cup, _ = seven_players(published=False)
    assert client.get(workbook_url(cup)).status_code == 404
    assert progress(client, cup).status_code == 404
    assert Job.objects.count() == 0


@pytest.fixture
def broken(monkeypatch):
    def fail(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(reports, "results_workbook", fail)
    return monkeypatch


def test_a_failed_export_shows_its_reason_and_the_chief_retries_it(client, broken):
    cup, _ = seven_players()
    chief = referee_of(cup, Role.Kind.CHIEF)
    client.force_login(chief)
    client.get(workbook_url(cup))
    assert queue.drain() == 3  # the first attempt and two retries
    job = Job.objects.get()
    assert (job.status, job.attempts) == ("failed", 3)
    state = progress(client, cup).json()
    retry = reverse("export-retry", args=[cup.slug, job.pk])
    assert state["status"] == "failed" and state["error"] == "RuntimeError: the disk is full"
    assert state["retry"] == retry
    page = client.get(workbook_url(cup)).content.decode()
    assert "RuntimeError: the disk is full" in page and f'action="{retry}"' in page
    # a referee of the tournament may not retry it
    client.force_login(referee_of(cup))
    assert client.post(retry).status_code == 403
    client.force_login(chief)
    broken.undo()
    response = client.post(retry)
    assert response.status_code == 302 and response["Location"] == workbook_url(cup)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("queued", 0)
    assert ActionLog.objects.filter(action="export.retried").count() == 1
    assert client.post(retry).status_code == 302  # queued, not failed: nothing changes
    assert queue.drain() == 1
    # the retry is no change of the tournament's data: the same job, its file
    response = client.get(workbook_url(cup))
    assert response.status_code == 200 and Job.objects.count() == 1


def test_the_public_sees_a_failure_but_neither_its_reason_nor_a_retry(client, broken):
    cup, _ = seven_players()
    client.get(workbook_url(cup))
    queue.drain()
    state = progress(client, cup).json()
    assert (state["status"], state["error"], state["retry"]) == ("failed", "", "")


def test_a_retry_of_another_tournaments_or_an_unknown_job_is_not_found(client, broken):
    cup, _ = seven_players()
    other, _ = seven_players(slug="other")
    client.get(workbook_url(cup))
    queue.drain()
    job = Job.objects.get()
    client.force_login(referee_of(other, Role.Kind.CHIEF))
    assert client.post(reverse("export-retry", args=[other.slug, job.pk])).status_code == 404
    assert client.post(reverse("export-retry", args=[other.slug, 999])).status_code == 404
    assert Job.objects.get().status == "failed"


def test_files_expire_with_their_jobs_and_are_made_again(client):
    cup, _ = seven_players()
    client.get(workbook_url(cup))
    queue.drain()
    assert JobFile.objects.count() == 1
    Job.objects.update(finished_at=timezone.now() - timedelta(days=2))
    assert client.get(workbook_url(cup)).status_code == 202  # a new job: the old went
    assert Job.objects.get().status == "queued" and JobFile.objects.count() == 0


# --- the API ---------------------------------------------------------------------------------


def test_the_api_starts_the_same_job_shows_its_state_and_gives_the_file():
    cup, _ = seven_players()
    api = client_for()
    base = f"/api/v1/tournaments/{cup.slug}/exports/results/xlsx/"
    first = api.get(base + "job/")
    assert first.status_code == 202
    assert first.json()["status"] == "queued" and first.json()["file"] == ""
    assert api.get(base + "job/").json()["job"] == first.json()["job"]
    assert api.get(base + "file/").status_code == 409
    assert api.get(base + "file/").json()["code"] == "export_not_ready"
    queue.drain()
    done = api.get(base + "job/")
    assert done.status_code == 200 and done.json()["status"] == "done"
    assert done.json()["file"] == f"http://testserver{base}file/"
    response = api.get(base + "file/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{cup.slug}-results.xlsx"'
    # the page's ask of the same file is the same job
    from django.test import Client

    assert Client().get(workbook_url(cup)).status_code == 200
    assert Job.objects.count() == 1


def test_the_api_says_a_small_file_is_immediate_and_refuses_the_officials_to_others():
    cup, _ = seven_players()
    api = client_for()
    body = api.get(f"/api/v1/tournaments/{cup.slug}/exports/standings/csv/job/").json()
    assert (body["status"], body["job"]) == ("immediate", None)
    assert body["download"] == f"http://testserver/t/{cup.slug}/exports/standings.csv"
    assert api.get(f"/api/v1/tournaments/{cup.slug}/exports/register/csv/job/").status_code == 403
    assert api.get(f"/api/v1/tournaments/{cup.slug}/exports/protocol/pdf/job/").status_code == 404
    assert api.get(f"/api/v1/tournaments/{cup.slug}/exports/nothing/csv/job/").status_code == 404
    assert Job.objects.count() == 0


def test_the_api_retry_is_the_chiefs(broken):
    cup, _ = seven_players()
    client_for().get(f"/api/v1/tournaments/{cup.slug}/exports/results/xlsx/job/")
    queue.drain()
    job = Job.objects.get()
    url = f"/api/v1/tournaments/{cup.slug}/exports/jobs/{job.pk}/retry/"
    assert client_for(referee_of(cup)).post(url).status_code == 403
    chief = client_for(referee_of(cup, Role.Kind.CHIEF))
    assert chief.post(url).json() == {"retried": True}
    assert chief.post(url).json() == {"retried": False}
    assert jobs.file_of(Job.objects.get()) is None


def test_the_waiting_page_speaks_russian(client):
    cup, _ = seven_players()
    page = client.get(workbook_url(cup), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Книга результатов (XLSX)" in page
    assert "Этот файл готовится не сразу: его делают в фоне." in page
    assert "ждёт обработчика" in page


@pytest.mark.parametrize("after", ["x", "9", "2"])
def test_a_bad_or_hidden_round_is_refused_before_any_job(client, after):
    # round 2 is not published (published_through=1): hidden from the public
    cup, _ = seven_players(published_through=1)
    assert client.get(workbook_url(cup, after=after)).status_code == 404
    assert Job.objects.count() == 0


def test_two_spellings_of_one_round_are_one_job(client):
    cup, _ = seven_players()
    assert client.get(workbook_url(cup, after=1)).status_code == 202
    assert client.get(workbook_url(cup, after="01")).status_code == 202
    assert Job.objects.count() == 1
