"""The wizard's form: every choice a select or a box, in the reader's language; no JSON."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from referee.standings.labels import METHOD_LABELS, TIE_BREAK_LABELS
from referee.standings.pure import points
from referee.standings.pure.ranking import DEFAULT_CHAIN
from referee.tournaments.conventions import (
    PRESET_LABELS,
    option_label,
    preset_values,
    value_label,
)
from referee.tournaments.declared import CREATE_FIELDS
from referee.tournaments.forms import option_value_text, parse_option
from referee.tournaments.models import Tournament
from referee.tournaments.services import copied_settings
from scoring import PRESETS
from scoring.conventions import OPTION_DOCS

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
KEEP = ""  # an option's choice "as the preset has it"
CHAIN_LENGTH = len(DEFAULT_CHAIN)


class CopyForm(forms.Form):
    """Start from an earlier tournament the organiser runs (a GET form: it fills the wizard)."""

    copy = forms.TypedChoiceField(
        label=gettext_lazy("Copy settings and players from"), coerce=int, required=False
    )

    def __init__(self, *args: Any, sources: list[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["copy"]
        field.choices = [("", _("— start from scratch —"))] + [
            (t.pk, f"{t.name} ({t.starts_on:%d.%m.%Y})") for t in sources
        ]


class WizardForm(forms.Form):
    copy_from = forms.IntegerField(required=False, widget=forms.HiddenInput)
    copy_players = forms.BooleanField(
        label=gettext_lazy("Register the players of that tournament too"), required=False
    )
    name = forms.CharField(label=pgettext_lazy("a tournament's", "Name"), max_length=200)
    slug = forms.CharField(
        label=gettext_lazy("Short name in the address"),
        max_length=50,
        required=False,
        help_text=gettext_lazy("Made from the name; you may change it: /t/<short name>/."),
    )
    starts_on = forms.DateField(
        label=gettext_lazy("Starts on"), widget=_DATE, initial=timezone.localdate
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Ends on"),
        widget=_DATE,
        required=False,
        help_text=gettext_lazy("Empty: the day it starts."),
    )
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=200, required=False)
    convention = forms.ChoiceField(
        label=gettext_lazy("Convention"),
        choices=[(name, PRESET_LABELS.get(name, name)) for name in PRESETS],
        initial="fspr",
        help_text=gettext_lazy("FSPR suits qualification tournaments."),
    )
    pool_size = forms.IntegerField(label=gettext_lazy("Pool size"), required=False, min_value=1)
    deal_cap = forms.IntegerField(
        label=gettext_lazy("Deals per table"), required=False, min_value=1
    )
    time_limit_minutes = forms.IntegerField(
        label=gettext_lazy("Minutes per round"), required=False, min_value=1
    )
    table_size = forms.TypedChoiceField(
        label=gettext_lazy("Table size"),
        choices=Tournament.TableSize.choices,
        coerce=int,
        initial=4,
    )
    second_confirmation = forms.BooleanField(
        label=gettext_lazy("A second referee confirms each table"), required=False
    )
    referees_assigned_only = forms.BooleanField(
        label=gettext_lazy("Referees enter deals only at their assigned tables"), required=False
    )
    players_confirm = forms.BooleanField(
        label=gettext_lazy("Players confirm their table's totals at sign-off"), required=False
    )
    method = forms.ChoiceField(label=gettext_lazy("Round points"), initial="raw_whists")
    co_chief = forms.CharField(
        label=gettext_lazy("Another chief referee (login, optional)"),
        max_length=150,
        required=False,
        help_text=gettext_lazy("You become the chief referee; name a colleague to share it."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        method: Any = self.fields["method"]
        method.choices = [(n, METHOD_LABELS.get(n, n)) for n in points.METHODS]
        choices = [("", _("—"))] + [(n, TIE_BREAK_LABELS.get(n, n)) for n in DEFAULT_CHAIN]
        for i in range(CHAIN_LENGTH):
            self.fields[f"tie_{i}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": i + 1},
                choices=choices,
                required=False,
                initial=DEFAULT_CHAIN[i],
            )
        values = preset_values(option_value_text)
        for name in OPTION_DOCS:
            known = list(values[name])
            for given in (self.initial.get(f"opt_{name}"), self.data.get(f"opt_{name}")):
                if given and given not in known:  # a copied override no preset has
                    known.append(str(given))
            self.fields[f"opt_{name}"] = forms.ChoiceField(
                label=option_label(name),
                choices=[(KEEP, _("as in the convention"))] + [(v, value_label(v)) for v in known],
                required=False,
            )

    # -- the groups the template shows, in order ---------------------------------------------

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"opt_{name}"] for name in OPTION_DOCS]

    def tie_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_{i}"] for i in range(CHAIN_LENGTH)]

    # -- cleaning -----------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Django's clean returns cleaned_data
        chain = [data.get(f"tie_{i}") for i in range(CHAIN_LENGTH)]
        chain = [name for name in chain if name]
        if len(set(chain)) != len(chain):
            self.add_error("tie_0", _("Each tie-break once: remove the repeated one."))
        data["tie_breaks"] = chain
        if not data.get("ends_on") and data.get("starts_on"):
            data["ends_on"] = data["starts_on"]  # a one-day tournament
        data["options"] = {
            name: parse_option(name, data[f"opt_{name}"])
            for name in OPTION_DOCS
            if data.get(f"opt_{name}")
        }
        return data

    def tournament_values(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {key: data.get(key) for key in CREATE_FIELDS}

    @staticmethod
    def initial_from(source: Tournament, method: str, chain: list[str]) -> dict[str, Any]:
        """The wizard filled with an earlier tournament's settings (new name and dates)."""
        initial: dict[str, Any] = {
            "copy_from": source.pk,
            "copy_players": True,
            **copied_settings(source),
            "method": method,
        }
        initial.pop("options", None)  # the options are the form's opt_ fields, below
        for name, value in source.options.items():
            initial[f"opt_{name}"] = option_value_text(value)
        for i in range(CHAIN_LENGTH):
            initial[f"tie_{i}"] = chain[i] if i < len(chain) else ""
        return initial
