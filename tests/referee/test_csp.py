"""The Content-Security-Policy (referee/core/csp.py): every response carries it, no page of
the demo walk (as the public, a referee, the chief, an organiser and the admin) has an inline
script, an event handler attribute, a ``javascript:`` address or an inline style that the
policy would block, and Swagger UI's page has its own inline blocks allowed by their hash."""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.test import Client

from referee.core.csp import HEADER, inline_hashes, policy
from tests.referee.demo_walk import Walk, read
from tests.referee.test_russian_pages import ROLES, STARTS, enrich_demo, open_table

#: script types a browser does not run (data blocks): the policy does not concern them
DATA_BLOCKS = ("application/json", "application/ld+json", "text/template")


class Inline(HTMLParser):
    """What a strict policy blocks on a page: inline scripts, ``on…`` attributes,
    ``javascript:`` addresses, ``style`` attributes and ``<style>`` blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        kind = (values.get("type") or "").lower()
        if tag == "script" and "src" not in values and kind not in DATA_BLOCKS:
            self.found.append(f"inline <script {attrs}>")
        if tag == "style":
            self.found.append("a <style> block")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
            if name == "style":
                self.found.append(f"<{tag} style={value!r}>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}={value!r}>")


def inline_code(html: str) -> list[str]:
    parser = Inline()
    parser.feed(html)
    return parser.found


def directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def test_the_policy_allows_only_the_site_itself_and_nothing_inline():
    found = directives(policy())
    assert found["default-src"] == ["'self'"]
    assert found["script-src"] == ["'self'"]
    assert found["style-src"] == ["'self'"]
    assert found["object-src"] == ["'none'"]
    assert found["frame-ancestors"] == ["'none'"]
    assert found["form-action"] == ["'self'"]
    assert found["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in policy() and "'unsafe-eval'" not in policy()


def test_an_inline_block_is_allowed_by_its_own_hash_only():
    html = "<script src='/a.js'></script><script>go();</script><style>p{color:red}</style>"
    digest = base64.b64encode(hashlib.sha256(b"go();").digest()).decode()
    style = base64.b64encode(hashlib.sha256(b"p{color:red}").digest()).decode()
    assert inline_hashes(html) == {
        "script-src": [f"'sha256-{digest}'"],
        "style-src": [f"'sha256-{style}'"],
    }
    found = directives(policy(inline_hashes(html)))
    assert found["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert found["style-src"] == ["'self'", f"'sha256-{style}'"]
    assert inline_hashes("<p>no script</p>") == {}


def test_the_checker_finds_what_the_policy_blocks():
    assert inline_code('<script src="/s.js"></script><p class="x">') == []
    assert inline_code('<script type="application/json">{"a": 1}</script>') == []
    assert len(inline_code("<script>alert(1)</script>")) == 1
    assert len(inline_code('<button onclick="go()">')) == 1
    assert len(inline_code('<p style="color: red">')) == 1
    assert len(inline_code("<style>p {}</style>")) == 1
    assert len(inline_code('<a href=" JavaScript:go()">')) == 1


@pytest.mark.django_db
def test_every_page_of_the_demo_walk_sends_the_policy_and_has_nothing_inline(settings):
    settings.LANGUAGE_CODE = "ru"
    call_command("load_demo")
    enrich_demo()
    strict = policy()
    bad: dict[str, list[str]] = {}
    pages = 0
    for login in ROLES.values():
        client = Client()
        if login:
            assert client.login(username=login, password=f"demo-{login}")
        walk = Walk([open_table(), *STARTS, "/accounts/login/"])
        for path in walk:
            response = client.get(path)
            if response.get(HEADER) != strict:
                bad[f"{login}: {path}"] = [f"{HEADER}: {response.get(HEADER)!r}"]
            if response.status_code in (301, 302):
                walk.follow(path, [response["Location"]])
                continue
            if "text/html" not in response.get("Content-Type", ""):
                continue
            pages += 1
            html = response.content.decode()
            found = inline_code(html)
            if found:
                bad[f"{login}: {path}"] = found
            walk.follow(path, read(html)[1])
    assert bad == {}
    assert pages > 100  # the walk reached the site, the deal form's table page first


@pytest.mark.django_db
def test_static_files_and_the_service_worker_carry_the_policy_too(client):
    assert client.get("/sw.js")[HEADER] == policy()
    assert client.get("/accounts/login/")[HEADER] == policy()


@pytest.mark.django_db
def test_swagger_ui_runs_its_own_inline_blocks_only(client):
    response = client.get("/api/docs/")
    html = response.content.decode()
    found = directives(response[HEADER])
    hashes = inline_hashes(html)
    assert hashes["script-src"]  # the page starts Swagger UI inline: allowed by its hash
    assert found["script-src"] == ["'self'", *hashes["script-src"]]
    assert found["style-src"] == ["'self'", *hashes.get("style-src", [])]
    assert "'unsafe-inline'" not in response[HEADER]


@pytest.mark.django_db
def test_the_admins_pages_have_nothing_inline_either(client):
    from django.urls import reverse

    from tests.referee.factories import TournamentFactory, UserFactory

    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    tournament = TournamentFactory()
    pages = [
        reverse("admin:index"),
        reverse("admin:tournaments_tournament_changelist"),
        reverse("admin:tournaments_tournament_add"),
        reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
        reverse("admin:tables_deal_changelist"),
        reverse("admin:standings_standingssettings_changelist"),
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert response[HEADER] == policy(), page
        assert inline_code(response.content.decode()) == [], page
