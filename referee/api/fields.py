"""Output fields the API's serializers share: an exact amount as JSON gives it (an integer
when whole, else rounded to 6 places: SPEC §12.8), the same as the pages' figure (two
places), a book of amounts by player, money and a moment."""

from __future__ import annotations

from datetime import datetime
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


class Money(serializers.CharField):
    """An amount of money with two decimals (``"1500.00"``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str:
        return f"{value:.2f}"


class IsoDateTimeField(serializers.DateTimeField):
    """A moment as Python writes it (``2026-05-01T10:00:00+00:00``), the form these answers
    have always had (DRF's own would write ``Z`` and the current time zone)."""

    def to_representation(self, value: datetime) -> str:
        return value.isoformat()
