"""Walking every page of the demo as the public, a referee, the chief and an organiser, and
finding raw codes and English on a Russian page (tests/referee/test_russian_pages.py and the
browser walk, tests/browser/test_russian_walk.py).

*What is looked at*: the text a reader meets — the page's text outside ``<script>``,
``<style>``, ``<template>`` and the literal values of ``<code>``, ``<kbd>``, ``<samp>`` (a
column's name the file may have, a key), the title, and the ``title``, ``aria-label``, ``alt``,
``placeholder`` attributes and the ``value`` of buttons.

*A raw code* is a word of that text that is the code of one of the models' choices (``ruling``,
``warning``, ``settle_as_is`` …), of the deal form's rulings (``kodex-3.4.4``,
``talon_peeking``) or of one of the engine's refusals (``scoring.errors``: ``deal.tricks_sum``)
— made of Latin letters, since a Russian page shows codes only through their labels.

*English* is any other word of two Latin letters or more, unless it is a name meant to stay as
it is: the formats' and standards' abbreviations (PDF, CSV, QR …, all capitals), a login where a
login is meant, a web address, an e-mail address, a file name, a number with its unit. So an
English msgid the catalogue misses — or a text no one marked for translation — is caught
whatever its words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

#: Latin words a Russian page may show as they are (names, not words of a language)
KEPT = {
    "ФСПР",
    "Swagger",
    "OpenAPI",
    "OpenSkill",  # the rating library
    "Plackett",
    "Kodeks",
    "Excel",
    "LibreOffice",
    "Chromium",
    "Redis",
    "SITE_URL",  # the setting the hall material's warning names, as it is written
    "SQLite",
    "PostgreSQL",
    "Django",
    "Python",
    "Elo",
    "Glicko",
    "Bradley",
    "Terry",
    "Swiss",
    "Windows",  # the Windows-1251 encoding
    "Enter",  # keys
    "Tab",
    "Esc",
    "Shift",
    "Ctrl",
    "Alt",
    "Space",
}
#: links not followed: downloads (looked at by the exports' tests), leaving the site, logging
#: out, the admin and the API (not pages of ours in Russian), switching the language
SKIP = re.compile(
    r"(\.(pdf|xlsx|csv|json|txt|js|png|svg|ico)(\?|$))|^/(admin|api|i18n|static)/|/logout/"
    r"|/card/[^/]+/$"
)
#: at most this many pages of one URL pattern (the 300 deals' histories are one page)
PER_ROUTE = 3
WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
#: a code with its dots or dashes (``case.not_number``, ``kodex-3.4.4``)
CODE = re.compile(r"\b[a-z][a-z_]*(?:[.-][a-z0-9_]+)+(?:\.[0-9]+)*\b")
#: spans removed before looking for words: addresses, e-mails, file names, times, units
NOT_WORDS = re.compile(
    r"https?://\S+|\b[\w.+-]+@[\w-]+\.[\w.]+|\b[\w-]+\.(pdf|xlsx|csv|json|txt|sqlite3)\b"
    r"|/[\w/.<>:-]*|\b\d+(px|mm|pt|ms|x)\b",
    re.IGNORECASE,
)
ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
SKIPPED = ("script", "style", "template", "code", "kbd", "samp")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in SKIPPED:
            self._skip += 1
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        self.parts += [values[name] or "" for name in ATTRIBUTES if values.get(name)]
        kind = values.get("type") or ""
        if tag == "input" and kind in ("submit", "button", "reset") and values.get("value"):
            self.parts.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def read(html: str) -> tuple[str, list[str]]:
    """The page's text a reader meets, and its links."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(p.strip() for p in parser.parts if p.strip()), parser.links


def codes() -> set[str]:
    """The models' choices' codes and the engine's refusal codes (words of Latin letters)."""
    from django.apps import apps

    from referee.tables.form_choices import RULINGS
    from scoring.errors import MESSAGES

    found = set(MESSAGES) | {code for code, _label in RULINGS if code}
    found |= {"prikup_refusal", "raspasy_dealer_fine", "talon_peeking", "manual"}
    for model in apps.get_models():
        if not model.__module__.startswith("referee."):
            continue
        for field in model._meta.get_fields():
            for value, _label in getattr(field, "flatchoices", None) or ():
                if isinstance(value, str) and WORD.fullmatch(value):
                    found.add(value)
    return found


def problems(text: str, raw: set[str], logins: Iterable[str] = ()) -> list[str]:
    """The raw codes and the English words of a page's text (empty: a Russian page)."""
    kept = KEPT | set(logins)
    found = []
    for line in text.splitlines():
        for code in CODE.findall(line):
            if code in raw:
                found.append(f"raw code {code!r} in {line.strip()[:90]!r}")
        plain = NOT_WORDS.sub(" ", CODE.sub(lambda m: " " if m[0] in raw else m[0], line))
        for word in WORD.findall(plain):
            if word in kept or (word.isupper() and len(word) <= 5):
                continue
            what = "raw code" if word in raw else "English"
            found.append(f"{what} {word!r} in {line.strip()[:90]!r}")
    return found


def route(path: str) -> str:
    """The URL pattern a path belongs to (its numbers replaced), for :data:`PER_ROUTE`."""
    return re.sub(r"\d+", "N", path)


def next_links(page_path: str, links: Iterable[str]) -> list[str]:
    """The links of a page worth following: our own pages, without query or fragment."""
    found = []
    for link in links:
        link = urldefrag(link)[0]
        parts = urlsplit(link)
        if parts.scheme not in ("", "http", "https") or (parts.netloc and parts.scheme == ""):
            continue
        path = parts.path if parts.path.startswith("/") else None
        if path is None:
            continue
        if parts.netloc and not parts.netloc.startswith(("127.0.0.1", "localhost", "testserver")):
            continue
        if SKIP.search(path) or path == page_path:
            continue
        found.append(path + (f"?{parts.query}" if parts.query else ""))
    return found


class Walk:
    """Breadth-first over the links from ``starts``; at most ``per_route`` pages per pattern."""

    def __init__(self, starts: Iterable[str], limit: int = 400, per_route: int = PER_ROUTE) -> None:
        self.queue = list(starts)
        self.most = per_route
        self.seen: set[str] = set()
        self.per_route: dict[str, int] = {}
        self.limit = limit

    def __iter__(self):
        while self.queue and len(self.seen) < self.limit:
            path = self.queue.pop(0)
            key = route(path.split("?")[0])
            if path in self.seen or self.per_route.get(key, 0) >= self.most:
                continue
            self.seen.add(path)
            self.per_route[key] = self.per_route.get(key, 0) + 1
            yield path

    def follow(self, path: str, links: Iterable[str]) -> None:
        self.queue += [link for link in next_links(path, links) if link not in self.seen]
