"""Every body the API reads is closed: a field it does not know is refused at that field
(400, ``unknown_field``), never ignored, so that a misspelt setting (``"publishd": true``)
cannot answer 200 and change nothing. One mechanism: the ``Strict`` mixin of every input
serializer, nested ones included; the schema says the same (``additionalProperties: false``
on every request body, ``schema.StrictScheme``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

# to mypy the mixin is the serializer it is mixed into (its fields, its to_internal_value)
if TYPE_CHECKING:
    _Serializer = serializers.Serializer[Any]
else:
    _Serializer = object


class Strict(_Serializer):
    """Mix into an input serializer (before ``serializers.Serializer``)."""

    #: names a body may carry besides the writable fields (none unless a serializer says so)
    also_accepted: frozenset[str] = frozenset()
    unknown_message: Any = _("The API has no such field here.")

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            fields = self.fields
            known = {name for name, field in fields.items() if not field.read_only}
            unknown = sorted(str(k) for k in set(data) - known - self.also_accepted)
            if unknown:
                raise serializers.ValidationError(
                    {unknown[0]: [self.unknown_message]}, code="unknown_field"
                )
        return super().to_internal_value(data)
