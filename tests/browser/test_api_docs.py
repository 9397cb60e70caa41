"""``/api/docs/`` at a venue without internet: Chromium opens the docs page with every
request to a host other than the site's own (127.0.0.1) aborted, and Swagger UI, served from
our static files, still lists the API's operations. Screenshot in ``artifacts/``."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_list_the_operations_with_no_internet(live_server, browser, shots):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    elsewhere: list[str] = []

    def only_the_site(route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    page.route("**/*", only_the_site)
    page.goto(live_server.url + "/api/docs/")
    page.wait_for_selector(".opblock", timeout=20_000)
    paths = page.locator(".opblock .opblock-summary-path").all_inner_texts()
    page.screenshot(path=str(shots / "api-docs-offline.png"))
    assert "/api/v1/tournaments/" in [p.replace("\u200b", "") for p in paths]
    assert len(paths) >= 30
    assert page.locator(".swagger-ui .info .title").inner_text().startswith("Preferans referee API")
    assert elsewhere == []  # nothing on the page even asked for another host
    context.close()
