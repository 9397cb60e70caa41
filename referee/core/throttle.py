"""One rule for how often an address may ask: Django REST framework's rate throttle, its
rates in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (environment-tunable in ``settings``),
counted in the site's cache. The API's views use it as DRF throttle classes; the pages and
the services that are not API views (a player's link page, the application form) ask
``exceeded(scope, ident)``, so a page and its API share one budget when they count the same
``ident``.

A rate is ``N/period`` where the period is ``s``, ``m``, ``h`` or ``d``, optionally with a
count before it: ``5/10m`` is five in ten minutes."""

from __future__ import annotations

import re
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

_RATE = re.compile(r"^(\d+)/(\d*)([smhd])")
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str | None) -> tuple[int | None, int | None]:
    if rate is None:
        return None, None
    found = _RATE.match(rate)
    if found is None:
        raise ValueError(f"not a throttle rate: {rate!r}")
    count, times, unit = found.groups()
    return int(count), int(times or 1) * _SECONDS[unit]


class Scoped(ScopedRateThrottle):
    """DRF's scoped throttle (by address, per the view's ``throttle_scope``) reading
    ``parse_rate``'s rates."""

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return parse_rate(rate)


class _Budget(SimpleRateThrottle):
    def __init__(self, scope: str, ident: str) -> None:
        self.scope = scope
        self.ident = ident
        super().__init__()

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return parse_rate(rate)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}


def limit(scope: str) -> tuple[int | None, int | None]:
    """``scope``'s rate: (requests, seconds)."""
    return parse_rate(_Budget(scope, "").rate)


def exceeded(scope: str, ident: str) -> bool:
    """Count one request of ``ident`` against ``scope``'s rate: True once it is over."""
    # the request and view are not read: the ident is given, not taken from them
    return not _Budget(scope, ident).allow_request(None, None)  # type: ignore[arg-type]


def address(request: Any) -> str:
    """The address a request counts against: ``REMOTE_ADDR``, which behind the venue's proxy
    ``hall.forwarded`` has made the visitor's (the API's throttles read the same: DRF's
    ``NUM_PROXIES`` is 0, so a forged ``X-Forwarded-For`` buys no fresh budget)."""
    return str(request.META.get("REMOTE_ADDR", ""))


def key_page(scope: str, by: str) -> Any:
    """The surface of a page opened by a link's key: at most ``scope``'s rate per address
    and per the URL's ``by`` (a hall's players share one address, so not per address alone);
    over it, the *too many requests* page (429), before the key is even checked. The API's
    view of the same link counts against the same budget (``ScopedPerObject``)."""

    def decorate(view: Any) -> Any:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if exceeded(scope, f"{address(request)}:{kwargs.get(by)}"):
                return render(request, "429.html", status=429)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


class ScopedPerObject(Scoped):
    """DRF's scoped throttle per address and per the URL's ``throttle_by`` part, with the
    same cache key as ``key_page``'s."""

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = f"{address(request)}:{view.kwargs.get(view.throttle_by)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
