"""The referee's evidence on a deal that plays a duplicate board (issue 31): the board's own
cards and double-dummy table are read (one store, ``tables.Layout``), never typed again; the
chief gives only the declarer's actual discard, kept on the board's layout; a sealed board
stays sealed on the evidence page too."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from referee.core.errors import ServiceError
from referee.duplicate import analysis, services
from referee.duplicate.models import Board
from referee.seating.services import start_round
from referee.tables import services as tables
from referee.tables.evidence import cards_of, evidence_of
from referee.tables.models import DealHands, Layout, Table
from referee.tables.sheet import seats_of
from referee.tournaments.models import Round
from scoring.board import deal_boards

from ..factories import referee_of
from ..tables.test_evidence import HANDS
from .test_session import letters_of, tournament_of, whisted

pytestmark = pytest.mark.django_db

# Board 1 is test_evidence's hands, worked by hand there: the first hand declaring spades
# takes 8 tricks against the best defence whatever two small cards he discards.
BOARD_1 = f"Board 1\n{HANDS}\n"
BOARDS = BOARD_1 + "".join(b.text() for b in deal_boards(3, 3)[1:])


def play_board_1():
    """9 players, 3 tables of 3, one board a set; the table that plays board 1 first has
    played it: 6♠ by the first hand, whisted, 8 tricks taken. The other two have not yet."""
    tournament, chief = tournament_of(9)
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=1, boards=BOARDS)
    round_ = Round.objects.get(tournament=tournament, number=session.first_round)
    start_round(round_.pk, chief)
    planned = next(p for p in session.plan["stanzas"][0] if p["boards"][0][0] == 1)
    table = Table.objects.get(round=round_, number=planned["table"])
    hands = letters_of(session, planned, planned["boards"][0][1])
    deal = services.record_board(table.pk, 1, whisted(hands, 8), chief)
    return session, chief, table, deal


@pytest.fixture
def played():
    return play_board_1()


def url(deal):
    table = deal.table
    slug = table.round.tournament.slug
    return reverse("deal-evidence", args=[slug, table.round.number, table.number, deal.number])


def test_the_deal_reads_its_boards_cards_and_table(played):
    session, _chief, table, deal = played
    analysis.analyse_boards(session.pk)
    board = Board.objects.get(session=session, number=1)
    cards = cards_of(table, [deal])[deal.pk]
    assert (cards.layout.pk, cards.declarer_hand, cards.board, cards.entry) == (
        board.layout_id,
        1,  # the plan's first hand declared
        1,
        None,
    )
    names = {s.letter: s.name for s in seats_of(table)}
    evidence = evidence_of(deal.number, deal.data, cards, names)
    assert (evidence.tricks, evidence.defenders, evidence.guarantee) == (
        8,
        2,
        "the contract is made",
    )
    # the best discard is the board table's, read, not worked out again
    assert evidence.discard == board.analysis["discards"]["1"]["S"] and not evidence.discard_actual
    assert evidence.lines[0].cards == "♠AKQJ10987 ♥87" and evidence.lines[-1].cards == "♦87"
    assert Layout.objects.count() == 3  # the three boards' and nothing typed


def test_the_chiefs_page_shows_the_board_and_asks_only_for_the_discard(client, played):
    session, chief, _table, deal = played
    client.force_login(chief)
    with translation.override("en"):
        page = client.get(url(deal), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The cards of board 1 of the duplicate session" in page
    assert "♠AKQJ10987 ♥87" in page  # the board's first hand, nothing typed
    assert 'name="board"' not in page and 'name="declarer_hand"' not in page
    assert 'name="discard"' in page
    done = client.post(url(deal), {"discard": "D8 D7", "reason": "the dispute"})
    assert done.status_code == 302
    entry = DealHands.objects.get()
    board = Board.objects.get(session=session, number=1)
    assert (entry.layout_id, entry.declarer_hand, entry.discard) == (board.layout_id, 1, "♦87")
    # kept on the board's layout: what ♦87 takes in spades (8, as worked by hand); the
    # board's own table stays its background job's (not computed yet here)
    assert board.layout.tried["1:♦87"]["S"] == 8
    assert board.layout.analysis is None
    assert Layout.objects.count() == 3
    with translation.override("ru"):
        page = client.get(url(deal), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Карты сдачи 1 дубликатной сессии" in page
    assert "фактический снос" in page.lower()


def test_cards_typed_for_a_board_deal_are_refused(played):
    _session, chief, _table, deal = played
    with pytest.raises(ServiceError) as refused:
        tables.enter_hands(deal.pk, HANDS, 1, "", chief)
    assert refused.value.code == "tables.hands.board_deal"
    assert refused.value.params["board"] == 1
    assert not DealHands.objects.exists()


def test_a_sealed_board_stays_sealed_on_the_evidence_page(client, played):
    session, _chief, _table, deal = played
    referee = referee_of(session.tournament)
    client.force_login(referee)
    page = client.get(url(deal), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "stay sealed until every table has played it" in page
    assert "♠AKQJ10987" not in page
