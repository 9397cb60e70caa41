"""Boards (scoring.board): the notation read and written back, refusals at the offending card,
the deal from a seed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.board import Board, SplitMix64, board_of, deal_boards, parse_board
from scoring.cards import DECK, parse_cards
from scoring.errors import BoardError

# a valid board, canonical: 10 + 10 + 10 + 2 cards, every card once (counted by suit:
# ♠ AKQ + J10987 = 8; ♣ J10 + AK + Q987 = 8; ♦ 987 + AK + QJ10 = 8; ♥ A8 + K + QJ10 + 97 = 8)
TEXT = """Board 7
1: ♠AKQ ♣J10 ♦987 ♥A8
2: ♠J10987 ♣AK ♦AK ♥K
3: ♣Q987 ♦QJ10 ♥QJ10
T: ♥97
"""
LINES = TEXT.splitlines()


def board_text(**lines: str) -> str:
    """TEXT with some lines replaced: one=..., two=..., three=..., talon=..., number=..."""
    names = ("number", "one", "two", "three", "talon")
    return "\n".join(lines.get(name, line) for name, line in zip(names, LINES, strict=True))


def refused(text: str) -> BoardError:
    with pytest.raises(BoardError) as caught:
        parse_board(text)
    return caught.value


def test_a_board_is_read_and_written_back_exactly():
    board = parse_board(TEXT)
    assert board.number == 7
    assert board.hands[0] == parse_cards("♠AKQ ♣J10 ♦987 ♥A8", "x")
    assert board.talon == parse_cards("♥97", "x")
    assert board.text() == TEXT
    assert parse_board(board.text(letters=True)) == board
    assert board.text(letters=True).splitlines()[1] == "1: SAKQ CJ10 D987 HA8"


def test_the_number_line_may_be_russian_and_is_written_back_in_the_notation():
    russian = TEXT.replace("Board 7", "Сдача 7")
    assert parse_board(russian) == parse_board(TEXT)
    assert parse_board(russian.replace("Сдача", "СДАЧА")).text() == TEXT


def test_the_notation_takes_letters_any_case_any_line_order_and_blank_lines():
    text = "\n  board 7  \n\nt: h9 h7\n3: C Q987, D QJ10, H QJ10, S-\n2: SJ10987 CAK DAK HK\n"
    text += "1: ♤AKQ ♧J10 ♢987 ♡A8\n\n"
    assert parse_board(text).text() == TEXT


def test_seat_roles_follow_the_dealer():
    board = parse_board(TEXT)
    first, second, third = board.hands  # 1: to the dealer's left, leads the first trick
    assert first | second | third | board.talon == DECK


@pytest.mark.parametrize(
    ("lines", "code", "field", "params"),
    [
        # the number line
        ({"number": "Board seven"}, "board.number", "number", {"line": "'Board seven'"}),
        ({"number": "Board 0"}, "board.number", "number", {"line": "'Board 0'"}),
        ({"number": "Deal 7"}, "board.number", "number", {"line": "'Deal 7'"}),
        # a line that is no hand
        ({"talon": "4: ♥97"}, "board.line", "line", {"line": "'4: ♥97'"}),
        ({"talon": "T ♥97"}, "board.line", "line", {"line": "'T ♥97'"}),
        ({"talon": "1: ♥97"}, "board.line_twice", "hand 1", {"label": "1"}),
        # a card twice: ♠A is the first hand's, written again in the second
        ({"two": "2: ♠AJ1098 ♣AK ♦AK ♥K"}, "board.card_twice", "hand 2", {"card": "♠A"}),
        # 9 cards in a hand (♥K left out everywhere)
        ({"two": "2: ♠J10987 ♣AK ♦AK"}, "board.hand_short", "hand 2", {"count": 9}),
        # an 11th card in a hand: the third hand takes ♥9 of the talon too, refused at it
        ({"three": "3: ♣Q987 ♦QJ10 ♥QJ109", "talon": "T: ♥7"}, "board.hand_over", "hand 3",
         {"card": "♥9"}),
        # 3 in the talon while a hand holds 9: the talon's third card
        ({"two": "2: ♠J10987 ♣AK ♦AK", "talon": "T: ♥97K"}, "board.talon_over", "talon",
         {"card": "♥K"}),
        # a talon of 1 (♥7 dealt nowhere)
        ({"talon": "T: ♥9"}, "board.talon_short", "talon", {"count": 1}),
        # a 33rd card: the hands hold 30, the talon ♥9 ♥7, then one card more (♥9 again:
        # every card is dealt by then, so it is refused as the 33rd)
        ({"talon": "T: ♥97 ♥9"}, "board.extra_card", "talon", {"card": "♥9"}),
        # unknown rank and suit, at the hand
        ({"one": "1: ♠AKQ ♣J10 ♦986 ♥A8"}, "board.unknown_rank", "hand 1", {"text": "6"}),
        ({"one": "1: ♠AKQ ♣J10 ♦987 XA8"}, "board.unknown_suit", "hand 1", {"text": "X"}),
    ],
)  # fmt: skip
def test_a_bad_board_is_refused_at_the_offending_card(lines, code, field, params):
    error = refused(board_text(**lines))
    assert (error.code, error.field, error.params) == (code, field, params)


def test_a_33rd_card_is_named_even_when_it_repeats_one():
    # the talon's line first: T: ♥97, then the hands' 30; a first hand of 11 cards reaches
    # its 11th card when 32 are placed: the 33rd card, refused as such
    text = "Board 7\nT: ♥97\n2: ♠J10987 ♣AK ♦AK ♥K\n3: ♣Q987 ♦QJ10 ♥QJ10\n"
    error = refused(text + "1: ♠AKQ ♣J10 ♦987 ♥A8 ♥9")
    assert (error.code, error.field, error.params) == ("board.extra_card", "hand 1", {"card": "♥9"})
    assert error.message == "♥9 is a 33rd card: the deck has 32"


def test_a_missing_line_and_an_empty_text():
    error = refused("\n".join(LINES[:3] + LINES[4:]))  # no line 3:
    assert (error.code, error.field, error.params) == (
        "board.line_missing",
        "hand 3",
        {"label": "3"},
    )
    assert refused("  \n").code == "board.number"


def test_board_of_checks_masks_as_the_notation_does():
    board = parse_board(TEXT)
    assert board_of(7, board.hands, board.talon) == board
    h1, h2, h3 = board.hands
    with pytest.raises(BoardError) as caught:
        board_of(7, (h1, h2 | (h1 & -h1), h3), board.talon)
    assert caught.value.code == "board.card_twice"
    for bad in (1 << 32, -1, "♠A"):
        with pytest.raises(BoardError) as caught:
            board_of(7, (bad, h2, h3), board.talon)  # type: ignore[arg-type]
        assert caught.value.code == "board.not_cards"


def test_splitmix64_is_the_reference_generator():
    # the reference SplitMix64 (Steele, Lea, Flood 2014) from state 0: its first output
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    for seed in (-1, 1 << 64, True, "7"):
        with pytest.raises(BoardError) as caught:
            SplitMix64(seed)  # type: ignore[arg-type]
        assert caught.value.code == "board.seed"
    with pytest.raises(BoardError) as caught:
        deal_boards(1, 0)
    assert caught.value.code == "board.count"


def test_a_seed_deals_the_same_boards_anywhere():
    # pinned: the documented algorithm's boards for seed 2026 (a change of the algorithm
    # changes every duplicate session's boards, and this test says so)
    (board,) = deal_boards(2026, 1)
    assert board.text() == (
        "Board 1\n1: ♠AJ97 ♣A109 ♦A ♥A9\n2: ♠KQ8 ♣J87 ♦1097 ♥J\n3: ♣KQ ♦KQ8 ♥KQ1087\nT: ♠10 ♦J\n"
    )
    assert deal_boards(0, 3)[2].text().splitlines()[1] == "1: ♠AQJ109 ♣A98 ♥KJ"
    assert deal_boards(2026, 3)[0] == board  # board 1 is the first of the stream


@settings(max_examples=60)
@given(st.integers(0, (1 << 64) - 1), st.integers(1, 4))
def test_a_dealt_board_holds_the_deck_once(seed, count):
    boards = deal_boards(seed, count)
    assert [b.number for b in boards] == list(range(1, count + 1))
    for board in boards:
        assert isinstance(board, Board)
        assert [h.bit_count() for h in board.hands] == [10, 10, 10]
        assert board.talon.bit_count() == 2
        h1, h2, h3 = board.hands
        assert h1 | h2 | h3 | board.talon == DECK  # 32 cards, so each once
        assert parse_board(board.text()) == board
    assert deal_boards(seed, count) == boards
