"""The seat draw at a table (тираж, Кодекс 3.1.1; TOURNAMENTS §6.1): every player draws one
card of the 32-card pack; the lowest card chooses a seat first, the others follow by their
cards. The ace counts lowest, so the ranks go A < 7 < 8 < 9 < 10 < J < Q < K; equal ranks
(never in one pack, but a draw entered by hand is checked) are split by suit, ♠ < ♣ < ♦ < ♥.

The site's reading (the Kodeks lets each player choose his seat; the site cannot know the
choice, so it records the order of choosing): the lowest card takes seat 1, the next the seat
to his left (clockwise), and so on; the first deal, also decided by lot (Кодекс 3.2.1), goes to
the lowest card, seat 1. A referee who wants other seats records them by hand (the seating).

A card is written as the engine writes one (``scoring.cards``: suit then rank, ``♠A``,
``H10``, ``sq``), or rank then suit as players say it: ``7♠``, ``10♥``, ``QD``, ``T`` for
the ten, and in Russian ``В Д К Т`` for the pictures and ``п т б ч`` for the suits (``Дч``
is the queen of hearts, ``Тт`` the ace of clubs). It is shown as the engine shows it, ``♥Q``.

``draw`` lets the site draw the cards itself from a recorded seed: ``random.Random`` seeded
with the text ``"<seed>:<table>"`` shuffles the pack in the order ``PACK`` lists it, and the
players take the first cards in their listed order, so anyone with the seed can draw again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from scoring.cards import parse_card
from scoring.errors import BoardError

P = TypeVar("P")

#: ranks from the lowest, the ace lowest (Кодекс 3.1.1)
RANKS = ("A", "7", "8", "9", "10", "J", "Q", "K")
#: suits from the lowest: ♠ < ♣ < ♦ < ♥
SUITS = ("S", "C", "D", "H")
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

_RANK_WORDS = {
    "A": "A", "Т": "A", "ТУЗ": "A",
    "7": "7", "8": "8", "9": "9", "10": "10", "T": "10",
    "J": "J", "В": "J",
    "Q": "Q", "Д": "Q",
    "K": "K", "К": "K",
}  # fmt: skip
_SUIT_WORDS = {
    "S": "S", "♠": "S", "П": "S",
    "C": "C", "♣": "C", "Т": "C",
    "D": "D", "♦": "D", "Б": "D",
    "H": "H", "♥": "H", "Ч": "H",
}  # fmt: skip


class SeatDrawError(ValueError):
    """A draw the site cannot record: ``code`` (``card_unknown``, ``card_twice``,
    ``card_missing``, ``players``) and ``params`` say it for a translation; ``index`` is the
    player's place in the list given (None: the draw as a whole)."""

    def __init__(
        self,
        message: str,
        code: str,
        params: Mapping[str, object] | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})
        self.index = index


@dataclass(frozen=True, order=True)
class Card:
    """A card of the pack; ordered as the draw orders them (rank first, then suit)."""

    rank: int  # index in RANKS
    suit: int  # index in SUITS

    @property
    def code(self) -> str:
        """As stored, the engine's letters: ``H10``, ``SA``."""
        return SUITS[self.suit] + RANKS[self.rank]

    @property
    def text(self) -> str:
        """As shown, the engine's symbols: ``♥10``, ``♠A``."""
        return SYMBOLS[SUITS[self.suit]] + RANKS[self.rank]


PACK = tuple(Card(r, s) for s in range(len(SUITS)) for r in range(len(RANKS)))


def card(text: str) -> Card:
    """The card written ``text`` (see the module's note); else ``SeatDrawError``."""
    try:  # the engine's notation, suit first
        engine = parse_card(str(text), "card")
    except BoardError:
        engine = None
    if engine is not None:  # 8 × suit + rank from the 7 (0) up to the ace (7)
        rank = engine & 7
        return Card(0 if rank == 7 else rank + 1, engine >> 3)
    clean = "".join(str(text or "").split()).upper()
    found_rank = _RANK_WORDS.get(clean[:-1]) if len(clean) >= 2 else None
    found_suit = _SUIT_WORDS.get(clean[-1:]) if clean else None
    if found_rank is None or found_suit is None:
        raise SeatDrawError(
            f"{text!r} is not a card of the 32-card pack", "card_unknown", {"card": text}
        )
    return Card(RANKS.index(found_rank), SUITS.index(found_suit))


@dataclass(frozen=True)
class Draw(Generic[P]):
    """A recorded draw: each player's card, the seats they give and the first dealer."""

    cards: Mapping[P, Card]
    seats: tuple[P, ...]  # seat 1 first (clockwise)
    first_dealer: P


def seat_draw(players: Sequence[P], cards: Sequence[str | Card]) -> Draw[P]:
    """The draw of ``players`` (3 or 4), who drew ``cards`` in that order: refused when a
    card is missing, is not a card of the pack, or was drawn twice."""
    if len(players) not in (3, 4) or len(set(players)) != len(players):
        raise SeatDrawError("a table seats 3 or 4 players", "players", {"n": len(players)})
    if len(cards) != len(players):
        raise SeatDrawError("one card a player", "players", {"n": len(players)})
    drawn: list[Card] = []
    for i, given in enumerate(cards):
        if not isinstance(given, Card) and not str(given or "").strip():
            raise SeatDrawError(f"player {i + 1} has no card", "card_missing", {}, i)
        try:
            found = given if isinstance(given, Card) else card(given)
        except SeatDrawError as error:
            error.index = i
            raise
        if found in drawn:
            raise SeatDrawError(
                f"{found.text} is drawn twice", "card_twice", {"card": found.text}, i
            )
        drawn.append(found)
    order = sorted(range(len(players)), key=drawn.__getitem__)
    seats = tuple(players[i] for i in order)
    return Draw(dict(zip(players, drawn, strict=True)), seats, seats[0])


def draw(players: Sequence[P], seed: int, table: int) -> Draw[P]:
    """The site's own draw from the recorded ``seed`` for table ``table`` (the module's note)."""
    pack = list(PACK)
    random.Random(f"{seed}:{table}").shuffle(pack)
    return seat_draw(players, pack[: len(players)])
