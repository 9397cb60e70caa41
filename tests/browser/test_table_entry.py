"""The table page's deal entry in a real browser. After every save the next deal's form is
empty but for its dealer (and what a new form starts with: a game, closed play), even after
a refused and corrected deal, online and through the offline outbox, and a reload (the
draft) does not bring the old values back. A refusal's summary lists every error under its
field's label in the page's language, and each link focuses its field, with the page's
script (fetch) and without it (a form post). The focus starts on the declarer on every fresh
load, at a table of four too, where the dealer's seat is disabled. Screenshots in Russian at
1024×768 and 390×844 in ``artifacts/``."""

from __future__ import annotations

import pytest

from referee.tables.models import Deal
from tests.referee.factories import referee_of, table_with_players

from .helpers import axe_problems, csp_violations, csp_watch, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

F = "#deal-form "
# what an empty form sends, besides its dealer
FRESH = {"type": "game", "play": "closed"}
# 6♠ by A, B whists, C passes: 6 + 2 + 1 = 9 tricks, refused; C took 2
REFUSED_GAME = {"declarer": "A", "level": "6", "strain": "S", "calls": ["whist", "pass"]}
NINE = {"A": "6", "B": "2", "C": "1"}
# 8♠ by A, B passes, C half-whists (only on 6 and 7), B whists after all; 8 + 1 + 0 = 9
# tricks: two errors
CALLS_ON_8 = ["pass", "half_whist", "return_whist"]
HALF_WHIST_ON_8 = {"declarer": "A", "level": "8", "strain": "S", "calls": CALLS_ON_8}
NINE_ON_8 = {"A": "8", "B": "1", "C": "0"}


def _open(live_server, browser, size=3, locale="ru-RU", js=True, viewport=(1024, 768)):
    table = table_with_players(size)
    name = f"entry{table.pk}"
    referee = referee_of(table.round.tournament, name=name)
    referee.set_password("entry-pass")
    referee.save()
    path = f"/t/{table.round.tournament.slug}/r/{table.round.number}/t/{table.number}/"
    context = browser.new_context(
        locale=locale,
        java_script_enabled=js,
        viewport={"width": viewport[0], "height": viewport[1]},
    )
    page = context.new_page()
    log_in(page, live_server.url, name, "entry-pass", next_url=path)
    page.wait_for_url(f"{live_server.url}{path}")
    if js:
        page.wait_for_selector('#offline[data-ready="yes"]')
    return table, context, page, f"{live_server.url}{path}"


def _enter(page, game, tricks):
    page.locator(f'{F}input[name="declarer"][value="{game["declarer"]}"]').check(force=True)
    page.locator(f'{F}input[name="level"][value="{game["level"]}"]').check(force=True)
    page.locator(f'{F}input[name="strain"][value="{game["strain"]}"]').check(force=True)
    for row, said in enumerate(game["calls"], start=1):
        page.select_option(f'{F}select[name="call_{row}_call"]', said)
    for letter, count in tricks.items():
        page.fill(f'{F}input[name="tricks_{letter}"]', count)


def _save(page):
    page.locator(f"{F}.actions button.primary").click()


def _values(page):
    """What the form would send now (its one-time keys aside), empty values left out."""
    return dict(
        page.evaluate(
            """() => Array.from(new FormData(document.getElementById('deal-form')).entries())
              .filter(([k, v]) => v !== '' && !['csrfmiddlewaretoken', 'idempotency_key']
                 .includes(k))"""
        )
    )


def _stored(page, count):
    page.wait_for_function(
        "n => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === n",
        arg=count,
        timeout=20000,
    )
    page.wait_for_selector('#offline[data-ready="yes"][data-pending="0"]', timeout=20000)


def _summary(page):
    return [" ".join(t.split()) for t in page.locator("#error-summary li").all_text_contents()]


def test_a_corrected_refusal_leaves_the_next_deal_empty_online(live_server, browser, shots):
    table, context, page, _url = _open(live_server, browser)
    _enter(page, REFUSED_GAME, NINE)
    _save(page)
    page.wait_for_selector('#offline[data-refused="yes"]')
    page.fill(f'{F}input[name="tricks_C"]', "2")
    _save(page)
    _stored(page, 1)
    assert [d.data["tricks"] for d in Deal.objects.filter(table=table)] == [
        {"A": 6, "B": 2, "C": 2}
    ]
    assert _values(page) == {"dealer": "B", **FRESH}  # A dealt the first deal
    assert page.locator(f"{F}.errorlist, #error-summary").count() == 0
    page.screenshot(path=str(shots / "entry-after-corrected-refusal-1024.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "entry-after-corrected-refusal-390.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.reload()  # the draft of the empty form, not the refused deal's values
    page.wait_for_selector('#offline[data-ready="yes"]')
    assert _values(page) == {"dealer": "B", **FRESH}
    # the next deal goes in as it is entered, nothing of the refused one with it
    _enter(page, {**REFUSED_GAME, "declarer": "C"}, {"C": "6", "A": "2", "B": "2"})
    _save(page)
    _stored(page, 2)
    assert _values(page) == {"dealer": "C", **FRESH}
    context.close()


def test_a_deal_refused_from_the_outbox_and_corrected_offline_leaves_the_form_empty(
    live_server, browser
):
    table, context, page, _url = _open(live_server, browser)
    page.wait_for_selector('#offline[data-offline-page="yes"]')
    context.set_offline(True)
    _enter(page, REFUSED_GAME, NINE)
    _save(page)  # into the outbox
    page.wait_for_selector("table.deals tr.pending")
    assert _values(page) == {"dealer": "B", **FRESH}
    context.set_offline(False)  # sent: the server refuses it, it comes back into the form
    page.wait_for_selector('#offline[data-refused="yes"]', timeout=20000)
    assert _values(page)["tricks_C"] == "1"
    context.set_offline(True)
    page.fill(f'{F}input[name="tricks_C"]', "2")
    _save(page)
    page.wait_for_selector("table.deals tr.pending:not(.refused)")
    assert _values(page) == {"dealer": "B", **FRESH}
    assert page.locator(f"{F}.errorlist, #error-summary").count() == 0
    assert page.locator(f"{F}details[open]").count() == 0
    page.reload()  # offline: the service worker's page, the outbox and the draft
    page.wait_for_selector('#offline[data-ready="yes"]')
    assert _values(page) == {"dealer": "B", **FRESH}
    context.set_offline(False)
    _stored(page, 1)
    assert _values(page) == {"dealer": "B", **FRESH}
    assert [d.data["tricks"] for d in Deal.objects.filter(table=table)] == [
        {"A": 6, "B": 2, "C": 2}
    ]
    context.close()


SUMMARIES = {
    "ru-RU": [
        "Заявки вистующих: полвиста можно только на 6, 7",
        "Взятки: в сумме 9 взяток, а должно быть 10",
    ],
    "en-GB": [
        "Defence calls: half-whist is allowed only on 6 and 7",
        "Tricks: tricks sum to 9, not 10",
    ],
}
TARGETS = ["call_1_call", "tricks_A"]


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_the_scripts_summary_lists_every_error_and_each_link_focuses_its_field(
    live_server, browser, shots, locale
):
    _table, context, page, _url = _open(live_server, browser, locale=locale)
    _enter(page, HALF_WHIST_ON_8, NINE_ON_8)
    _save(page)
    page.wait_for_selector('#offline[data-refused="yes"]')
    assert _summary(page) == SUMMARIES[locale]
    assert page.evaluate("document.activeElement.name") == TARGETS[0]  # the first at fault
    # the refused deal's markup is the page's again: the rows its calls need, the keys
    assert page.locator(f"{F}tr[data-call-row]:not([hidden])").count() == 3
    assert page.locator(f"{F}button.more-calls").count() == 1
    assert "[" in page.locator(f'{F}select[name="call_1_call"] option[value="pass"]').inner_text()
    links = page.locator("#error-summary a[data-field]")
    for index, name in reversed(list(enumerate(TARGETS))):
        links.nth(index).click()
        assert page.evaluate("document.activeElement.name") == name
    if locale == "ru-RU":
        assert axe_problems(page) == []
        page.screenshot(path=str(shots / "entry-summary-1024.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        assert no_sideways_scroll(page), too_wide(page)
        page.screenshot(path=str(shots / "entry-summary-390.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_the_summary_without_the_script_lists_every_error_and_links_to_the_fields(
    live_server, browser, shots, locale
):
    _table, context, page, _url = _open(live_server, browser, locale=locale, js=False)
    page.locator(f'{F}input[name="declarer"][value="A"]').check(force=True)
    page.locator(f'{F}input[name="level"][value="8"]').check(force=True)
    page.locator(f'{F}input[name="strain"][value="S"]').check(force=True)
    for row, (player, said) in enumerate(zip("BCB", CALLS_ON_8, strict=True), start=1):
        page.select_option(f'{F}select[name="call_{row}_player"]', player)
        page.select_option(f'{F}select[name="call_{row}_call"]', said)
    for letter, count in NINE_ON_8.items():
        page.fill(f'{F}input[name="tricks_{letter}"]', count)
    _save(page)
    page.wait_for_selector("#error-summary")
    assert _summary(page) == SUMMARIES[locale]
    for link, name in zip(page.locator("#error-summary a").all(), TARGETS, strict=True):
        target = link.get_attribute("href")
        assert page.get_attribute(target, "name") == name
        assert page.get_attribute(target, "type") != "hidden"
    if locale == "ru-RU":
        page.set_viewport_size({"width": 390, "height": 844})
        assert no_sideways_scroll(page), too_wide(page)
        page.screenshot(path=str(shots / "entry-summary-no-script-390.png"), full_page=True)
    assert Deal.objects.count() == 0
    context.close()


def test_the_focus_starts_on_the_declarer_on_every_fresh_load(live_server, browser):
    """A table of four, A deals and sits out: the declarer's first enabled seat is B. Every
    other load runs on a CPU slowed eight times, where the race showed."""
    _table, context, page, url = _open(live_server, browser, size=4)
    page.close()
    found = []
    for load in range(20):
        page = context.new_page()
        if load % 2:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 8})
        page.goto(url)
        page.wait_for_selector('#offline[data-ready="yes"]')
        page.wait_for_timeout(300)
        found.append(
            page.evaluate(
                "() => { const e = document.activeElement; return `${e.name}=${e.value}`; }"
            )
        )
        page.close()
    misses = [at for at in found if at != "declarer=B"]
    assert not misses, f"{len(misses)} of 20 loads: {found}"
    context.close()


def test_the_table_page_runs_under_the_policy_and_the_deal_form_module_works(live_server, browser):
    """The page's Content-Security-Policy blocks nothing it needs (a blocked script would
    fail silently): no violation is reported, and the deal form's module does its work — the
    defenders follow the declarer (a table of four, A deals: declarer B, defenders C and D),
    the tricks are summed, pass – pass suggests "not played" and hides the tricks."""
    _table, context, page, url = _open(live_server, browser, size=4)
    csp_watch(page)
    page.goto(url)
    page.wait_for_selector('#offline[data-ready="yes"]')
    page.locator(f'{F}input[name="declarer"][value="B"]').check(force=True)
    assert page.input_value(f'{F}select[name="call_1_player"]') == "C"
    assert page.input_value(f'{F}select[name="call_2_player"]') == "D"
    page.fill(f'{F}input[name="tricks_B"]', "6")
    page.fill(f'{F}input[name="tricks_C"]', "3")
    assert page.text_content("#tricks-sum") == "Σ 9 / 10"
    assert page.get_attribute("#tricks-sum", "class") == "hint off"
    page.select_option(f'{F}select[name="call_1_call"]', "pass")
    page.select_option(f'{F}select[name="call_2_call"]', "pass")
    assert page.is_checked(f'{F}input[name="play"][value="none"]')
    assert page.locator("#f-tricks").is_hidden()
    assert page.get_attribute("#offline", "data-deal-rotation") == "always_clockwise"
    assert csp_violations(page) == []
    context.close()
