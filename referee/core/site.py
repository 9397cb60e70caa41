"""The site's public address (the ``SITE_URL`` setting): what the QR codes and the printed
links of the hall material hold, never the address a page happened to be opened at (an
organiser printing the cards on his laptop at ``127.0.0.1`` would give every table a code
no phone in the hall can open)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _


def site_url() -> str:
    """The public address without its trailing slash, or "" when it is not set."""
    return str(getattr(settings, "SITE_URL", "") or "").strip().rstrip("/")


def is_loopback(url: str) -> bool:
    """Whether ``url``'s host is this machine only: ``localhost``, 127.x, ``::1`` (or the
    unspecified 0.0.0.0, which no phone can reach either)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def site_url_warning(url: str | None = None) -> str:
    """What is wrong with the public address for printing, in the reader's language, or ""
    when the players' phones can open it."""
    url = site_url() if url is None else url
    if not url:
        return _(
            "The site's public address is not set (the SITE_URL setting): the table cards "
            "and protocols are printed without QR codes."
        )
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _(
            "The site's public address %(url)s is not a web address (http://… or "
            "https://…): the table cards and protocols are printed without QR codes."
        ) % {"url": url}
    if is_loopback(url):
        return _(
            "The site's public address %(url)s is this computer only: the players' phones "
            "cannot open the QR codes. Set SITE_URL to the address the hall's network reaches."
        ) % {"url": url}
    return ""


def printed_base() -> str:
    """The address the QR codes and printed links start with: the public address when it is
    a web address, else "" (then nothing is printed rather than a wrong address)."""
    url = site_url()
    parts = urlsplit(url)
    return url if parts.scheme in ("http", "https") and parts.hostname else ""
