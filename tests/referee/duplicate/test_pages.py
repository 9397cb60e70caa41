"""The duplicate pages as their readers use them: the chief creates a session on its page,
the table page names the boards, the public sees the travellers and the hands only after
publication, the downloads follow the same rule."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from referee.duplicate import services
from referee.duplicate.models import Session
from referee.duplicate.results import session_results
from referee.seating.services import start_round
from referee.tables.models import Table
from referee.tournaments.models import Round

from ..factories import UserFactory, referee_of
from .test_session import play_session, tournament_of, whisted

pytestmark = pytest.mark.django_db

BAD_BOARD = "Board 1\n1: ♠AKQJ ♣AKQJ ♦AK\n2: ♠1098 ♣1098 ♦QJ10 ♥A\n3: ♠7 ♣7 ♦987 ♥KQJ10\nT: ♥87\n"


@pytest.fixture
def played():
    tournament, chief = tournament_of(12, published=True)
    session = services.create_session(tournament.pk, chief, seed=11)
    play_session(session, chief, lambda board, play, hands: whisted(hands, 5 + play % 3))
    return tournament, chief, session


def urls(tournament, session):
    slug, n = tournament.slug, session.number
    return {
        "session": reverse("duplicate-session", args=[slug, n]),
        "board": reverse("duplicate-board", args=[slug, n, 3]),
        "records": reverse("duplicate-records", args=[slug, n]),
        "csv": reverse("duplicate-csv", args=[slug, n]),
        "xlsx": reverse("duplicate-xlsx", args=[slug, n]),
        "pdf": reverse("duplicate-pdf", args=[slug, n]),
        "slips": reverse("duplicate-slips", args=[slug, n]),
    }


def test_the_public_sees_boards_and_travellers_only_once_published(client, played):
    tournament, chief, session = played
    address = urls(tournament, session)
    page = client.get(address["session"], HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200
    assert "когда главный судья их опубликует" in page.content.decode()
    for name in ("board", "records", "csv", "xlsx", "pdf"):
        assert client.get(address[name]).status_code == 404, name
    client.force_login(chief)
    assert client.get(address["board"]).status_code == 200  # the officials see them
    services.publish_boards(session.pk, chief)
    client.logout()
    board = client.get(address["board"], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Сдача 3" in board and "первая рука" in board and "прикуп" in board
    assert board.count('class="played"') == 4  # four tables played it
    records = client.get(address["records"]).content.decode()
    assert records.count('class="hand-record"') == 8
    standings = client.get(address["session"], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert standings.count('<tr><td class="num">') == 12


def test_the_downloads_hold_the_standings_and_every_hand_of_every_play(client, played):
    tournament, chief, session = played
    services.publish_boards(session.pk, chief)
    address = urls(tournament, session)
    csv = client.get(address["csv"]).content.decode("utf-8-sig").splitlines()
    assert len(csv) == 1 + 12
    book = load_workbook(io.BytesIO(client.get(address["xlsx"]).content))
    travellers = book.worksheets[1]
    assert travellers.max_row == 1 + 8 * 4 * 3  # 8 boards, 4 tables, 3 hands
    from pypdf import PdfReader

    pdf = client.get(address["pdf"], HTTP_ACCEPT_LANGUAGE="ru")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Итоги сессии" in text and "Сдача 8" in text and "первая рука" in text


def test_the_board_slips_are_the_officials(client, played):
    tournament, _chief, session = played
    address = urls(tournament, session)["slips"]
    client.force_login(UserFactory())
    assert client.get(address).status_code == 403  # sees the tournament, not an official
    client.force_login(referee_of(tournament))
    page = client.get(address).content.decode()
    assert page.count('class="card slip"') == 16  # 4 stanzas x 4 tables


def test_the_chief_creates_a_session_on_its_page_and_a_bad_board_changes_nothing(client):
    tournament, chief = tournament_of(9, published=True)
    client.force_login(chief)
    address = reverse("duplicate-sessions", args=[tournament.slug])
    form = {"size": 3, "boards_per_set": 1, "method": "matchpoints", "boards": BAD_BOARD}
    page = client.post(address, form, HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200
    assert "на руке 9 карт, а не 10" in page.content.decode()  # the third hand's, at its field
    assert not Session.objects.exists() and not Round.objects.exists()
    response = client.post(address, {**form, "boards": "", "seed": 4})
    session = Session.objects.get()
    assert response["Location"] == reverse("duplicate-manage", args=[tournament.slug, 1])
    assert session.seed == 4 and Round.objects.get().method == Round.Method.DUPLICATE


def test_the_table_page_names_the_set_and_who_holds_which_hand(client):
    tournament, chief = tournament_of(12, published=True)
    session = services.create_session(tournament.pk, chief, seed=2)
    planned = session.plan["stanzas"][0][0]
    table = Table.objects.get(round__number=1, number=planned["table"])
    start_round(table.round_id, chief)
    client.force_login(referee_of(tournament))
    page = client.get(
        reverse("table", args=[tournament.slug, 1, table.number]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "первая рука" in page
    for board, _hands in planned["boards"]:
        assert f"<td>{board}</td>" in page


def test_the_board_page_takes_the_same_queries_for_9_and_12_players(
    client, django_assert_num_queries
):
    counts = []
    for players in (9, 12):
        tournament, chief = tournament_of(players, published=True)
        session = services.create_session(tournament.pk, chief, seed=1, boards_per_set=1)
        play_session(session, chief, lambda board, play, hands: whisted(hands, 6))
        services.publish_boards(session.pk, chief)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(urls(tournament, session)["board"]).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_12_player_session_through_the_pages_alone(client):
    """The chief creates the session on its page, starts each stanza's round, the deal forms
    take every board (the dealer filled in by the board), each table is signed off, the round
    finished, the next stanza seated, the boards published; the public reads the results."""
    from referee.core.confirm import FLAG
    from referee.tables.dealdata import LETTERS
    from referee.tables.form_codec import DealCodec
    from referee.tables.models import Deal

    tournament, chief = tournament_of(12, published=True)
    client.force_login(chief)
    slug = tournament.slug
    created = client.post(
        reverse("duplicate-sessions", args=[slug]),
        {"size": 3, "boards_per_set": 2, "seed": 8, "method": "datum"},
    )
    assert created.status_code == 302
    session = Session.objects.get()
    for k, stanza in enumerate(session.plan["stanzas"]):
        number = session.first_round + k
        started = client.post(reverse("round-action", args=[slug, number, "start"]), {FLAG: "1"})
        assert started.status_code == 302
        for planned in stanza:
            for _board, holders in planned["boards"]:
                hands = [LETTERS[planned["seats"].index(r)] for r in holders]
                form = DealCodec.initial_from(whisted(hands, 6))
                form = {k: v for k, v in form.items() if v is not None and k != "dealer"}
                posted = client.post(
                    reverse("deal-add", args=[slug, number, planned["table"]]), form
                )
                assert posted.status_code == 302, posted.context["form"].errors
            signed = client.post(
                reverse("table-submit", args=[slug, number, planned["table"]]), {FLAG: "1"}
            )
            assert signed.status_code == 302
        finished = client.post(reverse("round-action", args=[slug, number, "finish"]), {FLAG: "1"})
        assert finished.status_code == 302
        if k + 1 < session.stanzas:
            client.post(reverse("duplicate-action", args=[slug, session.number, "seat"]))
    assert Deal.objects.count() == 32 and Round.objects.filter(status="finished").count() == 4
    client.post(reverse("duplicate-action", args=[slug, session.number, "publish"]))
    client.logout()
    page = client.get(reverse("duplicate-session", args=[slug, 1])).content.decode()
    assert page.count('<tr><td class="num">') == 12
    assert "sum of the differences to the mean" in page  # the datum, as chosen
    # every table played every board the same way: every difference to the datum is 0
    assert {line.score for line in session_results(session).standings} == {0}


def test_the_big_screen_shows_the_session_standings_once_published(client, played):
    tournament, chief, session = played
    address = reverse("duplicate-screen", args=[tournament.slug, session.number])
    assert 'class="screen-table"' not in client.get(address).content.decode()
    services.publish_boards(session.pk, chief)
    page = client.get(address).content.decode()
    assert page.count('<tr data-row><td class="num">') == 12 and "js/screen.js" in page


def test_the_boards_may_come_from_a_file(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from scoring.board import deal_boards

    tournament, chief = tournament_of(9, published=True)
    client.force_login(chief)
    text = "".join(b.text() for b in deal_boards(77, 3)).encode()
    upload = SimpleUploadedFile("boards.txt", b"\xef\xbb\xbf" + text, content_type="text/plain")
    form = {"size": 3, "boards_per_set": 1, "method": "matchpoints", "boards_file": upload}
    response = client.post(reverse("duplicate-sessions", args=[tournament.slug]), form)
    assert response.status_code == 302
    assert "".join(b.text for b in Session.objects.get().boards.all()).encode() == text
    bad = SimpleUploadedFile("boards.txt", b"\xff\xfe", content_type="text/plain")
    page = client.post(
        reverse("duplicate-sessions", args=[tournament.slug]), {**form, "boards_file": bad}
    )
    assert page.status_code == 200 and Session.objects.count() == 1
