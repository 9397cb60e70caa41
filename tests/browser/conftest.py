"""Playwright on Debian's Chromium (``make browser-deps``); never a downloaded browser."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the session (its sync API runs one at a time)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("no /usr/bin/chromium: run make browser-deps")
    # the Django test database is used from the live server's thread; Playwright's own
    # event loop runs in this one
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


@pytest.fixture
def shots():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _empty_cache(settings):
    """Each test starts with an empty cache of its own process, as the plain tests do
    (tests/referee/conftest.py): the site's file cache beside the project outlives the
    test's database, whose ids repeat from run to run, so a page could show the standings
    cached by an earlier run under the same tournament and log ids."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
