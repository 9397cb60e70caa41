"""The conversion methods' parameters as form fields, generated from the method dataclasses
(``points.METHODS``): an exact number, a yes/no box, a choice, a row of points by place, or
a table of bands. Each reads what a chief types (``200``, ``1/10``, ``0.5``, ``0,5``) into the
value stored in ``StandingsSettings.params``: a whole number as an int, any other number as
exact text (``"1/10"``, ``"0.5"``), never a float. Whether a value is allowed is the
services' to decide (``services.update_settings``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import MISSING, fields
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal, get_args, get_origin, get_type_hints

from django import forms
from django.utils.formats import get_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .labels import PARAM_CHOICES, PARAM_LABELS
from .pure import points

MAX_NUMBER = 10**9  # a whist result, bound or weight is far below; beyond is a typing slip
BAND_ROWS = 5  # rows of the bands table; a stored table with more gets one spare row

Stored = int | str  # a number as ``params`` keeps it
_NUMBER = re.compile(r"-?(\d+([.,]\d*)?|[.,]\d+|\d+/\d+)", re.ASCII)
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']")


def parse_number(text: str) -> Stored:
    """``"200"`` → 200, ``"0,5"`` → ``"0.5"``, ``"2/20"`` → ``"1/10"``, ``"−3"`` → -3."""
    text = _SPACES.sub("", text).replace("\u2212", "-").replace("\u2013", "-")
    if not _NUMBER.fullmatch(text) or re.search(r"/0+$", text):
        raise forms.ValidationError(
            _("This is not a number; write e.g. 200, 1/10 or 0.5."), code="invalid"
        )
    fraction = "/" in text
    value = Fraction(text) if fraction else Fraction(Decimal(text.replace(",", ".")))
    if abs(value) > MAX_NUMBER:
        raise forms.ValidationError(
            _("At most %(limit)s in size.") % {"limit": MAX_NUMBER}, code="max_value"
        )
    if value.denominator == 1:
        return value.numerator
    return str(value) if fraction else _decimal_text(value)


def _decimal_text(value: Fraction) -> str:
    """An exact decimal without trailing zeros: Fraction(1, 2) → "0.5"."""
    text = f"{Decimal(value.numerator) / Decimal(value.denominator):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def shown_number(value: object) -> str:
    """A stored or default number as the chief typed it, with the language's decimal sign:
    200 → "200", "0.5" → "0,5" in Russian, "1/10" → "1/10", Fraction(1, 10) → "0,1"."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        denominator = value.denominator
        for factor in (2, 5):
            while denominator % factor == 0:
                denominator //= factor
        if denominator != 1 or value.denominator > 10**6:
            return str(value)  # 1/3 is no decimal
        value = _decimal_text(value)
    text = str(value)
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR"))) if "/" not in text else text


def display(value: Any) -> Any:
    """A field's value as its input shows it: a stored or default number as
    ``shown_number`` writes it, text the chief typed as he typed it."""
    if isinstance(value, str) and not re.fullmatch(r"-?\d+\.\d+", value):
        return value
    if isinstance(value, bool):
        return value
    return shown_number(value)


def exact(value: object) -> Fraction | None:
    """A stored value as a Fraction (to compare with the default); None stays None."""
    return None if value is None else Fraction(str(value))


class ExactNumberField(forms.Field):
    """A number typed exactly: 200, 1/10, 0.5 or 0,5 (the Russian decimal comma). Its text is
    checked here (length, NUL) before it is read, as a text field's would be."""

    max_length = 20

    def __init__(self, **kwargs: Any) -> None:
        attrs = {"inputmode": "decimal", "size": 8, "maxlength": self.max_length}
        kwargs.setdefault("widget", forms.TextInput(attrs=attrs))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        return display(value)

    def to_python(self, value: Any) -> Stored | None:
        text = "" if value is None else str(value).strip()
        if not text:
            return None
        if "\x00" in text:
            raise forms.ValidationError(_("The text contains a NUL character."), code="null")
        if len(text) > self.max_length:
            raise forms.ValidationError(
                _("At most %(limit)s characters, please.") % {"limit": self.max_length},
                code="max_length",
            )
        return parse_number(text)


class _Inputs(forms.MultiWidget):
    """Several text inputs under one label; each has its own accessible name."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        attrs = {"inputmode": "decimal", "size": 6}
        super().__init__([forms.TextInput(attrs=attrs) for _label in labels])

    def decompress(self, value: Any) -> list[Any]:
        return []  # the fields give their values as lists (``prepare_value``)

    def inputs(
        self, name: str, value: Any, attrs: dict[str, Any] | None, named: bool = True
    ) -> list[SafeString]:
        """The inputs; ``named``: each with its accessible name (none where a visible label
        wraps it)."""
        if not isinstance(value, list | tuple):
            value = []
        base = self.build_attrs(self.attrs, attrs)
        out = []
        for i, widget in enumerate(self.widgets):
            sub = {**base, "aria-label": self.labels[i]} if named else dict(base)
            if base.get("id"):
                sub["id"] = f"{base['id']}_{i}"
            item = value[i] if i < len(value) else None
            out.append(widget.render(f"{name}_{i}", item, sub))
        return out


class RowWidget(_Inputs):
    """Points for 1st, 2nd, … place, side by side."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        cells = zip(self.labels, self.inputs(name, value, attrs, named=False), strict=True)
        return format_html(
            '<span class="number-row" id="{}" tabindex="-1">{}</span>',
            (attrs or {}).get("id", ""),
            format_html_join(" ", "<label>{} {}</label>", cells),
        )


class BandsWidget(_Inputs):
    """The bands as a table: one row per band, its upper bound and its weight."""

    def __init__(self, rows: int) -> None:
        labels = []
        for n in range(1, rows + 1):
            labels += [
                _("band %(n)s: up to, whists") % {"n": n},
                _("band %(n)s: weight") % {"n": n},
            ]
        super().__init__(labels)
        self.rows = rows

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        inputs = self.inputs(name, value, attrs)
        rows = ((n + 1, inputs[2 * n], inputs[2 * n + 1]) for n in range(self.rows))
        return format_html(
            '<table class="grid bands" id="{}" tabindex="-1"><thead><tr><th>{}</th><th>{}</th>'
            "<th>{}</th></tr></thead><tbody>{}</tbody></table>",
            (attrs or {}).get("id", ""),
            _("band"),
            _("up to, whists"),
            _("weight"),
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", rows),
        )


class RowField(forms.MultiValueField):
    """A fixed number of exact numbers, one per place: ``[3, 2, 0]``."""

    def __init__(self, size: int, **kwargs: Any) -> None:
        places = [_("place %(n)s") % {"n": n} for n in range(1, size + 1)]
        super().__init__(
            [ExactNumberField() for _place in places],
            widget=RowWidget(places),
            error_messages={"required": gettext_lazy("Give a number for each place.")},
            **kwargs,
        )

    def prepare_value(self, value: Any) -> Any:
        return [display(v) for v in value] if isinstance(value, list | tuple) else value

    def compress(self, data_list: list[Any]) -> list[Stored]:
        return list(data_list)


class BandsField(forms.MultiValueField):
    """Bands as ``[[upper, weight], …]``; a row left empty is no band, an empty upper bound
    is no bound (``None``)."""

    def __init__(self, rows: int, **kwargs: Any) -> None:
        super().__init__(
            [ExactNumberField(required=False) for _i in range(2 * rows)],
            widget=BandsWidget(rows),
            require_all_fields=False,
            required=False,
            **kwargs,
        )

    def prepare_value(self, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return value
        if value and isinstance(value[0], list | tuple):  # the stored pairs
            value = [v for pair in value for v in pair]
        return [display(v) for v in value]

    def compress(self, data_list: list[Any]) -> list[list[Stored | None]]:
        bands = []
        pairs = zip(data_list[::2], data_list[1::2], strict=True)
        for n, (upper, weight) in enumerate(pairs, 1):
            if upper is None and weight is None:
                continue
            if weight is None:
                raise forms.ValidationError(
                    _("Give the weight of band %(n)s.") % {"n": n}, code="incomplete"
                )
            bands.append([upper, weight])
        return bands


# -- the fields of one method ------------------------------------------------------------------


def param_defaults(method: str) -> dict[str, Any]:
    """Each parameter of the method with its published value (the dataclass default)."""
    return {f.name: f.default for f in fields(points.METHODS[method]) if f.default is not MISSING}


def field_name(method: str, param: str) -> str:
    return f"{method}__{param}"


def form_field(method: str, param: str, stored: Any = None) -> forms.Field:
    """The form field of one parameter, chosen by its default's kind (and a ``Literal``'s
    values); its label and help say what it decides."""
    default = param_defaults(method)[param]
    label, help_text = PARAM_LABELS[param]
    common: dict[str, Any] = {"label": label, "help_text": help_text}
    hint = get_type_hints(points.METHODS[method])[param]
    if get_origin(hint) is Literal:
        labels = PARAM_CHOICES[param]
        return forms.ChoiceField(choices=[(v, labels[v]) for v in get_args(hint)], **common)
    if isinstance(default, bool):
        return forms.BooleanField(required=False, **common)
    if isinstance(default, Fraction):
        return ExactNumberField(**common)
    if isinstance(default, tuple) and default and isinstance(default[0], tuple):
        rows = max(BAND_ROWS, len(default) + 1, len(stored or ()) + 1)
        return BandsField(rows, **common)
    if isinstance(default, tuple):
        return RowField(len(default), **common)
    raise TypeError(f"no form field for {method}.{param} = {default!r}")


def initial_value(default: Any, stored: Any) -> Any:
    """What the field shows: the stored value where there is one, else the published one."""
    value = default if stored is None else stored
    if isinstance(value, tuple | list) and value and isinstance(value[0], tuple | list):
        return [list(pair) for pair in value]
    return list(value) if isinstance(value, tuple | list) else value


def same(value: Any, default: Any) -> bool:
    """The typed value equals the published one (exactly: "0.5" is 1/2)."""
    if isinstance(default, bool | str):
        return bool(value == default)
    if isinstance(default, Fraction):
        return value is not None and exact(value) == default
    try:
        if default and isinstance(default[0], tuple):
            return [tuple(map(exact, pair)) for pair in value] == [tuple(p) for p in default]
        return [exact(v) for v in value] == list(default)
    except (TypeError, ValueError):
        return False


# -- the stored parameters in words (the standings' footer, the reports) -----------------------


def params_in_words(method: str, params: dict[str, Any]) -> str:
    """The stored parameters (those that differ from the published values), each by its
    label with its value in words: "Bands: up to 200 — 0.5; up to 650 — 1/10. Losses are
    banded too: no"."""
    defaults = param_defaults(method) if method in points.METHODS else {}
    parts = [
        f"{PARAM_LABELS[param][0]}: {_value_in_words(param, value)}"
        for param, value in params.items()
        if param in defaults and param in PARAM_LABELS
    ]
    return ". ".join(parts)


def _value_in_words(param: str, value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if param in PARAM_CHOICES:
        return str(PARAM_CHOICES[param].get(value, value))
    if isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
        return "; ".join(
            _("then %(weight)s") % {"weight": shown_number(weight)}
            if upper is None
            else _("up to %(upper)s — %(weight)s")
            % {"upper": shown_number(upper), "weight": shown_number(weight)}
            for upper, weight in value
        )
    if isinstance(value, list | tuple):
        return "; ".join(shown_number(v) for v in value)
    return shown_number(value)
