"""The chief referee's standings settings form and the lot forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.bounds import BoundedForm
from referee.tournaments.models import Registration

from .labels import METHOD_LABELS, NORMALISATION_LABELS, TIE_BREAK_LABELS
from .models import StandingsSettings
from .param_fields import (
    ExactNumberField,
    field_name,
    form_field,
    initial_value,
    param_defaults,
    same,
)
from .pure import points, ranking


@dataclass(frozen=True)
class MethodGroup:
    """One conversion method's parameters as the page shows them, under its name."""

    name: str
    label: str
    fields: list[forms.BoundField]


class SettingsForm(BoundedForm):
    """The settings, each parameter of each conversion method a field of its own
    (``param_fields``); only the chosen method's are read into ``params``."""

    # the hidden groups of the other methods are not read: the browser must not refuse
    # the form for an input there, and the server says what is missing
    use_required_attribute = False
    method = forms.ChoiceField(label=gettext_lazy("Conversion method"))
    normalisation = forms.ChoiceField(label=gettext_lazy("Tables of 3 and of 4"))
    four_table_factor = ExactNumberField(
        label=gettext_lazy("Factor for tables of 4"),
        help_text=gettext_lazy(
            "Only when the results of tables of 4 are multiplied; exact, e.g. 4/3 or 1.5."
        ),
    )
    elimination_threshold = forms.IntegerField(
        label=gettext_lazy("Elimination threshold (whists)"),
        required=False,
        help_text=gettext_lazy("A round result worse than this, e.g. -1000; empty: none."),
    )
    elimination_action = forms.ChoiceField(
        label=gettext_lazy("On crossing it"), choices=StandingsSettings.Action.choices
    )
    # the chain is chosen in ordered selects (tie_0 … tie_5); the names as text still work
    tie_breaks = forms.CharField(
        label=gettext_lazy("Tie-break chain"), max_length=200, required=False
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

    def __init__(self, *args: Any, current: StandingsSettings | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        method_field: Any = self.fields["method"]
        method_field.choices = [(n, METHOD_LABELS.get(n, n)) for n in points.METHODS]
        normalisation_field: Any = self.fields["normalisation"]
        normalisation_field.choices = [
            (n, NORMALISATION_LABELS.get(n, n)) for n in points.NORMALISATIONS
        ]
        chain = [("", "—")] + [(n, TIE_BREAK_LABELS.get(n, n)) for n in ranking.METRICS]
        chosen = str(self.initial.get("tie_breaks", "")).split(", ")
        for i in range(len(ranking.METRICS)):
            self.fields[f"tie_{i}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": i + 1},
                choices=chain,
                required=False,
                initial=chosen[i] if i < len(chosen) else "",
            )
        stored = dict(current.params or {}) if current is not None else {}
        stored_method = current.method if current is not None else None
        for method in points.METHODS:
            own = stored if method == stored_method else {}
            for param, default in param_defaults(method).items():
                field = form_field(method, param, own.get(param))
                field.initial = initial_value(default, own.get(param))
                self.fields[field_name(method, param)] = field

    def tie_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_{i}"] for i in range(len(ranking.METRICS))]

    def method_groups(self) -> list[MethodGroup]:
        """Every method with its parameters (a method without any too: the page says so)."""
        return [
            MethodGroup(
                name,
                str(METHOD_LABELS.get(name, name)),
                [self[field_name(name, param)] for param in param_defaults(name)],
            )
            for name in points.METHODS
        ]

    def chosen_method(self) -> str:
        """The method whose group the page opens: the posted one, else the saved one."""
        if self.is_bound:
            return str(self.data.get("method", ""))
        return str(self.initial.get("method", ""))

    def field_for(self, setting: str) -> str | None:
        """The field at which a service's refusal of ``setting`` is shown (``params.bands``
        is the chosen method's bands field); None: above the form."""
        if setting.startswith("params."):
            setting = field_name(self.chosen_method(), setting.removeprefix("params."))
        return setting if setting in self.fields else None

    @classmethod
    def for_settings(cls, settings: StandingsSettings) -> SettingsForm:
        return cls(
            current=settings,
            initial={
                "method": settings.method,
                "normalisation": settings.normalisation,
                "four_table_factor": settings.four_table_factor,
                "elimination_threshold": settings.elimination_threshold,
                "elimination_action": settings.elimination_action,
                "tie_breaks": ", ".join(settings.tie_breaks),
                "count_adjustments": settings.count_adjustments,
                "published_through": settings.published_through,
            },
        )

    def clean_four_table_factor(self) -> str:
        return str(self.cleaned_data["four_table_factor"])  # the services read text: "4/3"

    def clean_tie_breaks(self) -> list[str]:
        text = self.cleaned_data["tie_breaks"].replace(";", ",")
        return [name.strip() for name in text.split(",") if name.strip()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        picked = [data.pop(f"tie_{i}", "") for i in range(len(ranking.METRICS))]
        if any(f"tie_{i}" in self.data for i in range(len(ranking.METRICS))):
            chain = picked
            chain = [name for name in chain if name]
            if len(set(chain)) != len(chain):
                self.add_error("tie_breaks", _("Each tie-break once: remove the repeated one."))
            data["tie_breaks"] = chain
        elif not data.get("tie_breaks") and "tie_breaks" not in self.errors:
            self.add_error("tie_breaks", _("Choose at least one tie-break."))
        data["params"] = self._params(data)
        return data

    def _params(self, data: dict[str, Any]) -> dict[str, Any]:
        """The chosen method's parameters that differ from the published values (as
        ``params`` stores them); the other methods' inputs are not read, their mistakes
        not refused."""
        chosen = data.get("method")
        params = {}
        for method in points.METHODS:
            for param, default in param_defaults(method).items():
                name = field_name(method, param)
                if method != chosen:
                    self.errors.pop(name, None)
                    data.pop(name, None)
                elif name in data:
                    value = data.pop(name)
                    if not same(value, default):
                        params[param] = value
        return params


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
