"""The 32-card deck: cards as small integers, sets of cards as bit masks.

Suits in the game's order, low to high: spades ♠ (``S``), clubs ♣ (``C``), diamonds ♦ (``D``),
hearts ♥ (``H``), the order of the strains of a contract (SPEC §2, ``scoring.model.STRAINS``:
S C D H, then NT). Ranks low to high: 7 8 9 10 J Q K A (the Latin letters of SPEC §12 and
of the case format's talon, ``SA``, ``H10``; the Russian letters В Д К Т are not taken, as
neither SPEC nor the sources write cards with them).

A card is ``8 × suit + rank`` (suit 0..3 as above, rank 0 for the 7 up to 7 for the ace),
so ``♠7`` is 0, ``♠A`` 7, ``♥A`` 31. A set of cards (a hand, the talon) is an ``int`` whose
bit ``card`` is set for each card it holds: one byte per suit, a higher rank a higher bit.

>>> parse_cards("♠AKQ ♣J10 ♦987 ♥A8", "hand 1").bit_count()
10
>>> cards_text(parse_cards("S A K Q c j 10", "hand 1"))
'♠AKQ ♣J10'
>>> card_text(parse_card("h10", "talon")), card_text(parse_card("♥10", "talon"), letters=True)
('♥10', 'H10')
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import BoardError

SUITS = ("S", "C", "D", "H")
SYMBOLS = ("♠", "♣", "♦", "♥")
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
#: every card of the deck
DECK = (1 << 32) - 1
#: the mask of each suit's eight cards
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))

_SUIT_OF = {letter: i for i, letter in enumerate(SUITS)}
_SUIT_OF |= {letter.lower(): i for i, letter in enumerate(SUITS)}
_SUIT_OF |= {symbol: i for i, symbol in enumerate(SYMBOLS)}
_SUIT_OF |= {"♤": 0, "♧": 1, "♢": 2, "♡": 3}  # the outlined symbols too
_RANK_OF = {rank: i for i, rank in enumerate(RANKS)}
_RANK_OF |= {rank.lower(): i for i, rank in enumerate(RANKS) if rank.isalpha()}


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def card_text(card: int, *, letters: bool = False) -> str:
    """``♠A`` (or ``SA`` with ``letters``), the card's suit then its rank."""
    suit = (SUITS if letters else SYMBOLS)[card >> 3]
    return suit + RANKS[card & 7]


def cards_of(cards: int) -> Iterator[int]:
    """The cards of a set, in the game's order: suits ♠ ♣ ♦ ♥, ranks 7 up to the ace."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def cards_text(cards: int, *, letters: bool = False) -> str:
    """A set written by suits in the game's order, each suit's ranks from the ace down:
    ``♠AKQ ♣J10 ♦987 ♥A87``; a suit the set does not hold is left out (``""`` if none)."""
    groups = []
    for suit in range(4):
        ranks = (cards >> (8 * suit)) & 0xFF
        if ranks:
            symbol = (SUITS if letters else SYMBOLS)[suit]
            groups.append(symbol + "".join(RANKS[r] for r in range(7, -1, -1) if ranks >> r & 1))
    return " ".join(groups)


def _tokens(text: str, field: str) -> Iterator[tuple[str, str]]:
    """(kind, token) of a cards' text: ``suit`` or ``rank``; spaces and commas separate.

    A character that is neither is refused: as an unknown rank when it is a digit or comes
    straight after a suit or a rank (``♠AKX``, ``♣1``), as an unknown suit otherwise."""
    i, n, joined = 0, len(text), False
    while i < n:
        char = text[i]
        if char in " \t,":
            i, joined = i + 1, False
        elif char in _SUIT_OF:
            yield "suit", char
            i, joined = i + 1, True
        elif text.startswith("10", i):
            yield "rank", "10"
            i, joined = i + 2, True
        elif char in _RANK_OF:
            yield "rank", char
            i, joined = i + 1, True
        else:
            end = i + 1
            while char.isdigit() and end < n and text[end].isdigit():
                end += 1
            if joined or char.isdigit():
                raise BoardError("board.unknown_rank", field, text=text[i:end])
            raise BoardError("board.unknown_suit", field, text=text[i:end])


def parse_card_list(text: str, field: str) -> list[int]:
    """The cards of a text like ``♠AKQ ♣J10``, ``S AKQ C J10`` or ``SA SK``, in the order
    written: a suit then its ranks; a suit with no ranks is a void (``♦``, ``♦-``)."""
    cards: list[int] = []
    suit: int | None = None
    for kind, token in _tokens(text.replace("-", " ").replace("—", " "), field):
        if kind == "suit":
            suit = _SUIT_OF[token]
        elif suit is None:
            raise BoardError("board.unknown_suit", field, text=token)
        else:
            cards.append(8 * suit + _RANK_OF[token])
    return cards


def parse_cards(text: str, field: str) -> int:
    """A set of distinct cards (see ``parse_card_list``); a card twice is refused at it."""
    cards = 0
    for card in parse_card_list(text, field):
        if cards >> card & 1:
            raise BoardError("board.card_twice", field, card=card_text(card))
        cards |= 1 << card
    return cards


def parse_card(text: str, field: str) -> int:
    """One card: ``♠A``, ``SA``, ``h10``."""
    cards = parse_card_list(text, field)
    if len(cards) != 1:
        raise BoardError("board.one_card", field, text=text)
    return cards[0]
