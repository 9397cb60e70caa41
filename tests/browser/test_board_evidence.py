"""The evidence page of a deal that plays a duplicate board (issue 31), in a real browser:
the chief referee sees the board's cards and their double-dummy numbers with nothing to type
but the declarer's actual discard, which he gives by keyboard. At 1366×768 and 390×844, in
Russian, axe-core finds no serious or critical violation and the phone does not scroll
sideways. Screenshots in ``artifacts/``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.duplicate import analysis
from referee.tables.models import DealHands
from tests.referee.duplicate.test_evidence import play_board_1

from .helpers import axe_problems, log_in, no_sideways_scroll, tab_to, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1366, 768), (390, 844)]


def test_the_chief_reads_a_boards_evidence_and_gives_only_the_discard(live_server, browser, shots):
    session, chief, table, deal = play_board_1()
    chief.set_password("chief-pass")
    chief.save()
    analysis.analyse_boards(session.pk)
    slug = session.tournament.slug
    path = reverse("deal-evidence", args=[slug, table.round.number, table.number, deal.number])
    base = live_server.url
    found: dict[str, list[str]] = {}
    for width, height in SCREENS:
        context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
        page = context.new_page()
        log_in(page, base, chief.username, "chief-pass", path)
        page.goto(base + path)
        main = page.inner_text("main")
        assert "Карты сдачи 1 дубликатной сессии" in main
        assert "♠AKQJ10987 ♥87" in main  # the board's first hand: read, not typed
        assert page.locator('textarea[name="board"]').count() == 0
        page.screenshot(path=str(shots / f"board-evidence-{width}.png"), full_page=True)
        if width == 390:
            assert no_sideways_scroll(page), too_wide(page)
            # by keyboard: the discard, then the button
            tab_to(page, 'input[name="discard"]')
            page.keyboard.type("♦87")
            tab_to(page, "main form button")
            page.keyboard.press("Enter")
            page.wait_for_selector("text=Снос введён.")
            assert "фактический снос: ♦87" in page.inner_text("main")
            page.screenshot(path=str(shots / "board-evidence-discard-390.png"), full_page=True)
            assert no_sideways_scroll(page), too_wide(page)
        problems = axe_problems(page)
        if problems:
            found[f"evidence@{width}"] = problems
        context.close()
    assert found == {}
    assert DealHands.objects.get().layout.board.number == 1
