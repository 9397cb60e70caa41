"""Pages kept whole for anonymous readers under a key their own data makes (issue 33): a
veteran's profile, a cup, the tournament list and the registry read in a few queries
whatever the archive, and are rendered again only when something they show has changed.

The key (``version``) is read from the database in the request, so a change is seen at
once; the version counters (``versions``) stand in only for what has none of its own (a
player renamed: "players"; anything at all: "meta"). Unlike the public page cache
(``hall.pagecache``), which answers before the view without the database, a kept page
costs its key's queries: it is for pages whose key is cheap and whose rendering is not.

Only anonymous readers (no session, no message) share a kept page: an official's page
shows what the public does not. While the cache is out (``hall.softcache``) nothing is
found and nothing kept: each read is rendered, never stale."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from . import versions

View = Callable[..., HttpResponse]
Version = Callable[..., "str | None"]

#: a kept page expires unread after a day: a changed key makes a new entry, the old one
#: is never asked for again
KEEP_SECONDS = 24 * 3600
KEPT_HEADERS = ("Content-Type", "Content-Language")


def anonymous(request: HttpRequest) -> bool:
    """No session and no pending message: a page the same for every such reader."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def kept_page(version: Version) -> Callable[[View], View]:
    """Keep the view's page for anonymous readers under ``version(request, *args,
    **kwargs)`` with the address and the language; a version of None keeps nothing."""

    def wrap(view: View) -> View:
        @functools.wraps(view)
        def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not _shared(request):
                return view(request, *args, **kwargs)
            made = version(request, *args, **kwargs)
            if made is None:
                return view(request, *args, **kwargs)
            described = f"{request.get_full_path()}\n{get_language()}\n{made}"
            key = "kept-page:" + hashlib.sha256(described.encode()).hexdigest()[:40]
            found = cache.get(key)
            if found is not None:
                return _answer(*found)
            response = view(request, *args, **kwargs)
            if hasattr(response, "render"):
                response = response.render()
            if _keepable(response):
                headers = {h: response[h] for h in KEPT_HEADERS if h in response}
                cache.set(key, (response.content, headers), KEEP_SECONDS)
            return response

        return page

    return wrap


def any_change(request: HttpRequest, *args: Any, **kwargs: Any) -> str:
    """The key of a page over the whole site (the tournament list, the registry): renewed
    by any change but entry ("meta": every model's save, ``hall.signals``)."""
    return repr(versions.tokens(["meta"]))


def _shared(request: HttpRequest) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and anonymous(request)
        and getattr(settings, "PAGE_CACHE", True)
    )


def _keepable(response: HttpResponse) -> bool:
    """A whole page that is the same for every anonymous reader (none with a form's token)."""
    return (
        response.status_code == 200
        and not response.streaming
        and b"csrfmiddlewaretoken" not in response.content
    )


def _answer(body: bytes, headers: dict[str, str]) -> HttpResponse:
    response = HttpResponse(body)
    for name, value in headers.items():
        response[name] = value
    response["X-Page-Cache"] = "kept"
    return response
