"""What a person trips over (issue 30, points 6-11), met in a real browser: each test walks
the step as a person does and fails on the trap it guards. Screenshots in ``artifacts/``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from referee.accounts.models import Role
from referee.core.permissions import is_chief
from tests.referee.factories import TournamentFactory, UserFactory

from .helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _page(browser, width=1366, height=768, locale="ru-RU"):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    return context, context.new_page()


# -- 6. adding a referee -------------------------------------------------------------------


def test_adding_a_referee_as_the_form_comes_makes_a_referee_and_a_chief_is_confirmed(
    live_server, browser, shots
):
    chief = UserFactory(username="org")
    tournament = TournamentFactory(chief_referee=chief)
    context, page = _page(browser)
    log_in(page, live_server.url, "org", "pass", f"/t/{tournament.slug}/manage/staff/")
    page.fill('form.narrow input[name="username"]', "marina")
    page.fill('form.narrow input[name="password"]', "Sochi-2026!")
    page.locator("main form.narrow button.primary").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-6-referee-added.png"), full_page=True)
    marina = get_user_model().objects.get(username="marina")
    assert Role.objects.get(user=marina).kind == Role.Kind.REFEREE
    assert not is_chief(marina, tournament)

    # a chief referee is named on purpose: the choice, then a page that says what he may do
    page.fill('form.narrow input[name="username"]', "oleg")
    page.fill('form.narrow input[name="password"]', "Tula-2026!")
    page.select_option('select[name="kind"]', "chief")
    page.locator("main form.narrow button.primary").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-6-chief-asked.png"), full_page=True)
    assert page.locator("section.confirm").count() == 1
    assert not get_user_model().objects.filter(username="oleg").exists()
    page.locator("section.confirm button.danger").click()
    page.wait_for_load_state()
    assert Role.objects.get(user__username="oleg").kind == Role.Kind.CHIEF
    context.close()
