"""A guest on the public standings and the seat draw on the table page, in a real browser, in
Russian, on a 1024×768 screen and a 390×844 phone: seen, no sideways scroll, no serious
axe-core violation. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from referee.standings.models import StandingsSettings
from referee.tables.models import Seat, SeatDraw, Table
from referee.tournaments import services
from tests.referee.factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    referee_of,
)
from tests.referee.standings.test_services import chief_of, seven_players

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1024, 768), (390, 844)]


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_standings_show_a_guest_without_a_place(live_server, browser, shots, width, height):
    cup, p = seven_players()
    services.mark_guest(p["Попов"].pk, chief_of(cup))
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{cup.slug}/standings/")
    rows = page.locator("table.standings tbody tr")
    assert rows.nth(1).locator("td").first.inner_text().strip() == "2"  # Петрова moved up
    guest = rows.last
    assert guest.locator("td").first.inner_text().strip() == "гость"
    assert "Попов" in guest.inner_text()
    page.screenshot(path=str(shots / f"standings-guest-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    # his table (round 2, table 1) is scored as usual and names him a guest
    page.goto(f"{live_server.url}/t/{cup.slug}/r/2/t/1/")
    row = page.locator("table.sheet-summary tbody tr", has_text="Попов")
    assert row.locator(".guest-mark").inner_text() == "гость"
    assert row.locator("td.balance").inner_text().strip() == "22"
    page.screenshot(path=str(shots / f"table-guest-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    context.close()


def _table():
    round_ = RoundFactory(tournament=TournamentFactory(published=True), seed=777)
    table = Table.objects.create(round=round_, number=1)
    for position, name in enumerate(["Анна Белова", "Борис Орлов", "Вера Кузнецова"], 1):
        entry = RegistrationFactory(tournament=round_.tournament, player=PlayerFactory(name=name))
        Seat.objects.create(
            table=table, registration=entry, position=position, first_dealer=position == 1
        )
    StandingsSettings.objects.create(tournament=round_.tournament, published_through=round_.number)
    return table


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_referee_enters_the_seat_draw_and_the_table_page_shows_it(
    live_server, browser, shots, width, height
):
    table = _table()
    tournament = table.round.tournament
    referee = referee_of(tournament)
    referee.set_password("sudya-pass")
    referee.save()
    ids = {s.registration.player.name: s.registration_id for s in table.seats.all()}
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    address = f"/t/{tournament.slug}/r/{table.round.number}/t/{table.number}/seat-draw/"
    log_in(page, live_server.url, referee.username, "sudya-pass", address)
    page.goto(live_server.url + address)
    page.fill(f'[name="card_{ids["Анна Белова"]}"]', "♥K")
    page.fill(f'[name="card_{ids["Борис Орлов"]}"]', "♥K")  # drawn twice: refused
    page.fill(f'[name="card_{ids["Вера Кузнецова"]}"]', "7б")
    page.locator('button[name="record"]').click()
    page.wait_for_load_state()
    error = page.locator(f"#id_card_{ids['Борис Орлов']}-error").inner_text()
    assert error == "♥K вытянута дважды: в колоде каждая карта одна (Борис Орлов)."
    assert page.locator(f'[name="card_{ids["Вера Кузнецова"]}"]').input_value() == "7б"
    page.screenshot(path=str(shots / f"seat-draw-refused-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    page.fill(f'[name="card_{ids["Борис Орлов"]}"]', "Тп")
    page.locator('button[name="record"]').click()
    page.wait_for_load_state()
    assert SeatDraw.objects.filter(table=table).count() == 1
    # the public table page: the cards in seat order, the ace of spades first
    public = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    sheet = public.new_page()
    sheet.goto(f"{live_server.url}/t/{tournament.slug}/r/{table.round.number}/t/{table.number}/")
    cards = sheet.locator("#seat-draw ol.drawn-cards li").all_inner_texts()
    assert [c.split()[1] for c in cards] == ["♠A", "♦7", "♥K"]
    assert "Борис Орлов" in cards[0] and "сдаёт первым" in cards[0]
    sheet.screenshot(path=str(shots / f"table-seat-draw-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(sheet), too_wide(sheet)
    assert axe_problems(sheet) == []
    public.close()
    context.close()
