"""Random and edge values posted to every form of the site (every ``<form method=post>``
on the organiser's, the chief referee's and the referee's pages, found by reading them):
no answer is a server error. Values: NUL bytes, numbers past any integer column, endless
texts, signs, exponents, empty strings, arbitrary unicode, control and text-direction
characters, JSON nested too deeply."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.accounts.models import Role
from referee.tables import services

from ..factories import referee_of, table_with_players
from .test_entry_rules import six

pytestmark = [pytest.mark.django_db, pytest.mark.rotation]

EDGES = [
    "",
    "0",
    "-1",
    "99999999999999999999",
    "-99999999999999999999",
    "2147483648",
    "1e309",
    "NaN",
    "\x00",
    "a\x00b",
    "x" * 200_000,
    "²",
    "١٢",
    " ",
    "=cmd|' /C calc'!A0",
    "<script>",
    # control and text-direction characters, JSON nested too deeply (issue 21, point 5)
    "Иванов\u202e",
    "\u2066x\u2069",
    "\u200f",
    "\x07",
    "\ufeffимя",
    "[" * 100_000,
    '{"a": ' * 50_000,
    "[" * 40 + "]" * 40,
]
VALUES = st.one_of(st.sampled_from(EDGES), st.text(max_size=40), st.integers().map(str))


class Forms(HTMLParser):
    """The post forms of a page: action -> {field: a default value}."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, str]] = {}
        self._current: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._current = self.forms.setdefault(a.get("action", ""), {})
        elif tag in ("input", "select", "textarea") and self._current is not None:
            name = a.get("name")
            if name and name != "csrfmiddlewaretoken" and name not in self._current:
                self._current[name] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


@pytest.fixture
def site():
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    services.record_deal(table.pk, six("A"), chief)
    slug, r = tournament.slug, table.round.number
    pages = [
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/settings/",
        f"/t/{slug}/manage/players/",
        f"/t/{slug}/manage/staff/",
        f"/t/{slug}/manage/referees/{r}/",
        f"/t/{slug}/manage/standings/",
        f"/t/{slug}/manage/import/",
        f"/t/{slug}/manage/format/",
        f"/t/{slug}/manage/qualification/",
        f"/t/{slug}/",
        f"/t/{slug}/rounds/{r}/",
        f"/t/{slug}/r/{r}/t/{table.number}/",
        f"/t/{slug}/r/{r}/t/{table.number}/deals/1/edit/",
    ]
    client = Client(raise_request_exception=False)
    client.force_login(chief)
    found: dict[str, dict[str, str]] = {}
    for page in pages:
        response = client.get(page)
        assert response.status_code < 500, page
        parser = Forms()
        parser.feed(response.content.decode())
        for action, fields in parser.forms.items():
            if "logout" not in action and "i18n" not in action:
                found.setdefault(action or page, {}).update(fields)
    assert len(found) >= 10, sorted(found)
    return client, found


def test_every_form_answers_random_and_edge_values_without_a_server_error(site):
    client, forms = site

    @settings(
        max_examples=6,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.data())
    def post(data):
        for action, fields in sorted(forms.items()):
            names = sorted(fields)
            changed = data.draw(st.sets(st.sampled_from(names))) if names else set()
            values = {k: data.draw(VALUES) if k in changed else v for k, v in fields.items()}
            response = client.post(action, values)
            assert response.status_code < 500, (action, values)

    post()


@pytest.mark.parametrize("field", ["deal_cap", "time_limit_minutes", "pool_size"])
def test_a_number_past_any_column_is_a_form_error(site, field):
    client, forms = site
    action = next(a for a in forms if a.endswith("/manage/settings/"))
    values = forms[action] | {field: "99999999999999999999", "section": "settings"}
    response = client.post(action, values)
    assert response.status_code == 200
    assert field in response.context["settings_form"].errors
