"""A duplicate session's analysis in the browser (issue 32): the chief's page shows "boards
analysed: n of 8" as a progress bar that a queue worker (a real ``manage.py worker`` on the
test's database) moves to done without a reload, and the board page opened meanwhile
replaces "being computed" by the double-dummy table by itself."""

from __future__ import annotations

import pytest

from referee.duplicate import services
from tests.referee.duplicate.test_session import tournament_of
from tests.referee.jobs.workers import start_worker, stop

from .helpers import csp_violations, csp_watch, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_progress_bar_moves_to_done_and_the_board_page_ends_computing(
    live_server, browser, settings, shots
):
    settings.DUPLICATE_ANALYSIS = "queue"
    settings.LANGUAGE_CODE = "ru"
    tournament, chief = tournament_of(12)
    session = services.create_session(tournament.pk, chief, size=3, boards_per_set=2, seed=7)
    base = live_server.url
    context = browser.new_context(locale="ru-RU", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    csp_watch(page)
    manage = f"/t/{tournament.slug}/manage/duplicate/{session.number}/"
    log_in(page, base, chief.username, "pass", manage)
    page.goto(base + manage)
    assert page.text_content(".analysis-text").strip() == "проанализировано сдач: 0 из 8"
    assert page.get_attribute("#analysis-bar", "value") == "0"
    page.evaluate("window.notReloaded = true")
    board = context.new_page()
    csp_watch(board)
    board.goto(f"{base}/t/{tournament.slug}/duplicate/{session.number}/boards/8/")
    assert board.is_visible(".being-computed")
    page.screenshot(path=str(shots / "analysis-progress-0.png"))

    worker = start_worker("browser")
    try:
        seen = set()
        for _ in range(600):  # a minute at most
            seen.add(int(page.get_attribute("#analysis-bar", "value") or 0))
            if page.get_attribute("#board-analysis", "data-state") == "done":
                break
            page.wait_for_timeout(100)
        assert page.get_attribute("#board-analysis", "data-state") == "done", seen
        board.wait_for_selector(".dd-table", timeout=30000)
    finally:
        stop(worker)
    assert page.evaluate("window.notReloaded === true")  # moved without a reload
    assert page.text_content(".analysis-text").strip() == "проанализировано сдач: 8 из 8"
    assert page.get_attribute("#analysis-bar", "value") == "8"
    assert page.is_visible(".analysis-done")
    assert len(seen - {0, 8}) >= 1, f"the bar jumped straight to done: {sorted(seen)}"
    assert not board.is_visible(".being-computed")
    page.screenshot(path=str(shots / "analysis-progress-done.png"))
    assert csp_violations(page) == [] and csp_violations(board) == []
    context.close()
