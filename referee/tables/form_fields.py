"""The deal form's fields (``forms.DealForm``), section by section in the order the page
shows them (the order also decides which error takes the focus first). Built per form: the
seats and the number of manual-entry rows are the table's and the deal's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from .form_choices import (
    BOOKS,
    CALL_ROWS,
    CALLS,
    DELIBERATE,
    GROUP_LABELS,
    LEVELS,
    LOT,
    NUMBER,
    PLAYS,
    RULINGS,
    STRAINS,
    TYPES,
)

Choices = list[tuple[str, str]]


def _level(label: Any) -> forms.TypedChoiceField:
    """A contract's level, as radio buttons (a number, or None when not given)."""
    radio = OneFocusRadioSelect
    return forms.TypedChoiceField(
        label=label, choices=LEVELS, coerce=int, required=False, empty_value=None, widget=radio
    )


def _label_text(template: Any, **values: Any) -> str:
    return str(template) % {name: str(value) for name, value in values.items()}


#: a label filled in, in the language of the page it is shown on
_label = lazy(_label_text, str)


#: a field of a manual entry's row (the summary of errors names the row)
MANUAL_ROW = gettext_lazy("Manual entry %(n)s — %(part)s")


class OneFocusRadioSelect(forms.RadioSelect):
    """Radio buttons of which only ``focus_value``'s carries the group's ``autofocus``: the
    browser gives the focus to the first button marked, which may be one the page's script
    disables (the sitting-out dealer's seat at a table of four), losing the focus."""

    focus_value: str | None = None

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        if str(option["value"]) != self.focus_value:
            option["attrs"].pop("autofocus", None)
        return option


def deal_fields(seats: Sequence[tuple[str, str]], manual_rows: int) -> dict[str, forms.Field]:
    """Every field of the deal form of a table with these ``seats`` ((letter, name)
    clockwise), in the page's order."""
    seat = [(letter, name) for letter, name in seats]
    maybe = [("", "—"), *seat]
    four = len(seats) == 4
    return {
        **_contract_fields(seat, maybe, four),
        **_call_fields(maybe, four),
        **_play_fields(seats),
        **_ruling_fields(seats, seat, maybe),
        **_referee_fields(maybe, manual_rows),
        **_closing_fields(),
    }


def _contract_fields(seat: Choices, maybe: Choices, four: bool) -> dict[str, forms.Field]:
    radio = OneFocusRadioSelect
    f: dict[str, forms.Field] = {}
    f["dealer"] = forms.ChoiceField(
        label=gettext_lazy("Dealer"),
        choices=seat if four else maybe,
        required=False,
        widget=radio,
    )
    f["type"] = forms.ChoiceField(label=gettext_lazy("Deal"), choices=TYPES, widget=radio)
    f["declarer"] = forms.ChoiceField(
        label=gettext_lazy("Declarer"), choices=seat, required=False, widget=radio
    )
    f["level"] = _level(gettext_lazy("Level"))
    f["strain"] = forms.ChoiceField(
        label=gettext_lazy("Trumps"), choices=STRAINS, required=False, widget=radio
    )
    return f


def _call_fields(maybe: Choices, four: bool) -> dict[str, forms.Field]:
    """The rows of the defenders' calls; at a table of four, who takes over whose hand."""
    f: dict[str, forms.Field] = {}
    for row in range(1, CALL_ROWS + 1):
        f[f"call_{row}_player"] = forms.ChoiceField(
            label=format_lazy("{} {}", gettext_lazy("Player"), row),
            choices=maybe,
            required=False,
        )
        f[f"call_{row}_call"] = forms.ChoiceField(
            label=format_lazy("{} {}", gettext_lazy("Call"), row),
            choices=[("", "—"), *CALLS],
            required=False,
        )
        if four:
            f[f"call_{row}_replaces"] = forms.ChoiceField(
                label=format_lazy("{} {}", gettext_lazy("takes over the hand of"), row),
                choices=maybe,
                required=False,
            )
    return f


def _play_fields(seats: Sequence[tuple[str, str]]) -> dict[str, forms.Field]:
    radio = OneFocusRadioSelect
    f: dict[str, forms.Field] = {}
    f["play"] = forms.ChoiceField(label=gettext_lazy("Play"), choices=PLAYS, widget=radio)
    for letter, _name in seats:
        f[f"tricks_{letter}"] = tricks_field(gettext_lazy("Tricks of %(seat)s"), letter)
    f["talon"] = forms.CharField(
        label=gettext_lazy("Talon"),
        required=False,
        max_length=20,
        help_text=gettext_lazy("two cards, e.g. SA SK or H10 D7"),
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "size": 8}
        ),
    )
    return f


def _ruling_fields(
    seats: Sequence[tuple[str, str]], seat: Choices, maybe: Choices
) -> dict[str, forms.Field]:
    """The Kodeks ruling and what each ruling needs."""
    radio = OneFocusRadioSelect
    f: dict[str, forms.Field] = {}
    f["ruling"] = forms.ChoiceField(
        label=gettext_lazy("Kodeks ruling"), choices=RULINGS, required=False
    )
    f["bid_level"] = _level(gettext_lazy("Level reached in the bidding"))
    f["proven_undertricks"] = forms.IntegerField(
        label=gettext_lazy("Proven undertricks"),
        min_value=0,
        max_value=10,
        required=False,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    f["deliberate"] = forms.ChoiceField(
        label=gettext_lazy("The error was"), choices=DELIBERATE, required=False, widget=radio
    )
    f["insisting"] = forms.ChoiceField(
        label=gettext_lazy("Insisting player"), choices=maybe, required=False
    )
    f["dissenters"] = forms.MultipleChoiceField(
        label=gettext_lazy("Dissenters"),
        choices=seat,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    for letter, _name in seats:
        f[f"guaranteed_{letter}"] = tricks_field(
            gettext_lazy("Guaranteed result: tricks of %(seat)s"), letter
        )
    f["dissenter"] = forms.ChoiceField(
        label=gettext_lazy("Dissenter"), choices=maybe, required=False
    )
    for letter, _name in seats:
        f[f"alternative_{letter}"] = tricks_field(
            gettext_lazy("Other plan: tricks of %(seat)s"), letter
        )
    f["lot"] = forms.ChoiceField(
        label=gettext_lazy("The lot gave the declarer"),
        choices=LOT,
        required=False,
        widget=radio,
    )
    return f


def _referee_fields(maybe: Choices, manual_rows: int) -> dict[str, forms.Field]:
    """The referee's own rulings: fines and the rows of manual entries."""
    f: dict[str, forms.Field] = {}
    points: dict[str, Any] = {
        "min_value": 0,
        "max_digits": 7,
        "decimal_places": 2,
        "required": False,
    }
    decimal = forms.NumberInput(attrs={"inputmode": "decimal", "step": "any", "size": 5})
    f["prikup_refusal"] = forms.DecimalField(
        label=gettext_lazy("Prikup refusal: dealer's mountain points (Kodeks 3.4.10)"),
        widget=decimal,
        **points,
    )
    f["raspasy_fine"] = forms.DecimalField(
        label=gettext_lazy("Raspasy: dealer's fine in mountain points"),
        widget=decimal,
        **points,
    )
    f["talon_peeking"] = forms.ChoiceField(
        label=gettext_lazy("Peeked at the talon (may not whist)"), choices=maybe, required=False
    )
    for row in range(1, manual_rows + 1):
        f.update(_manual_row(row, maybe))
    return f


def _manual_row(row: int, maybe: Choices) -> dict[str, forms.Field]:
    """A row of manual entries: into whose book, how much, and why (each label names the
    row, for the summary of errors)."""

    def label(part: Any) -> Any:
        return _label(MANUAL_ROW, n=row, part=part)

    def choice(part: Any, choices: Sequence[tuple[str, Any]]) -> forms.ChoiceField:
        return forms.ChoiceField(label=label(part), choices=choices, required=False)

    p = f"manual_{row}_"
    return {
        p + "book": choice(gettext_lazy("Book"), BOOKS),
        p + "player": choice(gettext_lazy("Player"), maybe),
        p + "on": choice(gettext_lazy("on"), maybe),
        p + "amount": forms.DecimalField(
            label=label(gettext_lazy("Amount")),
            max_digits=9,
            decimal_places=2,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any", "size": 6}),
        ),
        p + "reason": forms.CharField(
            label=label(gettext_lazy("Reason")), required=False, max_length=200
        ),
        p + "rule": forms.CharField(
            label=label(gettext_lazy("Rule")),
            required=False,
            max_length=100,
            widget=forms.TextInput(attrs={"list": "rule-references"}),
        ),
    }


def _closing_fields() -> dict[str, forms.Field]:
    f: dict[str, forms.Field] = {}
    for group, label in GROUP_LABELS.items():
        # where the engine's refusal of the whole group (the calls, the tricks) is shown
        f[group] = forms.CharField(label=label, required=False, widget=forms.HiddenInput)
    f["reason"] = forms.CharField(
        label=gettext_lazy("Reason"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    return f


def tricks_field(label: Any, letter: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=_label(label, seat=letter),
        min_value=0,
        max_value=10,
        required=False,
        widget=forms.NumberInput(attrs=NUMBER),
    )
