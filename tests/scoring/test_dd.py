"""Double dummy (scoring.dd): hand-checked positions, the best discard, misère, and a property
against a plain exhaustive minimax written here.

Hands are first, second, third (the first hand leads unless ``leader`` says otherwise);
every expected number is worked out by hand in the comment beside it.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.board import parse_board
from scoring.cards import cards_of, parse_cards
from scoring.dd import (
    _Search,
    best_discard,
    best_misere,
    board_table,
    check_discard,
    misere_holds,
    tricks,
)
from scoring.errors import BoardError, DealError


def hands(one: str, two: str, three: str) -> tuple[int, int, int]:
    return parse_cards(one, "1"), parse_cards(two, "2"), parse_cards(three, "3")


# (hands, strain, declarer, leader, declarer's tricks)
POSITIONS = [
    # 1. one card each, no trump: ♠A beats ♠K and ♠Q; the declarer holds it
    (("♠A", "♠K", "♠Q"), "NT", 1, 1, 1),
    # 2. the same, the third hand declares: his ♠Q is the lowest
    (("♠A", "♠K", "♠Q"), "NT", 3, 1, 0),
    # 3. hearts trumps: the second hand has no spade, must trump with ♥7 and wins
    (("♠A", "♥7", "♠K"), "H", 2, 1, 1),
    # 4. the same without trumps: ♥7 is only a discard, ♠A wins
    (("♠A", "♥7", "♠K"), "NT", 2, 1, 0),
    # 5. both the second and third hand must trump: ♥8 overtrumps the declarer's ♥7
    (("♠A", "♥7", "♥8"), "H", 2, 1, 0),
    # 6. hearts: the first hand leads a spade (♠A or ♠K, the same); the declarer must ruff
    #    with ♥7, the third hand must ruff too and overtrumps with ♥8, leads ♦K to the
    #    declarer's ♦A: one trick
    (("♠AK", "♥7 ♦A", "♥8 ♦K"), "H", 2, 1, 1),
    # 7. the same without trumps: the first hand's ♠A and ♠K both win (nobody follows)
    (("♠AK", "♥7 ♦A", "♥8 ♦K"), "NT", 2, 1, 0),
    # 8. no trump, the first hand on lead cashes ♠A (♠K and ♠Q fall) and ♦7 (nobody
    #    else has a diamond): the declarer takes nothing
    (("♠A ♦7", "♠K ♣A", "♠Q ♣K"), "NT", 2, 1, 0),
    # 9. the same, the declarer on lead: ♣A wins (♣K falls, the first hand discards),
    #    then ♠K loses to ♠A, whatever the first hand kept (he keeps ♠A): one trick
    (("♠A ♦7", "♠K ♣A", "♠Q ♣K"), "NT", 2, 2, 1),
    # 10. the same, the third hand on lead: ♠Q, which the first hand's ♠A wins (♠K falls
    #    under it), and ♦7 wins too: nothing (♣K instead would give the declarer ♣A)
    (("♠A ♦7", "♠K ♣A", "♠Q ♣K"), "NT", 2, 3, 0),
    # 11. the declarer leads ♠A, the second hand's singleton ♠K must fall, ♠Q is good:
    #    two tricks (leading ♠Q first would lose both)
    (("♠AQ", "♠K ♦7", "♣78"), "NT", 1, 1, 2),
    # 12. spades trumps: ♠A and ♠K draw the second hand's only trump ♠Q, ♥A wins (the
    #    third hand has no trump): three tricks
    (("♠AK ♥A", "♠Q ♥KQ", "♣AKQ"), "S", 1, 1, 3),
    # 13. hearts trumps, the declarer leads: ♥A (♥Q falls), ♥K, then ♠7 loses to ♠A; or
    #    ♠7 first: the second hand wins and leads ♠K, which the declarer must ruff: either
    #    way ♠7 is a loser under ♠AK: two tricks
    (("♥AK ♠7", "♥Q ♠AK", "♣AKQ"), "H", 1, 1, 2),
    # 14. hearts trumps: the first hand leads his trump ♥A, which draws the declarer's only
    #    trump ♥7, then ♦A: the declarer has only ♠A left, a discard: nothing (a diamond
    #    lead first would let him ruff, then cash ♠A)
    (("♦A ♥A", "♥7 ♠A", "♦K ♠K"), "H", 2, 1, 0),
    # 15. the same, the declarer on lead: ♠A is ruffed by the first hand (no spade, so he
    #    must trump with ♥A), who leads ♦A, which the declarer must ruff with ♥7: one trick
    (("♦A ♥A", "♥7 ♠A", "♦K ♠K"), "H", 2, 2, 1),
    # 16. no trump, the declarer on lead: ♠A (♠K falls), then ♥7 loses to ♥A: one trick
    (("♦A ♥A", "♥7 ♠A", "♦K ♠K"), "NT", 2, 2, 1),
    # 17. no trump: the declarer's ♠A and ♣A are the only cards of their suits' tops; the
    #    first hand leads ♦A (he must then lead a spade) or a spade: the declarer wins
    #    ♠A, then cashes ♣A: two tricks, and the defence cannot stop either
    (("♦A ♠78", "♠A ♣A ♦7", "♦KQJ"), "NT", 2, 1, 2),
]


@pytest.mark.parametrize(("cards", "strain", "declarer", "leader", "expected"), POSITIONS)
def test_hand_checked_positions(cards, strain, declarer, leader, expected):
    assert tricks(hands(*cards), strain, declarer, leader) == expected
    assert tricks(hands(*cards), strain, declarer, leader) == minimax(
        [list(cards_of(h)) for h in hands(*cards)],
        None if strain == "NT" else "SCDH".index(strain),
        declarer - 1,
        leader - 1,
    )


# 18. the declarer (first hand) holds all eight spades, ♣7 and ♦7, the talon ♣A ♦A
BOARD_ALL_TRUMPS = parse_board(
    "Board 1\n1: ♠AKQJ10987 ♣7 ♦7\n2: ♣KQJ109 ♦KQJ109\n3: ♣8 ♦8 ♥AKQJ10987\nT: ♣A ♦A"
)
# 19. the second hand holds every seven and eight and ♠9 ♣9: nothing of his is higher than
#    any defender's card of its suit
BOARD_NOTHING = parse_board(
    "Board 2\n1: ♠AKQJ10 ♣AKQJ10\n2: ♠987 ♣987 ♦87 ♥87\n3: ♦AKQJ109 ♥AKQJ\nT: ♥10 ♥9"
)


def test_a_declarer_with_every_trump_and_the_two_aces():
    # he discards ♣7 ♦7 and holds 8 spades and ♣A ♦A, all winners, and leads: 10 in spades
    # and in no trump; any other discard keeps a seven that loses: the discard is unique
    for strain in ("S", "NT"):
        best = best_discard(BOARD_ALL_TRUMPS, strain, 1)
        assert best.tricks == 10
        assert best.discard == parse_cards("♣7 ♦7", "discard")
    # with ♣A ♦A discarded he keeps both sevens: 8 tricks
    kept = check_discard(BOARD_ALL_TRUMPS, 1, parse_cards("♣A ♦A", "discard"))
    assert tricks(kept, "S", 1) == 8


def test_a_declarer_on_second_hand_with_eight_trumps():
    # second hand ♠AKQJ10987 ♣7 ♦7 (the first board's declarer hand, played from the second
    # seat): in spades the defence takes ♣7 and ♦7 when he must follow to them, he ruffs
    # everything else: 8; in no trump the first hand runs his clubs and diamonds (7 + 3
    # tricks, the declarer following once in each and discarding spades): 0
    one, two, three = hands("♣AKQJ1098 ♦AKQ", "♠AKQJ10987 ♣7 ♦7", "♦J1098 ♥AKQJ109")
    assert tricks((one, two, three), "S", 2) == 8
    assert tricks((one, two, three), "NT", 2) == 0


def test_a_declarer_with_nothing():
    # every card of his is below every defender's of its suit, and the first hand leads: he
    # never wins a trick, so never leads; no trump: 0, and his misère holds
    hands10 = check_discard(BOARD_NOTHING, 2, parse_cards("♥10 ♥9", "discard"))
    assert tricks(hands10, "NT", 2) == 0
    assert misere_holds(hands10, 2)
    assert best_misere(BOARD_NOTHING, 2).tricks == 0
    # his first hand leads 10 winners of the top: the declarer's 10 tricks in no trump
    assert tricks(hands10, "NT", 1) == 10


# -- misère -------------------------------------------------------------------------------


def test_misere_one_card():
    assert misere_holds(hands("♠7", "♠8", "♠9"), 1)  # ♠7 led loses to ♠9
    assert not misere_holds(hands("♠A", "♠8", "♠9"), 1)  # ♠A wins whatever
    assert misere_holds(hands("♠A", "♥8", "♥9"), 2)  # no trumps at misère: ♥8 is a discard


def test_misere_two_cards():
    # declarer second hand ♠A ♠7: on ♠K he ducks ♠7; on the club lead he throws ♠A: holds
    assert misere_holds(hands("♠K ♣7", "♠A ♠7", "♠8 ♣8"), 2)
    # the first hand holds ♠K ♠8: ♠8 forces ♠7 under it, then ♠K forces ♠A over it
    assert not misere_holds(hands("♠K ♠8", "♠A ♠7", "♣7 ♣8"), 2)


def test_misere_with_the_best_discard():
    # BOARD_ALL_TRUMPS' declarer at misère: he discards the aces and leads ♣7; a defender
    # must beat it (the second hand holds ♣KQJ109, the third ♣8) and the defence keeps the
    # lead: a spade is never led to him, and his ♦7 is below every diamond. It holds.
    assert best_misere(BOARD_ALL_TRUMPS, 1).tricks == 0
    # with ♣A ♦A kept (♠7 ♠8 thrown) he leads ♣7 or ♦7, a defender wins it, and a club
    # led next forces his ♣A, the top club: it fails
    kept = check_discard(BOARD_ALL_TRUMPS, 1, parse_cards("♠7 ♠8", "discard"))
    assert not misere_holds(kept, 1)


# -- best discard, the whole board -------------------------------------------------------


# the solver's exhaustive checks run without the coverage tracer (pytest-cov's no_cover), which
# makes them some 2.5 times slower: every line and branch they reach, the rest of the suite
# reaches too (measured when this was written; make test's fail-under still counts the rest)
@pytest.mark.slow
@pytest.mark.no_cover
def test_the_best_discard_is_the_best_of_all_66():
    board = parse_board(
        "Board 3\n1: ♠AJ97 ♣A109 ♦A ♥A9\n2: ♠KQ8 ♣J87 ♦1097 ♥J\n3: ♣KQ ♦KQ8 ♥KQ1087\nT: ♠10 ♦J"
    )
    twelve = board.hands[0] | board.talon
    pairs = [(1 << a) | (1 << b) for a, b in combinations(list(cards_of(twelve)), 2)]
    assert len(pairs) == 66
    for strain in ("S", "NT"):
        each = [tricks(check_discard(board, 1, p), strain, 1) for p in pairs]
        best = best_discard(board, strain, 1)
        assert best.tricks == max(each)
        assert each[pairs.index(best.discard)] == best.tricks
    for declarer in (1, 3):
        twelve = board.hands[declarer - 1] | board.talon
        pairs = [(1 << a) | (1 << b) for a, b in combinations(list(cards_of(twelve)), 2)]
        holds = [misere_holds(check_discard(board, declarer, p), declarer) for p in pairs]
        verdict = best_misere(board, declarer)
        assert (verdict.tricks == 0) == any(holds)
        assert verdict.tricks == 1 or holds[pairs.index(verdict.discard)]


def test_the_boards_table():
    table = board_table(BOARD_ALL_TRUMPS)
    assert set(table.tricks) == {(d, s) for d in (1, 2, 3) for s in ("S", "C", "D", "H", "NT")}
    assert table.tricks[(1, "S")].tricks == 10
    assert table.misere[1].tricks == 0
    # the third hand in hearts: his eight trumps and the talon's ♣A ♦A (♣8 ♦8 thrown) are
    # ten winners: each lead of a club or diamond he wins with the ace or ruffs, and every
    # trick makes him the leader of the next
    assert table.tricks[(3, "H")].tricks == 10


# -- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: tricks(hands("♠A", "♠K", "♠Q"), "X", 1), "deal.strain"),
        (lambda: tricks(hands("♠A", "♠K", "♠Q"), "S", 4), "board.hand_number"),
        (lambda: tricks(hands("♠A", "♠K", "♠Q"), "S", 1, 0), "board.hand_number"),
        (lambda: tricks(hands("♠A", "♠K", "♠QJ"), "S", 1), "board.hands"),
        (lambda: tricks(hands("♠A", "♠A", "♠K"), "S", 1), "board.hands"),
        (lambda: tricks((0, 0, 0), "S", 1), "board.hands"),
        (lambda: tricks((1, 2), "S", 1), "board.hands"),  # type: ignore[arg-type]
        (lambda: tricks((1, 2, 1 << 40), "S", 1), "board.not_cards"),
        (lambda: misere_holds(hands("♠A", "♠K", "♠Q"), True), "board.hand_number"),
        (lambda: check_discard(BOARD_NOTHING, 2, parse_cards("♠A ♠K", "x")), "board.discard"),
        (lambda: check_discard(BOARD_NOTHING, 2, parse_cards("♠7", "x")), "board.discard"),
    ],
)
def test_bad_input_is_refused(call, code):
    with pytest.raises((BoardError, DealError)) as caught:
        call()
    assert caught.value.code == code


# -- the property: the solver against a plain exhaustive minimax -------------------------


def minimax(
    hands: list[list[int]], trump: int | None, declarer: int, leader: int, misere: bool = False
) -> int:
    """Every legal card of every hand tried: the declarer's tricks with both sides at their
    best (at misère the defenders maximise them, the declarer minimises)."""
    if not hands[0]:
        return 0
    order = [leader, (leader + 1) % 3, (leader + 2) % 3]

    def legal(hand: list[int], led: int | None) -> list[int]:
        if led is None:
            return hand
        follow = [c for c in hand if c >> 3 == led]
        if follow:
            return follow
        ruff = [c for c in hand if trump is not None and c >> 3 == trump]
        return ruff or hand

    def beats(card: int, best: int) -> bool:
        if card >> 3 == best >> 3:
            return card > best
        return trump is not None and card >> 3 == trump

    def play(i: int, trick: list[int], now: list[list[int]]) -> int:
        if i == 3:
            w = 0
            for k in (1, 2):
                if beats(trick[k], trick[w]):
                    w = k
            return (order[w] == declarer) + minimax(now, trump, declarer, order[w], misere)
        seat = order[i]
        values = []
        for card in legal(now[seat], trick[0] >> 3 if trick else None):
            rest = [list(h) for h in now]
            rest[seat].remove(card)
            values.append(play(i + 1, [*trick, card], rest))
        return max(values) if (seat == declarer) != misere else min(values)

    return play(0, [], hands)


@st.composite
def endings(draw: st.DrawFn) -> tuple[list[list[int]], str, int, int]:
    n = draw(st.integers(1, 4))
    deck = draw(st.permutations(range(32)))
    cards = [sorted(deck[i * n : (i + 1) * n]) for i in range(3)]
    strain = draw(st.sampled_from(["S", "C", "D", "H", "NT"]))
    return cards, strain, draw(st.integers(1, 3)), draw(st.integers(1, 3))


@pytest.mark.slow
@pytest.mark.no_cover  # (as the best discard above)
@settings(max_examples=250)
@given(endings())
def test_the_solver_agrees_with_the_exhaustive_minimax(ending):
    cards, strain, declarer, leader = ending
    masks = (sum(1 << c for c in cards[0]), sum(1 << c for c in cards[1]),
             sum(1 << c for c in cards[2]))  # fmt: skip
    trump = None if strain == "NT" else "SCDH".index(strain)
    assert tricks(masks, strain, declarer, leader) == minimax(
        cards, trump, declarer - 1, leader - 1
    )
    assert misere_holds(masks, declarer, leader) == (
        minimax(cards, None, declarer - 1, leader - 1, misere=True) == 0
    )


@settings(max_examples=60)
@given(endings(), st.integers(0, 4))
def test_the_search_holds_every_target_and_keeps_its_table(ending, guess):
    # value() finds the same from any first guess; can(t) is true exactly up to the value
    cards, strain, declarer, leader = ending
    masks = tuple(sum(1 << c for c in h) for h in cards)
    trump = None if strain == "NT" else "SCDH".index(strain)
    search = _Search(declarer - 1, trump, misere=False)
    from scoring.dd import _relative

    position = _relative(masks, trump)  # type: ignore[arg-type]
    value = search.value(position, leader - 1, guess)
    assert value == tricks(masks, strain, declarer, leader)  # type: ignore[arg-type]
    for t in range(-1, len(cards[0]) + 2):
        assert search.can(position, leader - 1, t) == (t <= value)
