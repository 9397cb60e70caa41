"""A tablet shared by referees: the deals one queued offline wait aside for him when another
signs in (never shown in the other's form, never sent under his name); their author sends
them when he signs in again; the chief referee sends another's explicitly (recorded with the
real author, logged) or discards them (logged); logging out empties the page cache."""

from __future__ import annotations

import pytest

from referee.accounts.models import Role
from referee.api.models import IdempotentRequest
from referee.tables.models import Deal, DealVersion
from referee.tournaments.models import ActionLog
from tests.referee.factories import referee_of, table_with_players

from .helpers import log_in, log_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

F = "#deal-form "
CACHED_PAGES = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const r of await cache.keys()) found.push(new URL(r.url).pathname);
  }
  return found.filter((p) => !p.startsWith('/static/'));
}"""


@pytest.fixture(autouse=True)
def _any_dealer(settings):
    """Two referees' deals interleave at one table here: whose turn it is to deal is not
    the point (each page counts the dealer from what it has seen)."""
    settings.ENFORCE_DEALER_ROTATION = False


def _official(tournament, username, first="", last="", kind=Role.Kind.REFEREE):
    user = referee_of(tournament, kind, name=username)
    user.first_name, user.last_name = first, last
    user.set_password("tablet-pass")
    user.save()
    return user


def _raspasy(page, tricks):
    page.locator(f'{F}input[name="type"][value="raspasy"]').check(force=True)
    for letter, count in tricks.items():
        page.fill(f'{F}input[name="tricks_{letter}"]', count)
    page.locator(f"{F}.actions button.primary").click()


def _sign_in(page, base, username, path):
    log_in(page, base, username, "tablet-pass", next_url=path)
    page.wait_for_url(f"{base}{path}")
    page.wait_for_selector('#offline[data-ready="yes"]')


def _queue_offline(context, page, deals, draft=None):
    """Deals saved without network; the table page is then closed, so that nothing runs
    when the network is back (a page navigated away from may still see the network back
    before it is gone); a new page of the same browser takes its place."""
    context.set_offline(True)
    for number, tricks in enumerate(deals, start=1):
        _raspasy(page, tricks)
        page.wait_for_function(
            "n => document.querySelectorAll('table.deals tr.pending').length === n", arg=number
        )
    if draft:
        page.fill(f'{F}input[name="tricks_A"]', draft)
        page.wait_for_timeout(300)
    page.close()
    context.set_offline(False)
    return context.new_page()


def _log_out(page, base):
    page.goto(f"{base}/")
    log_out(page)
    page.wait_for_selector('html[data-page-cache="cleared"]')


def test_two_referees_on_one_tablet(live_server, browser, shots):
    table = table_with_players(3)
    tournament = table.round.tournament
    anna = _official(tournament, "anna", "Анна", "Белова")
    boris = _official(tournament, "boris", "Борис", "Orlov")
    base = live_server.url
    path = f"/t/{tournament.slug}/r/{table.round.number}/t/{table.number}/"
    context = browser.new_context(locale="ru-RU")
    page = context.new_page()

    _sign_in(page, base, "anna", path)
    page.wait_for_selector('#offline[data-offline-page="yes"]')
    assert path in page.evaluate(CACHED_PAGES)  # the service worker keeps her table page
    page = _queue_offline(
        context, page, [{"A": "4", "B": "3", "C": "3"}, {"A": "5", "B": "3", "C": "2"}], "7"
    )
    page.wait_for_timeout(1000)  # nothing reaches the server later either
    assert Deal.objects.count() == 0

    _log_out(page, base)  # online: nothing is sent, the page cache is emptied
    assert Deal.objects.count() == 0
    assert page.evaluate(CACHED_PAGES) == []

    _sign_in(page, base, "boris", path)
    assert page.get_attribute("#offline", "data-aside") == "2"
    assert page.get_attribute("#offline", "data-pending") == "0"
    notice = page.text_content("#tablet-aside")
    assert "ввёл(а) Анна Белова: 2" in notice
    assert page.locator("#tablet-aside button").count() == 0  # a referee only sees them
    assert page.locator("table.deals tr.pending").count() == 0
    assert page.input_value(f'{F}input[name="tricks_A"]') == ""  # not Анна's draft
    page.screenshot(path=str(shots / "tablet-another-referees-deals.png"), full_page=True)
    assert Deal.objects.count() == 0

    _raspasy(page, {"A": "2", "B": "4", "C": "4"})  # his own: sent at once, as his
    page.wait_for_function(
        "() => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === 1"
    )
    page.wait_for_selector('#offline[data-ready="yes"][data-aside="2"]')
    page.wait_for_timeout(500)
    assert [v.author for v in DealVersion.objects.all()] == [boris]
    assert Deal.objects.get().data["tricks"] == {"A": 2, "B": 4, "C": 4}
    assert IdempotentRequest.objects.filter(user=boris).count() == 1
    _log_out(page, base)
    assert page.evaluate(CACHED_PAGES) == []

    _sign_in(page, base, "anna", path)  # her deals are hers again: sent, in order
    page.wait_for_function(
        "() => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === 3",
        timeout=20000,
    )
    page.wait_for_selector('#offline[data-ready="yes"][data-pending="0"][data-aside="0"]')
    assert page.is_hidden("#tablet-aside")
    assert page.input_value(f'{F}input[name="tricks_A"]') == "7"  # her draft, still hers
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [d.versions.get().author for d in deals] == [boris, anna, anna]
    assert [d.data["tricks"]["A"] for d in deals] == [2, 4, 5]
    assert IdempotentRequest.objects.filter(user=anna).count() == 2
    page.screenshot(path=str(shots / "tablet-author-sent-hers.png"), full_page=True)
    context.close()


def test_the_chief_sends_one_referees_deals_and_discards_anothers(live_server, browser, shots):
    table = table_with_players(3)
    tournament = table.round.tournament
    anna = _official(tournament, "anna2", "Анна", "Белова")
    boris = _official(tournament, "boris2", "Борис", "Orlov")
    chief = _official(tournament, "chief2", "Глеб", "Главный", Role.Kind.CHIEF)
    base = live_server.url
    path = f"/t/{tournament.slug}/r/{table.round.number}/t/{table.number}/"
    context = browser.new_context(locale="ru-RU")
    page = context.new_page()
    _sign_in(page, base, "anna2", path)
    page = _queue_offline(context, page, [{"A": "4", "B": "3", "C": "3"}])
    _log_out(page, base)
    _sign_in(page, base, "boris2", path)
    page = _queue_offline(context, page, [{"A": "5", "B": "3", "C": "2"}])
    _log_out(page, base)

    _sign_in(page, base, "chief2", path)
    assert page.get_attribute("#offline", "data-aside") == "2"
    assert Deal.objects.count() == 0
    groups = page.locator("#tablet-aside .aside-group")
    assert groups.count() == 2
    assert "Анна Белова: 1" in groups.nth(0).text_content()
    assert "Борис Orlov: 1" in groups.nth(1).text_content()
    page.screenshot(path=str(shots / "tablet-chief-sees-both.png"), full_page=True)

    groups.nth(1).get_by_role("button", name="Удалить раздачи, автор — Борис Orlov").click()
    page.wait_for_selector('#offline[data-aside="1"]')
    assert "Удалено (и записано в журнал)" in page.text_content("#sync-status")
    logged = ActionLog.objects.get(action="deal.queue_discarded")
    assert logged.user == chief and logged.data["author"] == boris.pk
    assert logged.data["count"] == 1
    assert Deal.objects.count() == 0

    page.get_by_role("button", name="Отправить, автор — Анна Белова").click()
    page.wait_for_function(
        "() => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === 1",
        timeout=20000,
    )
    page.wait_for_selector('#offline[data-ready="yes"][data-aside="0"]')
    deal = Deal.objects.get()
    assert deal.versions.get().author == anna
    assert deal.data["tricks"] == {"A": 4, "B": 3, "C": 3}
    sent = ActionLog.objects.get(action="deal.sent_for_author")
    assert sent.user == chief and sent.data == {"author": anna.pk}
    assert ActionLog.objects.get(action="deal.recorded").user == anna
    context.close()
