"""Values of case files (SPEC §12.7): required fields, objects, numbers, whole numbers,
player ids, pool sizes and enum texts, each refused with its code and field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import CaseError, shown, valid_text
from .model import Call, DealType, Play
from .numbers import Amount, from_json


def get(obj: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in obj:
        raise CaseError("case.required", field, key=key)
    return obj[key]


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise CaseError("case.not_object", field)
    return value


def number(value: Any, field: str) -> Amount:
    return from_json(value, field)


def integer(value: Any, field: str) -> int:
    if type(value) is not int:
        raise CaseError("case.not_integer", field, value=shown(value))
    return value


def player_id(value: Any, field: str, *, optional: bool = False) -> Any:
    """A player id is a non-empty string of valid Unicode; None where the field is optional."""
    if type(value) is str and value and (value.isascii() or valid_text(value)):
        return value
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise CaseError("case.player_id", field, value=shown(value))
    text(value, field)
    return value


def text(value: str, field: str) -> str:
    """A text of the file that is named or printed (an id, a reason) is valid Unicode: a
    lone surrogate, which JSON's ``"\\ud800"`` reads to, cannot be written out (SPEC §12.7)."""
    if not valid_text(value):
        raise CaseError("case.not_unicode", field)
    return value


def pool_size(value: Any, field: str) -> Amount | None:
    """A pool size is a number above 0, or null for no limit (SPEC §7.1, §12.3)."""
    if value is None:
        return None
    size = number(value, field)
    if size <= 0:
        raise CaseError("case.pool_size", field)
    return size


_MEMBERS: dict[type, dict[str, Any]] = {
    enum: {member.value: member for member in enum} for enum in (DealType, Play, Call)
}
