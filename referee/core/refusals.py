"""One way from a service's refusal to what the user sees: a message or a form error.

``NotAllowed`` is not a refusal of this kind: it passes through and becomes a 403.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from .errors import ServiceError


def show_refusal(request: HttpRequest, error: ServiceError) -> None:
    """The refusal as an error message above the page."""
    messages.error(request, error.message)


def add_refusal(form: forms.Form, error: ServiceError) -> None:
    """The refusal at the form field it names, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def attempt(request: HttpRequest, action: Callable[[], object], done: str) -> bool:
    """Run a service: on success show ``done``; a refusal becomes a message."""
    try:
        action()
    except ServiceError as error:
        show_refusal(request, error)
        return False
    messages.success(request, done)
    return True
