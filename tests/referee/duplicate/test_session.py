"""A duplicate session through its services: created from a seed, seated stanza by stanza,
each table's boards recorded and signed off, the travellers compared by hand."""

from __future__ import annotations

from fractions import Fraction
from fractions import Fraction as f

import pytest
from django.test import Client
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import ServiceError
from referee.duplicate import services
from referee.duplicate.models import Session
from referee.duplicate.results import session_results
from referee.seating.services import finish_round, start_round
from referee.tables.dealdata import LETTERS
from referee.tables.models import Table
from referee.tables.services import submit_table
from referee.tournaments.models import Round
from scoring.board import deal_boards

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def tournament_of(players: int, **fields):
    tournament = TournamentFactory(**fields)
    for _ in range(players):
        RegistrationFactory(tournament=tournament)
    return tournament, referee_of(tournament, Role.Kind.CHIEF)


def passed_out(hands: list[str]) -> dict:
    """6♠ by the first hand, both others pass: the declarer writes 2 to his pool."""
    first, second, third = hands
    return {
        "type": "game",
        "declarer": first,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": second, "call": "pass", "order": 1},
            {"player": third, "call": "pass", "order": 2},
        ],
        "play": "none",
    }


def whisted(hands: list[str], declarer_tricks: int) -> dict:
    """6♠ by the first hand, the second whists alone (open), the third passes."""
    first, second, third = hands
    return {
        **passed_out(hands),
        "defence": [
            {"player": second, "call": "whist", "order": 1},
            {"player": third, "call": "pass", "order": 2},
        ],
        "play": "open",
        "tricks": {first: declarer_tricks, second: 10 - declarer_tricks - 1, third: 1},
    }


def letters_of(session: Session, planned: dict, hands: list[int]) -> list[str]:
    return [LETTERS[planned["seats"].index(r)] for r in hands]


def play_session(session: Session, chief, deal_for) -> None:
    """Every stanza: start, record each table's boards (``deal_for(board, play, letters)``,
    ``play`` counting the board's plays so far from 0), sign off, finish, seat the next."""
    played: dict[int, int] = {}
    for k in range(session.stanzas):
        round_ = Round.objects.get(tournament=session.tournament, number=session.first_round + k)
        start_round(round_.pk, chief)
        for planned in session.plan["stanzas"][k]:
            table = Table.objects.get(round=round_, number=planned["table"])
            for board, hands in planned["boards"]:
                data = deal_for(board, played.get(board, 0), letters_of(session, planned, hands))
                played[board] = played.get(board, 0) + 1
                services.record_board(table.pk, board, data, chief)
            submit_table(table.pk, chief)
        finish_round(round_.pk, chief)
        if k + 1 < session.stanzas:
            services.seat_stanza(session.pk, chief)


def test_three_tables_of_one_board_compared_seat_by_seat_worked_by_hand():
    """Sochi, 9 players, 3 tables of 3, one board a set: board 1 is played three times.
    First play: 6♠ passed out, A's pool 2: m = (−2, 0, 0), mean −2/3, so the first hand
    gets (−2/3 + 2)·10 = 40/3 and the others −20/3 each (SPEC §8, SET-04).
    Second: B whists alone and A takes 5, set by one (golden SO-09): A's mountain 2, B writes
    10 + 2 on A, C 2: m = (2, 0, 0), mean 2/3: A −40/3 − 14 = −82/3, B 20/3 + 12 = 56/3,
    C 20/3 + 2 = 26/3.
    Third: A takes 6 against B's whist: pool 2, B writes W·4 = 8: A 40/3 − 8 = 16/3,
    B −20/3 + 8 = 4/3, C −20/3.
    First hand 40/3, −82/3, 16/3: matchpoints 2, 0, 1 (100 %, 0 %, 50 %); the datum of the
    first play is the mean of the others, (−82/3 + 16/3)/2 = −11, so its difference 73/3.
    Second hand −20/3, 56/3, 4/3: 0, 2, 1. Third hand −20/3, 26/3, −20/3: ½, 2, ½."""
    tournament, chief = tournament_of(9, convention="sochi")
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=1, seed=5)
    assert (session.stanzas, session.boards.count(), tournament.rounds.count()) == (3, 3, 1)

    def deal_for(board, play, hands):
        if board != 1 or play == 0:
            return passed_out(hands)
        return whisted(hands, 5 if play == 1 else 6)

    play_session(session, chief, deal_for)
    traveller = session_results(session).travellers[0]
    assert traveller.board == 1 and len(traveller.plays) == 3
    values = [[h.value for h in play.hands] for play in traveller.plays]
    f = Fraction
    assert values == [
        [f(40, 3), f(-20, 3), f(-20, 3)],
        [f(-82, 3), f(56, 3), f(26, 3)],
        [f(16, 3), f(4, 3), f(-20, 3)],
    ]
    points = [[h.compared.matchpoints for h in play.hands] for play in traveller.plays]
    assert points == [[2, 0, f(1, 2)], [0, 2, 2], [1, 1, f(1, 2)]]
    first = traveller.plays[0].hands[0].compared
    assert (first.percent, first.datum, first.difference) == (100, -11, f(73, 3))
    assert traveller.spread == f(40, 3) + f(82, 3)  # the first hand's 40/3 against −82/3


def test_a_12_player_session_runs_its_four_stanzas_and_ranks_everyone():
    tournament, chief = tournament_of(12, deal_cap=12)
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=2, seed=7)
    assert (session.stanzas, session.boards.count()) == (4, 8)
    tournament.refresh_from_db()
    assert tournament.deal_cap == 12  # a session leaves the settings alone: a set is 2 boards
    play_session(session, chief, lambda board, play, hands: whisted(hands, 5 + play % 3))
    results = session_results(session)
    assert [len(t.plays) for t in results.travellers] == [4] * 8
    assert len(results.standings) == 12
    # each seat of a board: 4 plays share 4·3/2 = 6 matchpoints
    for traveller in results.travellers:
        for role in range(3):
            assert sum(p.hands[role].compared.matchpoints for p in traveller.plays) == 6
    # every player played every board once: 8 boards, 8 × 3 most possible
    assert {(line.total.boards, line.total.most) for line in results.standings} == {(8, 24)}
    with pytest.raises(ServiceError) as refused:
        services.seat_stanza(session.pk, chief)
    assert refused.value.code == "duplicate.session.stanzas_done"


def test_the_same_seed_deals_the_same_boards_and_seats():
    first, chief = tournament_of(12)
    second, other = tournament_of(12)
    a = services.create_session(first.pk, chief, seed=99)
    b = services.create_session(second.pk, other, seed=99)
    assert [x.text for x in a.boards.all()] == [x.text for x in b.boards.all()]
    shift = b.plan["groups"][0]["players"][0] - a.plan["groups"][0]["players"][0]
    assert [p - shift for p in b.plan["groups"][0]["players"]] == a.plan["groups"][0]["players"]


@pytest.mark.parametrize(
    ("players", "size", "code"),
    [(5, 3, "movement.small_field"), (12, 5, "movement.table_size"), (13, 3, "movement.stanzas")],
)
def test_a_movement_that_cannot_be_made_is_refused_and_nothing_is_stored(players, size, code):
    tournament, chief = tournament_of(players)
    with pytest.raises(ServiceError) as refused:
        stanzas = 5 if code == "movement.stanzas" else None  # 13 players: 4 tables, 4 at most
        services.create_session(tournament.pk, chief, size=size, seed=1, stanzas=stanzas)
    assert refused.value.code == f"duplicate.{code}"
    assert not Session.objects.exists() and not tournament.rounds.exists()


def test_only_the_chief_creates_a_session():
    tournament, _chief = tournament_of(12)
    from referee.core.errors import NotAllowed

    with pytest.raises(NotAllowed):
        services.create_session(tournament.pk, referee_of(tournament), seed=1)
    assert not Session.objects.exists()


def test_given_boards_are_refused_at_their_bad_card():
    tournament, chief = tournament_of(9)
    good = "Board 1\n1: ♠AKQJ ♣AKQJ ♦AK\n2: ♠1098 ♣1098 ♦QJ10 ♥A\n3: ♠7 ♣7 ♦987 ♥KQJ109\nT: ♥87\n"
    bad = good.replace("Board 1", "Board 2").replace("♥87", "♥8 ♥A")
    third = good.replace("Board 1", "Board 3")
    with pytest.raises(ServiceError) as refused:
        services.create_session(tournament.pk, chief, boards_per_set=1, boards=good + bad + third)
    assert refused.value.code == "board.card_twice"
    assert "♥A" in refused.value.message
    assert not Session.objects.exists()


def test_a_board_out_of_turn_or_of_another_table_is_refused():
    tournament, chief = tournament_of(12)
    session = services.create_session(tournament.pk, chief, seed=3)
    round_ = Round.objects.get(tournament=tournament, number=1)
    start_round(round_.pk, chief)
    planned = session.plan["stanzas"][0][0]
    table = Table.objects.get(round=round_, number=planned["table"])
    (first, hands), (second, _hands) = planned["boards"]
    data = passed_out(letters_of(session, planned, hands))
    for board, code in ((second, "board.not_next"), (99, "board.not_at_table")):
        with pytest.raises(ServiceError) as refused:
            services.record_board(table.pk, board, data, chief)
        assert refused.value.code == f"duplicate.{code}"
    wrong_dealer = {**data, "dealer": "A" if data["declarer"] != "A" else "B"}
    with pytest.raises(ServiceError) as refused:
        services.record_board(table.pk, first, wrong_dealer, chief)
    assert refused.value.code == "duplicate.board.dealer"
    assert not table.deals.exists()
    deal = services.record_board(table.pk, first, data, chief)
    assert deal.number == 1 and deal.data["dealer"] == LETTERS[planned["seats"].index(hands[2])]


def test_boards_given_with_russian_number_lines_are_read():
    tournament, chief = tournament_of(9)
    text = "".join(b.text().replace("Board", "Сдача") for b in deal_boards(3, 3))
    session = services.create_session(tournament.pk, chief, boards_per_set=1, boards=text)
    assert [b.text for b in session.boards.all()] == [b.text() for b in deal_boards(3, 3)]
    assert session.seed is None


def test_a_table_of_four_cannot_play_a_board_set_made_for_tables_of_three():
    """A fourth player seated at a session's table (by hand, past the movement): its next
    board is refused, and nothing is stored."""
    tournament, chief = tournament_of(12)
    session = services.create_session(tournament.pk, chief, seed=6)
    round_ = Round.objects.get(tournament=tournament, number=1)
    start_round(round_.pk, chief)
    planned = session.plan["stanzas"][0][0]
    table = Table.objects.get(round=round_, number=planned["table"])
    from referee.tables.models import Seat

    from ..factories import RegistrationFactory as Entry

    Seat.objects.create(table=table, registration=Entry(tournament=tournament), position=4)
    board, hands = planned["boards"][0]
    data = passed_out(letters_of(session, planned, hands))
    with pytest.raises(ServiceError) as refused:
        services.record_board(table.pk, board, data, chief)
    assert refused.value.code == "duplicate.board.size"
    assert refused.value.params == {"size": 3, "seats": 4}
    assert not table.deals.exists()


def test_a_board_corrected_later_is_compared_again_for_everyone():
    """Board 1 of the hand-worked session: the second play's set (−82/3 for the first hand)
    corrected to a made game (16/3, like the third play): the first play's first hand still
    beats both (2), the two others now tie (½ each)."""
    from referee.tables.models import Deal
    from referee.tables.services import correct_deal

    tournament, chief = tournament_of(9, convention="sochi")
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=1, seed=5)

    def deal_for(board, play, hands):
        if board != 1 or play == 0:
            return passed_out(hands)
        return whisted(hands, 5 if play == 1 else 6)

    play_session(session, chief, deal_for)
    second = session_results(session).travellers[0].plays[1]
    assert [h.compared.matchpoints for h in second.hands] == [0, 2, 2]
    deal = Deal.objects.get(pk=second.deal.pk)
    fixed = {**deal.data, "tricks": {k: v for k, v in deal.data["tricks"].items()}}
    declarer = fixed["declarer"]
    whister = fixed["defence"][0]["player"]
    fixed["tricks"][declarer], fixed["tricks"][whister] = 6, 3
    correct_deal(deal.pk, fixed, chief, "the declarer took 6, not 5")
    again = session_results(session).travellers[0]
    assert [p.hands[0].compared.matchpoints for p in again.plays] == [2, f(1, 2), f(1, 2)]


def test_tables_of_four_give_the_dealer_role_no_cards_and_compare_it_too():
    """20 players at 5 tables of 4, one board a set: 5 stanzas, each board at 5 tables. The
    dealer holds no cards (the fourth role) and deals each board; his seat is compared with
    the other dealers of the board like any hand: 5 plays share 5·4/2 = 10 matchpoints."""
    tournament, chief = tournament_of(20)
    session = services.create_session(tournament.pk, chief, size=4, boards_per_set=1, seed=9)
    assert (session.stanzas, session.boards.count()) == (5, 5)
    dealt = []

    def deal_for(board, play, hands):
        dealt.append(hands)
        return whisted(hands[:3], 5 + play % 3)

    play_session(session, chief, deal_for)
    results = session_results(session)
    for traveller in results.travellers:
        assert [h.role for h in traveller.plays[0].hands] == ["first", "second", "third", "dealer"]
        for role in range(4):
            assert sum(p.hands[role].compared.matchpoints for p in traveller.plays) == 10
    from referee.tables.models import Deal

    # each deal's recorded dealer is the seat of the board's dealer role
    assert sorted(d.data["dealer"] for d in Deal.objects.all()) == sorted(h[3] for h in dealt)


def test_an_ordinary_round_seated_in_a_stanzas_place_stops_the_session_without_an_error():
    from referee.seating.services import seat_next_round

    tournament, chief = tournament_of(9)
    session = services.create_session(tournament.pk, chief, boards_per_set=1, seed=4)
    first = Round.objects.get(tournament=tournament, number=1)
    start_round(first.pk, chief)
    from referee.seating.services import finish_round

    Table.objects.filter(round=first).update(status="locked")
    finish_round(first.pk, chief)
    seat_next_round(tournament.pk, chief, seed=1)  # an ordinary round takes round 2
    with pytest.raises(ServiceError) as refused:
        services.seat_stanza(session.pk, chief)
    assert refused.value.code == "duplicate.session.round_taken"


def test_a_struck_board_keeps_its_place_and_the_next_deal_is_the_next_board():
    """Boards 1, 2, 3 of a set: board 2's deal struck from the sheet, the next deal recorded
    is board 3 (not board 2 again, nor board 3 compared as board 2); restored, board 2 is
    back on its traveller. A correction keeps the board's dealer."""
    from referee.tables.models import Deal
    from referee.tables.services import correct_deal, delete_deal, restore_deal

    tournament, chief = tournament_of(9, convention="sochi")
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=3, seed=5)
    round_ = Round.objects.get(tournament=tournament, number=1)
    start_round(round_.pk, chief)
    planned = session.plan["stanzas"][0][0]
    table = Table.objects.get(round=round_, number=planned["table"])
    (one, h1), (two, h2), (three, h3) = planned["boards"]
    services.record_board(table.pk, one, passed_out(letters_of(session, planned, h1)), chief)
    second = services.record_board(
        table.pk, two, passed_out(letters_of(session, planned, h2)), chief
    )
    delete_deal(second.pk, chief, "entered at the wrong table")
    third = passed_out(letters_of(session, planned, h3))
    with pytest.raises(ServiceError) as refused:
        services.record_board(table.pk, two, third, chief)
    assert refused.value.code == "duplicate.board.not_next"
    assert refused.value.params["next"] == three
    deal = services.record_board(table.pk, three, third, chief)
    assert deal.number == 3
    assert deal.data["dealer"] == LETTERS[planned["seats"].index(h3[2])]

    def played_at_this_table(board):
        traveller = next(t for t in session_results(session).travellers if t.board == board)
        return [p.deal is not None for p in traveller.plays if p.table == planned["table"]]

    assert played_at_this_table(two) == [False] and played_at_this_table(three) == [True]
    client = Client()
    client.force_login(chief)
    page = client.get(
        reverse("table", args=[tournament.slug, 1, table.number]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert "вычеркнута из записи" in page.content.decode()
    restore_deal(second.pk, chief, "it was this table's after all")
    assert played_at_this_table(two) == [True]
    # a correction naming another dealer than the board's is refused; without one, filled in
    wrong = {
        **Deal.objects.get(pk=deal.pk).data,
        "dealer": "A" if deal.data["dealer"] != "A" else "B",
    }
    with pytest.raises(ServiceError) as refused:
        correct_deal(deal.pk, wrong, chief, "dealer")
    assert refused.value.code == "duplicate.board.dealer"
    bare = {k: v for k, v in deal.data.items() if k != "dealer"}
    fixed = correct_deal(deal.pk, bare, chief, "dealer left out")
    assert Deal.objects.get(pk=fixed.pk).data["dealer"] == deal.data["dealer"]
