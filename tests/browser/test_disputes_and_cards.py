"""The chief referee resolves a player's dispute in a real browser, by keyboard: the round
dashboard lists it, its page shows the totals and takes the decision, the table page shows
it resolved; and the page a table card's QR code leads to opens for a visitor while the
round is in play. At 1366×768, 1024×768 and 390×844, in Russian, axe-core finds no serious
or critical violation and no page scrolls sideways on the phone. Screenshots in
``artifacts/``."""

from __future__ import annotations

import pytest

from referee.standings.models import StandingsSettings
from referee.tables import services as tables
from referee.tables.agreements import Verdict, sign_off
from referee.tables.card import card_path
from referee.tables.models import Agreement, Table
from referee.tournaments.models import Registration, Round, Tournament
from tests.referee.factories import (
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    random_deals,
    table_of,
)

from .helpers import axe_problems, log_in, no_sideways_scroll, tab_to, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1366, 768), (1024, 768), (390, 844)]
NAMES = ["Воронцов Алексей", "Гладков Борис", "Дроздова Вера", "Ершов Григорий"]
NAMES += ["Жукова Дарья", "Зайцев Евгений", "Иванова Зоя"]
DISPUTE = "В 3-й раздаче у меня было 5 взяток, а не 4"


def _user(name: str, first: str, last: str):
    user = UserFactory(username=name, first_name=first, last_name=last)
    user.set_password(f"{name}-pass")
    user.save()
    return user


def _cup():
    chief = _user("chief", "Пётр", "Главный")
    referee = _user("ref", "Анна", "Судейкина")
    cup = TournamentFactory(
        name="Кубок Тулы", slug="tula", published=True, players_confirm=True, chief_referee=chief
    )
    cup.roles.create(user=referee, kind="referee")
    StandingsSettings.objects.create(tournament=cup, published_through=None)
    entries = [
        Registration.objects.create(tournament=cup, player=PlayerFactory(name=name))
        for name in NAMES
    ]
    round_ = RoundFactory(tournament=cup, number=1, status=Round.Status.STARTED)
    first = table_of(round_, 1, entries[:4], status="open")
    second = table_of(round_, 2, entries[4:], status="open")
    for data in random_deals(6, seats=4, seed=3):
        tables.record_deal(first.pk, data, referee)
    for data in random_deals(3, seats=3, seed=4):
        tables.record_deal(second.pk, data, referee)
    seats = list(first.seats.order_by("position"))
    verdicts = {s.pk: Verdict(True) for s in seats[:3]} | {seats[3].pk: Verdict(False, DISPUTE)}
    sign_off(first.pk, referee, verdicts)
    return cup, first, second


def _shot(page, shots, name, width):
    page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)


def _checked(page, name, width, found):
    if width == 390:
        assert no_sideways_scroll(page), (name, too_wide(page))
    problems = axe_problems(page)
    if problems:
        found[f"{name}@{width}"] = problems


def test_the_chief_resolves_a_dispute_and_a_visitor_opens_a_table_card(live_server, browser, shots):
    cup, first, second = _cup()
    base = live_server.url
    dashboard = f"{base}/t/{cup.slug}/manage/rounds/1/dashboard/"
    found: dict[str, list[str]] = {}
    word = Agreement.objects.get(table=first, agreed=False)
    for width, height in SCREENS:
        context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
        page = context.new_page()
        log_in(page, base, "chief", "chief-pass", dashboard)
        page.goto(dashboard)
        assert DISPUTE in page.inner_text("#disputes")
        assert "1 возражение ждёт вашего решения" in page.inner_text("#disputes")
        _shot(page, shots, "dispute-1-dashboard", width)
        _checked(page, "dashboard", width, found)
        if width == 1366:  # the table page lists it too, with the same way to its decision
            page.goto(f"{base}/t/{cup.slug}/r/1/t/1/")
            assert DISPUTE in page.inner_text("#disputes")
            page.locator("#disputes").screenshot(path=str(shots / "dispute-0-table-1366.png"))
            _checked(page, "table-open-dispute", width, found)
            page.goto(dashboard)
        page.click("#disputes a.button.primary")
        page.wait_for_selector("form.dispute-decision")
        _shot(page, shots, "dispute-2-decision-page", width)
        _checked(page, "decision", width, found)
        if width != 390:  # the phone only looks; the decision is made on the laptop
            context.close()
            continue
        # by keyboard: the choice, the reason, the button
        tab_to(page, 'input[name="decision"]')
        page.keyboard.press("ArrowDown")  # the second choice: upheld
        assert page.evaluate("document.activeElement.value") == "upheld"
        page.keyboard.press("Tab")
        page.keyboard.type("Судья подтвердил: 5 взяток у Ершова")
        tab_to(page, "form.dispute-decision button.primary")
        page.keyboard.press("Enter")
        page.wait_for_selector("#disputes .resolution.upheld")
        _shot(page, shots, "dispute-3-table-page-resolved", width)
        page.locator("#disputes").screenshot(path=str(shots / "dispute-4-resolved-390.png"))
        _checked(page, "table-resolved", width, found)
        context.close()
    word.refresh_from_db()
    first.refresh_from_db()
    assert word.resolution == "upheld" and first.status == Table.Status.OPEN

    # a visitor scans table 2's card while the round is in play
    for width, height in SCREENS:
        context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(
            base + card_path(Table.objects.select_related("round__tournament").get(pk=second.pk))
        )
        text = page.inner_text("main")
        assert "Стол 2" in text and "Тур 1" in text and "Жукова Дарья" in text
        assert "Протокол стола появится на этой странице" in text
        _shot(page, shots, "card-page-in-play", width)
        _checked(page, "card", width, found)
        context.close()
    Tournament.objects.filter(pk=cup.pk).update(published=False)
    context = browser.new_context(locale="ru-RU", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base + card_path(Table.objects.select_related("round__tournament").get(pk=second.pk)))
    assert "Жукова" not in page.inner_text("main") and "Кубок Тулы" not in page.content()
    _shot(page, shots, "card-page-unpublished-tournament", 390)
    context.close()
    assert found == {}, found
