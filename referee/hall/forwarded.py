"""The visitor's own address behind the venue's proxy.

Behind nginx every request comes from the proxy's address, so the login lockouts
(django-axes, by user name and address) and the API's sign-in throttle (by address) would
treat the whole hall as one visitor. When the request comes from one of the proxies named in
``PROXY_ADDRESSES`` (settings, from the environment), ``REMOTE_ADDR`` becomes the address that
proxy appended last to ``X-Forwarded-For`` (``proxy_add_x_forwarded_for``): the one a visitor
cannot forge, whatever he sent himself. From any other address the header is ignored.

Likewise ``X-Forwarded-Proto`` (whether the visitor reached the proxy over HTTPS, read through
``SECURE_PROXY_SSL_HEADER``) is believed from a named proxy only: from anybody else it is
dropped before Django reads it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


class ForwardedForMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        proxies = getattr(settings, "PROXY_ADDRESSES", ())
        if proxies and request.META.get("REMOTE_ADDR") in proxies:
            forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
            client = _address(forwarded.rsplit(",", 1)[-1]) if forwarded else None
            if client is not None:
                request.META["REMOTE_ADDR"] = client
        elif not getattr(settings, "HTTPS", False):
            # (behind a TLS terminator of its own, HTTPS=1, the header is that one's)
            request.META.pop("HTTP_X_FORWARDED_PROTO", None)
        return self.get_response(request)
