"""The chief's settings pages in a real browser, in Russian, on a 1366×768 laptop and a
390×844 phone: the standings settings show only the chosen conversion method's parameters,
switch with the method and save typed values ("0,5", "1/10") exactly; the convention table
shows every option and value in words. No sideways scroll, no serious axe-core violation.
Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from referee.accounts.models import Role
from referee.standings.models import StandingsSettings
from referee.tournaments.models import Tournament
from tests.referee.factories import TournamentFactory, UserFactory

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1366, 768), (390, 844)]


def _chief_of(cup: Tournament):
    chief = UserFactory(username="glavny")
    chief.set_password("glavny-pass")
    chief.save()
    Role.objects.create(tournament=cup, user=chief, kind=Role.Kind.CHIEF)
    return chief


def _visible_groups(page) -> list[str]:
    return page.eval_on_selector_all(
        "fieldset.method-params", "gs => gs.filter(g => !g.hidden).map(g => g.dataset.method)"
    )


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_standings_settings_page(live_server, browser, shots, width, height):
    cup = TournamentFactory(slug="kubok", published=True)
    _chief_of(cup)
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    address = f"/t/{cup.slug}/manage/standings/"
    log_in(page, live_server.url, "glavny", "glavny-pass", address)
    page.goto(live_server.url + address)
    assert _visible_groups(page) == ["raw_whists"]
    assert page.locator("[data-without-js]").is_hidden()
    page.select_option("#id_method", "cutoff_bands")
    assert _visible_groups(page) == ["cutoff_bands"]
    page.fill("#id_cutoff_bands__bands_1", "0,5")
    page.fill("#id_cutoff_bands__bands_3", "1/10")
    page.screenshot(path=str(shots / f"standings-settings-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    page.locator("form.standings-settings button.primary").click()
    page.wait_for_load_state()
    stored = StandingsSettings.objects.get(tournament=cup)
    assert stored.params == {"bands": [[200, "0.5"], [650, "1/10"]]}
    assert page.input_value("#id_cutoff_bands__bands_1") == "0,5"
    assert _visible_groups(page) == ["cutoff_bands"]

    # a refusal at its input: the summary on top, the focus on the first band input
    page.fill("#id_cutoff_bands__bands_1", "-1")
    page.locator("form.standings-settings button.primary").click()
    page.wait_for_load_state()
    assert "Вес не может быть отрицательным." in page.inner_text("#params-cutoff_bands")
    assert page.evaluate("document.activeElement.id") == "id_cutoff_bands__bands_0"
    page.screenshot(
        path=str(shots / f"standings-settings-refused-{width}x{height}.png"), full_page=True
    )
    assert no_sideways_scroll(page), too_wide(page)
    assert StandingsSettings.objects.get(tournament=cup).params == stored.params
    page.select_option("#id_method", "placement_points")
    assert _visible_groups(page) == ["placement_points"]
    page.locator("#params-placement_points").screenshot(
        path=str(shots / f"standings-settings-placement-{width}x{height}.png")
    )
    assert no_sideways_scroll(page), too_wide(page)
    context.close()


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_convention_table(live_server, browser, shots, width, height):
    cup = TournamentFactory(
        slug="kubok",
        status=Tournament.Status.DRAFT,
        convention="rostov",
        options={"stalingrad": True},
    )
    _chief_of(cup)
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    address = f"/t/{cup.slug}/manage/settings/"
    log_in(page, live_server.url, "glavny", "glavny-pass", address)
    page.goto(live_server.url + address + "#convention")
    table = page.inner_text("table.options")
    assert "Сталинград" in table and "stalingrad" not in table and "Ростов" in table
    page.screenshot(path=str(shots / f"convention-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    context.close()
