"""Double dummy: what the declarer takes against the best defence, every card seen.

Three hands play ten tricks (Kodeks 3.9): the first hand (to the dealer's left) leads the
first trick, the trick's winner leads the next; a player follows suit, and if he cannot he
must trump if he can, otherwise he plays any card (3.9.3); the highest trump wins, or else
the highest card of the suit led (3.9.4). The declarer plays against the two defenders,
who play as one side.

* ``tricks(hands, strain, declarer, leader=1)``: the most tricks the declarer takes from
  this position (hands of as many cards, 1 to 10), the defenders playing their best;
* ``misere_holds(hands, declarer, leader=1)``: whether the declarer takes no trick at all
  against the best defence (no trumps at misère);
* ``best_discard(board, strain, declarer)`` and ``best_misere(board, declarer)``: the
  declarer takes the talon and discards two of his twelve cards, the best two for him;
* ``board_table(board)``: the board's table, every declarer in every strain and misère.

Hands are the bit masks of ``scoring.cards``, in the order first, second, third hand; a
hand (declarer, leader) is its number 1, 2 or 3; a strain one of ``S C D H NT``.

The search itself is in ``dd_search``; here the checks of what is asked and the discards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .board import Board
from .cards import DECK, SUITS
from .dd_search import Search as _Search  # the names the search always had here
from .dd_search import bits as _bits
from .dd_search import relative as _relative
from .errors import BoardError, DealError, shown
from .model import STRAINS


def _hand_number(value: object, field: str) -> int:
    if type(value) is not int or value not in (1, 2, 3):
        raise BoardError("board.hand_number", field, value=shown(value))
    return value - 1


def _trump(strain: object) -> int | None:
    if strain not in STRAINS:
        raise DealError("deal.strain", "strain", value=shown(strain))
    return None if strain == "NT" else SUITS.index(str(strain))


def _hands(hands: object) -> tuple[int, int, int]:
    if not isinstance(hands, tuple | list) or len(hands) != 3:
        raise BoardError("board.hands", "hands")
    h0, h1, h2 = hands
    for h in (h0, h1, h2):
        if type(h) is not int or h & ~DECK or h < 0:
            raise BoardError("board.not_cards", "hands")
    count = h0.bit_count()
    if not 1 <= count <= 10 or h1.bit_count() != count or h2.bit_count() != count:
        raise BoardError("board.hands", "hands")
    if h0 & h1 or h0 & h2 or h1 & h2:
        raise BoardError("board.hands", "hands")
    return h0, h1, h2


def tricks(hands: tuple[int, int, int], strain: str, declarer: int, leader: int = 1) -> int:
    """The most tricks the declarer takes from this position against the best defence."""
    position = _hands(hands)
    trump = _trump(strain)
    seat = _hand_number(declarer, "declarer")
    lead = _hand_number(leader, "leader")
    search = _Search(seat, trump, misere=False)
    relative = _relative(position, trump)
    return search.value(relative, lead, search.guess(relative, lead))


def misere_holds(hands: tuple[int, int, int], declarer: int, leader: int = 1) -> bool:
    """Whether the declarer can take no trick at all, the defenders seeing every card."""
    position = _relative(_hands(hands), None)
    search = _Search(_hand_number(declarer, "declarer"), None, misere=True)
    return not search.can(position, _hand_number(leader, "leader"), 1)


@dataclass(frozen=True, slots=True)
class Discard:
    """The declarer's best discard (two cards, a mask) and what he takes with it; at misère
    ``tricks`` is 0 when the misère holds with that discard, else 1 (he takes a trick)."""

    discard: int
    tricks: int


def _discards(
    board: Board, seat: int, trump: int | None, misere: bool
) -> list[tuple[int, int, int, int]]:
    """(discard, hands in relative ranks) for each different discard, the likely best
    first: at misère the highest cards, else the lowest cards outside trumps."""
    twelve = board.hands[seat] | board.talon
    cards = _bits(twelve)
    seen: set[tuple[int, int, int]] = set()
    out = []

    def weight(pair: tuple[int, int]) -> int:
        score = sum(((x.bit_length() - 1) & 7) for x in pair)
        if trump is not None:
            score += 10 * sum(1 for x in pair if (x.bit_length() - 1) >> 3 == trump)
        return -score if misere else score

    for pair in sorted(combinations(cards, 2), key=weight):
        hands = list(board.hands)
        hands[seat] = twelve ^ pair[0] ^ pair[1]
        relative = _relative((hands[0], hands[1], hands[2]), trump)
        if relative not in seen:
            seen.add(relative)
            out.append((pair[0] | pair[1], *relative))
    return out


def best_discard(board: Board, strain: str, declarer: int) -> Discard:
    """The declarer's best two cards to discard from his twelve for ``strain``, and his
    tricks with them (the first hand leads)."""
    trump = _trump(strain)
    seat = _hand_number(declarer, "declarer")
    search = _Search(seat, trump, misere=False)
    best: Discard | None = None
    for discard, h0, h1, h2 in _discards(board, seat, trump, misere=False):
        hands = (h0, h1, h2)
        if best is None:
            best = Discard(discard, search.value(hands, 0, search.guess(hands, 0)))
        elif best.tricks < 10 and search.can(hands, 0, best.tricks + 1):
            best = Discard(discard, search.value(hands, 0, best.tricks + 2))
        if best.tricks == 10:
            break
    assert best is not None
    return best


def best_misere(board: Board, declarer: int) -> Discard:
    """Misère: a discard with which the declarer takes no trick (``tricks`` 0), or, if
    none, the first tried (``tricks`` 1: the defenders make him take one)."""
    seat = _hand_number(declarer, "declarer")
    search = _Search(seat, None, misere=True)
    first: Discard | None = None
    for discard, h0, h1, h2 in _discards(board, seat, None, misere=True):
        if not search.can((h0, h1, h2), 0, 1):
            return Discard(discard, 0)
        first = first or Discard(discard, 1)
    assert first is not None
    return first


@dataclass(frozen=True, slots=True)
class BoardTable:
    """A board's double-dummy table: ``tricks[(declarer, strain)]`` with the best discard,
    ``misere[declarer]``; declarers are hands 1, 2, 3."""

    tricks: dict[tuple[int, str], Discard]
    misere: dict[int, Discard]


def board_table(board: Board) -> BoardTable:
    """Every declarer in every strain with his best discard, and his misère."""
    table = {
        (declarer, strain): best_discard(board, strain, declarer)
        for declarer in (1, 2, 3)
        for strain in STRAINS
    }
    misere = {declarer: best_misere(board, declarer) for declarer in (1, 2, 3)}
    return BoardTable(table, misere)


def check_discard(board: Board, declarer: int, discard: int) -> tuple[int, int, int]:
    """The three hands after the declarer discards ``discard`` (two of his twelve)."""
    seat = _hand_number(declarer, "declarer")
    twelve = board.hands[seat] | board.talon
    if type(discard) is not int or discard.bit_count() != 2 or discard & ~twelve:
        raise BoardError("board.discard", "discard")
    hands = list(board.hands)
    hands[seat] = twelve ^ discard
    return hands[0], hands[1], hands[2]
