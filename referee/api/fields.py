"""Output fields the API's serializers share: an exact amount as JSON gives it (an integer
when whole, else rounded to 6 places: SPEC §12.8), the same as the pages' figure (two
places), and a book of amounts by player."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.core.figures import rounded
from scoring.numbers import to_json


@extend_schema_field(OpenApiTypes.NUMBER)
class Number(serializers.Field):
    """An exact amount (``int``, ``Fraction``) read out as ``scoring.numbers.to_json``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> int | float:
        return to_json(value)


@extend_schema_field(OpenApiTypes.NUMBER)
class Figure(Number):
    """An amount as the pages show it: two decimals at most, half away from zero, an
    integer when whole (``core.figures.rounded``; a third is never ``-131.33333333333334``)."""

    def to_representation(self, value: Any) -> int | float:
        return rounded(value)


class Book(serializers.DictField):
    """Amounts by player: ``{"Иванов": 12, "Петров": -7.5}``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("child", Number())
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)


def number(value: Any) -> int | float | None:
    """``Number``'s reading of one value, ``None`` kept."""
    return None if value is None else to_json(value)
