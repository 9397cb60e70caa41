"""Prikup premium: whists for high cards in the talon (Kodeks 3.4.11; FSPR 6.4; SPEC §9.4)."""

from __future__ import annotations

from functools import lru_cache

from .errors import BoardError, DealError, shown
from .ledger import WHIST, Entry, Term
from .numbers import divide
from .table import Table

RULE = "Kodeks 3.4.11 (prikup premium)"


def parse_talon(talon: tuple[str, ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Two distinct cards in the deck's one notation (``scoring.cards``: ``SA``, ``H10``,
    ``♠A``): (suit letter, rank) pairs (each talon read once)."""
    try:
        return _parse_talon(talon)
    except TypeError:  # a value that cannot be a key: read without the cache (refused)
        return _parse_talon.__wrapped__(talon)


@lru_cache(maxsize=2048)
def _parse_talon(talon: tuple[str, ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    if len(talon) != 2:
        raise DealError("deal.talon_two", "talon")
    # the deck's notation, read only for a deal with a talon: the command line starts
    # without the cards' module (tests/scoring/test_pure.py)
    from .cards import RANKS, SUITS, parse_card, rank_of, suit_of

    cards = []
    for text in talon:
        try:
            card = parse_card(text, "talon") if isinstance(text, str) else None
        except BoardError:
            card = None
        if card is None:
            raise DealError("deal.talon_card", "talon", card=shown(text))
        cards.append((SUITS[suit_of(card)], RANKS[rank_of(card)]))
    if cards[0] == cards[1]:
        raise DealError("deal.talon_twice", "talon")
    return cards[0], cards[1]


def premium_tricks(talon: tuple[str, ...]) -> int:
    """Two aces 3; ace and king of its suit 2; any other ace 1; king–queen of a suit 1."""
    (s1, r1), (s2, r2) = parse_talon(talon)
    ranks = {r1, r2}
    if r1 == r2 == "A":
        return 3
    if ranks == {"A", "K"} and s1 == s2:
        return 2
    if "A" in ranks:
        return 1
    return 1 if ranks == {"K", "Q"} and s1 == s2 else 0


def premium(table: Table, declarer: str, level: int, talon: tuple[str, ...] | None) -> list[Entry]:
    """The dealer writes the premium (4-handed); 3-handed per ``prikup_bonus_three_handed``."""
    cv = table.convention
    if not cv.prikup_bonus or talon is None:
        return []
    tricks = premium_tricks(talon)
    if not tricks:
        return []
    w = cv.prices.whist[level]
    card_text = "".join(talon)
    if table.sitting_out is not None:
        term = Term("premium", (card_text, tricks, w))
        return [Entry(WHIST, table.sitting_out, tricks * w, RULE, term, declarer)]
    if cv.prikup_bonus_three_handed == "none":
        return []
    term = Term("premium_half", (card_text, tricks, w))
    half = divide(tricks * w, 2)
    return [Entry(WHIST, p, half, RULE, term, declarer) for p in table.clockwise_from(declarer)]
