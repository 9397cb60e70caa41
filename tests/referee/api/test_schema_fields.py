"""The schema documents every field of every answer: walk ``/api/schema/`` and fail on an
operation whose 2xx answer is a bare object (no properties), or that holds one anywhere
inside except the few values free by design, each named here and described in the schema."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db

#: the values whose shape is another document's, by field name (each described in the schema)
FREE_BY_DESIGN = {
    "deal": "a deal object of SPEC §12.2, as stored",
    "case": "the sheet as a SPEC §12 pulka case",
    "result": "the sheet's settlement by seat letter",
    "notes": "the seating's notes, codes with their parameters",
    "options": "a convention's options, by the convention's names",
    "params": "a points method's parameters, by the method's names",
}


def _schema(client) -> dict[str, Any]:
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def free_forms(schema: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """Every free-form value of every 2xx answer: (where, field name, described)."""
    components = schema["components"]["schemas"]
    found: list[tuple[str, str, bool]] = []

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = components[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def walk(node: dict[str, Any], where: str, name: str, described: bool, seen: frozenset) -> None:
        ref = node.get("$ref")
        if ref in seen:
            return
        seen = seen | {ref} if ref else seen
        node = resolve(node)
        described = described or bool(node.get("description"))
        for key in ("oneOf", "anyOf", "allOf"):
            for option in node.get(key, ()):
                walk(option, where, name, described, seen)
        if any(key in node for key in ("oneOf", "anyOf", "allOf")):
            return
        kind = node.get("type")
        if kind == "array":
            walk(node.get("items", {}), where + "[]", name, described, seen)
        elif kind in ("object", None) or "properties" in node:
            properties = node.get("properties")
            typed = node.get("additionalProperties") not in (None, {}, True)
            if properties:
                for field, value in properties.items():
                    walk(value, f"{where}.{field}", field, False, seen)
            elif typed:
                walk(node["additionalProperties"], where + "{}", name, described, seen)
            else:
                found.append((where, name, described))

    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for code, answer in operation.get("responses", {}).items():
                if not code.startswith("2"):
                    continue
                content = answer.get("content", {})
                body = content.get("application/json")
                if body is None and set(content) == {"application/octet-stream"}:
                    # a file (an export's download): its bytes, documented as such
                    schema_of = content["application/octet-stream"]["schema"]
                    assert schema_of == {"type": "string", "format": "binary"}, path
                    continue
                assert body is not None, f"{method.upper()} {path} {code} documents no body"
                walk(body["schema"], f"{method.upper()} {path} {code}", "", False, frozenset())
    return found


def test_every_answer_of_the_schema_documents_its_fields(client):
    schema = _schema(client)
    found = free_forms(schema)
    top = [where for where, name, _described in found if not name]
    assert top == [], "answers documented as bare objects"
    undocumented = [where for where, name, _d in found if name not in FREE_BY_DESIGN]
    assert undocumented == [], "free-form values not named in FREE_BY_DESIGN"
    silent = [where for where, _name, described in found if not described]
    assert silent == [], "free-form values the schema does not describe"
    # the walk reaches the answers: the format's endpoints are documented field by field
    register = schema["paths"]["/api/v1/tournaments/{slug}/register/"]["get"]
    ref = register["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    rows = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["properties"]["rows"]
    assert rows["type"] == "array"


def test_the_walk_finds_a_bare_object_and_an_undescribed_free_value():
    """The walk itself: a bare answer, a free value nested in a list, a described one."""
    schema = {
        "components": {
            "schemas": {
                "Row": {"type": "object", "properties": {"deal": {}, "kept": {"type": "integer"}}},
                "Card": {
                    "type": "object",
                    "properties": {"notes": {"type": "array", "items": {}, "description": "x"}},
                },
            }
        },
        "paths": {
            "/a/": {
                "get": {
                    "responses": {
                        "200": {"content": {"application/json": {"schema": {"type": "object"}}}}
                    }
                }
            },
            "/b/": {
                "get": {
                    "responses": {
                        "200": {
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "array",
                                        "items": {"$ref": "#/components/schemas/Row"},
                                    }
                                }
                            }
                        }
                    }
                }
            },
            "/c/": {
                "post": {
                    "responses": {
                        "201": {
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Card"}
                                }
                            }
                        },
                        "400": {"content": {"application/json": {"schema": {"type": "object"}}}},
                    }
                }
            },
        },
    }
    assert free_forms(schema) == [
        ("GET /a/ 200", "", False),
        ("GET /b/ 200[].deal", "deal", False),
        ("POST /c/ 201.notes[]", "notes", True),
    ]
