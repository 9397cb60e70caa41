"""The fees page's forms: the rules, a payment, its correction, the chief's leave."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.ratings.models import Division, RatingList
from referee.tournaments.models import Tournament

from .models import Admission, Payment
from .pure.rules import Invitee, shown
from .pure.text import fees_text, invitations_text


class RulesForm(forms.Form):
    rating_list = forms.ModelChoiceField(
        RatingList.objects.all(), required=False, label=_("Rating list")
    )
    rating_min = forms.CharField(required=False, max_length=20, label=_("Rating from"))
    rating_max = forms.CharField(required=False, max_length=20, label=_("Rating up to"))
    fees = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Categories and their fees"),
        help_text=_("One a line, e.g. «Взрослые: 2000». An entrant chooses one of them."),
    )
    flat_fee = forms.CharField(
        required=False,
        max_length=20,
        label=_("Entry fee"),
        help_text=_("For everybody without a category; empty: free."),
    )
    currency = forms.CharField(required=False, max_length=20, label=_("Currency"))
    divisions = forms.ModelMultipleChoiceField(
        Division.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Divisions admitted"),
        help_text=_("None ticked: any. Ticked: an applicant names one of them."),
    )
    invitation_only = forms.BooleanField(required=False, label=_("By invitation only"))
    invitations = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Invitation list"),
        help_text=_("One a line: name, city, federation id (the last two if known)."),
    )

    def __init__(self, tournament: Tournament, admission: Admission | None, *args: Any) -> None:
        initial: dict[str, Any] = {"currency": "₽"}
        if admission is not None:
            initial = {
                "rating_list": admission.rating_list_id,
                "rating_min": "" if admission.rating_min is None else shown(admission.rating_min),
                "rating_max": "" if admission.rating_max is None else shown(admission.rating_max),
                "fees": fees_text([(n, Decimal(f)) for n, f in admission.fees]),
                "flat_fee": "" if admission.flat_fee is None else shown(admission.flat_fee),
                "currency": admission.currency,
                "divisions": [d.pk for d in admission.divisions.all()],
                "invitation_only": admission.invitation_only,
                "invitations": invitations_text([Invitee(**p) for p in admission.invitations]),
            }
        super().__init__(*args)
        self.initial = initial
        field = self.fields["divisions"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Division.objects.filter(tournament=tournament)

    def values(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["rating_list"] = data["rating_list"].pk if data.get("rating_list") else None
        data["divisions"] = [d.pk for d in data.get("divisions") or ()]
        return data


class PaymentForm(forms.Form):
    amount = forms.CharField(max_length=20, label=_("Amount"))
    method = forms.ChoiceField(choices=Payment.Method.choices, label=_("Method"))
    note = forms.CharField(required=False, max_length=200, label=_("Note"))
