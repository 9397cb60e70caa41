"""Every refusal of the API as JSON ``{"code", "field", "message", "params"}`` in the
request's language, built from the same refusals the pages show: a service's refusal answers
its registry's code (``tables.deal.deleted``, ``referee.core.codes``), the engine's its own
(``deal.tricks_sum``), with the field it concerns."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from referee.core.codes import refusal_text
from referee.core.errors import NotAllowed, ServiceError, StaleVersion


def _slug(name: str) -> str:
    """``InvalidDeal`` → ``invalid_deal``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def error_body(
    code: str, message: str, field: str | None = None, params: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"code": code, "field": field or None, "message": message, "params": params or {}}


def _engine_error(error: BaseException) -> Exception | None:
    """The engine's refusal behind a service's ``InvalidDeal``, when it kept one."""
    import scoring

    found = getattr(error, "engine_error", None) or error.__cause__ or error.__context__
    return found if isinstance(found, scoring.ScoringError) else None


def _plain(value: Any) -> Any:
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value)


def refusal_body(error: ServiceError | NotAllowed) -> dict[str, Any]:
    """A refusal as the API's error: the code, field and params the service's error carries
    (an ``InvalidDeal``'s being the engine's), its message rendered from its registry."""
    engine = _engine_error(error)
    code = getattr(error, "code", None) or getattr(engine, "code", None)
    params = getattr(error, "params", None) or getattr(engine, "params", None) or {}
    if not code:
        code = _slug(type(engine).__name__ if engine is not None else type(error).__name__)
    plain = {str(k): _plain(v) for k, v in dict(params).items()}
    if isinstance(error, ServiceError):
        message = refusal_text(engine if engine is not None else error)
    else:
        message = error.message or str(error)
    return error_body(str(code), message, getattr(error, "field", None), plain)


def _first_field(detail: Any, prefix: str = "") -> tuple[str, str, str]:
    """The first (field, message, code) of a DRF validation error's detail."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if isinstance(key, int):  # a list's item (DRF keys them by index)
                return _first_field(value, f"{prefix}[{key}]")
            name = prefix if key == "non_field_errors" else f"{prefix}.{key}" if prefix else key
            return _first_field(value, str(name))
    if isinstance(detail, list) and detail:
        for i, value in enumerate(detail):
            if value:
                inner = prefix if not isinstance(value, dict | list) else f"{prefix}[{i}]"
                return _first_field(value, inner)
    code = getattr(detail, "code", "invalid")
    return prefix, str(detail), str(code)


def exception_handler(error: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(error, ApiError):
        return Response(error.body, status=error.status_code)
    if isinstance(error, StaleVersion):
        body = refusal_body(error)
        return Response(body, status=status.HTTP_412_PRECONDITION_FAILED)
    if isinstance(error, NotAllowed):
        return Response(refusal_body(error) | {"code": "not_allowed"}, status=403)
    if isinstance(error, ServiceError):
        found = refusal_body(error)
        if type(error).__name__ == "NotVisible":
            return Response(error_body("not_found", _("Not found.")), status=404)
        return Response(found, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(error, RequestDataTooBig):
        return Response(error_body("too_large", _("The request is too large.")), status=413)
    if isinstance(error, SuspiciousOperation):
        return Response(error_body("bad_request", _("Bad request.")), status=400)
    if isinstance(error, Http404):
        error = exceptions.NotFound()
    elif isinstance(error, PermissionDenied):
        error = exceptions.PermissionDenied(str(error) or None)
    response = drf_handler(error, context)
    if response is None:
        return None
    if isinstance(error, exceptions.ValidationError):
        field, message, code = _first_field(error.detail)
        response.data = error_body(code, message, field, {"errors": error.detail})
    elif isinstance(error, exceptions.APIException):
        detail = error.detail
        message = str(detail) if not isinstance(detail, dict | list) else str(error)
        response.data = error_body(str(getattr(detail, "code", error.default_code)), message)
    return response


class ApiError(exceptions.APIException):
    """A refusal with our own code (412, 422, 428…)."""

    def __init__(
        self,
        status_code: int,
        code: str,
        message: str,
        field: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.status_code = status_code
        super().__init__(message, code)
        self.body = error_body(code, message, field) | (data or {})


def api_error_response(error: ApiError) -> Response:
    return Response(error.body, status=error.status_code)
