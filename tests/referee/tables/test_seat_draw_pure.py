"""The seat draw (Kodeks 3.1.1, TOURNAMENTS §6.1), worked by hand: the ace counts lowest, so
ranks go A < 7 < 8 < 9 < 10 < J < Q < K, and equal ranks split by suit ♠ < ♣ < ♦ < ♥; the
lowest card takes seat 1 and deals first, the others follow by their cards."""

from __future__ import annotations

import pytest

from referee.tables.pure.seat_draw import PACK, Card, SeatDrawError, card, draw, seat_draw


def test_the_ace_is_the_lowest_card_and_the_king_the_highest():
    # Анна ♥K, Борис ♠A, Вера ♦7: ♠A (lowest rank) < ♦7 < ♥K
    done = seat_draw(["Анна", "Борис", "Вера"], ["♥K", "♠A", "♦7"])
    assert done.seats == ("Борис", "Вера", "Анна")
    assert done.first_dealer == "Борис"
    assert done.cards["Анна"].text == "♥K"


def test_equal_ranks_split_by_suit_spades_clubs_diamonds_hearts():
    # four aces: ♥A > ♦A > ♣A > ♠A, so the order is ♠, ♣, ♦, ♥
    done = seat_draw(["a", "b", "c", "d"], ["♥A", "♦A", "♠A", "♣A"])
    assert done.seats == ("c", "d", "b", "a")
    # four tens: the same suit order
    tens = seat_draw(["a", "b", "c", "d"], ["10♣", "10♥", "10♠", "10♦"])
    assert tens.seats == ("c", "a", "d", "b")


def test_a_lower_rank_beats_a_lower_suit():
    # ♥7 (rank 7, the highest suit) is below ♠8 (rank 8, the lowest suit); ♠A below both
    done = seat_draw(["x", "y", "z"], ["♠8", "♥7", "♠A"])
    assert done.seats == ("z", "y", "x")


def test_cards_are_read_in_the_engines_notation_and_as_players_say_them():
    assert card("♠A") == card("SA") == card("AS") == card("Тп") == Card(0, 0)
    assert card("h10") == card("10♥") == card("TH") == card("10ч") == Card(4, 3)
    assert card("Дч").text == "♥Q" and card("Вб").text == "♦J" and card("Кт").text == "♣K"
    assert card("Тт").text == "♣A"  # туз треф: the rank's Т, then the suit's т


@pytest.mark.parametrize("text", ["6♠", "2h", "♠1", "Joker", "", "♠", "11♥"])
def test_a_card_not_in_the_32_card_pack_is_refused(text):
    with pytest.raises(SeatDrawError) as caught:
        card(text)
    assert caught.value.code == "card_unknown"
    assert caught.value.params == {"card": text}


def test_a_card_drawn_twice_is_refused_at_the_second_player():
    with pytest.raises(SeatDrawError) as caught:
        seat_draw(["a", "b", "c"], ["♠7", "♥Q", "7♠"])
    assert (caught.value.code, caught.value.index) == ("card_twice", 2)
    assert caught.value.params == {"card": "♠7"}


def test_a_missing_card_and_a_bad_card_name_the_player():
    with pytest.raises(SeatDrawError) as caught:
        seat_draw(["a", "b", "c"], ["♠7", " ", "♥Q"])
    assert (caught.value.code, caught.value.index) == ("card_missing", 1)
    with pytest.raises(SeatDrawError) as caught:
        seat_draw(["a", "b", "c"], ["♠7", "♥Q", "6♦"])
    assert (caught.value.code, caught.value.index) == ("card_unknown", 2)


def test_a_draw_needs_three_or_four_players_and_one_card_each():
    for players, cards in ((["a", "b"], ["♠7", "♠8"]), (["a", "b", "c"], ["♠7", "♠8"])):
        with pytest.raises(SeatDrawError) as caught:
            seat_draw(players, cards)
        assert caught.value.code == "players" and caught.value.index is None


def test_the_pack_has_32_cards_seven_to_ace_in_four_suits():
    assert len(set(PACK)) == 32
    assert {c.text for c in PACK if c.suit == 3} == {
        "♥7", "♥8", "♥9", "♥10", "♥J", "♥Q", "♥K", "♥A"
    }  # fmt: skip


def test_the_sites_draw_is_the_same_from_the_same_seed_and_follows_the_rule():
    players = ["a", "b", "c", "d"]
    once, again = draw(players, 20261207, 3), draw(players, 20261207, 3)
    assert once == again
    assert len(set(once.cards.values())) == 4 and set(once.cards.values()) <= set(PACK)
    # the seats are the cards' order by the rule above
    assert [once.cards[p] for p in once.seats] == sorted(once.cards.values())
    assert once.first_dealer == once.seats[0]
    # another table of the same round draws its own cards
    others = {tuple(draw(players, 20261207, n).cards.values()) for n in range(1, 6)}
    assert len(others) > 1
