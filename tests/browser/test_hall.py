"""The hall's big screen in a real browser: every row of a long standings list is seen across
its pages on a 1366×768 projector and a 1920×1080 television, then "find your table" once a
round is seated; every row of a page is wholly on screen. The main public pages pass axe-core
with no serious or critical violation."""

from __future__ import annotations

import pytest

from referee.demo.loader import generate_tournament
from referee.seating import services as seating
from referee.standings.models import StandingsSettings
from referee.tournaments.models import Tournament
from tests.referee.factories import UserFactory

from .helpers import axe_problems, no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1366, 768), (1920, 1080)]


def _cup() -> Tournament:
    cup = generate_tournament(60, 2, slug="hall", deals_per_table=2)
    Tournament.objects.filter(pk=cup.pk).update(published=True, status="running")
    StandingsSettings.objects.create(tournament=cup, published_through=2)
    chief = UserFactory(username="hall-chief")
    Tournament.objects.filter(pk=cup.pk).update(chief_referee=chief)
    seating.seat_next_round(cup.pk, chief, "swiss", 3)  # round 3 seated: "find your table"
    return cup


def _pages(page) -> list[dict]:
    """Each step of the screen: which rows it shows and whether each is wholly on screen."""
    steps = []
    while True:
        steps.append(
            page.evaluate(
                """() => {
                const part = document.querySelector('.screen-part:not([hidden])');
                const rows = Array.from(part.querySelectorAll('[data-row]:not([hidden])'));
                return {part: part.dataset.part, names: rows.map(r => r.textContent.trim()),
                        inside: rows.every(r => { const b = r.getBoundingClientRect();
                          return b.top >= 0 && b.bottom <= window.innerHeight + 1 &&
                                 b.right <= window.innerWidth + 1; })};
            }"""
            )
        )
        if not page.evaluate("window.screenNext()"):
            return steps


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_big_screen_shows_every_row(live_server, browser, shots, width, height):
    cup = _cup()
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{cup.slug}/standings/screen/")
    page.wait_for_selector("#screen[data-pages]")
    page.screenshot(path=str(shots / f"screen-{width}x{height}-first.png"))
    steps = _pages(page)
    standings = [s for s in steps if s["part"] == "standings"]
    finder = [s for s in steps if s["part"] == "seating"]
    assert len(standings) > 1 and finder  # a long list pages; the seating follows
    assert all(s["inside"] for s in steps)  # no row cut at the bottom of a page
    shown = [name for s in standings for name in s["names"]]
    assert len(shown) == len(set(shown)) == 60  # every row once
    assert sum(len(s["names"]) for s in finder) == 60  # every seated player
    page.evaluate("window.screenNext()")  # back at the first page: show the finder
    while page.evaluate("document.querySelector('[data-part=seating]').hidden"):
        page.evaluate("window.screenNext()")
    page.screenshot(path=str(shots / f"screen-{width}x{height}-find-your-table.png"))
    context.close()


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_without_a_script_the_servers_pages_show_every_row(
    live_server, browser, shots, width, height
):
    """No script (a smart TV's browser): the page goes to the server's first page, and each
    page names the next; following them shows every row, wholly on screen, then the finder."""
    cup = _cup()
    context = browser.new_context(
        locale="ru-RU", viewport={"width": width, "height": height}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{cup.slug}/standings/screen/")
    page.wait_for_url("**/standings/screen/?page=1")  # the noscript refresh, at once
    seen: dict[str, list[str]] = {"standings": [], "seating": []}
    for step in range(20):
        part = "seating" if "part=seating" in page.url else "standings"
        rows = page.locator("[data-row]")
        seen[part] += [t.strip() for t in rows.all_inner_texts()]
        for box in (rows.nth(i).bounding_box() for i in range(rows.count())):
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (step, box)
        page.screenshot(path=str(shots / f"screen-noscript-{width}x{height}-{step}.png"))
        refresh = page.locator("meta[http-equiv=refresh]").get_attribute("content") or ""
        following = refresh.split("url=", 1)[1]
        if following.endswith("?page=1"):  # back at the top
            break
        page.goto(f"{live_server.url}{following}")
    assert len(seen["standings"]) == len(set(seen["standings"])) == 60
    assert len(seen["seating"]) == 60
    context.close()


def test_the_main_pages_pass_axe(live_server, browser, shots):
    cup = _cup()
    base = f"{live_server.url}/t/{cup.slug}"
    found = {}
    for width, height in [(1366, 768), (390, 844)]:
        context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
        page = context.new_page()
        for name, url in [
            ("home", f"{live_server.url}/"),
            ("tournament", f"{base}/"),
            ("standings", f"{base}/standings/"),
            ("results", f"{base}/rounds/1/results/"),
            ("player", f"{base}/players/{cup.entries.order_by('pk').first().pk}/"),
            ("round", f"{base}/rounds/3/"),
            ("table", f"{base}/r/1/t/1/"),
            ("screen", f"{base}/standings/screen/"),
            ("missing", f"{base}/no-such-page/"),
        ]:
            page.goto(url)
            page.screenshot(path=str(shots / f"public-{name}-{width}.png"), full_page=True)
            if width == 390 and name != "screen":
                assert no_sideways_scroll(page), name
            problems = axe_problems(page)
            if problems:
                found[f"{name}@{width}"] = problems
        context.close()
    assert found == {}, found
