"""A small filter of the printed documents: a mapping's item."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def get_item(mapping: Mapping[Any, Any] | None, key: Any) -> Any:
    return (mapping or {}).get(key)
