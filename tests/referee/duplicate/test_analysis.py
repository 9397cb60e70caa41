"""Each board's double-dummy table (issue 23, point 2): computed once per board after the
session commits, kept on the board, shown on the board page, the hand records, the PDF and
the API, each table's declarer beside his double-dummy tricks."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.duplicate import analysis, services
from referee.duplicate.models import Board
from referee.duplicate.results import session_results
from referee.jobs import queue
from referee.jobs.models import Job, Run

from .test_session import play_session, tournament_of, whisted

pytestmark = pytest.mark.django_db

#: The first hand holds all eight spades and ♣AK; the second ♣QJ10987 ♦AKQJ; the third
#: ♦10987 ♥AKQJ109; the talon ♥87.
OBVIOUS = "Board {n}\n1: ♠AKQJ10987 ♣AK\n2: ♣QJ10987 ♦AKQJ\n3: ♦10987 ♥AKQJ109\nT: ♥87\n"


def test_an_obvious_board_worked_by_hand():
    """First hand in spades: he discards the talon's hearts, leads and takes all ten (eight
    trumps nobody else holds, then ♣AK). His misère holds: he discards ♣AK and leads a heart,
    which the third hand must win (all his hearts are higher); the declarer, left with
    spades and one small heart, never wins a trick again, so he never leads a spade (that
    would win, nobody else holding one). Third hand in hearts: with the
    talon eight trumps; he ruffs every spade or club led and loses his two diamonds to the
    second hand's ♦AKQJ: 8. Second hand at no trump: the first hand leads and runs his
    eight spades and ♣AK: 0."""
    found = analysis.analysis_of(OBVIOUS.format(n=1))
    assert found["tricks"]["1"]["S"] == 10
    assert found["misere"]["1"] is True
    assert found["tricks"]["3"]["H"] == 8
    assert found["tricks"]["2"]["NT"] == 0
    assert found["discards"]["1"]["S"] == "♥87"


def test_a_sessions_boards_are_analysed_once_and_shown_beside_each_play(client):
    tournament, chief = tournament_of(9, published=True)
    boards = "".join(OBVIOUS.format(n=n) for n in (1, 2, 3))
    session = services.create_session(tournament.pk, chief, boards_per_set=1, boards=boards)
    page = reverse("duplicate-board", args=[tournament.slug, 1, 1])
    client.force_login(chief)
    assert "is being computed" in client.get(page).content.decode()
    assert analysis.analyse_boards(session.pk) == 3
    assert analysis.analyse_boards(session.pk) == 0  # kept: never computed twice
    # every table: 6♠ by the first hand (whom every board makes the first hand) takes 7
    play_session(session, chief, lambda board, play, hands: whisted(hands, 7))
    play = session_results(session).travellers[0].plays[0]
    assert (play.taken, play.dd) == (7, 10)
    text = client.get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "у разыгрывающего 7, в открытую 10" in text and "В открытую" in text
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/duplicate/1/boards/1/").json()
    first = api["analysis"][0]
    assert (first["hand"], first["tricks"]["S"], first["misere"]) == (1, 10, True)
    assert set(first["tricks"]) == {"S", "C", "D", "H", "NT"}
    assert (api["plays"][0]["taken"], api["plays"][0]["dd"]) == (7, 10)


def test_now_the_boards_are_analysed_on_commit(settings, django_capture_on_commit_callbacks):
    settings.DUPLICATE_ANALYSIS = "now"
    tournament, chief = tournament_of(9)
    boards = "".join(OBVIOUS.format(n=n) for n in (1, 2, 3))
    with django_capture_on_commit_callbacks(execute=True):
        services.create_session(tournament.pk, chief, boards_per_set=1, boards=boards)
    assert not Board.objects.filter(layout__analysis__isnull=True).exists()


def test_on_the_queue_one_job_a_board_is_made_with_the_session(settings):
    settings.DUPLICATE_ANALYSIS = "queue"
    settings.JOB_RETRY_SECONDS = 0
    tournament, chief = tournament_of(9)
    session = services.create_session(tournament.pk, chief, boards_per_set=1, seed=1)
    jobs = Job.objects.filter(group=analysis.group_of(session.pk))
    assert jobs.count() == 3 and {j.status for j in jobs} == {"queued"}
    state = analysis.session_analysis(session)
    assert (state.boards, state.analysed, state.done) == (3, 0, False)
    assert queue.drain() == 3
    assert not Board.objects.filter(layout__analysis__isnull=True).exists()
    assert analysis.session_analysis(session).as_json() == {
        "boards": 3,
        "analysed": 3,
        "done": True,
        "failed": [],
    }
    assert analysis.enqueue_boards(session.pk) == 0  # nothing left to do
    # the same board analysed twice writes once
    job = jobs.first()
    assert job is not None
    assert analysis.analyse_board(job.args["board"]) == 0
    assert sum(Run.objects.filter(job__in=jobs).values_list("wrote", flat=True)) == 3


def test_a_board_s_analysis_renews_its_tournament_s_pages_and_tables_only(
    settings, django_capture_on_commit_callbacks
):
    """The session's downloads and its tables' protocols show the analysis and are kept by
    the tournament's counters; the queue's own rows renew nothing, so the analysis does."""
    from referee.core import versions

    settings.DUPLICATE_ANALYSIS = "queue"
    tournament, chief = tournament_of(9)
    other, _ = tournament_of(9)
    session = services.create_session(tournament.pk, chief, boards_per_set=1, seed=1)
    board = Board.objects.filter(session=session).first()
    assert board is not None
    names = [f"data:{tournament.slug}", f"struct:{tournament.slug}"]
    untouched = ["meta", f"data:{other.slug}", f"struct:{other.slug}"]
    before, elsewhere = versions.tokens(names), versions.tokens(untouched)
    with django_capture_on_commit_callbacks(execute=True):
        assert analysis.analyse_board(board.pk) == 1
    renewed = versions.tokens(names)
    assert all(a != b for a, b in zip(before, renewed, strict=True))
    with django_capture_on_commit_callbacks(execute=True):
        assert analysis.analyse_board(board.pk) == 0  # kept already: nothing written
    assert versions.tokens(names) == renewed and versions.tokens(untouched) == elsewhere


def test_a_public_protocol_kept_before_the_analysis_is_made_again_after_it(
    settings, django_capture_on_commit_callbacks
):
    """An anonymous reader's protocol of a duplicate table, kept by the page cache, is made
    again once its board's analysis is written (the queue's own rows renew no page)."""
    from django.test import Client

    from referee.standings.models import StandingsSettings

    settings.DUPLICATE_ANALYSIS = "queue"
    settings.PAGE_CACHE = True
    tournament, chief = tournament_of(9, published=True)
    boards = "".join(OBVIOUS.format(n=n) for n in (1, 2, 3))
    with django_capture_on_commit_callbacks(execute=True):
        session = services.create_session(tournament.pk, chief, boards_per_set=1, boards=boards)
        play_session(session, chief, lambda board, play, hands: whisted(hands, 7))
        services.publish_boards(session.pk, chief)
    StandingsSettings.objects.update_or_create(
        tournament=tournament, defaults={"published_through": 99}
    )
    reader = Client()
    protocol = f"/t/{tournament.slug}/r/1/t/1/protocol.pdf"
    first = reader.get(protocol)
    assert first.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        queue.beat("w1")  # a worker's heartbeat: the same page
    assert reader.get(protocol)["ETag"] == first["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        assert analysis.analyse_boards(session.pk) == 3
    assert reader.get(protocol)["ETag"] != first["ETag"]


def test_a_board_failing_three_times_is_shown_failed_and_the_chief_retries_it(
    settings, monkeypatch, client
):
    settings.DUPLICATE_ANALYSIS = "queue"
    settings.JOB_RETRY_SECONDS = 0
    tournament, chief = tournament_of(9)
    session = services.create_session(tournament.pk, chief, boards_per_set=1, seed=1)
    real = analysis.analysis_of
    broken = Board.objects.get(session=session, number=2).text

    def flaky(text):
        if text == broken:
            raise MemoryError("the solver ran out of memory")
        return real(text)

    monkeypatch.setattr(analysis, "analysis_of", flaky)
    queue.drain()
    state = analysis.session_analysis(session)
    assert (state.analysed, len(state.failed)) == (2, 1)
    failed = state.failed[0]
    assert (failed["board"], failed["attempts"]) == (2, 3)
    assert failed["error"] == "MemoryError: the solver ran out of memory"
    client.force_login(chief)
    page = reverse("duplicate-manage", args=[tournament.slug, session.number])
    text = client.get(page).content.decode()
    assert "MemoryError: the solver ran out of memory" in text and "Retry" in text
    api = f"/api/v1/tournaments/{tournament.slug}/duplicate/{session.number}/analysis/"
    state = client.get(api).json()
    assert (state["boards"], state["analysed"], state["done"], state["failed"]) == (3, 2, False, 1)
    assert state["analysed_boards"] == [1, 3]
    assert [(j["board"], j["status"], j["attempts"]) for j in state["jobs"]] == [
        (1, "done", 1),
        (2, "failed", 3),
        (3, "done", 1),
    ]
    assert state["jobs"][1]["error"] == "MemoryError: the solver ran out of memory"
    monkeypatch.setattr(analysis, "analysis_of", real)
    retry = reverse("duplicate-retry", args=[tournament.slug, session.number, failed["job"]])
    assert client.post(retry).status_code == 302
    queue.drain()
    assert analysis.session_analysis(session).done
    assert client.get(api).json()["jobs"][1]["status"] == "done"
    client.logout()
    assert client.get(api).status_code == 404  # the boards are not published
