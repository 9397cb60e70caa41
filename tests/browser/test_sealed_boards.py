"""Sealed duplicate boards in a real browser, in Russian, on a phone (390×844), a tablet
(1024×768) and a laptop (1366×768): after a session's first stanza the chief's session page
lists the boards still to be played and refuses to publish them, saying why at the top of the
page; another referee sees the session page and the hand records with every board withheld,
and the public reads the tournament's standings saying that the stanzas are a duplicate
session's. Each page: axe-core finds no serious violation, no sideways scroll, no raw code or
English; full-page screenshots go to ``artifacts/sealed-<page>-<size>.png``."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.duplicate import services
from tests.referee.demo_walk import codes, problems, read
from tests.referee.duplicate.test_sealed import nine_diamonds, play_stanza
from tests.referee.duplicate.test_session import tournament_of
from tests.referee.factories import UserFactory

from .helpers import axe_problems, log_in, log_out, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def look(page: Any, name: str, size: str, shots, raw: set[str], found: dict) -> str:
    page.wait_for_load_state()
    page.screenshot(path=str(shots / f"sealed-{name}-{size}.png"), full_page=True)
    text = read(page.content())[0]
    bad = problems(text, raw, logins=["chief", "judge"])
    if not no_sideways_scroll(page):
        bad.append(f"scrolls sideways: {too_wide(page)}")
    bad += axe_problems(page)
    if bad:
        found[name] = bad
    return text


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1024, 768), (390, 844)])
def test_the_sealed_session_as_the_chief_a_referee_and_the_public_see_it(
    live_server, browser, shots, settings, width, height
):
    settings.DUPLICATE_ANALYSIS = "off"  # no analysis thread outliving the test
    tournament, _chief = tournament_of(12, published=True, slug="sealed", name="Кубок Дубля")
    chief = UserFactory(username="chief")
    chief.set_password("pw")
    chief.save()
    Role.objects.create(tournament=tournament, user=chief, kind=Role.Kind.CHIEF)
    judge = UserFactory(username="judge", first_name="Ирина", last_name="Лосева")
    judge.set_password("pw")
    judge.save()
    Role.objects.create(tournament=tournament, user=judge, kind=Role.Kind.REFEREE)
    session = services.create_session(tournament.pk, chief, seed=3)
    play_stanza(session, chief, 0, nine_diamonds)
    services.seat_stanza(session.pk, chief)

    size = f"{width}x{height}"
    raw = codes()
    base = live_server.url
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    found: dict[str, list[str]] = {}

    manage = reverse("duplicate-manage", args=[tournament.slug, 1])
    log_in(page, base, "chief", "pw", manage)
    text = look(page, "manage", size, shots, raw, found)
    assert "8 сдач ещё должны сыграть за некоторыми столами: 1, 2, 3, 4, 5, 6, 7, 8." in text
    page.locator("form.inline button.primary").click()  # Publish the boards
    text = look(page, "publish-refused", size, shots, raw, found)
    assert "публикуются, когда их сыграют за всеми столами" in text
    log_out(page)

    log_in(page, base, "judge", "pw", reverse("duplicate-records", args=[tournament.slug, 1]))
    text = look(page, "records-referee", size, shots, raw, found)
    assert "8 сдач скрыто, пока их не сыграют все столы." in text
    assert page.locator(".hand-record").count() == 0
    page.goto(base + reverse("duplicate-session", args=[tournament.slug, 1]))
    text = look(page, "session-referee", size, shots, raw, found)
    assert "9♦" not in text
    log_out(page)

    page.goto(base + reverse("standings", args=[tournament.slug]))
    text = look(page, "standings-public", size, shots, raw, found)
    assert "дубликатная сессия 1" in text
    page.goto(base + reverse("duplicate-session", args=[tournament.slug, 1]))
    text = look(page, "session-public", size, shots, raw, found)
    assert "9♦" not in text
    context.close()
    assert found == {}
