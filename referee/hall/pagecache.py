"""Public pages that cost nothing to poll: served from the shared cache, keyed by the
version counters they depend on (``versions``), with ``ETag`` and 304 answers.

Only anonymous visitors (no session, no pending messages) are served from the cache:
officials see rounds in play and their own menus. A page's key holds its URL, the language
and its counters' tokens; a change of a table makes a new key for that table's page only.
Pages over the whole tournament (standings, the big screen, results, player cards) change
with every deal: under continuous entry the last rendering is served for up to
``PAGE_STALE_SECONDS`` (marked as such) while one worker, holding a lock in the cache,
renders the new one; the others never render it at the same time.

A page served from here is the same for every anonymous visitor, so it says so to a shared
cache in front (the venue's nginx, README "Scaling out"): ``public, s-maxage`` of
``PAGE_SHARED_SECONDS`` (2) with ``stale-while-revalidate`` and the ``Vary`` of the
language, ``max-age=0`` for the browsers, which revalidate with the ``ETag``. Anything
answered to a visitor with a session (an official) is ``private``, whatever set it.

While the shared cache is out (Redis does not answer, ``softcache``) pages are rendered for
each request, with no ``ETag``: slower, never stale.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from referee.core import versions
from referee.core.kept import anonymous

from . import softcache

View = Callable[..., HttpResponse]

# url name -> (which counters, may a recent older rendering stand in while one is made)
TOURNAMENT, TABLE = "tournament", "table"
PAGES: dict[str, tuple[str, bool]] = {
    "tournament": (TOURNAMENT, True),
    "round": (TOURNAMENT, True),
    "standings": (TOURNAMENT, True),
    "standings-screen": (TOURNAMENT, True),
    "round-results": (TOURNAMENT, True),
    "player-card": (TOURNAMENT, True),
    "player-search": (TOURNAMENT, True),
    "table": (TABLE, False),
    "table-case": (TABLE, False),
    "export-xlsx": (TOURNAMENT, False),
    "export-csv": (TOURNAMENT, False),
    "export-pdf": (TOURNAMENT, False),
    "export-protocol": (TABLE, False),
    # the federation's sheet shows the rating lists' numbers too: a list is saved at every
    # recompute or update, which renews "meta" (``hall.signals``), every tournament's pages
    "export-federation-xlsx": (TOURNAMENT, False),
    "export-federation-pdf": (TOURNAMENT, False),
    "export-results-json": (TOURNAMENT, False),
    "export-results-csv": (TOURNAMENT, False),
    "export": (TOURNAMENT, False),
}
#: a download prints the day it was made ("Printed 7 December 2026"): it is kept for that
#: day only, a page for as long as its data stands
DATED = frozenset(name for name in PAGES if name.startswith("export"))
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")
CSRF_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')
CSRF_PLACEHOLDER = b'name="csrfmiddlewaretoken" value="\x00csrf\x00"'
LOCK_SECONDS = 30
WAIT_SECONDS = 10.0


@dataclass
class Entry:
    etag: str
    status: int
    headers: dict[str, str]
    body: bytes
    made: float


def stale_seconds() -> float:
    return float(getattr(settings, "PAGE_STALE_SECONDS", 3))


def _official(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return not anonymous(request) or bool(getattr(user, "is_authenticated", False))


def _counters(kind: str, kwargs: dict[str, Any]) -> list[str]:
    slug = kwargs["slug"]
    if kind == TABLE:
        return versions.table_counters(slug, kwargs["round"], kwargs["table"])
    return versions.tournament_counters(slug)


def _etag(key: str) -> str:
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def _matches(request: HttpRequest, etag: str) -> bool:
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    return etag in [tag.strip().removeprefix("W/") for tag in asked.split(",")]


def shared_seconds() -> int:
    return int(getattr(settings, "PAGE_SHARED_SECONDS", 2))


def _shared(response: HttpResponse, stale: bool) -> None:
    """What a shared cache may do with an anonymous page (an older rendering standing in
    is kept for a second only)."""
    seconds = 1 if stale else shared_seconds()
    response["Cache-Control"] = (
        f"public, max-age=0, s-maxage={seconds}, stale-while-revalidate={4 * seconds}"
    )


class PageCacheMiddleware:
    def __init__(self, get_response: View) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        control = response.get("Cache-Control", "")
        if _official(request) and "no-store" not in control:
            # an official's page, or any with a session, is his alone
            if "public" in control:
                response["Cache-Control"] = "private, no-cache"
            else:
                patch_cache_control(response, private=True)
        return response

    def process_view(
        self, request: HttpRequest, view: View, args: Any, kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        match = request.resolver_match
        page = PAGES.get(match.url_name or "") if match else None
        if page is None or request.method not in ("GET", "HEAD") or not anonymous(request):
            return None
        if not getattr(settings, "PAGE_CACHE", True) or not softcache.available(cache):
            return None  # without the cache (Redis out): rendered for each request
        kind, may_be_stale = page
        page_key = f"page:{request.get_full_path()}:{get_language()}"
        current = ":".join(versions.tokens(_counters(kind, kwargs)))
        if match is not None and match.url_name in DATED:
            current += f":{timezone.localdate().isoformat()}"
        etag = _etag(f"{page_key}:{current}")
        if _matches(request, etag):
            return self._not_modified(etag)
        entry_key = f"{page_key}:{current}"
        entry: Entry | None = cache.get(entry_key)
        if entry is None:
            made = self._make(request, view, args, kwargs, page_key, entry_key, etag, may_be_stale)
            if isinstance(made, HttpResponse):
                return made
            entry = made
        if entry.etag != etag and _matches(request, entry.etag):
            return self._not_modified(entry.etag, stale=entry)
        return self._serve(request, entry, stale=entry.etag != etag)

    def _make(
        self,
        request: HttpRequest,
        view: View,
        args: Any,
        kwargs: dict[str, Any],
        page_key: str,
        entry_key: str,
        etag: str,
        may_be_stale: bool,
    ) -> Entry | HttpResponse:
        """Render the page once (one worker at a time), or stand in with a recent older
        rendering while another worker makes the new one."""
        latest_key, lock_key = f"latest:{page_key}", f"lock:{entry_key}"
        latest: Entry | None = cache.get(latest_key) if may_be_stale else None
        fresh_enough = latest is not None and time.time() - latest.made < stale_seconds()
        if latest is not None and fresh_enough:
            return latest
        deadline = time.monotonic() + WAIT_SECONDS
        while not cache.add(lock_key, 1, LOCK_SECONDS):
            if latest is not None:
                return latest  # another worker renders the new one; this one is older
            time.sleep(0.05)
            done: Entry | None = cache.get(entry_key)
            if done is not None:
                return done
            if time.monotonic() > deadline:
                break
        try:
            response = view(request, *args, **kwargs)
            if hasattr(response, "render"):
                response = response.render()
            if response.status_code != 200 or response.streaming:
                return response
            entry = Entry(
                etag,
                response.status_code,
                {h: response[h] for h in KEPT_HEADERS if h in response},
                CSRF_FIELD.sub(CSRF_PLACEHOLDER, response.content),
                time.time(),
            )
            cache.set(entry_key, entry, 24 * 3600)
            if may_be_stale:
                cache.set(latest_key, entry, 24 * 3600)
            return entry
        finally:
            cache.delete(lock_key)

    def _serve(self, request: HttpRequest, entry: Entry, stale: bool) -> HttpResponse:
        body = entry.body
        own_token = b"\x00csrf\x00" in body
        if own_token:
            body = body.replace(b"\x00csrf\x00", get_token(request).encode())
        if stale and entry.headers.get("Content-Type", "").startswith("text/html"):
            body = body.replace(b"<body>", b"<body>" + self._stale_note(entry), 1)
        response = HttpResponse(body, status=entry.status)
        for name, value in entry.headers.items():
            response[name] = value
        self._conditional_headers(response, entry.etag, entry if stale else None)
        if own_token:  # a form's token of this visitor's own: no shared copy
            response["Cache-Control"] = "private, no-cache"
        return response

    @staticmethod
    def _stale_note(entry: Entry) -> bytes:
        at = timezone.localtime(datetime.fromtimestamp(entry.made, tz=UTC))
        text = _("Updating: shown as of %(time)s.") % {"time": at.strftime("%H:%M:%S")}
        return f'<p class="stale-note" role="status">{escape(text)}</p>'.encode()

    def _not_modified(self, etag: str, stale: Entry | None = None) -> HttpResponse:
        response = HttpResponseNotModified()
        self._conditional_headers(response, etag, stale)
        return response

    @staticmethod
    def _conditional_headers(response: HttpResponse, etag: str, stale: Entry | None) -> None:
        response["ETag"] = etag
        _shared(response, stale is not None)
        response["X-Page-Cache"] = "stale" if stale else "hit"
        if stale is not None:
            response["X-Stale-Seconds"] = f"{time.time() - stale.made:.1f}"
