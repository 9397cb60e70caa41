"""The seat draw on record (Kodeks 3.1.1, TOURNAMENTS §6.1): the referee's entry reseats the
table by the cards (the lowest card takes seat 1 and deals first; the ace counts lowest), keeps
every version, logs it, and refuses bad cards with coded errors in both languages, changing
nothing. Worked by hand: Анна ♥K, Борис ♠A, Вера ♦7 → Борис (♠A, the lowest) seat A and deals
first, Вера (♦7) seat B, Анна (♥K) seat C."""

from __future__ import annotations

import io

import pypdf
import pytest
from django.urls import reverse
from django.utils import translation

from referee.core.errors import NotAllowed, ServiceError
from referee.exports.reports import protocol_pdf_of
from referee.tables.models import Deal, Seat, SeatDraw, Table
from referee.tables.pure.seat_draw import draw
from referee.tables.seat_draw import record_seat_draw
from referee.tables.sheet import build_sheet
from referee.tournaments.models import ActionLog, Round
from tests.referee.demo_walk import codes, problems, read

from ..factories import PlayerFactory, RegistrationFactory, UserFactory, referee_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    from ..factories import RoundFactory, TournamentFactory

    round_ = RoundFactory(tournament=TournamentFactory(published=True), seed=777)
    table = Table.objects.create(round=round_, number=2)
    for position, name in enumerate(["Анна", "Борис", "Вера"], start=1):
        entry = RegistrationFactory(tournament=round_.tournament, player=PlayerFactory(name=name))
        Seat.objects.create(
            table=table, registration=entry, position=position, first_dealer=position == 1
        )
    return table


def ids(table):
    return {s.registration.player.name: s.registration_id for s in table.seats.all()}


def seating(table):
    return [
        (s.position, s.registration.player.name, s.first_dealer)
        for s in Seat.objects.filter(table=table).order_by("position")
    ]


def refused(call) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value


def test_the_cards_reseat_the_table_and_are_kept_and_logged(table):
    referee = referee_of(table.round.tournament)
    p = ids(table)
    record = record_seat_draw(
        table.pk, referee, {p["Анна"]: "♥K", p["Борис"]: "Тп", p["Вера"]: "7D"}, version=0
    )
    assert seating(table) == [(1, "Борис", True), (2, "Вера", False), (3, "Анна", False)]
    assert (record.version, record.source, record.seed, record.author) == (
        1,
        SeatDraw.Source.ENTERED,
        None,
        referee,
    )
    assert record.cards == [
        {"registration": p["Борис"], "card": "SA"},
        {"registration": p["Вера"], "card": "D7"},
        {"registration": p["Анна"], "card": "HK"},
    ]
    log = ActionLog.objects.get(action="table.seat_draw")
    assert log.data == {"version": 1, "cards": record.cards, "seed": None}
    # a second draw appends a version; the first stays on record
    again = record_seat_draw(
        table.pk, referee, {p["Анна"]: "♠7", p["Борис"]: "♣7", p["Вера"]: "♥A"}, version=1
    )
    # ♥A (the ace, lowest) < ♠7 < ♣7 (same rank: ♠ before ♣)
    assert again.version == 2
    assert seating(table) == [(1, "Вера", True), (2, "Анна", False), (3, "Борис", False)]
    assert SeatDraw.objects.filter(table=table).count() == 2


def test_the_site_draws_from_the_rounds_seed_so_anyone_can_draw_again(table):
    chief = referee_of(table.round.tournament, "chief")
    record = record_seat_draw(table.pk, chief)
    p = ids(table)
    players = [p["Анна"], p["Борис"], p["Вера"]]  # the seats' order before the draw
    expected = draw(players, 777, 2)
    assert (record.source, record.seed) == (SeatDraw.Source.DRAWN, 777)
    assert [c["registration"] for c in record.cards] == list(expected.seats)
    assert [c["card"] for c in record.cards] == [expected.cards[r].code for r in expected.seats]
    first = Seat.objects.get(table=table, first_dealer=True)
    assert first.position == 1 and first.registration_id == expected.first_dealer


@pytest.mark.parametrize(
    ("cards", "code", "who", "english", "russian"),
    [
        (
            {"Анна": "♠7", "Борис": "7♠", "Вера": "♥Q"},
            "card_twice",
            "Борис",
            "♠7 is drawn twice: one pack has each card once (Борис).",
            "♠7 вытянута дважды: в колоде каждая карта одна (Борис).",
        ),
        (
            {"Анна": "♠7", "Борис": "♥Q", "Вера": "6♦"},
            "card_unknown",
            "Вера",
            "6♦ is not a card of the 32-card pack (Вера): write e.g. 7♠, 10♥, Q♦ or Дч.",
            "6♦ — не карта колоды из 32 карт (Вера): пишите, например, 7♠, 10♥, Q♦ или Дч.",
        ),
        (
            {"Анна": "", "Борис": "♥Q", "Вера": "♦8"},
            "card_missing",
            "Анна",
            "Анна has no card: enter the card each player drew.",
            "У игрока Анна нет карты: введите карту, которую вытянул каждый.",
        ),
    ],
)
def test_bad_cards_are_refused_at_the_player_in_both_languages_and_nothing_changes(
    table, cards, code, who, english, russian
):
    referee = referee_of(table.round.tournament)
    p = ids(table)
    given = {p[name]: card for name, card in cards.items()}
    before = seating(table)
    for language, text in (("en", english), ("ru", russian)):
        with translation.override(language):
            error = refused(lambda: record_seat_draw(table.pk, referee, given))
        assert (error.code, error.field) == (f"tables.seat_draw.{code}", f"card_{p[who]}")
        assert str(error) == text
    assert seating(table) == before
    assert not SeatDraw.objects.exists() and not ActionLog.objects.exists()


def test_the_draw_is_refused_once_played_to_strangers_and_against_a_newer_draw(table):
    referee = referee_of(table.round.tournament)
    p = ids(table)
    cards = {p["Анна"]: "♥K", p["Борис"]: "♠A", p["Вера"]: "♦7"}
    with pytest.raises(NotAllowed):
        record_seat_draw(table.pk, UserFactory(), cards)
    record_seat_draw(table.pk, referee, cards, version=0)
    stale = refused(lambda: record_seat_draw(table.pk, referee, cards, version=0))
    assert (stale.code, stale.params) == ("tables.seat_draw.changed", {"version": 1})
    Deal.objects.create(table=table, number=1, data={}, deleted=True)  # even a struck deal
    assert refused(lambda: record_seat_draw(table.pk, referee, cards)).code == (
        "tables.seat_draw.played"
    )
    Deal.objects.all().delete()
    Round.objects.filter(pk=table.round_id).update(method=Round.Method.DUPLICATE)
    assert refused(lambda: record_seat_draw(table.pk, referee, cards)).code == (
        "tables.seat_draw.duplicate"
    )
    Round.objects.filter(pk=table.round_id).update(
        method=Round.Method.RANDOM, status=Round.Status.FINISHED
    )
    assert refused(lambda: record_seat_draw(table.pk, referee, cards)).code == (
        "tables.seat_draw.table_not_open"
    )
    assert SeatDraw.objects.count() == 1


def test_the_table_page_and_the_protocol_show_the_draw_to_anyone(table, client):
    referee = referee_of(table.round.tournament)
    p = ids(table)
    record_seat_draw(table.pk, referee, {p["Анна"]: "♥K", p["Борис"]: "♠A", p["Вера"]: "♦7"})
    from referee.standings.models import StandingsSettings

    StandingsSettings.objects.create(
        tournament=table.round.tournament, published_through=table.round.number
    )
    t = table.round.tournament
    url = reverse("table", args=[t.slug, table.round.number, table.number])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    section = page[
        page.index('id="seat-draw"') : page.index("</section>", page.index('id="seat-draw"'))
    ]
    order = [section.index(name) for name in ("Борис", "Вера", "Анна")]
    assert order == sorted(order)
    assert '<span class="drawn-card">♠A</span> Борис' in section
    assert "Карты ввёл судья" in section and "Записать жеребьёвку" not in section
    with translation.override("en"):
        table.round.tournament = t
        pdf = protocol_pdf_of(build_sheet(table, "en"))
    text = " ".join(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert "Seat draw (Kodeks 3.1.1): A ♠A, B ♦7, C ♥K. Cards entered by the referee." in text


def test_the_draw_page_shows_a_refused_card_at_its_field_and_keeps_the_values(table, client):
    referee = referee_of(table.round.tournament, name="sudya")
    client.force_login(referee)
    p = ids(table)
    t = table.round.tournament
    url = reverse("seat-draw", args=[t.slug, table.round.number, table.number])
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    text, _links = read(russian)
    assert problems(text, codes(), logins=[referee.username]) == []  # Russian throughout
    assert "Записать карты" in text and "Пусть сайт вытянет карты по зерну тура (777)" in text
    posted = {
        "version": "0",
        f"card_{p['Анна']}": "♥K",
        f"card_{p['Борис']}": "♥K",
        f"card_{p['Вера']}": "♦7",
        "record": "",
    }
    page = client.post(url, posted, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="error-summary"' in page
    assert f'id="id_card_{p["Борис"]}-error">♥K is drawn twice' in page
    assert 'value="♦7"' in page
    assert not SeatDraw.objects.exists()
    done = client.post(url, {**posted, f"card_{p['Борис']}": "♠A"})
    assert done.status_code == 302 and done.url.endswith("#seat-draw")
    assert seating(table)[0] == (1, "Борис", True)
    # a stranger may not open it
    client.force_login(UserFactory())
    assert client.get(url).status_code in (403, 404)


def test_the_api_records_the_draw_and_answers_a_refusal_with_its_code(table):
    from tests.referee.api.conftest import client_for

    referee = referee_of(table.round.tournament)
    p = ids(table)
    t = table.round.tournament
    url = (
        f"/api/v1/tournaments/{t.slug}/rounds/{table.round.number}/tables/{table.number}/seat-draw/"
    )
    api = client_for(referee, "ru")
    bad = api.post(
        url, {"cards": {p["Анна"]: "♠7", p["Борис"]: "2♠", p["Вера"]: "♥Q"}}, format="json"
    )
    assert bad.status_code == 400
    assert (bad.json()["code"], bad.json()["field"]) == (
        "tables.seat_draw.card_unknown",
        f"card_{p['Борис']}",
    )
    assert "не карта колоды из 32 карт (Борис)" in bad.json()["message"]
    done = api.post(
        url,
        {"cards": {p["Анна"]: "♥K", p["Борис"]: "♠A", p["Вера"]: "♦7"}, "version": 0},
        format="json",
    )
    assert done.status_code == 201
    assert done.json()["version"] == 1 and done.json()["entry"] == "entered"
    assert [c["card"] for c in done.json()["cards"]] == ["SA", "D7", "HK"]
    assert seating(table)[0] == (1, "Борис", True)
