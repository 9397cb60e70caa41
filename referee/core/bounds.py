"""Bounds on everything a user sends: no input is too big, too long or has a NUL byte, so
a refusal is a form error or a ``ServiceError``, never a server error (a number past the
database's integer, a NUL byte PostgreSQL cannot store).

``BoundedForm`` gives every integer and text field of a form a bound before it is
cleaned; services check the texts and deal data they receive with ``check_text`` and
``check_data`` (the same rule for the pages and the API).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django import forms
from django.core import validators
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from .codes import Refusals
from .safejson import SafeDecoder

MAX_INTEGER = 2**31 - 1  # every integer column holds this (PostgreSQL ``integer``)
MAX_TEXT = 100_000  # a text field without a length of its own (import previews are long)
MAX_REASON = 2_000
MAX_DATA = 64_000  # a deal's JSON, characters

#: the refusals of the site's core: texts and deal data out of bounds (``core.`` + key).
REFUSALS = Refusals(
    "core",
    {
        "deal.not_json": _("The deal is not valid JSON data."),
        "deal.number_range": _("A number in the deal is out of range."),
        "deal.too_large": _("The deal is too large."),
        "text.not_text": _("This field must be text."),
        "text.control": _(
            "The text holds an invisible control or text-direction character (U+%(code)s); "
            "type it again without it."
        ),
        "text.nul": _("The text contains a NUL character."),
        "text.too_long": _("At most %(limit)s characters, please."),
    },
)


def bound_fields(fields: dict[str, forms.Field]) -> None:
    """Give each integer field a range and each text field a length, where it has none."""
    for field in fields.values():
        if isinstance(field, forms.IntegerField):
            if field.max_value is None:
                field.max_value = MAX_INTEGER
                field.validators.append(validators.MaxValueValidator(MAX_INTEGER))
            if field.min_value is None:
                field.min_value = -MAX_INTEGER
                field.validators.append(validators.MinValueValidator(-MAX_INTEGER))
        elif isinstance(field, forms.DecimalField) and field.max_digits is None:
            field.validators.append(validators.MaxValueValidator(MAX_INTEGER))
            field.validators.append(validators.MinValueValidator(-MAX_INTEGER))
        elif isinstance(field, forms.CharField) and field.max_length is None:
            field.max_length = MAX_TEXT
            field.validators.append(validators.MaxLengthValidator(MAX_TEXT))


class BoundedForm(forms.Form):
    """A form whose fields (also those added in ``__init__``) are bounded when cleaned."""

    def full_clean(self) -> None:
        bound_fields(self.fields)
        super().full_clean()

    def clean(self) -> dict[str, Any]:
        # what Form.clean does; said here so the subclasses' ``super().clean()`` is the dict
        # (the stub allows an override's None)
        return self.cleaned_data


def check_text(value: str, field: str = "reason", max_length: int = MAX_REASON) -> str:
    """``value`` if it is a text without NUL bytes within ``max_length``, else a refusal
    at ``field``."""
    if not isinstance(value, str):
        raise REFUSALS.error("text.not_text", field)
    if "\x00" in value:
        raise REFUSALS.error("text.nul", field)
    if len(value) > max_length:
        raise REFUSALS.error("text.too_long", field, limit=max_length)
    return value


# Unicode's control characters (category Cc) but tab, line feed and carriage return, and its
# invisible format characters (Cf): the bidirectional overrides and isolates (U+202A-202E,
# U+2066-2069), the direction marks (U+200E/F), zero-width spaces and joiners, the BOM, the
# soft hyphen... A name holding one reads differently from what is stored (a name printed
# backwards in the standings) or looks like another's. A test checks the ranges against
# ``unicodedata``.
CONTROL_CHARACTERS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)


def control_character_message(found: str) -> str:
    return REFUSALS.text("text.control", code=f"{ord(found):04X}")


def no_control_characters(value: str) -> None:
    """A form field's validator: no control or invisible format character in ``value``."""
    found = CONTROL_CHARACTERS.search(value or "")
    if found:
        raise ValidationError(control_character_message(found.group()), code="control")


def check_name(value: str, field: str = "name", max_length: int = 200) -> str:
    """A name or a title (a player's, a tournament's, a team's, a division's...): a text
    within ``max_length`` (``check_text``) holding no control or invisible format
    character, else a refusal at ``field``."""
    if isinstance(value, str) and len(value) > max_length:
        raise REFUSALS.error("text.too_long", field, limit=max_length)
    check_text(value, field, max_length)
    found = CONTROL_CHARACTERS.search(value)
    if found:
        raise REFUSALS.error("text.control", field, code=f"{ord(found.group()):04X}")
    return value


#: ``ModelAdmin.formfield_overrides`` for the admin's forms: its JSON read by the safe
#: decoder (nested too deeply: a form error), its texts without control characters
ADMIN_FORM_FIELDS: dict[Any, dict[str, Any]] = {
    models.JSONField: {"decoder": SafeDecoder},
    models.CharField: {"validators": [no_control_characters]},
}


def _walk(value: Any) -> None:
    if isinstance(value, str):
        check_text(value, "data", MAX_DATA)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise REFUSALS.error("deal.number_range", "data")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if abs(value) > MAX_INTEGER:
            raise REFUSALS.error("deal.number_range", "data")
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key)
            _walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item)


def check_data(data: Any) -> None:
    """A deal's data: JSON within ``MAX_DATA`` characters, texts without NUL bytes,
    integers within the database's range."""
    try:
        size = len(json.dumps(data))
    except (TypeError, ValueError):
        raise REFUSALS.error("deal.not_json", "data") from None
    if size > MAX_DATA:
        raise REFUSALS.error("deal.too_large", "data")
    _walk(data)
