"""Gzip for what is safe to compress: the standings of a 300-player tournament are 311 KiB of
HTML and go out in a tenth of that.

BREACH: a page that carries a secret (the CSRF token of its forms) and reflects what a
visitor sent could leak the secret through the compressed length. So only answers to a GET
(or HEAD) that hold no CSRF token are compressed: a page with a form (an official's, whose
logout button is one) goes out as it is, and so does any answer to a POST. The token is
looked for in the body itself (``csrfmiddlewaretoken``: every form of the site, the cached
pages' filled in by ``hall.pagecache``), so the rule holds whoever rendered the page. The
public pages (standings, results, the big screen, the player pages), which have no form for
a visitor, and the API's JSON (its credential is a token header, never sent by a cross-site
request) are compressed. Streamed answers (the exports) are left alone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

SAFE_METHODS = ("GET", "HEAD")
TOKEN = b"csrfmiddlewaretoken"


def may_compress(request: HttpRequest, response: HttpResponseBase) -> bool:
    """A GET's answer, whole (not streamed), that holds no CSRF token."""
    if request.method not in SAFE_METHODS or response.streaming:
        return False
    return TOKEN not in getattr(response, "content", b"")


class PublicGZipMiddleware(GZipMiddleware):
    """Django's gzip, for the answers that hold no CSRF token (see the module's docstring)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not may_compress(request, response):
            return response
        return super().process_response(request, response)
