"""No link on a public page leads to a page the public cannot see: a visitor walks every
link from the home page of a tournament with a published round, a finished round kept
hidden and a round in play, and opens each; so does every QR code the hall material
(table cards, protocols) prints for the public to scan."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.urls import reverse

from referee.demo.loader import generate_tournament
from referee.exports.hall import cards, protocol_extras
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tournaments.models import Round

pytestmark = pytest.mark.django_db

BASE = "http://testserver"
NOT_PAGES = ("/static/", "/admin/", "/i18n/")
LOGIN = "/accounts/login/"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href and not href.startswith(("mailto:", "tel:", "javascript:")):
            self.found.append(href)


def links_of(page_path: str, html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    out = []
    for href in parser.found:
        url = urldefrag(urljoin(BASE + page_path, href)).url
        parts = urlsplit(url)
        if parts.netloc != "testserver" or parts.path.startswith(NOT_PAGES):
            continue
        query = parts.query if parts.path != LOGIN else ""  # one login page, whatever next
        out.append(parts.path + (f"?{query}" if query else ""))
    return out


def walk(client, start: list[str], limit: int = 400) -> tuple[dict[str, int], list[str]]:
    """Open every page reachable from ``start``; the status of each (after redirects) and
    the links that led nowhere the visitor may go, as "page -> link (status)"."""
    seen: dict[str, int] = {}
    broken: list[str] = []
    queue = [(path, "start") for path in start]
    while queue and len(seen) < limit:
        path, origin = queue.pop(0)
        if path in seen:
            continue
        response = client.get(path, follow=True)
        seen[path] = response.status_code
        if response.status_code != 200:
            broken.append(f"{origin} -> {path} ({response.status_code})")
            continue
        if response["Content-Type"].startswith("text/html"):
            final = response.redirect_chain[-1][0] if response.redirect_chain else path
            queue += [(link, path) for link in links_of(final, response.content.decode())]
    assert len(seen) < limit, "the walk did not end"
    return seen, broken


@pytest.fixture
def cup():
    """Eight players, three rounds: round 1 published, round 2 finished but kept hidden,
    round 3 in play (its tables open)."""
    cup = generate_tournament(8, 3, slug="links", deals_per_table=2)
    StandingsSettings.objects.create(tournament=cup, published_through=1)
    Round.objects.filter(tournament=cup, number=3).update(status=Round.Status.STARTED)
    Table.objects.filter(round__tournament=cup, round__number=3).update(status="open")
    return cup


def test_every_link_a_visitor_finds_opens(client, cup):
    seen, broken = walk(client, ["/", reverse("tournament", args=[cup.slug])])
    assert broken == []
    # the walk reached the pages that matter, published and not
    for path in [
        reverse("standings", args=[cup.slug]),
        reverse("round", args=[cup.slug, 3]),
        reverse("round-results", args=[cup.slug, 1]),
        reverse("table", args=[cup.slug, 1, 1]),
        reverse("export-protocol", args=[cup.slug, 1, 1]),
    ]:
        assert seen.get(path) == 200, path
    hidden = [reverse("table", args=[cup.slug, n, 1]) for n in (2, 3)]
    assert not set(hidden) & set(seen)  # the hidden sheets are linked from nowhere public
    assert all(client.get(path).status_code == 404 for path in hidden)


def test_every_qr_code_of_the_hall_material_opens_for_a_visitor(client, cup):
    targets = []
    for round_ in Round.objects.filter(tournament=cup).select_related("tournament"):
        targets += [card["url"] for card in cards(round_, BASE)]
    tables = Table.objects.filter(round__tournament=cup).select_related("round__tournament")
    targets += [protocol_extras(table, BASE)["qr_url"] for table in tables]
    assert len(targets) == 2 * 3 * 2  # two tables a round, on the cards and the protocols
    paths = [url.removeprefix(BASE) for url in targets]
    _seen, broken = walk(client, paths)
    assert broken == []
    # the hidden rounds' codes show the card page; the published round's lead to its sheet
    assert client.get(paths[0]).status_code == 302  # round 1, table 1: the sheet
    assert client.get(paths[2]).status_code == 200  # round 2: the card page
