"""Every page of the demo in Russian on a 390×844 phone, as the public, a referee, the chief
and an organiser: axe-core finds no violation at all (whatever its impact), no raw code or
English word is shown (tests/referee/demo_walk.py says what counts), and nothing scrolls
sideways. One page of each URL pattern per role keeps the walk to a few minutes."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tests.referee.demo_walk import Walk, codes, problems, read
from tests.referee.test_russian_pages import ROLES, STARTS, enrich_demo, open_table

from .helpers import load_axe, log_in, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LINKS = "() => Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))"
WIDE = "() => document.scrollingElement.scrollWidth <= window.innerWidth"
AXE_RUN = """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(
  v => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length}× e.g. ${v.nodes[0].target}`))"""


def walk(browser, base: str, role: str, login: str | None, raw: set[str], shots) -> dict:
    context = browser.new_context(locale="ru-RU", viewport=PHONE)
    page = context.new_page()
    if login:
        log_in(page, base, login, f"demo-{login}")
    found: dict[str, list[str]] = {}
    pages = Walk([open_table(), *STARTS, "/accounts/login/"], per_route=1)
    for path in pages:
        response = page.goto(base + path)
        if response is None or "text/html" not in (response.headers.get("content-type") or ""):
            continue
        page.wait_for_load_state()
        bad = problems(read(page.content())[0], raw, logins=ROLES.values())
        if not page.evaluate(WIDE):
            bad.append(f"scrolls sideways: {too_wide(page)}")
            page.screenshot(path=str(shots / f"ru-walk-{role}-{len(found)}.png"), full_page=True)
        if role == "chief":  # what a phone shows first, to look at
            name = path.strip("/").replace("/", "-") or "home"
            page.screenshot(path=str(shots / f"ru-walk-{role}-{name}.png"))
        # the standings settings show only the chosen method's parameters: check them all
        page.evaluate(
            "document.querySelectorAll('fieldset[hidden]').forEach(f => f.hidden = false)"
        )
        load_axe(page)
        bad += page.evaluate(AXE_RUN)
        if bad:
            found[f"{response.status} {path}"] = bad
        pages.follow(path, page.evaluate(LINKS))
    context.close()
    return found


def test_every_demo_page_in_russian_on_a_phone_passes_axe_and_shows_no_code(
    live_server, browser, shots
):
    call_command("load_demo")
    enrich_demo()
    raw = codes()
    everything: dict[str, list[str]] = {}
    for role, login in ROLES.items():
        if role == "admin":
            continue  # the site's staff sees the chief's pages and the registry's
        found = walk(browser, live_server.url, role, login, raw, shots)
        everything |= {f"{role}: {page}": bad for page, bad in found.items()}
    (shots / "ru-walk.json").write_text(json.dumps(everything, ensure_ascii=False, indent=1))
    assert everything == {}
