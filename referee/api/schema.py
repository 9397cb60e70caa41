"""The OpenAPI description of the device tokens (``Authorization: Token <key>``) and of the
closed request bodies (``strict.Strict``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import (
    OpenApiAuthenticationExtension,
    OpenApiSerializerExtension,
)


class DeviceTokenScheme(OpenApiAuthenticationExtension):
    target_class = "referee.api.authentication.DeviceTokenAuthentication"
    name = "deviceToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "Token <key>, from POST /api/v1/auth/token/",
        }


class StrictScheme(OpenApiSerializerExtension):
    """A ``Strict`` serializer's request body admits no other property (the API refuses
    one at its field)."""

    target_class = "referee.api.strict.Strict"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["additionalProperties"] = False
        return schema
