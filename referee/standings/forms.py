"""The chief referee's standings settings form and the lot forms."""

from __future__ import annotations

import json
from dataclasses import MISSING, fields
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.bounds import BoundedForm
from referee.tournaments.models import Registration

from .labels import METHOD_LABELS, NORMALISATION_LABELS
from .models import StandingsSettings
from .pure import points


def _exact_json(value: Any) -> Any:
    """JSON as stored: decimals become text ("0.1") so that nothing is ever a float."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list):
        return [_exact_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _exact_json(v) for k, v in value.items()}
    return value


def _shown(value: Any) -> Any:
    """A method's default parameter as the JSON a chief would type."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, tuple | list):
        return [_shown(v) for v in value]
    return value


def method_defaults() -> list[tuple[str, str, str]]:
    """(name, label, default parameters as JSON) of every conversion method."""
    out = []
    for name, method in points.METHODS.items():
        defaults = {f.name: _shown(f.default) for f in fields(method) if f.default is not MISSING}
        text = json.dumps(defaults, ensure_ascii=False) if defaults else "{}"
        out.append((name, str(METHOD_LABELS.get(name, name)), text))
    return out


class SettingsForm(BoundedForm):
    method = forms.ChoiceField(label=gettext_lazy("Conversion method"))
    params = forms.CharField(
        label=gettext_lazy("Method parameters (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy(
            'Empty: the published values. Exact numbers: 200, "1/10", "0.5"; e.g. '
            '{"symmetric": false}.'
        ),
    )
    normalisation = forms.ChoiceField(label=gettext_lazy("Tables of 3 and of 4"))
    four_table_factor = forms.CharField(
        label=gettext_lazy("Factor for tables of 4"),
        max_length=20,
        help_text=gettext_lazy('Only with "factor"; exact, e.g. 4/3.'),
    )
    elimination_threshold = forms.IntegerField(
        label=gettext_lazy("Elimination threshold (whists)"),
        required=False,
        help_text=gettext_lazy("A round result worse than this, e.g. -1000; empty: none."),
    )
    elimination_action = forms.ChoiceField(
        label=gettext_lazy("On crossing it"), choices=StandingsSettings.Action.choices
    )
    tie_breaks = forms.CharField(
        label=gettext_lazy("Tie-break chain"),
        max_length=200,
        widget=forms.TextInput(attrs={"size": 60}),
        help_text=gettext_lazy("Names in order, separated by commas."),
    )
    count_adjustments = forms.BooleanField(
        label=gettext_lazy("Referee adjustments count in round results"),
        required=False,
        help_text=gettext_lazy(
            "Kodeks 3.8.5.1 compensation and disciplinary whists recorded outside the sheet."
        ),
    )
    published_through = forms.IntegerField(
        label=gettext_lazy("The public sees results through round"),
        required=False,
        min_value=1,
        help_text=gettext_lazy("Empty: no results are public yet."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        method_field: Any = self.fields["method"]
        method_field.choices = [(n, METHOD_LABELS.get(n, n)) for n in points.METHODS]
        normalisation_field: Any = self.fields["normalisation"]
        normalisation_field.choices = [
            (n, NORMALISATION_LABELS.get(n, n)) for n in points.NORMALISATIONS
        ]

    @classmethod
    def for_settings(cls, settings: StandingsSettings) -> SettingsForm:
        return cls(
            initial={
                "method": settings.method,
                "params": json.dumps(settings.params, ensure_ascii=False)
                if settings.params
                else "",
                "normalisation": settings.normalisation,
                "four_table_factor": settings.four_table_factor,
                "elimination_threshold": settings.elimination_threshold,
                "elimination_action": settings.elimination_action,
                "tie_breaks": ", ".join(settings.tie_breaks),
                "count_adjustments": settings.count_adjustments,
                "published_through": settings.published_through,
            }
        )

    def clean_params(self) -> dict[str, Any]:
        text = self.cleaned_data["params"].strip()
        if not text:
            return {}
        try:
            value = json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError as error:
            raise ValidationError(
                _("This is not valid JSON: %(error)s") % {"error": error.msg}
            ) from None
        if not isinstance(value, dict):
            raise ValidationError(_('Write the parameters as a JSON object: {"name": value}.'))
        return dict(_exact_json(value))

    def clean_tie_breaks(self) -> list[str]:
        text = self.cleaned_data["tie_breaks"].replace(";", ",")
        return [name.strip() for name in text.split(",") if name.strip()]


class DrawLotForm(BoundedForm):
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=0,
        help_text=gettext_lazy("Empty: a random seed, recorded with the lot."),
    )
    witness = forms.CharField(label=gettext_lazy("Witness"), max_length=200, required=False)
    reason = forms.CharField(
        label=gettext_lazy("Reason (to draw again)"), max_length=500, required=False
    )


class LotForm(BoundedForm):
    """The lot drawn at the venue, one number per player."""

    witness = forms.CharField(label=gettext_lazy("Witness"), max_length=200, required=False)
    reason = forms.CharField(
        label=gettext_lazy("Reason (to change a recorded lot)"), max_length=500, required=False
    )

    def __init__(
        self, entries: list[Registration], lots: dict[str, int], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"lot_{entry.pk}"] = forms.IntegerField(
                label=entry.player.name,
                required=False,
                min_value=1,
                initial=lots.get(str(entry.pk)),
                widget=forms.NumberInput(attrs={"class": "lot-number"}),
            )

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"lot_{entry.pk}"] for entry in self.entries]

    def lots(self) -> dict[int, int]:
        return {
            entry.pk: self.cleaned_data[f"lot_{entry.pk}"]
            for entry in self.entries
            if self.cleaned_data.get(f"lot_{entry.pk}") is not None
        }
