"""The organiser's forms. They read and check input; the services decide and save."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from django import forms
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import models
from django.forms.models import fields_for_model
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from referee.core import safejson
from referee.core.bounds import BoundedForm
from referee.core.engine_text import option_label
from referee.core.errors import ServiceError
from referee.core.refusals import add_refusal
from scoring import PRESETS
from scoring.conventions import EXITS, OPTION_DOCS, Convention, preset
from scoring.numbers import to_json

from .conventions import PRESET_LABELS, preset_name, value_label
from .importing import MAX_BYTES
from .models import Player, Registration, Tournament
from .services import ROUND_LENGTH, PlayerDetails, check_convention

# -- settings ------------------------------------------------------------------------------

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class SettingsForm(BoundedForm):
    """Everything of the set-up except the convention."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_fields = fields_for_model(
            Tournament,
            fields=["name", "starts_on", "ends_on", "venue"],
            widgets={"starts_on": _DATE, "ends_on": _DATE},
        )
        # a tournament has a title («Название»), a person a name («Имя»)
        model_fields["name"].label = pgettext_lazy("a tournament's", "Name")
        self.fields.update(model_fields)
        self.fields["chief_referee"] = forms.CharField(
            label=gettext_lazy("Chief referee (username)"), required=False, max_length=150
        )
        for name in ROUND_LENGTH:
            model_field = Tournament._meta.get_field(name)
            assert isinstance(model_field, models.Field)  # a column, not a relation
            self.fields[name] = forms.IntegerField(
                label=capfirst(model_field.verbose_name),
                help_text=model_field.help_text,
                required=False,
            )  # its bounds are the service's to check (update_settings)
        self.fields.update(
            fields_for_model(
                Tournament,
                fields=[
                    "table_size",
                    "second_confirmation",
                    "referees_assigned_only",
                    "players_confirm",
                    "published",
                ],
            )
        )

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict[str, Any]:
        names = [n for n in cls().fields if n != "chief_referee"]
        initial = {name: getattr(tournament, name) for name in names}
        chief = tournament.chief_referee
        initial["chief_referee"] = chief.get_username() if chief else ""
        return initial

    def clean_chief_referee(self) -> Any:
        username = self.cleaned_data["chief_referee"].strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("There is no user %(name)s.") % {"name": username})
        return user


# -- the convention ------------------------------------------------------------------------

_TRUE = {"on", "true", "yes", "1", "да", "вкл"}
_FALSE = {"off", "false", "no", "0", "нет", "выкл"}
_NONE = {"none", "-", "—", "нет"}


def option_value_text(value: Any) -> str:
    """An option value (the engine's or a stored JSON one) as the form shows and reads it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple | list):
        return "-".join(option_value_text(v) for v in value) if value else "none"
    if isinstance(value, str):
        return value
    return str(to_json(value)) if not isinstance(value, float) else f"{value:g}"


def _number(text: str) -> Any:
    """``3`` → 3, ``2.5`` → 2.5; anything else stays text for the engine to refuse."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+[.,]\d+", text):
        value = float(text.replace(",", "."))
        return int(value) if value.is_integer() else value
    return text


def parse_option(name: str, text: str) -> Any:
    """The JSON value typed for option ``name``; its kind follows the preset's value."""
    text = text.strip()
    kind = preset("sochi").options()[name]
    if isinstance(kind, bool):
        low = text.casefold()
        return True if low in _TRUE else False if low in _FALSE else text
    if isinstance(kind, tuple):
        if name == "raspasy_exit" and text.casefold() in EXITS:
            return text.casefold()
        if text.startswith("["):
            try:
                return safejson.loads(text)
            except ValueError:
                return text
        if text.casefold() in _NONE:
            return []
        return [_number(item) for item in re.split(r"[\s,;/\-–]+", text) if item]
    if isinstance(kind, str):
        return text
    return _number(text)


def option_choices(name: str) -> list[str] | None:
    """The values an option can take when they are a closed list (a switch, a choice of
    words), as ``option_value_text`` writes them; None for numbers and lists, which are typed."""
    kind = preset("sochi").options()[name]
    if isinstance(kind, bool):
        return ["on", "off"]
    hint = get_type_hints(Convention).get(name)
    if get_origin(hint) is Literal:
        return [str(v) for v in get_args(hint)]
    return None


def typed_text(value: Any) -> str:
    """A typed option's value as its input shows it: ``2-4-6``; an empty list in words."""
    text = option_value_text(value)
    return value_label(text) if text == "none" else text


@dataclass(frozen=True)
class OptionRow:
    name: str  # the option's id: the input's name, never shown
    text: str  # what the option decides, in the reader's language
    preset_values: list[tuple[str, str, bool]]  # (preset by name, value in words, chosen)
    field: forms.BoundField | None
    override: str  # the stored override in words, "" when none
    value: str  # the value in play in words: the override, else the chosen preset's


class ConventionForm(BoundedForm):
    """The preset and one override per option of ``scoring.conventions.OPTION_DOCS``: a
    choice in words for a switch or a closed list, a typed value for numbers and lists; an
    empty one keeps the preset's value. Checked option by option by the engine."""

    convention = forms.ChoiceField(
        label=gettext_lazy("Convention"),
        choices=[(name, PRESET_LABELS.get(name, name)) for name in PRESETS],
        help_text=gettext_lazy(
            "FSPR, the federation's tournament Leningrad, suits qualification tournaments."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in OPTION_DOCS:
            values = option_choices(name)
            field: forms.Field
            if values is None:
                field = forms.CharField(required=False, max_length=100)
            else:
                keep = [("", _("as in the convention"))]
                field = forms.ChoiceField(
                    required=False, choices=keep + [(v, value_label(v)) for v in values]
                )
            field.label = option_label(name)
            self.fields[name] = field

    @staticmethod
    def initial_for(tournament: Tournament) -> dict[str, Any]:
        initial: dict[str, Any] = {"convention": tournament.convention}
        for name, value in tournament.options.items():
            typed = option_choices(name) is None
            initial[name] = typed_text(value) if typed else option_value_text(value)
        return initial

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        name = data.get("convention")
        if name is None:
            return data
        options = {}
        for option in OPTION_DOCS:
            text = (data.get(option) or "").strip()
            if not text:
                continue
            value = parse_option(option, text)
            try:
                check_convention(name, {option: value})
            except ServiceError as error:
                add_refusal(self, error)
                continue
            options[option] = value
        if not self.errors:
            try:
                check_convention(name, options)
            except ServiceError as error:
                add_refusal(self, error)
        data["options"] = options
        return data

    def rows(self, tournament: Tournament, editable: bool) -> Iterator[OptionRow]:
        """One row per option: the value of every preset, the override, the value in play,
        each in words."""
        chosen = tournament.convention
        presets = {name: preset(name).options() for name in PRESETS}

        def words(value: Any) -> str:
            return value_label(option_value_text(value))

        for name in OPTION_DOCS:
            override = words(tournament.options[name]) if name in tournament.options else ""
            yield OptionRow(
                name=name,
                text=option_label(name),
                preset_values=[
                    (preset_name(p), words(values[name]), p == chosen)
                    for p, values in presets.items()
                ],
                field=self[name] if editable else None,
                override=override,
                value=override or words(presets[chosen][name]),
            )


# -- players -------------------------------------------------------------------------------


class PlayerForm(BoundedForm):
    """A new player's details."""

    def __init__(
        self, *args: Any, choices: Mapping[str, Sequence[str]] | None = None, **kwargs: Any
    ) -> None:
        """``choices``: the category and division the admission rules offer (``gates``),
        optional here: the organiser may give them later on the fees page."""
        super().__init__(*args, **kwargs)
        self.fields.update(
            fields_for_model(Player, fields=["name", "city", "club", "rating", "federation_id"])
        )
        self.fields["rating"].widget.attrs["min"] = 0
        labels = {"category": gettext_lazy("Category"), "division": gettext_lazy("Division")}
        for key, values in (choices or {}).items():
            self.fields[key] = forms.ChoiceField(
                label=labels.get(key, key),
                choices=[("", "—"), *((v, v) for v in values)],
                required=False,
            )

    def declared(self) -> dict[str, str]:
        """The category and division chosen (none: not yet)."""
        return {
            k: self.cleaned_data[k] for k in ("category", "division") if self.cleaned_data.get(k)
        }

    def clean_rating(self) -> Any:
        rating = self.cleaned_data.get("rating")
        if rating is not None and rating < 0:
            raise forms.ValidationError(_("A rating cannot be below zero."))
        return rating

    def details(self) -> PlayerDetails:
        data = self.cleaned_data
        return PlayerDetails(
            name=data["name"],
            city=data.get("city", ""),
            club=data.get("club", ""),
            rating=data.get("rating"),
            federation_id=data.get("federation_id", ""),
        )


class ExistingPlayerForm(BoundedForm):
    player = forms.IntegerField(widget=forms.HiddenInput)


class WithdrawForm(BoundedForm):
    after_round = forms.IntegerField(label=gettext_lazy("after round"), min_value=0)
    reason = forms.CharField(label=gettext_lazy("reason"), required=False, max_length=500)


class ForbiddenPairForm(BoundedForm):
    first = forms.TypedChoiceField(label=gettext_lazy("player"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("and player"), coerce=int)

    def __init__(self, *args: Any, entries: Sequence[Registration] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(e.pk, e.player.name) for e in entries]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = choices


class PairForm(BoundedForm):
    first = forms.IntegerField()
    second = forms.IntegerField()


# -- importing -----------------------------------------------------------------------------

IMPORT_SALT = "referee.tournaments.import"
IMPORT_MAX_AGE = 6 * 60 * 60  # a preview stays good for a working day's session


class ImportUploadForm(BoundedForm):
    file = forms.FileField(
        label=gettext_lazy("player list (CSV or XLSX)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,.xlsx"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // (1024 * 1024)}
            )
        return upload


def sign_rows(tournament: Tournament, rows: list[dict[str, Any]]) -> str:
    """The previewed rows, signed so that the confirmation cannot be tampered with."""
    return signing.dumps(
        {"tournament": tournament.pk, "rows": rows}, salt=IMPORT_SALT, compress=True
    )


class ImportConfirmForm(BoundedForm):
    payload = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean_payload(self) -> list[dict[str, Any]]:
        try:
            data = signing.loads(
                self.cleaned_data["payload"], salt=IMPORT_SALT, max_age=IMPORT_MAX_AGE
            )
        except signing.SignatureExpired:
            raise forms.ValidationError(
                _("The preview is too old: upload the file again.")
            ) from None
        except signing.BadSignature:
            raise forms.ValidationError(
                _("The preview was altered: upload the file again.")
            ) from None
        if data.get("tournament") != self.tournament.pk or not isinstance(data.get("rows"), list):
            raise forms.ValidationError(_("This preview belongs to another tournament."))
        rows: list[dict[str, Any]] = data["rows"]
        return rows


# -- officials -----------------------------------------------------------------------------
