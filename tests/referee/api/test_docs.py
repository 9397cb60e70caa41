"""The API's docs page works at a venue without internet: Swagger UI comes from our own
static files (drf-spectacular-sidecar), never from a CDN, and nothing on the page names
another host."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders


class References(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("src", "href") and v]


def test_the_docs_page_loads_swagger_ui_from_our_static_files_and_names_no_other_host(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    parser = References()
    parser.feed(html)
    scripts = [u for u in parser.found if u.endswith(".js")]
    assert scripts, "Swagger UI's scripts"
    for url in parser.found:
        parts = urlsplit(url)
        assert parts.scheme == "" and parts.netloc == "", url
        assert url.startswith(settings.STATIC_URL if url.startswith("/") else "/"), url
        assert finders.find(url.removeprefix("/" + settings.STATIC_URL.lstrip("/"))), url
    # the inline script names no host either: no CDN, no online validator
    assert re.findall(r"(?:https?:)?//[\w.-]+\.\w+", html) == []
    assert '"validatorUrl": null' in html


def test_the_docs_page_s_scripts_are_served(client):
    html = client.get("/api/docs/").content.decode()
    parser = References()
    parser.feed(html)
    for url in parser.found:
        assert client.get(url).status_code == 200, url
