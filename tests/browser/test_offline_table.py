"""The table page offline: three deals entered without network, a reload, the network back,
and each deal stored exactly once."""

from __future__ import annotations

import pytest

from referee.api.models import IdempotentRequest
from referee.tables.models import Deal
from tests.referee.factories import referee_of, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = [
    {"A": "4", "B": "3", "C": "3"},
    {"A": "5", "B": "3", "C": "2"},
    {"A": "2", "B": "4", "C": "4"},
]


def _enter_raspasy(page, tricks: dict[str, str]) -> None:
    page.locator('#deal-form input[name="type"][value="raspasy"]').check(force=True)
    for letter, count in tricks.items():
        page.fill(f'#deal-form input[name="tricks_{letter}"]', count)
    page.locator("#deal-form .actions button.primary").click()


def _signed_in_table(live_server, browser, locale="ru-RU", name="tablet", kept=True):
    """A table of 3 and its referee signed in on a tablet in ``locale``, the page ready (and
    ``kept`` for offline by the service worker): (the table, its referee, context, page)."""
    table = table_with_players(3)
    referee = referee_of(table.round.tournament, name=name)
    referee.set_password("tablet-pass")
    referee.save()
    url = (
        f"{live_server.url}/t/{table.round.tournament.slug}/r/{table.round.number}"
        f"/t/{table.number}/"
    )
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next={url}")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password"]', "tablet-pass")
    page.locator('main button[type="submit"], main input[type="submit"]').first.click()
    page.wait_for_url(url)
    kept_page = '[data-offline-page="yes"]' if kept else ""
    page.wait_for_selector(f'#offline[data-ready="yes"]{kept_page}')
    return table, referee, context, page


def test_three_deals_entered_offline_are_stored_once_when_the_network_returns(
    live_server, browser, shots
):
    table, referee, context, page = _signed_in_table(live_server, browser)
    assert "127.0.0.1" in live_server.url

    context.set_offline(True)
    assert page.text_content("#entry-title").strip().startswith("Раздача 1")
    for number, tricks in enumerate(DEALS, start=1):
        _enter_raspasy(page, tricks)
        page.wait_for_function(
            "n => document.querySelectorAll('table.deals tr.pending').length === n", arg=number
        )
        # the heading moves on with the queued deals (issue 30 point 12)
        heading = page.text_content("#entry-title").strip()
        assert heading.startswith(f"Раздача {number + 1}"), heading
    assert Deal.objects.count() == 0
    # half a fourth deal: the draft survives the reload
    page.fill('#deal-form input[name="tricks_A"]', "7")
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots / "offline-three-pending.png"), full_page=True)

    page.reload()  # offline: the service worker serves the page, the outbox is in IndexedDB
    page.wait_for_selector('#offline[data-ready="yes"]')
    assert page.locator("table.deals tr.pending").count() == 3
    assert page.input_value('#deal-form input[name="tricks_A"]') == "7"
    status = page.text_content("#sync-status")
    assert "Нет связи" in status and "Ещё не на сервере: раздач — 3" in status
    page.screenshot(path=str(shots / "offline-after-reload.png"), full_page=True)

    context.set_offline(False)
    page.wait_for_selector('#offline[data-ready="yes"][data-pending="0"]', timeout=20000)
    page.wait_for_function(
        "() => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === 3"
    )
    page.screenshot(path=str(shots / "online-stored.png"), full_page=True)

    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [d.number for d in deals] == [1, 2, 3]
    assert [d.data["tricks"] for d in deals] == [{k: int(v) for k, v in t.items()} for t in DEALS]
    assert IdempotentRequest.objects.filter(user=referee).count() == 3
    assert page.input_value('#deal-form input[name="tricks_A"]') == "7"  # the draft, still
    context.close()


def test_a_refused_deal_comes_back_at_its_field_and_the_corrected_one_is_stored(
    live_server, browser, shots
):
    _table, _referee, context, page = _signed_in_table(
        live_server, browser, locale="en-GB", name="tablet2", kept=False
    )

    _enter_raspasy(page, {"A": "4", "B": "3", "C": "2"})  # 9 tricks
    page.wait_for_selector('#offline[data-refused="yes"]')
    assert "The server refused a deal" in page.text_content("#sync-status")
    assert page.locator("#deal-form .errorlist").count() >= 1
    assert "9" in page.text_content("#deal-form .errorlist")
    assert page.locator("table.deals tr.pending.refused").count() == 1
    assert page.input_value('#deal-form input[name="tricks_C"]') == "2"  # the referee's values
    # the summary of every error stands above the form, the focus on the first field at fault
    summary = page.locator("#error-summary")
    assert summary.count() == 1 and "9" in summary.text_content()
    # the tricks are entered per hand: the first hand's field takes the focus
    assert summary.locator("a[data-field]").first.get_attribute("data-name") == "tricks"
    assert page.evaluate("document.activeElement.name") == "tricks_A"
    page.screenshot(path=str(shots / "refused-at-its-field.png"), full_page=True)
    assert Deal.objects.count() == 0

    # a retry of the queue while the referee corrects keeps what he has typed
    page.fill('#deal-form input[name="tricks_C"]', "3")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_timeout(500)
    assert page.input_value('#deal-form input[name="tricks_C"]') == "3"
    page.locator("#deal-form .actions button.primary").click()
    page.wait_for_function(
        "() => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === 1"
    )
    page.wait_for_selector('#offline[data-ready="yes"][data-pending="0"]')
    assert page.locator("#error-summary").count() == 0  # the corrected deal is stored
    assert [d.data["tricks"] for d in Deal.objects.all()] == [{"A": 4, "B": 3, "C": 3}]
    context.close()


def test_a_queued_game_reads_in_the_pages_own_words(live_server, browser):
    """A deal waiting in the outbox is summed up with the deal form's signs: a no-trump game
    on a Russian page reads "6БК", never the code "NT" (``draft.summary``, ``words.strains``)."""
    _table, _referee, context, page = _signed_in_table(live_server, browser)
    context.set_offline(True)
    form = page.locator("#deal-form")
    for name, value in (("type", "game"), ("declarer", "A"), ("level", "6"), ("strain", "NT")):
        form.locator(f'input[name="{name}"][value="{value}"]').check(force=True)
    for letter, count in {"A": "6", "B": "2", "C": "2"}.items():
        page.fill(f'#deal-form input[name="tricks_{letter}"]', count)
    page.locator("#deal-form .actions button.primary").click()
    page.wait_for_selector("table.deals tr.pending")
    row = page.text_content("table.deals tr.pending") or ""
    assert "6БК" in row and "NT" not in row, row
    context.close()
