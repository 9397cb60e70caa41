"""Cards (scoring.cards): the deck's order, a set's text written and read, refusals at the card."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import (
    DECK,
    RANKS,
    SUIT_MASKS,
    card_text,
    cards_of,
    cards_text,
    parse_card,
    parse_card_list,
    parse_cards,
    rank_of,
    suit_of,
)
from scoring.errors import BoardError, ScoringError


def test_the_deck_in_the_games_order():
    # 8 × suit + rank: ♠7 is 0, ♠A 7, ♣7 8, ♥A 31 (spades < clubs < diamonds < hearts)
    assert [card_text(c) for c in (0, 7, 8, 15, 16, 24, 31)] == [
        "♠7", "♠A", "♣7", "♣A", "♦7", "♥7", "♥A",
    ]  # fmt: skip
    assert card_text(27, letters=True) == "H10"
    assert (suit_of(27), rank_of(27)) == (3, 3)
    assert RANKS.index("10") == 3
    assert DECK.bit_count() == 32 and sum(SUIT_MASKS) == DECK


def test_a_set_is_written_by_suits_in_order_and_ranks_from_the_ace():
    cards = parse_cards("♥A87 ♦987 ♣J10 ♠QKA", "hand 1")
    assert cards_text(cards) == "♠AKQ ♣J10 ♦987 ♥A87"
    assert cards_text(cards, letters=True) == "SAKQ CJ10 D987 HA87"
    assert cards_text(0) == ""


@pytest.mark.parametrize(
    "text",
    [
        "♠AKQ ♣J10",
        "SAKQ CJ10",
        "s a k q, c j 10",
        "SA SK SQ CJ C10",
        "♤AKQ ♧J10 ♢ ♡",  # outlined symbols, and two voids
        "♠AKQ ♣J10 ♦- ♥—",  # voids written with a dash
    ],
)
def test_a_set_reads_the_same_however_written(text):
    assert cards_text(parse_cards(text, "hand 1")) == "♠AKQ ♣J10"


def test_the_cards_of_a_set_in_order():
    assert [card_text(c) for c in cards_of(parse_cards("♥A ♠7 ♣10", "x"))] == ["♠7", "♣10", "♥A"]
    assert parse_card_list("♥A ♠7", "x") == [31, 0]  # a list keeps the order written


def test_one_card():
    assert parse_card("h10", "talon") == 27
    assert parse_card("♠A", "talon") == 7
    with pytest.raises(BoardError) as caught:
        parse_card("♠AK", "talon")
    assert (caught.value.code, caught.value.params) == ("board.one_card", {"text": "♠AK"})


@pytest.mark.parametrize(
    ("text", "code", "bad"),
    [
        ("♠AKX", "board.unknown_rank", "X"),  # straight after a rank: a rank
        ("♣1", "board.unknown_rank", "1"),  # a 1 not followed by 0
        ("♣6", "board.unknown_rank", "6"),
        ("♣ 11", "board.unknown_rank", "11"),  # a number is a rank, whole
        ("♠AK XQ", "board.unknown_suit", "X"),  # after a space: a suit
        ("AK", "board.unknown_suit", "A"),  # a rank before any suit
        ("♠A ТК", "board.unknown_suit", "Т"),  # the Russian letters are not taken
    ],
)
def test_an_unknown_rank_or_suit_is_refused_at_it(text, code, bad):
    with pytest.raises(BoardError) as caught:
        parse_cards(text, "hand 2")
    error = caught.value
    assert (error.code, error.field, error.params) == (code, "hand 2", {"text": bad})
    assert isinstance(error, ScoringError)


def test_a_card_twice_in_a_set_is_refused_at_it():
    with pytest.raises(BoardError) as caught:
        parse_cards("♠AK ♣7 SK", "hand 3")
    assert (caught.value.code, caught.value.params) == ("board.card_twice", {"card": "♠K"})
    assert caught.value.message == "♠K is dealt twice"


@settings(max_examples=100)
@given(st.integers(0, DECK))
def test_any_set_is_read_back_from_its_text(cards):
    assert parse_cards(cards_text(cards), "x") == cards
    assert parse_cards(cards_text(cards, letters=True), "x") == cards
