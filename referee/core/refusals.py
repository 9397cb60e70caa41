"""One way from a service to what the user sees: ``attempt`` runs a service for a page.

A refusal (``ServiceError``) lands at the form field it names, above the form, or as a
message; the view gets the ``Outcome`` (the service's value, or the refusal) and goes on.
Two refusals are not a page's to show: ``NotAllowed`` passes through and becomes a 403,
``NotVisible`` passes through and becomes a 404 (both are Django's own exceptions too).
No view writes ``except ServiceError``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest
from django.utils.functional import Promise

from .errors import NotVisible, ServiceError

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a service call came to: its ``value``, or its ``refusal``. True when done."""

    value: T | None = None
    refusal: ServiceError | None = None

    def __bool__(self) -> bool:
        return self.refusal is None


def outcome_of(action: Callable[[], T]) -> Outcome[T]:
    """Run ``action``: its value, or the ``ServiceError`` it raised (``NotVisible``, and
    ``NotAllowed``, which is no ``ServiceError``, pass through)."""
    try:
        return Outcome(value=action())
    except NotVisible:
        raise
    except ServiceError as error:
        return Outcome(refusal=error)


def show_refusal(request: HttpRequest, error: ServiceError) -> None:
    """The refusal as an error message above the page."""
    messages.error(request, error.message)


def add_refusal(form: forms.BaseForm, error: ServiceError) -> None:
    """The refusal at the form field it names, or above the form. A refusal of several
    settings at once (``errors``: setting → message) lands at each; a form whose fields are
    not named as the service's settings maps them with ``field_for(setting)``."""
    found = getattr(error, "errors", None) or {error.field: error.message}
    field_for = getattr(form, "field_for", None)
    for setting, message in found.items():
        if callable(field_for):
            field = field_for(setting or "")
        else:
            field = setting if setting in form.fields else None
        form.add_error(field, message)


def attempt(
    request: HttpRequest,
    action: Callable[[], T],
    done: str | Promise | None = None,
    *,
    form: forms.BaseForm | None = None,
) -> Outcome[T]:
    """Run a service for a page. Done: the message ``done`` (if any). Refused: the refusal
    at ``form``'s field (or above it), or with no form an error message."""
    outcome = outcome_of(action)
    if outcome.refusal is not None:
        if form is not None:
            add_refusal(form, outcome.refusal)
        else:
            show_refusal(request, outcome.refusal)
    elif done:
        messages.success(request, str(done))
    return outcome
