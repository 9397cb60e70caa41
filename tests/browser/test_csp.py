"""The Content-Security-Policy in a real browser: Swagger UI's page (the one page with inline
blocks, allowed by their hash) works under it, and a script put into a page inline is blocked
and reported, which is what the browser tests' ``csp_violations`` watch for."""

from __future__ import annotations

import pytest

from .helpers import csp_violations, csp_watch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_swagger_ui_runs_under_the_policy(live_server, browser):
    context = browser.new_context()
    page = context.new_page()
    csp_watch(page)
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20000)
    assert "Preferans referee API" in page.text_content(".swagger-ui .info .title")
    assert csp_violations(page) == []
    context.close()


def test_an_inline_script_is_blocked_and_reported(live_server, browser):
    context = browser.new_context()
    page = context.new_page()
    csp_watch(page)
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate(
        """() => { const s = document.createElement('script');
                   s.textContent = 'window.ranInline = true'; document.body.append(s); }"""
    )
    page.wait_for_function("() => window.cspViolations.length > 0")
    assert page.evaluate("window.ranInline === undefined")
    assert [v.split()[0] for v in csp_violations(page)] == ["script-src-elem"]
    context.close()
