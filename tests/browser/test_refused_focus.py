"""Where the focus goes after a refusal (issue 30 point 12), in Russian: a raspasy with one
hand's tricks left out puts it on that hand's field (not on the first hand's, which was
filled in); a sign-off where a player neither agreed nor wrote what he disputes puts it on
that player's words, not on the button."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.tables.models import Deal
from tests.referee.factories import referee_of, table_with_players
from tests.referee.tables.test_services import SIX_MADE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _logged_in(live_server, browser, table, **context):
    referee = referee_of(table.round.tournament, name="tablet")
    referee.set_password("pw")
    referee.save()
    url = live_server.url + reverse(
        "table", args=[table.round.tournament.slug, table.round.number, table.number]
    )
    page = browser.new_context(locale="ru-RU", **context).new_page()
    page.goto(f"{live_server.url}/accounts/login/?next={url}")
    page.fill('input[name="username"]', "tablet")
    page.fill('input[name="password"]', "pw")
    page.locator('main button[type="submit"]').first.click()
    page.wait_for_url(url)
    return page, referee, url


def test_a_refused_raspasy_puts_the_focus_on_the_missing_hand(live_server, browser):
    table = table_with_players(3)
    page, _referee, _url = _logged_in(live_server, browser, table)
    page.wait_for_selector('#offline[data-ready="yes"]')
    page.locator('#deal-form input[name="type"][value="raspasy"]').check(force=True)
    page.fill('#deal-form input[name="tricks_A"]', "5")
    page.fill('#deal-form input[name="tricks_B"]', "5")
    page.locator("#deal-form .actions button.primary").click()
    page.wait_for_selector("#error-summary a[data-field]")
    page.wait_for_function("() => document.activeElement.name === 'tricks_C'", timeout=5000)


def test_a_refused_sign_off_puts_the_focus_on_the_silent_players_words(live_server, browser):
    table = table_with_players(3, players_confirm=True)
    page, _referee, _url = _logged_in(live_server, browser, table)
    Deal.objects.create(table=table, number=1, data=SIX_MADE)
    submit = reverse("table-submit", args=[table.round.tournament.slug, table.round.number, 1])
    page.goto(live_server.url + submit)
    seats = list(table.seats.order_by("position"))
    page.check(f'input[name="agree_{seats[0].pk}"]')
    page.fill(f'input[name="dispute_{seats[2].pk}"]', "не согласен с вистами")
    page.locator("form.confirm-actions button.primary").click()
    page.wait_for_load_state()
    focused = page.evaluate("document.activeElement.name")
    assert focused == f"dispute_{seats[1].pk}", focused
