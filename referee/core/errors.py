"""Errors that services raise and pages turn into messages (pretix style)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404


class ServiceError(Exception):
    """An action that cannot be done; ``field`` names the form field when there is one and
    ``code`` is the refusal's stable code (what the API answers) and ``params`` the values
    its message was filled with. Services raise it through their package's registry of
    refusals (``referee.core.codes.Refusals.error``), which renders ``message``."""

    code: str = "service_error"

    def __init__(
        self,
        message: str,
        field: str | None = None,
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.params = dict(params or {})
        if code is not None:
            self.code = code


class NotAllowed(PermissionDenied):
    """The user has no right to do this here. Not a ``ServiceError``: a page that shows
    refusals as messages lets it through, and Django answers it with 403."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message


class NotVisible(ServiceError, Http404):
    """Not for this viewer: an unpublished tournament, or a round the public does not see
    yet. A 404, as ``NotAllowed`` is a 403: a page lets it through and Django answers it
    (the page runner, ``refusals.attempt``, never shows it as a message), and whoever may not
    see a thing does not learn that it exists."""


class InvalidDeal(ServiceError):
    """The engine refused the deal; ``field`` is the engine's field (``tricks``, …) and
    ``engine_error`` the engine's refusal itself (its code and params, for translation);
    the code is the engine's (``deal.tricks_sum``)."""

    def __init__(
        self,
        message: str,
        field: str | None = None,
        engine_error: Exception | None = None,
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        engine_code = getattr(engine_error, "code", None)
        engine_params = getattr(engine_error, "params", None)
        super().__init__(message, field, code=code or engine_code, params=params or engine_params)
        self.engine_error = engine_error

    @classmethod
    def of(cls, engine_error: Exception) -> InvalidDeal:
        """The engine's refusal (a ``ScoringError``) as the service's."""
        return cls(str(engine_error), getattr(engine_error, "field", None), engine_error)


class StaleVersion(ServiceError):
    """The change was made against an older version of the deal; ``current`` is the deal as
    it stands now (nothing was changed)."""

    def __init__(
        self,
        message: str,
        current: object = None,
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message, "version", code=code, params=params)
        self.current = current

    @classmethod
    def of(cls, refusal: ServiceError, current: object) -> StaleVersion:
        """A registry's refusal (its code, params and message) with the deal as it stands."""
        return cls(refusal.message, current, code=refusal.code, params=refusal.params)
