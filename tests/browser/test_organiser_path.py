"""The organiser's path from ``/t/new/`` to round 2 seated, in Russian, by the pages' own
links and buttons only: after logging in, the walk never types an address, so a page without
its obvious next action fails the test as a dead end. It counts the actions (a click on a
link, a button or a choice; a field filled; a file chosen) for the README, reloads the
summaries reached by a POST (our page, never "HTTP ERROR 405"), withdraws a player and
undoes it, and takes screenshots of each page at 1366×768, 1024×768 and 390×844
(``artifacts/path-*.png``) with axe-core and the no-sideways-scrolling check."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group

from referee.core.permissions import ORGANISERS
from referee.tables import services as tables
from referee.tables.agreements import sign_off
from referee.tables.models import Table
from referee.tournaments.models import Registration, Round, Tournament
from tests.referee.factories import UserFactory, random_deals, referee_of

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide
from .test_organiser_day import _xlsx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(1366, 768), (1024, 768), (390, 844)]


class Walk:
    """The organiser's hands: every step must find its link or button on the page it is on."""

    def __init__(self, page, shots) -> None:
        self.page = page
        self.shots = shots
        self.actions: list[str] = []
        self.problems: dict[str, list[str]] = {}

    def _find(self, selector: str, what: str):
        found = self.page.locator(selector)
        if found.count() == 0:
            raise AssertionError(f"dead end at {self.page.url}: no {what} ({selector})")
        return found.first

    def click(self, selector: str, what: str) -> None:
        self._find(selector, what).click()
        self.page.wait_for_load_state()
        self.actions.append(what)

    def fill(self, selector: str, text: str, what: str) -> None:
        self._find(selector, what).fill(text)
        self.actions.append(what)

    def upload(self, selector: str, path, what: str) -> None:
        self._find(selector, what).set_input_files(str(path))
        self.actions.append(what)

    def shot(self, name: str) -> None:
        """The page at each size; axe-core at the first, sideways scrolling at every one."""
        for width, height in SIZES:
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.screenshot(path=str(self.shots / f"path-{name}-{width}.png"), full_page=True)
            if not no_sideways_scroll(self.page):
                self.problems[f"{name}-{width}"] = too_wide(self.page)
        self.page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        found = axe_problems(self.page)
        if found:
            self.problems[name] = found

    def reload_is_ours(self, expected: str) -> None:
        """Ask for the address of a page reached by a POST again, as a reload from the
        address bar does: our page in Russian, the same summary."""
        response = self.page.goto(self.page.url)
        assert response is not None and response.status == 200, self.page.url
        assert expected in self.page.text_content("main"), self.page.url


def _organiser():
    user = UserFactory(username="org", first_name="Ольга", last_name="Устроева")
    user.set_password("org-pass")
    user.save()
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(user)
    return user


def _play_round(tournament: Tournament, number: int, seed: int) -> None:
    """The referees' part, through the services: every table's deals, signed off, locked."""
    referee = referee_of(tournament, name=f"ref{number}")
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        assert table.seats.count() == 3  # six players: two tables of three
        for data in random_deals(4, seats=3, seed=seed + table.number):
            data.pop("dealer", None)  # at three the engine needs no dealer
            tables.record_deal(table.pk, data, referee)
        sign_off(table.pk, referee, {})
        assert Table.objects.get(pk=table.pk).status == Table.Status.LOCKED


def test_the_organisers_path_to_round_2_has_no_dead_end(live_server, browser, shots, tmp_path):
    base = live_server.url
    _organiser()
    context = browser.new_context(locale="ru-RU", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    walk = Walk(page, shots)
    log_in(page, base, "org", "org-pass", "/t/new/")
    page.wait_for_url(re.compile(r"/t/new/$"))  # from here on, only the pages' own links

    # -- create: a name is all the wizard needs -------------------------------------------
    walk.fill("#id_name", "Кубок Тулы 2027", "the tournament's name")
    walk.shot("01-wizard")
    walk.click("form.wizard button.primary", "Create")
    page.wait_for_url(re.compile(r"/t/kubok-tuly-2027/manage/$"))
    tournament = Tournament.objects.get(slug="kubok-tuly-2027")
    assert tournament.starts_on == tournament.ends_on
    walk.shot("02-created")

    # -- players: the overview's next step is the import ------------------------------------
    walk.click('#next-step a[href$="/manage/import/"]', "Import a list (next step)")
    walk.upload('input[type="file"]', _xlsx(tmp_path), "choose the workbook")
    walk.click("main form button.primary, main form button", "Upload")
    page.wait_for_selector("text=Воронцов Алексей")
    walk.shot("03-import-preview")
    walk.click('form[action$="/import/confirm/"] button.primary', "Import the valid rows")
    page.wait_for_url(re.compile(r"/manage/players/$"))
    assert tournament.entries.count() == 6
    walk.shot("04-players")
    path = len(walk.actions)

    # -- withdraw a player, then undo it (not part of the counted path) ---------------------
    row = page.locator("table.players tr", has_text="Воронцов Алексей")
    row.locator("form.withdraw button").click()
    page.wait_for_selector("section.confirm")
    assert "можно отменить" in page.text_content("section.confirm")
    walk.shot("05-withdraw-confirm")
    walk.reload_is_ours("Снять игрока")  # a GET on the withdrawal: the same question
    page.locator("section.confirm button.big").click()
    page.wait_for_url(re.compile(r"/manage/players/$"))
    withdrawn = tournament.entries.get(player__name="Воронцов Алексей")
    assert withdrawn.status == Registration.Status.WITHDRAWN
    walk.shot("06-withdrawn")
    page.locator("table.players tr", has_text="Воронцов Алексей").locator(
        'form[action$="/reinstate/"] button'
    ).click()
    page.wait_for_url(re.compile(r"/manage/players/$"))
    assert "снова в списке игроков" in page.text_content("ul.messages")
    withdrawn.refresh_from_db()
    assert withdrawn.status == Registration.Status.ACTIVE
    walk.actions = walk.actions[:path]

    # -- start: the summary (reloadable), then the overview where round 1 is seated ---------
    walk.click('#next-step form[action$="/manage/start/"] button', "Start the tournament")
    page.wait_for_selector("section.confirm")
    walk.reload_is_ours("Начать турнир «Кубок Тулы 2027»?")
    walk.shot("07-start-summary")
    walk.click("section.confirm button.big", "Start (confirmed)")
    page.wait_for_url(re.compile(r"/manage/#next-step$"))
    walk.shot("08-started")

    # -- seat round 1, start it (its summary reloadable) ------------------------------------
    walk.click("#next-step form.seat-next button.primary", "Seat round 1")
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    walk.shot("09-round-1-seated")
    walk.click('form[action$="/rounds/1/start/"] button', "Start the round")
    page.wait_for_selector("section.confirm")
    walk.reload_is_ours("Начать тур 1?")
    walk.click("section.confirm button.big", "Start the round (confirmed)")
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.STARTED
    walk.shot("10-round-1-in-play")

    # -- the tables play; the dashboard offers the finish once every table is locked ----------
    _play_round(tournament, 1, seed=11)
    walk.click('a[href$="/manage/rounds/1/dashboard/"]', "Round dashboard")
    walk.shot("11-dashboard-all-locked")
    walk.click('form[action$="/rounds/1/finish/"] button', "Finish the round")
    page.wait_for_selector("section.confirm")
    walk.reload_is_ours("Завершить тур 1?")
    walk.click("section.confirm button.big", "Finish the round (confirmed)")
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    walk.shot("12-round-1-finished")

    # -- round 2, from the finished round's page ----------------------------------------------
    walk.click("form.seat-next button.primary", "Seat round 2")
    page.wait_for_url(re.compile(r"/rounds/2/$"))
    second = Round.objects.get(tournament=tournament, number=2)
    assert second.status == Round.Status.DRAFT and second.tables.count() == 2
    walk.shot("13-round-2-seated")

    print(f"\norganiser's path: {len(walk.actions)} actions: " + "; ".join(walk.actions))
    assert len(walk.actions) == 15, walk.actions
    assert walk.problems == {}, walk.problems
