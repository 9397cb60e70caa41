"""A long export in the browser (issue 32) at 1024x768: a large tournament's workbook asked
for by a visitor shows its page with the progress bar, which a queue worker (a real
``manage.py worker`` on the test's database) moves to ready without a reload, and the
download link then gives the workbook."""

from __future__ import annotations

import pytest

from tests.referee.jobs.workers import start_worker, stop
from tests.referee.standings.test_services import seven_players

from .helpers import csp_violations, csp_watch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_workbooks_bar_moves_to_ready_and_the_link_downloads_it(
    live_server, browser, settings, shots
):
    settings.EXPORT_JOB_PLAYERS = 7  # the seven players' tournament counts as large
    settings.LANGUAGE_CODE = "ru"
    cup, _ = seven_players()
    context = browser.new_context(
        locale="ru-RU", viewport={"width": 1024, "height": 768}, accept_downloads=True
    )
    page = context.new_page()
    csp_watch(page)
    page.goto(f"{live_server.url}/t/{cup.slug}/export/results.xlsx")
    assert page.get_attribute("#export-progress", "data-state") == "queued"
    assert page.get_attribute("#export-bar", "value") == "10"
    assert page.text_content(".export-status").strip() == "ждёт обработчика"
    assert not page.is_visible(".export-download")
    page.evaluate("window.notReloaded = true")
    page.screenshot(path=str(shots / "export-progress-0.png"))

    worker = start_worker("browser-export")
    try:
        page.wait_for_selector("#export-progress[data-state=done]", timeout=60000)
    finally:
        stop(worker)
    assert page.evaluate("window.notReloaded === true")  # moved without a reload
    assert page.get_attribute("#export-bar", "value") == "100"
    assert page.text_content(".export-status").strip() == "готов"
    assert page.is_visible(".export-download")
    page.screenshot(path=str(shots / "export-progress-done.png"))
    with page.expect_download() as waiting:
        page.click(".export-download")
    download = waiting.value
    assert download.suggested_filename == f"{cup.slug}-results.xlsx"
    with open(download.path(), "rb") as made:
        assert made.read(2) == b"PK"  # an XLSX is a zip
    assert csp_violations(page) == []
    context.close()
