"""Hostile bodies sent to every JSON endpoint of the API, as the chief referee (who passes
every right, so the bodies are read): no answer is a server error (issue 21, point 5).
Bodies: JSON nested too deeply, a known request with one value replaced by a NUL byte, a
control or text-direction character, an endless text, a number past any column, a nested
list, and arbitrary JSON. Bounded: a few examples (``.ci/run`` runs it on SQLite and on
PostgreSQL, as part of the suite)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.accounts.models import Role
from referee.tables import services as tables

from ..core.test_hostile_input import api_paths
from ..factories import referee_of, table_with_players
from ..hall.test_entry_rules import six
from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db

HOSTILE = [
    "\x00",
    "a\x00b",
    "Иванов\u202e",
    "\u2066x\u2069",
    "\u200f",
    "\x07",
    "x" * 200_000,
    2**63,
    -(2**63),
    1e308,
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {},
    None,
]
#: requests the endpoints know, whose values the fuzz replaces one at a time
KNOWN = [
    {"deal": SAMPLE_DEAL, "reason": "typo"},
    {"username": "tablet", "password": "x", "device": "tablet"},
    {"name": "Орлов", "city": "Тверь", "club": "Ладья", "federation_id": "1"},
    {"after_round": 1, "reason": "ill", "registration": 1, "substitute": 2},
    {"kind": "warning", "registration": 1, "reason": "late", "points": 1},
    {"stages": [{"name": "Финал", "rounds_planned": 1}], "teams": [{"name": "Север"}]},
]
RAW = [
    "[" * 100_000,
    '{"a": ' * 50_000,
    "[" * 900 + "]" * 900,
    '{"deal": ' + "[" * 500 + "]" * 500 + "}",
    "\x00",
    "",
    "{",
    '"\\ud800"',
]
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


def replaced(known: dict, key_path: list[str], value) -> dict:
    body = json.loads(json.dumps(known))
    target = body
    for key in key_path[:-1]:
        target = target[key]
    target[key_path[-1]] = value
    return body


def leaves(value, prefix=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*prefix, index))
    else:
        yield list(prefix)


BODIES = st.one_of(
    st.sampled_from(RAW),
    st.sampled_from(KNOWN).flatmap(
        lambda known: st.tuples(
            st.sampled_from(list(leaves(known))), st.sampled_from(HOSTILE) | JSONISH
        ).map(lambda pair: json.dumps(replaced(known, pair[0], pair[1])))
    ),
    JSONISH.map(json.dumps),
)


def test_every_json_endpoint_answers_hostile_bodies_without_a_server_error():
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    tables.record_deal(table.pk, six("A"), chief)
    client = client_for(chief)
    paths = api_paths(tournament, table)

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        st.sampled_from(paths),
        st.sampled_from(["post", "put", "patch"]),
        BODIES,
        st.sampled_from([None, "k-1", "k\x00"]),
    )
    def send(path, method, body, key):
        headers = {} if key is None or "\x00" in key else {"HTTP_IDEMPOTENCY_KEY": key}
        response = getattr(client, method)(path, body, content_type="application/json", **headers)
        assert response.status_code < 500, (method, path, body[:200], response.status_code)

    send()
