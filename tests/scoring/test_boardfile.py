"""The board file (scoring.boardfile): a file written by hand read seat by seat into hands by
role, the round trip, and each refusal at its line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.board import deal_boards
from scoring.boardfile import BoardFile, DoubleDummy, FileBoard, read_boards, write_boards
from scoring.cards import parse_cards
from scoring.errors import BoardError

from .refusals import assert_refusal

# Written by hand. Board 1 has a table of four's layout: North deals and holds nothing, so
# clockwise after him East is the first hand, South the second, West the third. Board 2 is a
# table of three's: South deals and holds the third hand, West (the next seat clockwise that
# holds cards) the first, East the second. Every card once in each board, counted by suit:
# board 1 ♠ AKQJ + 10987 = 8; ♣ AKQ + J10 + 987 = 8; ♦ AK + QJ + 10987 = 8;
# ♥ A + KQ + J109 + talon 87 = 8. Board 2 the same with the suits ♠↔♥ and ♣↔♦ exchanged.
HAND_WRITTEN = """\
% boards for the test, dealt by hand
[Event "Hand-written"]
[Site "Rostov"]

[Board "1"]
[Dealer "N"]
[East "♠AKQJ ♣AKQ ♦AK ♥A"]
[South "S 10987 C J10 D QJ H KQ"]
[West "♣987 ♦10987 ♥J109"]
[Talon "♥87"]
[Vulnerable "None"]

[Board "2"]
[Dealer "S"]
[West "♥AKQJ ♦AKQ ♣AK ♠A"]
[East "♥10987 ♦J10 ♣QJ ♠KQ"]
[South "♦987 ♣10987 ♠J109"]
[Talon "♠87"]
[DoubleDummy "Declarer;S;C;D;H;NT;Misere"]
W 2 4 6 8 10 no
E 0 1 1 3 0 no
S 3 4 1 0 0 yes
"""
LINES = HAND_WRITTEN.splitlines()


def refused(text: str) -> BoardError:
    with pytest.raises(BoardError) as caught:
        read_boards(text)
    return caught.value


def replaced(number: int, line: str) -> str:
    """HAND_WRITTEN with its line ``number`` (1-based) replaced."""
    lines = list(LINES)
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


def test_a_hand_written_file_is_read_by_seat_into_hands_by_role():
    found = read_boards(HAND_WRITTEN)
    assert found.tags == {"Event": "Hand-written", "Site": "Rostov"}
    one, two = found.boards
    assert (one.dealer, one.seats) == ("N", ("E", "S", "W"))
    assert one.board.number == 1
    assert one.board.hands == (
        parse_cards("♠AKQJ ♣AKQ ♦AK ♥A", "x"),
        parse_cards("♠10987 ♣J10 ♦QJ ♥KQ", "x"),
        parse_cards("♣987 ♦10987 ♥J109", "x"),
    )
    assert one.board.talon == parse_cards("♥87", "x")
    assert one.dd is None
    assert (two.dealer, two.seats) == ("S", ("W", "E", "S"))
    assert two.board.hands[0] == parse_cards("♥AKQJ ♦AKQ ♣AK ♠A", "x")
    assert two.board.hands[2] == parse_cards("♠J109 ♣10987 ♦987", "x")
    assert two.dd == DoubleDummy(
        (
            {"S": 2, "C": 4, "D": 6, "H": 8, "NT": 10},
            {"S": 0, "C": 1, "D": 1, "H": 3, "NT": 0},
            {"S": 3, "C": 4, "D": 1, "H": 0, "NT": 0},
        ),
        (False, False, True),
    )


def test_the_file_round_trips_seats_dealer_and_table():
    found = read_boards(HAND_WRITTEN)
    text = write_boards(found.boards, tags=found.tags)
    again = read_boards(text)
    assert again == found
    assert write_boards(again.boards, tags=again.tags) == text
    # the unknown tag and the comment are left aside; the card text is the canonical one
    assert "Vulnerable" not in text and '[South "♠10987 ♣J10 ♦QJ ♥KQ"]' in text


def test_plain_boards_are_written_as_a_table_of_three_or_four_seats_them():
    (board,) = deal_boards(3, 1)
    three = write_boards([board], size=3).splitlines()
    assert three[:4] == ["% PREF boards 1", "", '[Board "1"]', '[Dealer "S"]']
    assert [line.split()[0] for line in three[4:]] == ["[West", "[East", "[South", "[Talon"]
    four = write_boards([board], size=4).splitlines()
    assert [line.split()[0] for line in four[4:]] == ["[West", "[North", "[East", "[Talon"]
    for text in ("\n".join(three), "\n".join(four)):
        assert read_boards(text).boards[0].board == board


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 6), st.sampled_from([3, 4]))
def test_every_dealt_board_survives_the_round_trip(seed, count, size):
    boards = deal_boards(seed, count)
    text = write_boards(boards, size=size)
    found = read_boards(text)
    assert [b.board for b in found.boards] == boards
    assert write_boards(found.boards, size=size) == text


def test_a_card_twice_is_refused_at_its_line():
    # line 8 is South's of board 1: the ♥A is East's already (line 7)
    error = refused(replaced(8, '[South "S 10987 C J10 D QJ H K A"]'))
    assert_refusal(error, "board.card_twice", "line 8", card="♥A")
    assert error.line_number == 8


def test_an_eleventh_card_a_third_talon_card_and_short_hands_are_refused_at_their_line():
    error = refused(replaced(7, '[East "♠AKQJ ♣AKQ ♦AK ♥AK"]'))
    assert_refusal(error, "board.hand_over", "line 7", card="♥K")
    error = refused(replaced(10, '[Talon "♥87 ♦7"]'))  # ♦7 is West's (line 9): twice first
    assert_refusal(error, "board.card_twice", "line 10", card="♦7")
    # the talon before West's line: its third card is refused before West's ♦7 is read
    talon_first = replaced(9, '[Talon "♥87 ♦7"]').replace(
        '[Talon "♥87"]', '[West "♣987 ♦10987 ♥J109"]', 1
    )
    assert_refusal(refused(talon_first), "board.talon_over", "line 9", card="♦7")
    error = refused(replaced(9, '[West "♣987 ♦10987 ♥J10"]'))
    assert_refusal(error, "board.hand_short", "line 9", count=9)
    error = refused(replaced(18, '[Talon "♠8"]'))
    assert_refusal(error, "board.talon_short", "line 18", count=1)


def test_an_unknown_rank_or_suit_is_refused_at_its_line():
    error = refused(replaced(16, '[East "♥10987 ♦J1 ♣QJ ♠KQ"]'))
    assert_refusal(error, "board.unknown_rank", "line 16", text="1")
    error = refused(replaced(17, '[South "X987 ♣10987 ♠J109"]'))
    assert_refusal(error, "board.unknown_suit", "line 17", text="X")


def test_the_files_structure_is_refused_at_its_line():
    cases = [
        (replaced(3, "Site: Rostov"), "board.file_line", 3),
        (replaced(3, '[South "♠A"]'), "board.file_before", 3),
        (replaced(5, '[Board "0"]'), "board.file_number", 5),
        (replaced(13, '[Board "1"]'), "board.file_twice", 13),
        (replaced(11, '[West "♠A"]'), "board.file_tag_twice", 11),
        (replaced(6, ""), "board.file_missing", 5),  # no Dealer: at the Board line
        (replaced(10, ""), "board.file_missing", 5),  # no Talon
        (replaced(6, '[Dealer "X"]'), "board.file_dealer", 6),
        (replaced(9, ""), "board.file_hands", 5),  # two hands
        (replaced(11, '[North "♠A"]'), "board.file_hands", 11),  # four: at the fourth
        (replaced(19, '[DoubleDummy "Declarer;S;C;D;H;NT"]'), "board.file_dd_columns", 19),
        (replaced(21, "E 0 1 1 3 11 no"), "board.file_dd_row", 21),
        (replaced(21, "N 0 1 1 3 0 no"), "board.file_dd_row", 21),  # N holds no cards
        (replaced(21, "W 0 1 1 3 0 no"), "board.file_dd_twice", 21),
        (replaced(22, ""), "board.file_dd_missing", 19),
    ]
    for text, code, line in cases:
        error = refused(text)
        assert (error.code, error.line_number) == (code, line), (code, error)
    assert refused(replaced(13, '[Board "1"]')).params == {"board": 1, "first": 5}
    assert refused(replaced(22, "")).params == {"seats": ["S"]}


def test_a_file_without_a_board_is_refused():
    assert_refusal(refused('% nothing\n[Event "x"]\n'), "board.file_empty", "file")
    assert_refusal(refused(""), "board.file_empty")


def test_quotes_and_backslashes_in_a_tag_value():
    text = write_boards(deal_boards(1, 1), tags={"Event": 'The "Cup" \\ 2026'})
    assert '[Event "The \\"Cup\\" \\\\ 2026"]' in text
    assert read_boards(text).tags == {"Event": 'The "Cup" \\ 2026'}


def test_file_boards_and_plain_boards_mix():
    (a, b) = deal_boards(9, 2)
    file = BoardFile((FileBoard(a, "W", ("N", "E", "S")),))
    text = write_boards([*file.boards, b], size=4)
    found = read_boards(text)
    assert [x.seats for x in found.boards] == [("N", "E", "S"), ("W", "N", "E")]
