"""Behind the proxy the visitor's address is the one the proxy appended to
X-Forwarded-For; from anywhere else the header is ignored (it could be forged)."""

from __future__ import annotations

from django.http import HttpResponse
from django.test import RequestFactory

from referee.hall.forwarded import ForwardedForMiddleware


def seen(settings, remote: str, forwarded: str | None, proxies: list[str]) -> str:
    settings.PROXY_ADDRESSES = proxies
    request = RequestFactory().get("/", REMOTE_ADDR=remote)
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    addresses = []

    def view(request):
        addresses.append(request.META["REMOTE_ADDR"])
        return HttpResponse()

    ForwardedForMiddleware(view)(request)
    return addresses[0]


def test_the_proxys_last_entry_is_the_visitor(settings):
    # the visitor sent "6.6.6.6" himself; the proxy appended the address it saw
    assert seen(settings, "127.0.0.1", "6.6.6.6, 10.0.0.7", ["127.0.0.1"]) == "10.0.0.7"
    assert seen(settings, "127.0.0.1", "10.0.0.8", ["127.0.0.1"]) == "10.0.0.8"


def test_the_header_is_ignored_from_anybody_but_a_named_proxy(settings):
    assert seen(settings, "10.0.0.9", "6.6.6.6", ["127.0.0.1"]) == "10.0.0.9"
    assert seen(settings, "127.0.0.1", "6.6.6.6", []) == "127.0.0.1"


def test_a_malformed_header_leaves_the_address(settings):
    assert seen(settings, "127.0.0.1", "not-an-address", ["127.0.0.1"]) == "127.0.0.1"
    assert seen(settings, "127.0.0.1", "", ["127.0.0.1"]) == "127.0.0.1"
    assert seen(settings, "127.0.0.1", None, ["127.0.0.1"]) == "127.0.0.1"


def scheme(settings, remote: str, proto: str, proxies: list[str]) -> bool:
    settings.PROXY_ADDRESSES = proxies
    settings.HTTPS = False
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_PROTO=proto)
    secure = []

    def view(request):
        secure.append(request.is_secure())
        return HttpResponse()

    ForwardedForMiddleware(view)(request)
    return secure[0]


def test_https_is_believed_from_the_proxy_only(settings):
    assert scheme(settings, "127.0.0.1", "https", ["127.0.0.1"]) is True
    assert scheme(settings, "10.0.0.9", "https", ["127.0.0.1"]) is False  # forged
    assert scheme(settings, "127.0.0.1", "https", []) is False
