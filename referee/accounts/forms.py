"""Forms of the staff page: roles and the referees of each table."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from referee.core.bounds import BoundedForm

from .models import Role


class GrantRoleForm(BoundedForm):
    username = forms.CharField(label=gettext_lazy("username"), max_length=150)
    kind = forms.ChoiceField(label=gettext_lazy("role"), choices=Role.Kind.choices)
    password = forms.CharField(
        label=gettext_lazy("password (only for a new account)"),
        required=False,
        widget=forms.PasswordInput(render_value=False),
    )


class RevokeRoleForm(BoundedForm):
    username = forms.CharField(max_length=150)
    reason = forms.CharField(required=False, max_length=500)


class RefereeAssignmentForm(BoundedForm):
    """One set of checkboxes per table of a round: which officials referee it."""

    def __init__(
        self, *args: Any, tables: Sequence[Any] = (), officials: Sequence[Any] = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        choices = [(u.pk, u.get_username()) for u in officials]
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
