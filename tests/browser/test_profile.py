"""A registry player's profile in a real browser, in Russian, on a laptop and a 390 px phone:
the server's SVG charts drawn with their bars (their coordinates not localised into commas),
no sideways scroll of the page, no serious axe-core violation. Screenshots in ``artifacts/``."""

from __future__ import annotations

import pytest

from tests.referee.factories import PlayerFactory
from tests.referee.ratings.test_profile import ROUND_1, ROUND_2, tournament_of

from .helpers import axe_problems, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_the_profile_draws_its_charts_on_a_phone_and_a_laptop(
    live_server, browser, shots, width, height
):
    ivan = PlayerFactory(name="Иван")
    rivals = [PlayerFactory() for _ in range(4)]
    for i in range(4):
        tournament_of(
            [ivan, rivals[i % 2], rivals[2 + i % 2]],
            [[((0, 1, 2), ROUND_1)], [((2, 0, 1), ROUND_2)]],
        )
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/players/{ivan.pk}/")
    charts = page.locator("svg.profile-chart")
    assert charts.count() == 2
    # 4 tournaments × 2 rounds of points; a bar of 244/3 is taller than one of 14/3
    bars = charts.nth(1).locator("rect")
    assert bars.count() == 8
    heights = [bars.nth(i).bounding_box()["height"] for i in range(2)]
    assert heights[1] > heights[0] > 0
    page.screenshot(path=str(shots / f"profile-{width}x{height}.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    assert axe_problems(page) == []
    context.close()
