"""The board file on the site: a file written by hand imported into a session (the chief's
page), its boards played at the tables and printed; a bad card refused at its line in both
languages with nothing changed; the export for whoever may read the hand records (sealed
boards stay sealed); the API's import and export."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from referee.core.errors import ServiceError
from referee.duplicate import analysis, services
from referee.duplicate.models import Session
from referee.duplicate.results import session_results
from scoring.boardfile import read_boards

from ..api.conftest import client_for
from ..factories import referee_of
from .test_session import passed_out, play_session, tournament_of, whisted

pytestmark = pytest.mark.django_db

HAND_WRITTEN = (Path(__file__).parent / "hand_written_boards.txt").read_text(encoding="utf-8")
# the file's boards by seat role, worked out from its seats and dealers by hand (board 1:
# North deals holding nothing, so East, South, West are the first, second, third hand;
# board 2: South deals and holds the third, West the first, East the second), canonical
BOARD_1 = "Board 1\n1: ♠AKQJ ♣AKQ ♦AK ♥A\n2: ♠10987 ♣J10 ♦QJ ♥KQ\n3: ♣987 ♦10987 ♥J109\nT: ♥87\n"
BOARD_2 = "Board 2\n1: ♠A ♣AK ♦AKQ ♥AKQJ\n2: ♠KQ ♣QJ ♦J10 ♥10987\n3: ♠J109 ♣10987 ♦987\nT: ♠87\n"
# line 11 is South's of board 1: his ♥A is East's already (line 10)
BAD = HAND_WRITTEN.replace('[South "♠10987 ♣J10 ♦QJ ♥KQ"]', '[South "♠10987 ♣J10 ♦QJ ♥KA"]')


@pytest.fixture
def six():
    """6 players at 2 tables of 3, one board a set: 2 boards, 2 stanzas, dealt from a seed."""
    tournament, chief = tournament_of(6, published=True)
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=1, seed=4)
    assert (session.stanzas, session.boards.count()) == (2, 2)
    return tournament, chief, session


def import_url(tournament, session):
    return reverse("duplicate-import", args=[tournament.slug, session.number])


def export_url(tournament, session):
    return reverse("duplicate-export", args=[tournament.slug, session.number])


def texts(session: Session) -> list[str]:
    return list(session.boards.values_list("layout__text", flat=True))


def test_a_hand_written_file_imported_on_the_page_is_played_at_the_tables(client, six):
    tournament, chief, session = six
    client.force_login(chief)
    page = client.post(import_url(tournament, session), {"boards": HAND_WRITTEN})
    assert page.status_code == 302
    session.refresh_from_db()
    assert texts(session) == [BOARD_1, BOARD_2]
    assert session.seed is None  # the boards are the file's now
    # the tables play them: each board at both tables, the second table whisting
    play_session(
        session, chief, lambda b, play, hands: passed_out(hands) if play == 0 else whisted(hands, 6)
    )
    results = session_results(session)
    assert [(t.board, t.text, len(t.plays)) for t in results.travellers] == [
        (1, BOARD_1, 2),
        (2, BOARD_2, 2),
    ]
    # the hand records print the file's boards (board 1's first hand: ♠ A K Q J), seated as
    # the session's tables of three: West first, East second, South deals and holds the third;
    # the board slips name the same seats
    slug, n = tournament.slug, session.number
    records = client.get(reverse("duplicate-records", args=[slug, n]), HTTP_ACCEPT_LANGUAGE="en")
    text = records.content.decode()
    assert "A K Q J" in text
    assert text.count("Dealer: South; first hand West, second East, third South.") == 2
    slips = client.get(reverse("duplicate-slips", args=[slug, n]), HTTP_ACCEPT_LANGUAGE="en")
    assert "<th>first hand (West)</th><th>second hand (East)</th><th>third hand (South)</th>" in (
        slips.content.decode()
    )


def test_the_file_can_be_given_when_the_session_is_created():
    other, other_chief = tournament_of(6)
    session = services.create_session(other.pk, other_chief, boards_per_set=1, boards=HAND_WRITTEN)
    assert texts(session) == [BOARD_1, BOARD_2]


def test_a_bad_card_is_refused_at_its_line_in_russian_and_english_and_nothing_changes(client, six):
    tournament, chief, session = six
    before = texts(session)
    client.force_login(chief)
    ru = client.post(import_url(tournament, session), {"boards": BAD}, HTTP_ACCEPT_LANGUAGE="ru")
    assert ru.status_code == 200
    assert "Строка 11: карта ♥A сдана дважды" in ru.content.decode()
    en = client.post(import_url(tournament, session), {"boards": BAD}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Line 11: ♥A is dealt twice" in en.content.decode()
    assert texts(session) == before
    with pytest.raises(ServiceError) as refused:
        services.import_boards(session.pk, chief, BAD)
    assert (refused.value.code, refused.value.params["line"]) == ("board.card_twice", 11)


def test_an_import_with_the_wrong_number_of_boards_after_play_or_by_a_referee_is_refused(six):
    tournament, chief, session = six
    one_board = HAND_WRITTEN.split('[Board "2"]')[0]
    with pytest.raises(ServiceError) as refused:
        services.import_boards(session.pk, chief, one_board)
    assert refused.value.code == "duplicate.session.boards_count"
    with pytest.raises(ServiceError) as refused:
        services.import_boards(session.pk, chief, "   ")
    assert refused.value.code == "duplicate.session.boards_empty"
    from referee.core.errors import NotAllowed

    with pytest.raises(NotAllowed):
        services.import_boards(session.pk, referee_of(tournament), HAND_WRITTEN)
    before = texts(session)
    play_session(session, chief, lambda b, play, hands: passed_out(hands))
    with pytest.raises(ServiceError) as refused:
        services.import_boards(session.pk, chief, HAND_WRITTEN)
    assert refused.value.code == "duplicate.session.boards_played"
    assert texts(session) == before


def test_the_export_follows_the_hand_records_sealing(client, six):
    tournament, chief, session = six
    services.import_boards(session.pk, chief, HAND_WRITTEN)
    url = export_url(tournament, session)
    assert client.get(url).status_code == 404  # the public: nothing before publication
    client.force_login(referee_of(tournament))
    assert client.get(url).status_code == 403  # another official: boards still open
    client.force_login(chief)
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/plain; charset=utf-8"
    assert "attachment" in answer["Content-Disposition"]
    play_session(session, chief, lambda b, play, hands: passed_out(hands))
    services.publish_boards(session.pk, chief)
    client.logout()
    public = client.get(url)
    assert public.status_code == 200
    found = read_boards(public.content.decode())
    # the round trip keeps every board: the file's cards by role, seated as tables of three
    assert [b.board.text() for b in found.boards] == [BOARD_1, BOARD_2]
    assert [(b.dealer, b.seats) for b in found.boards] == [("S", ("W", "E", "S"))] * 2
    assert found.tags["Event"] == f"{tournament.name}, D1"
    # importing the export again changes no board
    other, other_chief = tournament_of(6)
    again = services.create_session(
        other.pk, other_chief, boards_per_set=1, boards=public.content.decode()
    )
    assert texts(again) == [BOARD_1, BOARD_2]


def test_the_export_carries_the_double_dummy_table_once_computed(client, six):
    tournament, chief, session = six
    services.import_boards(session.pk, chief, HAND_WRITTEN)
    analysis.analyse_boards(session.pk)
    client.force_login(chief)
    text = client.get(export_url(tournament, session)).content.decode()
    board_1 = text.split('[Board "2"]')[0].splitlines()
    assert '[DoubleDummy "Declarer;S;C;D;H;NT;Misere"]' in board_1
    # board 1's first hand (West in the export) holds ♠AKQJ ♣AKQ ♦AK ♥A and leads: in
    # spades and at no trump he cashes ten top tricks (the ♥87 of the talon discarded); in
    # clubs he draws the three rounds of trumps first, then cashes the rest: 10 each; his
    # misère cannot hold with ten top cards
    row = next(line for line in board_1 if line.startswith("W "))
    counts = row.split()
    assert (counts[1], counts[2], counts[5], counts[6]) == ("10", "10", "10", "no")


def test_the_api_imports_and_exports_the_file(six):
    tournament, chief, session = six
    url = reverse("api-duplicate-file", args=[tournament.slug, session.number])
    bad = client_for(chief, "ru").post(url, {"text": BAD}, format="json")
    assert bad.status_code == 400
    body = bad.json()
    assert (body["code"], body["params"]["line"], body["params"]["card"]) == (
        "board.card_twice",
        11,
        "♥A",
    )
    assert body["message"].startswith("Строка 11:")
    done = client_for(chief).post(url, {"text": HAND_WRITTEN}, format="json")
    assert done.status_code == 200
    assert texts(session) == [BOARD_1, BOARD_2]
    assert client_for(referee_of(tournament)).post(url, {"text": HAND_WRITTEN}).status_code == 403
    assert client_for(referee_of(tournament)).get(url).status_code == 403
    read = client_for(chief).get(url)
    assert read.status_code == 200
    assert [b.board.text() for b in read_boards(read.json()["text"]).boards] == [BOARD_1, BOARD_2]
    assert read.json()["filename"] == f"{tournament.slug}-duplicate-1-boards.txt"
