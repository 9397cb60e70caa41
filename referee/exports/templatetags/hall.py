"""Small filters of the printed documents: a mapping's item, a convention by its name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from referee.tournaments.conventions import preset_name

register = template.Library()


@register.filter
def get_item(mapping: Mapping[Any, Any] | None, key: Any) -> Any:
    return (mapping or {}).get(key)


@register.filter
def convention_name(name: str) -> str:
    return preset_name(name)
