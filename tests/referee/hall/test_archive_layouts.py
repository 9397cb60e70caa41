"""The one store of double-dummy results in an archive (issue 31): the ``layouts`` section
carries a board's cards and table and the hands typed for a deal; a board and the evidence of
the deal that plays it share one layout, before and after the round trip; an archive written
before the store (a board's cards on its row, typed hands' on theirs) still restores."""

from __future__ import annotations

import copy

import pytest

from referee.accounts.models import Role
from referee.duplicate import analysis
from referee.duplicate.models import Board
from referee.hall.archive import ArchiveError, export_tournament, import_tournament, seal
from referee.tables import services as tables
from referee.tables.models import DealHands, Layout

from ..duplicate.test_evidence import play_board_1
from ..factories import referee_of, table_with_players
from ..tables.test_evidence import DISPUTED, HANDS
from .test_archive import wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    return play_board_1()


def shape(tournament) -> dict:
    """The tournament's layouts by what holds them (ids left out), and which share one."""
    boards = {
        f"board {b.number}": (b.layout.text, b.layout.analysis, b.layout.tried)
        for b in Board.objects.filter(session__tournament=tournament)
    }
    hands = DealHands.objects.filter(deal__table__round__tournament=tournament)
    typed = {
        f"hands of deal {h.deal.number} v{h.version}": (
            h.layout.text,
            h.layout.analysis,
            h.layout.tried,
            h.declarer_hand,
            h.discard,
            getattr(getattr(h.layout, "board", None), "number", None),
        )
        for h in hands.select_related("layout", "deal")
    }
    return boards | typed


def test_a_board_its_deal_s_discard_and_its_table_come_back_sharing_one_layout(played):
    session, chief, _table, deal = played
    analysis.analyse_boards(session.pk)
    tables.enter_hands(deal.pk, "", None, "♦87", chief, "the dispute")
    tournament = session.tournament
    before = shape(tournament)
    assert before["hands of deal 1 v1"][5] == 1  # the hands are board 1's layout
    assert before["hands of deal 1 v1"][2]["1:♦87"]["S"] == 8
    document = export_tournament(tournament)
    assert len(document["data"]["layouts"]) == 3  # the three boards', once each
    wipe(tournament)
    assert not Layout.objects.exists()  # the layouts go with what held them
    restored = import_tournament(document)
    assert shape(restored) == before
    assert Layout.objects.count() == 3


def test_a_board_under_another_number_than_its_cards_is_refused(played):
    session, _chief, _table, _deal = played
    document = export_tournament(session.tournament)
    wipe(session.tournament)
    edited = copy.deepcopy(document)
    first, second = edited["data"]["duplicate_boards"][:2]
    first["layout_id"], second["layout_id"] = second["layout_id"], first["layout_id"]
    with pytest.raises(ArchiveError) as refused:
        import_tournament(edited)
    assert refused.value.params["section"] == "duplicate_boards"
    assert refused.value.params["field"] == "layout"


def older(document: dict) -> dict:
    """The archive as written before the one store: each board's and each typed hands' cards
    on their own rows, no ``layouts`` section."""
    data = copy.deepcopy(document["data"])
    layouts = {row["id"]: row for row in data.pop("layouts")}
    for row in data["duplicate_boards"]:
        held = layouts[row.pop("layout_id")]
        row["text"], row["analysis"] = held["text"], held["analysis"]
    for row in data["deal_hands"]:
        row["board"], row["analysis"] = layouts[row.pop("layout_id")]["text"], None
    return seal({**document, "data": data})


def test_an_archive_written_before_the_one_store_restores_into_it(played):
    session, _chief, _table, _deal = played
    analysis.analyse_boards(session.pk)
    before = shape(session.tournament)
    document = older(export_tournament(session.tournament))
    wipe(session.tournament)
    restored = import_tournament(document)
    assert shape(restored) == before


def test_typed_hands_of_an_older_archive_are_worked_out_again():
    table = table_with_players(3)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    deal = tables.record_deal(table.pk, DISPUTED, referee_of(tournament))
    tables.enter_hands(deal.pk, HANDS, 1, "♦87", chief)
    before = shape(tournament)
    document = older(export_tournament(tournament))
    wipe(tournament)
    restored = import_tournament(document)
    assert shape(restored) == before
    (entry,) = DealHands.objects.filter(deal__table__round__tournament=restored)
    assert entry.layout.analysis["tricks"] == {"1": {"S": 8}}  # as test_evidence works it out
