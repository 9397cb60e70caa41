"""The referee's evidence: a deal's hands entered by the chief referee and their double-dummy
analysis beside a Kodeks 3.8.5.1 ruling (referee.tables.evidence, services.enter_hands)."""

import pytest
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.tables import services
from referee.tables.evidence import cards_of, deals_evidence, evidence_of, hand_of_seats
from referee.tables.models import Deal, DealHands, DealVersion
from referee.tables.sheet import seats_of
from referee.tournaments.models import ActionLog

from ..factories import referee_of, table_with_players

pytestmark = pytest.mark.django_db

# A table of three, C deals: A (to C's left) is the first hand, B the second, C the third.
# A declares 6♠, B whists, C passes; the whister's plan gave A 8 tricks and B 2. C disputed
# the plan: by his alternative A would take 6, B 3 and C 1 (qualification, lot: the play).
DISPUTED = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "pass", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 8, "B": 2, "C": 0},
    "ruling": {
        "rule": "kodex-3.8.5.1",
        "mode": "qualification",
        "dissenter": "C",
        "alternative": {"A": 6, "B": 3, "C": 1},
        "lot": "actual",
    },
}
# Worked by hand. A holds all eight spades (the trumps) and ♥87; the talon ♦87; he discards
# ♦87 (or ♥87, the same). Every trump wins a trick: nobody else holds one. His two small
# cards of a side suit lose: B and C hold the six higher cards of that suit, and the best
# defence keeps them (a defender with a card of the suit led must follow, and a higher one
# wins). A takes exactly 8 tricks against the best defence, the whisters 2, whatever the
# discard of two small cards and whoever leads. So: 6♠ made; the played plan (whisters 2)
# is what the best defence takes; the alternative (whisters 4) is 2 more than the
# declarer's best play allows.
HANDS = "1: ♠AKQJ10987 ♥87\n2: ♣AKQJ ♦AKQ ♥AKQ\n3: ♣10987 ♦J109 ♥J109\nT: ♦87"


@pytest.fixture
def table():
    return table_with_players(3)


@pytest.fixture
def deal(table):
    referee = referee_of(table.round.tournament)
    return services.record_deal(table.pk, DISPUTED, referee)


@pytest.fixture
def chief(table):
    return referee_of(table.round.tournament, Role.Kind.CHIEF)


def cards(deal):
    """The deal's cards as its evidence reads them (the latest entry's layout)."""
    return cards_of(deal.table, [deal])[deal.pk]


def url(deal):
    table = deal.table
    slug = table.round.tournament.slug
    return reverse("deal-evidence", args=[slug, table.round.number, table.number, deal.number])


def test_the_first_hand_sits_to_the_dealers_left():
    assert hand_of_seats("C", ["A", "B", "C"]) == {"A": 1, "B": 2, "C": 3}
    # at four the dealer holds no cards
    assert hand_of_seats("B", ["A", "B", "C", "D"]) == {"C": 1, "D": 2, "A": 3}
    assert hand_of_seats("", ["A", "B", "C"]) == {}


def test_the_chief_enters_the_hands_a_version_logged_and_the_deal_untouched(deal, chief):
    before = (dict(deal.data), deal.version, DealVersion.objects.count())
    hands = services.enter_hands(deal.pk, HANDS, 1, "D7 D8", chief, "the dispute")
    assert hands.version == 1 and hands.author == chief and hands.declarer_hand == 1
    assert hands.discard == "♦87"
    assert hands.layout.text.startswith(f"Board {deal.number}\n1: ♠AKQJ10987 ♥87\n")
    again = services.enter_hands(deal.pk, HANDS, 1, "", chief)
    assert again.version == 2
    deal.refresh_from_db()
    assert (deal.data, deal.version, DealVersion.objects.count()) == before
    logged = ActionLog.objects.filter(action="deal.hands_entered")
    assert sorted(logged.values_list("reason", flat=True)) == ["", "the dispute"]


def test_a_referee_who_is_not_chief_is_refused_and_nothing_is_stored(deal, table):
    referee = referee_of(table.round.tournament)
    with pytest.raises(NotAllowed):
        services.enter_hands(deal.pk, HANDS, 1, "", referee)
    assert not DealHands.objects.exists()
    assert not ActionLog.objects.filter(action="deal.hands_entered").exists()


def test_a_bad_card_is_refused_at_that_card_in_both_languages(deal, chief):
    twice = HANDS.replace("2: ♣AKQJ", "2: ♠A ♣AKQ")  # ♠A again, in hand 2
    with pytest.raises(ServiceError) as refused:
        services.enter_hands(deal.pk, twice, 1, "", chief)
    assert refused.value.code == "tables.hands.notation"
    assert refused.value.field == "board"
    assert refused.value.message == "hand 2: ♠A is dealt twice"
    with translation.override("ru"), pytest.raises(ServiceError) as russian:
        services.enter_hands(deal.pk, twice, 1, "", chief)
    assert russian.value.message == "рука 2: карта ♠A сдана дважды"
    assert not DealHands.objects.exists()


def test_a_discard_not_of_his_twelve_and_a_wrong_hand_are_refused(deal, chief):
    with pytest.raises(ServiceError) as refused:
        services.enter_hands(deal.pk, HANDS, 1, "♣A ♣K", chief)
    assert refused.value.code == "tables.hands.discard"
    # by the dealer C the declarer A is the first hand
    with pytest.raises(ServiceError) as wrong:
        services.enter_hands(deal.pk, HANDS, 2, "", chief)
    assert wrong.value.code == "tables.hands.declarer_seat"
    assert not DealHands.objects.exists()


def test_the_evidence_numbers_worked_by_hand(deal, chief, table):
    services.enter_hands(deal.pk, HANDS, 1, "♦87", chief)
    names = {s.letter: s.name for s in seats_of(table)}
    evidence = evidence_of(deal.number, deal.data, cards(deal), names)
    assert (evidence.tricks, evidence.defenders) == (8, 2)
    assert evidence.guarantee == "the contract is made"
    assert evidence.discard == "♦87" and evidence.discard_actual
    assert evidence.best_note == ""  # the best discard takes 8 as well
    played, alternative = evidence.plans
    assert (played.declarer, played.defenders) == (8, 2)
    assert played.against == "as the best defence takes double dummy"
    assert played.calls == f"{names['B']} whist, {names['C']} pass"
    assert (alternative.declarer, alternative.defenders) == (6, 4)
    assert alternative.against == "2 tricks more than the declarer's best play allows double dummy"
    # kept on the layout (the one store): shown again without the solver. Its line of the
    # contract (hand 1 in spades: 8 with the best discard, the lowest outside trumps) and
    # what the actual discard takes in every strain: no trumps, A's spades run only when
    # he leads; hearts, his ♥87 are the lowest of the suit; and the misère holds (above)
    layout = DealHands.objects.get().layout
    assert layout.analysis["tricks"] == {"1": {"S": 8}}
    assert set(layout.analysis["discards"]["1"]) == {"S"}
    assert layout.tried["1:♦87"]["S"] == 8 and layout.tried["1:♦87"]["misere"] is True


def test_a_contract_the_hands_cannot_make_shows_the_remiz(table, chief):
    referee = referee_of(table.round.tournament)
    nine = {**DISPUTED, "contract": {"level": 9, "strain": "S"}}
    nine["tricks"] = {"A": 8, "B": 2, "C": 0}
    deal = services.record_deal(table.pk, nine, referee)
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    names = {s.letter: s.name for s in seats_of(table)}
    evidence = evidence_of(deal.number, deal.data, cards(deal), names)
    # 8 tricks against the best defence: 9♠ goes down one
    assert evidence.tricks == 8 and evidence.guarantee == "remiz, down 1"


def test_the_page_in_russian_for_the_chief_and_his_form(client, deal, chief):
    services.enter_hands(deal.pk, HANDS, 1, "♦87", chief)
    client.force_login(chief)
    page = client.get(url(deal), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Анализ в открытую, для сведения судьи; решение принимает судья." in page
    assert "вистующих" in page and "ремиз" not in page  # 6♠ is made: no remiz
    assert "вист" in page and "пас" in page
    for english in ("double dummy", "the referee", "Enter the hands", "trick"):
        assert english not in page
    assert 'name="board"' in page


def test_a_posted_bad_card_shows_the_refusal_and_changes_nothing(client, deal, chief):
    client.force_login(chief)
    bad = {"board": HANDS.replace("♥87", "♥8X"), "declarer_hand": "1", "discard": ""}
    response = client.post(url(deal), bad, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "hand 1: X is not a rank" in response.content.decode()
    assert not DealHands.objects.exists()
    good = {"board": HANDS, "declarer_hand": "1", "discard": ""}
    assert client.post(url(deal), good).status_code == 302
    assert DealHands.objects.count() == 1


def test_officials_see_it_referees_may_not_enter_and_the_public_is_sent_to_log_in(
    client, deal, table
):
    assert client.get(url(deal)).status_code == 302  # to the login page
    referee = referee_of(table.round.tournament)
    client.force_login(referee)
    page = client.get(url(deal))
    assert page.status_code == 200 and 'name="board"' not in page.content.decode()
    posted = {"board": HANDS, "declarer_hand": "1", "discard": ""}
    assert client.post(url(deal), posted).status_code == 403
    assert not DealHands.objects.exists()


def test_the_page_reads_a_bounded_number_of_queries(
    client, deal, chief, django_assert_max_num_queries
):
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    client.force_login(chief)
    client.get(url(deal))  # computes and keeps the analysis
    with django_assert_max_num_queries(12):
        assert client.get(url(deal)).status_code == 200


def test_the_block_of_many_deals_at_once(deal, chief, table):
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    names = {s.letter: s.name for s in seats_of(table)}
    (evidence,) = deals_evidence(table, list(Deal.objects.filter(table=table)), names)
    assert evidence.number == deal.number and evidence.tricks == 8
    from django.template.loader import render_to_string

    html = render_to_string("tables/_evidence.html", {"evidence": evidence})
    assert "the ruling is the referee's" in html
    assert "as the best defence takes double dummy" in html


def test_the_printed_protocol_carries_the_evidence(deal, chief, table):
    import io

    import pypdf

    from referee.exports.reports import shown_protocol_pdf

    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    with translation.override("ru"):
        data = shown_protocol_pdf(table)
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)
    text = " ".join(text.split())
    assert "Анализ в открытую, для сведения судьи; решение принимает судья." in text
    assert "план вистующего, как сыграно" in text.lower()


def test_a_misere_with_these_hands_holds_and_each_plan_is_set_against_it(table, chief):
    # Worked by hand: at misère with the same cards A holds every spade and two small cards
    # of a side suit (♥87 after discarding ♦87). Nobody else holds a spade, so A takes a
    # trick only when he leads one. He leads only the first trick: ♥7, and whoever holds a
    # heart must follow with a higher one. From then on the defenders win every trick and
    # lead: a suit A holds, he follows with his lowest, all theirs are higher; a suit he
    # lacks, he throws a spade, which cannot win a trick led in another suit. He takes no
    # trick: the misère holds against the best defence. The played plan (A took 0) is as
    # double dummy; the alternative (A catches 1) needs the declarer to err.
    referee = referee_of(table.round.tournament)
    misere = {
        "dealer": "C",
        "type": "misere",
        "declarer": "A",
        "contract": {"level": "misere"},
        "defence": [],
        "play": "open",
        "tricks": {"A": 0, "B": 6, "C": 4},
        "ruling": {**DISPUTED["ruling"], "alternative": {"A": 1, "B": 5, "C": 4}},
    }
    deal = services.record_deal(table.pk, misere, referee)
    services.enter_hands(deal.pk, HANDS, 1, "♦87", chief)
    names = {s.letter: s.name for s in seats_of(table)}
    evidence = evidence_of(deal.number, deal.data, cards(deal), names)
    assert evidence.misere and evidence.tricks == 0
    assert evidence.guarantee == "the misère holds"
    played, alternative = evidence.plans
    assert (played.result, played.against) == ("the misère holds", "as double dummy")
    assert alternative.result == "the misère is caught: 1 trick"
    assert alternative.against == "double dummy the declarer keeps the misère clean"


def test_a_deal_corrected_to_raspasy_keeps_its_hands_but_shows_no_analysis(client, deal, chief):
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    raspasy = {"dealer": "C", "type": "raspasy", "play": "closed"}
    raspasy["tricks"] = {"A": 3, "B": 3, "C": 4}
    services.correct_deal(deal.pk, raspasy, chief, "it was a raspasy")
    client.force_login(chief)
    page = client.get(url(deal))
    assert page.status_code == 200
    assert "Only a game or a misère has a declarer's hands to analyse." in page.content.decode()
    assert 'name="board"' not in page.content.decode()
    assert DealHands.objects.count() == 1
