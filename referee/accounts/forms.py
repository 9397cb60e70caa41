"""Forms of the staff page: roles, the officials' full names and the referees of each table."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from referee.core.bounds import BoundedForm
from referee.core.people import person

from .models import Role


def _name_field(label: Any) -> forms.CharField:
    return forms.CharField(label=label, max_length=150, required=False)


class GrantRoleForm(BoundedForm):
    username = forms.CharField(label=gettext_lazy("username"), max_length=150)
    first_name = _name_field(gettext_lazy("first name"))
    last_name = _name_field(gettext_lazy("surname"))
    # the common case first and preselected: a chief referee is named on purpose (and
    # confirmed, see views.manage_staff), never by leaving the choice as it came
    kind = forms.ChoiceField(
        label=gettext_lazy("role"),
        choices=[
            (Role.Kind.REFEREE, Role.Kind.REFEREE.label),
            (Role.Kind.CHIEF, Role.Kind.CHIEF.label),
        ],
        initial=Role.Kind.REFEREE,
    )
    password = forms.CharField(
        label=gettext_lazy("password (only for a new account)"),
        required=False,
        widget=forms.PasswordInput(render_value=False),
    )


class NameOfficialForm(BoundedForm):
    """An official's full name, as the pages and protocols show him."""

    username = forms.CharField(max_length=150, widget=forms.HiddenInput)
    first_name = _name_field(gettext_lazy("first name"))
    last_name = _name_field(gettext_lazy("surname"))

    def __init__(self, *args: Any, official: Any = None, **kwargs: Any) -> None:
        if official is not None:
            # one form per official on the page: ids of its own, the same field names
            kwargs.setdefault("auto_id", f"id_name-{official.pk}-%s")
            kwargs.setdefault(
                "initial",
                {
                    "username": official.get_username(),
                    "first_name": official.first_name,
                    "last_name": official.last_name,
                },
            )
        super().__init__(*args, **kwargs)


class RevokeRoleForm(BoundedForm):
    username = forms.CharField(max_length=150)
    reason = forms.CharField(required=False, max_length=500)


class RefereeAssignmentForm(BoundedForm):
    """One set of checkboxes per table of a round: which officials referee it."""

    def __init__(
        self, *args: Any, tables: Sequence[Any] = (), officials: Sequence[Any] = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        choices = [(u.pk, person(u)) for u in officials]
        self.tables = list(tables)
        for table in self.tables:
            self.fields[f"table-{table.pk}"] = forms.TypedMultipleChoiceField(
                choices=choices,
                coerce=int,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                initial=[u.pk for u in table.referees.all()],
            )

    def changed_tables(self) -> Iterator[tuple[Any, list[int]]]:
        """(table, referee ids) for each table whose referees change."""
        for table in self.tables:
            wanted = sorted(self.cleaned_data[f"table-{table.pk}"])
            if wanted != sorted(u.pk for u in table.referees.all()):
                yield table, wanted
