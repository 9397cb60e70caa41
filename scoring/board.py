"""A board: the deal of the cards for duplicate play, its text notation and a seeded deal.

A board has its number, the three hands of ten cards and the talon of two. The hands are
named by their seat role relative to the board's dealer: the **first hand** sits to the
dealer's left and leads the first trick (Kodeks 3.9.1), then the second and the third hand
clockwise; at a table of four the dealer holds no cards (SPEC §1), at a table of three the
dealer is the third hand.

The notation, one line per item, in this order when written:

    Board 7
    1: ♠AKQ ♣J10 ♦987 ♥A8
    2: ♠J10987 ♣AK ♦AK ♥K
    3: ♣Q987 ♦QJ10 ♥QJ10
    T: ♥97

* ``Board N`` (or ``Сдача N``): the number, a whole number from 1 (the word in any case);
* ``1:``, ``2:``, ``3:``: the first, second and third hand; ``T:`` the talon (``t:`` too);
* the cards of a line as groups, a suit then its ranks: suits ♠ ♣ ♦ ♥ (or the letters
  ``S C D H``, either case), ranks ``7 8 9 10 J Q K A`` (letters in either case); spaces and
  commas between groups or cards are optional; a void is left out or written ``♠-``;
* blank lines are ignored; the four card lines may come in any order, each once.

Written, a board is canonical: its number line, then ``1:``, ``2:``, ``3:``, ``T:``, suits in
the game's order ♠ ♣ ♦ ♥ (voids left out), each suit's ranks from the ace down; reading what
was written gives the same board, and writing it again the same text.

A board is checked card by card in the order written and refused at the first offending card
(an unknown rank or suit, a 33rd card once 32 are placed, a card twice, an 11th card in a
hand, a 3rd in the talon), then a hand short of ten or a talon short of two
(``BoardError`` with a ``board.*`` code, its field the hand: ``hand 2``, ``talon``).

**A deal from a seed** (``deal_boards(seed, count)``): the same seed deals the same boards on
any machine and any Python, by this algorithm and no library's. The generator is SplitMix64
over 64-bit words, its state starting at ``seed``: each draw adds ``0x9E3779B97F4A7C15`` to
the state (mod 2**64), then mixes ``z = state``: ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``,
``z = (z ^ z >> 27) * 0x94D049BB133111EB`` (mod 2**64), the draw is ``z ^ z >> 31``. A
uniform number below ``k`` is a draw below ``2**64 − 2**64 mod k`` (others are drawn again),
mod ``k``. Each board shuffles the deck in card order (♠7, ♠8, … ♠A, ♣7, … ♥A) by
Fisher–Yates: for ``i`` from 31 down to 1, swap place ``i`` with place ``uniform(i + 1)``;
places 0–9 are the first hand, 10–19 the second, 20–29 the third, 30–31 the talon. Boards
1, 2, … are shuffled one after the other from one generator.

>>> board = parse_board("board 7\\n1: SAKQ CJ10 D987 HA8\\n2: SJ10987 CAK DAK HK\\n"
...                     "3: ♣Q987 ♦QJ10 ♥QJ10 ♠-\\nT: H9 H7")
>>> print(board.text(), end="")
Board 7
1: ♠AKQ ♣J10 ♦987 ♥A8
2: ♠J10987 ♣AK ♦AK ♥K
3: ♣Q987 ♦QJ10 ♥QJ10
T: ♥97
>>> parse_board(board.text()) == board
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DECK, card_text, cards_text, parse_card_list
from .errors import BoardError, shown

ROLES = ("first", "second", "third")
_LABELS = ("1", "2", "3", "T")
_FIELDS = ("hand 1", "hand 2", "hand 3", "talon")
_SIZES = (10, 10, 10, 2)
_MASK64 = (1 << 64) - 1
#: the first line's word: "Board 7", or in Russian "Сдача 7" (written back as "Board")
_NUMBER_WORDS = ("board", "сдача")


@dataclass(frozen=True, slots=True)
class Board:
    """``hands``: the first, second and third hand's cards (bit masks, ``scoring.cards``);
    ``talon``: the talon's two."""

    number: int
    hands: tuple[int, int, int]
    talon: int

    def text(self, *, letters: bool = False) -> str:
        """The board in its notation (the module's docstring), canonical."""
        lines = [f"Board {self.number}"]
        for label, cards in zip(_LABELS, (*self.hands, self.talon), strict=True):
            lines.append(f"{label}: {cards_text(cards, letters=letters)}")
        return "\n".join(lines) + "\n"


def _number(line: str) -> int:
    word, _, value = line.partition(" ")
    value = value.strip()
    if (
        word.lower() not in _NUMBER_WORDS
        or not value.isascii()
        or not value.isdigit()
        or int(value) < 1
    ):
        raise BoardError("board.number", "number", line=shown(line))
    return int(value)


def parse_board(text: str) -> Board:
    """A board from its notation; refused at the first offending card or line."""
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise BoardError("board.number", "number", line="''")
    number = _number(lines[0])
    given: dict[int, str] = {}
    for line in lines[1:]:
        label, colon, cards = line.partition(":")
        index = _LABELS.index(label.strip().upper()) if label.strip().upper() in _LABELS else -1
        if not colon or index < 0:
            raise BoardError("board.line", "line", line=shown(line))
        if index in given:
            raise BoardError("board.line_twice", _FIELDS[index], label=_LABELS[index])
        given[index] = cards
    held = [0, 0, 0, 0]
    owner: dict[int, int] = {}
    for index, cards in given.items():
        field = _FIELDS[index]
        for card in parse_card_list(cards, field):
            if len(owner) == 32:
                raise BoardError("board.extra_card", field, card=card_text(card))
            if card in owner:
                raise BoardError("board.card_twice", field, card=card_text(card))
            if held[index].bit_count() == _SIZES[index] and index == 3:
                raise BoardError("board.talon_over", field, card=card_text(card))
            if held[index].bit_count() == _SIZES[index]:
                raise BoardError("board.hand_over", field, card=card_text(card))
            owner[card] = index
            held[index] |= 1 << card
    for index in range(4):
        if index not in given:
            raise BoardError("board.line_missing", _FIELDS[index], label=_LABELS[index])
        count = held[index].bit_count()
        if count != _SIZES[index] and index == 3:
            raise BoardError("board.talon_short", _FIELDS[index], count=count)
        if count != _SIZES[index]:
            raise BoardError("board.hand_short", _FIELDS[index], count=count)
    return Board(number, (held[0], held[1], held[2]), held[3])


def board_of(number: int, hands: tuple[int, int, int], talon: int) -> Board:
    """A board from its masks, checked as the notation is (hands of 10, a talon of 2, no
    card twice): the masks' text read back."""
    if any(not isinstance(cards, int) or cards & ~DECK or cards < 0 for cards in (*hands, talon)):
        raise BoardError("board.not_cards", "hands")
    return parse_board(Board(number, hands, talon).text())


class SplitMix64:
    """The seeded generator of a deal (the module's docstring)."""

    def __init__(self, seed: int) -> None:
        if type(seed) is not int or not 0 <= seed <= _MASK64:
            raise BoardError("board.seed", "seed", value=shown(seed))
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        limit = (1 << 64) - (1 << 64) % k
        while True:
            x = self.next()
            if x < limit:
                return x % k


def deal_boards(seed: int, count: int) -> list[Board]:
    """Boards 1..count dealt from ``seed`` (the module's docstring)."""
    generator = SplitMix64(seed)
    if type(count) is not int or count < 1:
        raise BoardError("board.count", "count", value=shown(count))
    boards = []
    for number in range(1, count + 1):
        deck = list(range(32))
        for i in range(31, 0, -1):
            j = generator.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        masks = [sum(1 << card for card in deck[a : a + n]) for a, n in ((0, 10), (10, 10))]
        masks += [sum(1 << card for card in deck[a : a + n]) for a, n in ((20, 10), (30, 2))]
        boards.append(Board(number, (masks[0], masks[1], masks[2]), masks[3]))
    return boards
