"""The register page's forms: record a discipline entry, file an appeal, decide one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.tournaments.models import Tournament

from .models import Appeal, Entry


class EntryForm(forms.Form):
    registration = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("kind"), choices=Entry.Kind.choices)
    rule = forms.CharField(label=_("rule reference"), max_length=100)
    reason = forms.CharField(label=_("reason"), widget=forms.Textarea(attrs={"rows": 2}))
    points = forms.CharField(label=_("points deducted"), max_length=20, required=False)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = list(
            tournament.entries.values_list("pk", "player__name").order_by("player__name")
        )
        field = self.fields["registration"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = choices


class AppealForm(forms.Form):
    entry = forms.TypedChoiceField(label=_("a discipline entry"), coerce=int)
    grounds = forms.CharField(label=_("grounds"), widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entries = Entry.objects.filter(tournament=tournament, cancelled_by__isnull=True)
        field = self.fields["entry"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [
            (e.pk, f"{e.registration.player.name}: {e.get_kind_display()} ({e.rule})")
            for e in entries.select_related("registration__player")
        ]


class DecisionForm(forms.Form):
    appeal = forms.IntegerField(widget=forms.HiddenInput)
    decision = forms.ChoiceField(
        label=_("decision"),
        choices=[c for c in Appeal.Decision.choices if c[0] != Appeal.Decision.PENDING],
    )
    reason = forms.CharField(label=_("reasons for the decision"), max_length=2000)
    points = forms.CharField(label=_("points deducted"), max_length=20, required=False)
