"""The data migration into the one store of double-dummy results (issue 31: ``tables`` 0016,
``duplicate`` 0004): each board's cards and table, and each typed hands' cards, move into a
layout of their own; the typed hands' cached numbers, when they were for these hands,
become their contract's line of the layout's table."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tables", "0015_seat_draw"), ("duplicate", "0003_session_counts")]
AFTER = [("tables", "0016_ddstore_layout"), ("duplicate", "0004_ddstore_board_layout")]
TEXT = "Board 1\n1: ♠AKQJ10987 ♥87\n2: ♣AKQJ ♦AKQ ♥AKQ\n3: ♣10987 ♦J109 ♥J109\nT: ♦87\n"
TABLE = {"tricks": {"1": {"S": 8}}, "discards": {"1": {"S": "♥87"}}, "misere": {"1": True}}


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_boards_and_typed_hands_move_into_layouts():
    from tests.referee.factories import table_with_players

    table = table_with_players(3)  # made on the current schema: no board, no hands yet
    old = migrate(BEFORE)
    try:
        tournament = old.get_model("tournaments", "Tournament").objects.get()
        session = old.get_model("duplicate", "Session").objects.create(
            tournament_id=tournament.pk,
            number=1,
            size=3,
            boards_per_set=1,
            first_round=1,
            stanzas=1,
            plan={"stanzas": []},
        )
        board = old.get_model("duplicate", "Board").objects.create(
            session=session, number=1, text=TEXT, analysis=TABLE
        )
        deal = old.get_model("tables", "Deal").objects.create(
            table_id=table.pk, number=1, data={"type": "game"}
        )
        hands = old.get_model("tables", "DealHands")
        kept = {"key": "game:S:1::1", "best": 8, "best_discard": "♥87", "tricks": 8}
        fresh = hands.objects.create(
            deal=deal, version=1, board=TEXT, declarer_hand=1, analysis=kept
        )
        # a cache for another version of the hands (stale): not moved, worked out when read
        stale = hands.objects.create(
            deal=deal, version=2, board=TEXT, declarer_hand=1, analysis=kept
        )
    finally:
        new = migrate(AFTER)
    moved = new.get_model("duplicate", "Board").objects.get(pk=board.pk)
    assert (moved.layout.text, moved.layout.analysis, moved.layout.tried) == (TEXT, TABLE, {})
    typed = new.get_model("tables", "DealHands").objects
    first, second = typed.get(pk=fresh.pk).layout, typed.get(pk=stale.pk).layout
    assert first.text == second.text == TEXT
    assert first.analysis == {"tricks": {"1": {"S": 8}}, "discards": {"1": {"S": "♥87"}}}
    assert second.analysis is None
    assert len({moved.layout.pk, first.pk, second.pk}) == 3
