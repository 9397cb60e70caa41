"""Errors that services raise and views turn into messages (pretix style)."""

from __future__ import annotations


class ServiceError(Exception):
    """An action that cannot be done; ``field`` names the form field when there is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotAllowed(ServiceError):
    """The user has no right to do this here."""


class InvalidDeal(ServiceError):
    """The engine refused the deal; ``field`` is the engine's field (``tricks``, …) and
    ``engine_error`` the engine's refusal itself (its code and params, for translation)."""

    def __init__(
        self, message: str, field: str | None = None, engine_error: Exception | None = None
    ) -> None:
        super().__init__(message, field)
        self.engine_error = engine_error
