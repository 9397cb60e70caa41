"""The public standings page's bye mark and the table page's "finish the lap" notice in a real
browser, in Russian, on a 1366×768 laptop and a 390×844 phone: seen, no sideways scroll, no
serious axe-core violation. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from referee.seating import services as seating
from referee.standings.models import StandingsSettings
from referee.tables import services as tables
from referee.tournaments import services as setup
from referee.tournaments.models import Tournament
from tests.referee.format.play import play_round, tournament_of
from tests.referee.tables.test_finish_the_lap import dealt_in_turn

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1366, 768), (390, 844)]


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_public_standings_show_the_bye_and_its_score(
    live_server, browser, shots, width, height
):
    tournament, _entries, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"bye_value": "fixed", "bye_points": "5/2"}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    round_ = play_round(tournament, chief)
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    sat_out = tournament.entries.get(pk=round_.byes[0]).player.name
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/standings/")
    row = page.locator("table.standings tbody tr", has_text=sat_out)
    if width < 600:
        row.locator("summary").click()
        assert "пропуск 2,5" in row.locator("details").inner_text()
    else:
        assert row.locator("td.bye").inner_text().strip() == "пропуск 2,5"
        assert row.locator(".badge.bye").inner_text() == "пропуск тура: 1"
    page.screenshot(path=str(shots / f"standings-bye-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    context.close()


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_table_page_says_how_many_deals_of_the_lap_remain(
    live_server, browser, shots, width, height
):
    tournament, _entries, chief = tournament_of(
        4, unfinished_pulka="finish_lap", deal_cap=6, status=Tournament.Status.RUNNING
    )
    chief.set_password("glavny-pass")
    chief.save()
    round_ = seating.seat_next_round(tournament.pk, chief, None, 1)
    seating.start_round(round_.pk, chief)
    table = round_.tables.get()
    for number in range(6):
        tables.record_deal(table.pk, dealt_in_turn(table, number), chief)
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    address = f"/t/{tournament.slug}/r/1/t/{table.number}/"
    log_in(page, live_server.url, chief.username, "glavny-pass", address)
    page.goto(live_server.url + address)
    notice = page.locator("#lap-notice").inner_text()
    assert "Стол сыграл лимит в 6 раздач." in notice and "осталось 2 раздачи" in notice
    page.screenshot(path=str(shots / f"table-lap-{width}x{height}.png"))
    assert no_sideways_scroll(page), too_wide(page)
    context.close()
