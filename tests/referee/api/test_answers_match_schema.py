"""Every GET endpoint's real answer has exactly the fields its schema documents: a played
tournament with a team, a stage, a discipline entry and an appeal, read as its chief referee,
each answer walked beside its schema (every object's keys are its documented properties, no
more and no fewer)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.discipline.models import Entry
from referee.tournaments import checkin
from referee.tournaments.models import Registration, Round, Stage, Team

from ..format.play import play_round, tournament_of
from .conftest import client_for
from .test_surface_walk_api import api_endpoints

pytestmark = pytest.mark.django_db

GETS = [(name, route) for name, route, method in api_endpoints() if method == "get" and name]
NOT_JSON = {"api-docs", "api-schema", "api-export-file"}  # a page, the schema, a file


def mismatches(answer: Any, node: dict[str, Any], components: dict[str, Any], where: str):
    """Where ``answer`` has other fields than the schema ``node`` documents."""
    while "$ref" in node:
        node = components[node["$ref"].rsplit("/", 1)[-1]]
    if answer is None:
        return []
    if "oneOf" in node:
        found = [mismatches(answer, option, components, where) for option in node["oneOf"]]
        return min(found, key=len)
    if node.get("type") == "array" and isinstance(answer, list):
        return [
            m
            for i, item in enumerate(answer)
            for m in mismatches(item, node.get("items", {}), components, f"{where}[{i}]")
        ]
    properties = node.get("properties")
    if properties and isinstance(answer, dict):
        wrong = (
            []
            if set(answer) == set(properties)
            else [f"{where}: {sorted(set(answer) ^ set(properties))}"]
        )
        return wrong + [
            m
            for key, value in answer.items()
            if key in properties
            for m in mismatches(value, properties[key], components, f"{where}.{key}")
        ]
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and extra and isinstance(answer, dict):
        return [
            m
            for key, value in answer.items()
            for m in mismatches(value, extra, components, f"{where}.{key}")
        ]
    return []


@pytest.fixture
def played():
    tournament, entries, chief = tournament_of(4, published=True, slug="cup")
    play_round(tournament, chief)
    red = Team.objects.create(tournament=tournament, name="Red")
    Registration.objects.filter(pk__in=[e.pk for e in entries[:2]]).update(team=red)
    ids = [e.pk for e in entries]
    stage = Stage.objects.create(
        tournament=tournament, number=1, name="Final", rounds_planned=1, qualified=ids
    )
    Round.objects.filter(tournament=tournament).update(stage=stage)
    api = client_for(chief)
    base = "/api/v1/tournaments/cup/"
    warning = {"registration": entries[0].pk, "kind": "warning", "rule": "3.9.1", "reason": "x"}
    assert api.post(base + "discipline/", warning, format="json").status_code == 201
    appeal = {
        "appellant": entries[0].pk,
        "subject": "discipline",
        "grounds": "y",
        "entry": Entry.objects.get().pk,
    }
    made = api.post(base + "appeals/", appeal, format="json").json()
    from tests.referee.test_surface_walk import duplicate_session

    duplicate_session(tournament, [e.pk for e in entries[:3]])
    from referee.tournaments.models import Application

    Application.objects.create(tournament=tournament, name="Заявитель", city="Тула", contact="x")
    from referee.series.models import Series, SeriesTournament

    cup = Series.objects.create(name="Кубок", slug="season", best=1, min_starts=1)
    SeriesTournament.objects.create(series=cup, tournament=tournament)
    kwargs = {
        "session": 1,
        "board": 1,
        "slug": "cup",
        "round": 1,
        "table": 1,
        "number": 1,
        "registration": entries[0].pk,
        "appeal": made["id"],
        "series": "season",
        "player": entries[0].player_id,  # the registry player's profile
        "key": checkin.link_key(entries[0]),  # his private link
        "identifier": "results",  # the exporters' registry: the results workbook
        "fmt": "xlsx",
    }
    return api, kwargs


def test_every_get_answer_has_exactly_the_documented_fields(played):
    api, kwargs = played
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    checked = 0
    for name, route in GETS:
        if name in NOT_JSON:
            continue
        template = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(kwargs[m.group(1)]), route)
        answer = api.get(url)
        assert answer.status_code == 200, (url, answer.content)
        documented = schema["paths"][template]["get"]["responses"]["200"]["content"]
        body = answer.json()
        assert body not in ([], {}), f"{url} answers nothing to check"
        assert mismatches(body, documented["application/json"]["schema"], components, url) == []
        checked += 1
    assert checked == len(GETS) - len(NOT_JSON)


def test_the_comparison_finds_a_missing_and_an_extra_field():
    components = {
        "Row": {
            "type": "object",
            "properties": {
                "a": {},
                "b": {"type": "array", "items": {"$ref": "#/components/schemas/Cell"}},
            },
        },
        "Cell": {"type": "object", "properties": {"x": {"type": "integer"}}},
    }
    node = {"$ref": "#/components/schemas/Row"}
    assert mismatches({"a": 1, "b": [{"x": 1}]}, node, components, "r") == []
    assert mismatches({"a": 1, "b": [{"x": 1, "y": 2}]}, node, components, "r") == ["r.b[0]: ['y']"]
    assert mismatches({"b": []}, node, components, "r") == ["r: ['a']"]
