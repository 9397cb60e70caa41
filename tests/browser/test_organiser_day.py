"""A tournament from nothing to its results in a real browser, without the Django admin:
an organiser creates it with the wizard and imports the players from an XLSX file; the chief
seats and starts round 1; a referee enters, by keyboard only, a raspasy series, a
half-whist, a set with consolation, a misère and a correction, and signs off after the
players confirm; a second referee confirms; the public standings on a 390×844 phone show the
result; the downloads open. axe-core checks every page on the way. Screenshots go to
``artifacts/``."""

from __future__ import annotations

import io
import re

import openpyxl
import pypdf
import pytest
from django.contrib.auth.models import Group

from referee.core.permissions import ORGANISERS
from referee.standings import services as standings
from referee.tables import services as tables
from referee.tables.agreements import Verdict, sign_off
from referee.tables.models import Agreement, Deal, Table
from referee.tournaments.models import Round, Tournament
from tests.referee.factories import UserFactory, random_deals, referee_of

from .helpers import (
    axe_problems,
    call,
    choose,
    log_in,
    log_out,
    no_sideways_scroll,
    save_deal,
    tab_to,
    too_wide,
    type_in,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    ("Воронцов", "Алексей", "Москва"),
    ("Гладков", "Борис", "Тула"),
    ("Дроздова", "Вера", "Казань"),
    ("Ершов", "Григорий", "Москва"),
    ("Жукова", "Дарья", "Сочи"),
    ("Зайцев", "Евгений", "Тула"),
]


def russian_key(page, letter: str, code: str) -> None:
    """A key pressed on the Russian layout, as the browser gets it from the keyboard (a
    trusted keydown with its key and code, then its text): Playwright's own ``press`` types
    Cyrillic as text only, with no key event."""
    cdp = page.context.new_cdp_session(page)
    for kind in ("keyDown", "keyUp"):
        event = {"type": kind, "key": letter, "code": code}
        if kind == "keyDown":
            event["text"] = letter
        cdp.send("Input.dispatchKeyEvent", event)
    cdp.detach()


def _user(name: str, organiser: bool = False):
    user = UserFactory(username=name, first_name=name.title(), last_name="Судейкин")
    user.set_password(f"{name}-pass")
    user.save()
    if organiser:
        Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(user)
    return user


def _xlsx(tmp_path):
    book = openpyxl.Workbook()
    book.active.append(["Фамилия", "Имя", "Город"])
    for row in PLAYERS:
        book.active.append(list(row))
    path = tmp_path / "players.xlsx"
    book.save(path)
    return path


def test_an_organisers_day_without_the_admin(live_server, browser, shots, tmp_path):
    base = live_server.url
    problems: dict[str, list[str]] = {}

    def shot(page, name: str, check: bool = True) -> None:
        page.screenshot(path=str(shots / f"day-{name}.png"), full_page=True)
        if check:
            found = axe_problems(page)
            if found:
                problems[name] = found

    organiser = _user("org", organiser=True)
    desk = browser.new_context(locale="ru-RU", viewport={"width": 1366, "height": 768})
    page = desk.new_page()

    # -- the wizard ------------------------------------------------------------------------
    log_in(page, base, "org", "org-pass", "/t/new/")
    page.goto(f"{base}/t/new/")
    page.fill("#id_name", "Кубок Тулы 2027")
    assert page.input_value("#id_slug") == "kubok-tuly-2027"  # transliterated as typed
    page.fill("#id_starts_on", "2027-03-06")
    page.fill("#id_ends_on", "2027-03-07")
    page.fill("#id_venue", "Тула, клуб «Мизер»")
    page.select_option("#id_table_size", "3")
    page.fill("#id_time_limit_minutes", "150")
    page.check("#id_second_confirmation")
    page.check("#id_players_confirm")
    page.select_option("#id_tie_2", "")
    shot(page, "01-wizard")
    page.locator("form.wizard button.primary").click()
    page.wait_for_url(re.compile(r"/t/kubok-tuly-2027/manage/$"))
    tournament = Tournament.objects.get(slug="kubok-tuly-2027")
    assert tournament.chief_referee == organiser and tournament.players_confirm
    shot(page, "02-created")

    # -- players from a workbook -------------------------------------------------------------
    page.goto(f"{base}/t/{tournament.slug}/manage/import/")
    page.set_input_files('input[type="file"]', str(_xlsx(tmp_path)))
    page.locator("main form button").first.click()
    page.wait_for_selector("text=Воронцов Алексей")
    shot(page, "03-import-preview")
    page.locator('form[action$="/import/confirm/"] button.primary').click()
    page.wait_for_url(re.compile(r"/manage/players/$"))
    assert tournament.entries.count() == 6

    # -- start, seat, start round 1 (each with its summary first) ---------------------------
    page.goto(f"{base}/t/{tournament.slug}/manage/")
    page.locator('form[action$="/manage/start/"] button').click()
    page.wait_for_selector("section.confirm")
    assert "ФСПР" in page.text_content("section.confirm")
    shot(page, "04-confirm-start")
    page.locator("section.confirm button.big").click()
    page.wait_for_url(re.compile(r"/manage/(#next-step)?$"))
    page.goto(f"{base}/t/{tournament.slug}/")
    page.fill('form.seat-next input[name="seed"]', "7")
    page.locator("form.seat-next button.primary").click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    shot(page, "05-round-seated")
    page.locator('form[action$="/rounds/1/start/"] button').click()
    page.wait_for_selector("section.confirm")
    shot(page, "06-confirm-round-start")
    page.locator("section.confirm button.big").click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.status == Round.Status.STARTED
    first, second = list(Table.objects.filter(round=round_).order_by("number"))
    page.goto(f"{base}/t/{tournament.slug}/manage/rounds/1/dashboard/")
    page.wait_for_function(
        "() => document.querySelector('#round-clock .clock-value').textContent.includes(':')"
    )
    assert "осталось" in page.text_content("#round-clock")
    shot(page, "07-dashboard")
    log_out(page)

    # -- a referee at table 1, keyboard only ------------------------------------------------
    referee = referee_of(tournament, name="ref")
    referee.first_name, referee.last_name = "Сергей", "Судейкин"
    referee.set_password("ref-pass")
    referee.save()
    second_referee = referee_of(tournament, name="ref2")
    second_referee.set_password("ref2-pass")
    second_referee.save()
    table_url = f"{base}/t/{tournament.slug}/r/1/t/1/"
    log_in(page, base, "ref", "ref-pass", table_url)
    page.goto(table_url)
    page.wait_for_selector('#offline[data-ready="yes"]')
    shot(page, "08-table-empty")
    for width, height in [(1024, 768), (390, 844)]:  # a tablet, a phone: the form fits
        page.set_viewport_size({"width": width, "height": height})
        assert no_sideways_scroll(page), (width, too_wide(page))
        page.screenshot(path=str(shots / f"day-08-table-empty-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})

    choose(page, "type", "raspasy")  # a raspasy series: two in a row
    for letter, count in zip("ABC", "433", strict=True):
        type_in(page, f"tricks_{letter}", count)
    save_deal(page, 0)
    choose(page, "type", "raspasy")
    for letter, count in zip("ABC", "532", strict=True):
        type_in(page, f"tricks_{letter}", count)
    save_deal(page, 1)

    # a half-whist: 7♠ by A, B passes, C half-whists; not played
    choose(page, "declarer", "A")
    choose(page, "level", "7")
    choose(page, "strain", "S")
    call(page, 1, "p")
    assert page.input_value('[name="call_1_call"]') == "pass"
    assert page.evaluate("document.activeElement.name") == "call_2_call"  # focus moved on
    page.keyboard.press("h")
    assert page.input_value('[name="call_2_call"]') == "half_whist"
    assert page.is_checked('#deal-form input[name="play"][value="none"]')
    shot(page, "09-half-whist", check=False)
    save_deal(page, 2)

    # a set with consolation: 7♠ by A, B whists (the Russian key), C passes; 6 tricks of 7
    choose(page, "declarer", "A")
    choose(page, "level", "7")
    choose(page, "strain", "S")
    tab_to(page, '#deal-form [name="call_1_call"]')
    russian_key(page, "в", "KeyD")  # В sits on the D key of the Russian layout
    assert page.input_value('[name="call_1_call"]') == "whist"
    page.keyboard.press("p")
    for letter, count in zip("ABC", "631", strict=True):
        type_in(page, f"tricks_{letter}", count)
    save_deal(page, 3)

    # a misère by B, one trick caught
    choose(page, "type", "misere")
    choose(page, "declarer", "B")
    for letter, count in zip("ABC", "514", strict=True):
        type_in(page, f"tricks_{letter}", count)
    save_deal(page, 4)
    shot(page, "10-five-deals")
    texts = page.text_content("table.deals")
    assert "консоляция" in texts and "мизер" in texts and "распасы" in texts

    # a correction of deal 1, with its reason
    tab_to(page, 'a[href$="/deals/1/edit/"]')
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/deals/1/edit/$"))
    type_in(page, "tricks_A", "5")
    type_in(page, "tricks_B", "2")
    type_in(page, "reason", "записали не того игрока")
    shot(page, "11-correction", check=False)
    tab_to(page, "#deal-form .actions button.primary")
    page.keyboard.press("Enter")
    page.wait_for_url(table_url)
    deal = Deal.objects.get(table=first, number=1)
    assert deal.version == 2 and deal.data["tricks"] == {"A": 5, "B": 2, "C": 3}

    # sign-off: the totals, then each player agrees on the tablet
    page.wait_for_selector('#offline[data-ready="yes"]')
    tab_to(page, 'form[action$="/submit/"] button')
    page.keyboard.press("Enter")
    page.wait_for_selector("section.confirm table.totals")
    for seat in first.seats.all():
        tab_to(page, f'input[name="agree_{seat.pk}"]')
        page.keyboard.press("Space")
    shot(page, "12-sign-off-players-agree")
    tab_to(page, "section.confirm button.big")
    page.keyboard.press("Enter")
    page.wait_for_url(table_url)
    first.refresh_from_db()
    assert first.status == Table.Status.SUBMITTED
    assert Agreement.objects.filter(table=first, agreed=True).count() == 3
    log_out(page)

    # the second referee confirms
    log_in(page, base, "ref2", "ref2-pass", table_url)
    page.goto(table_url)
    tab_to(page, 'form[action$="/confirm/"] button')
    page.keyboard.press("Enter")
    page.wait_for_selector("section.confirm")
    shot(page, "13-second-confirmation")
    tab_to(page, "section.confirm button.big")
    page.keyboard.press("Enter")
    page.wait_for_url(table_url)
    first.refresh_from_db()
    assert first.status == Table.Status.LOCKED
    log_out(page)

    # table 2 the quick way; the chief finishes the round and publishes it
    for data in random_deals(4, seats=3, seed=5):
        tables.record_deal(second.pk, data, referee)
    sign_off(second.pk, referee, {s.pk: Verdict(True) for s in second.seats.all()})
    tables.confirm_table(second.pk, second_referee)
    log_in(page, base, "org", "org-pass")
    page.goto(f"{base}/t/{tournament.slug}/rounds/1/")
    page.locator('form[action$="/rounds/1/finish/"] button').click()
    page.wait_for_selector("section.confirm")
    page.locator("section.confirm button.big").click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    standings.update_settings(tournament, organiser, {"published_through": 1})

    # -- the public on a phone -----------------------------------------------------------------
    phone = browser.new_context(
        locale="ru-RU", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    public = phone.new_page()
    public.goto(f"{base}/t/{tournament.slug}/standings/")
    assert no_sideways_scroll(public)
    rows = public.locator("table.standings tbody tr")
    assert rows.count() == 6
    box = rows.first.locator("td.strong").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # the points, on screen
    shot(public, "14-phone-standings")
    rows.first.locator("details summary").click()
    shot(public, "15-phone-standings-details", check=False)
    public.goto(f"{base}/t/{tournament.slug}/rounds/1/results/")
    assert no_sideways_scroll(public)
    shot(public, "16-phone-round-results")
    public.goto(f"{base}/t/{tournament.slug}/r/1/t/1/")
    shot(public, "17-phone-table-sheet")

    # -- the downloads open ----------------------------------------------------------------------
    book = openpyxl.load_workbook(
        io.BytesIO(public.request.get(f"{base}/t/{tournament.slug}/export/results.xlsx").body())
    )
    sheet = book["Турнирная таблица"] if "Турнирная таблица" in book else book.worksheets[0]
    places = [row[0] for row in sheet.iter_rows(min_row=4, values_only=True) if row[0]]
    assert places and all(isinstance(p, int) for p in places)
    protocol = pypdf.PdfReader(
        io.BytesIO(public.request.get(f"{base}/t/{tournament.slug}/r/1/t/1/protocol.pdf").body())
    )
    text = "\n".join(p.extract_text() for p in protocol.pages)
    assert "Подписи" in text and "Сергей Судейкин" in text and "итог принят" in text
    for name in ("seating", "tables"):
        pdf = public.request.get(f"{base}/t/{tournament.slug}/r/1/{name}.pdf")
        assert pdf.ok and pypdf.PdfReader(io.BytesIO(pdf.body())).pages

    assert problems == {}, problems
