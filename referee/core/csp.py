"""The Content-Security-Policy every response carries: scripts, styles, images, fonts and
connections from the site itself only, no inline script, no inline style, no plugin, no
framing, forms posted only here. The site's pages need nothing more: their scripts are files
under ``static/js/`` (the deal form's too) and they have no ``style`` attribute or ``<style>``
block; a page that had one would be broken silently, which ``tests/referee/test_csp.py``
(every page of the demo walk) and the browser tests (the console) guard against.

The one page that is not ours, drf-spectacular's Swagger UI at ``/api/docs/``, starts Swagger
UI with an inline ``<script>`` and an inline ``<style>`` written from the settings (no
visitor's input): for the pages named in ``settings.CSP_HASHED_INLINE`` (URL names) the policy
adds the hash of each inline block of that response, so that only those blocks run, not
``'unsafe-inline'``. ``img-src`` allows ``data:`` for the images Swagger UI's stylesheet
embeds."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"

POLICY: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],  # the table page's service worker (/sw.js)
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# an inline block: its opening tag's attributes (none of them src) and its text
_INLINE = {
    "script-src": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I),
    "style-src": re.compile(r"<style[^>]*>(.*?)</style>", re.S | re.I),
}


def policy(extra: dict[str, list[str]] | None = None) -> str:
    """The header's value, with ``extra`` sources added to their directives."""
    extra = extra or {}
    return "; ".join(
        " ".join([name, *sources, *extra.get(name, [])]) for name, sources in POLICY.items()
    )


def inline_hashes(html: str) -> dict[str, list[str]]:
    """Per directive, the ``'sha256-…'`` source of each inline script and style of ``html``."""
    found: dict[str, list[str]] = {}
    for directive, pattern in _INLINE.items():
        for body in pattern.findall(html):
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            found.setdefault(directive, []).append(f"'sha256-{digest}'")
    return found


class ContentSecurityPolicyMiddleware:
    """Sends ``policy()`` with every response that has no policy of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.hashed = frozenset(getattr(settings, "CSP_HASHED_INLINE", ()))
        self.plain = policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER in response:
            return response
        match = getattr(request, "resolver_match", None)
        if match is not None and match.view_name in self.hashed and not response.streaming:
            html = response.content.decode(response.charset or "utf-8", "replace")
            response[HEADER] = policy(inline_hashes(html))
        else:
            response[HEADER] = self.plain
        return response
