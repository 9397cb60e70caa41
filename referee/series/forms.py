"""The series' settings form: the rules with their words, the tie-breaks as four choices."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Series
from .services import FIELDS

CRITERIA = (
    ("best_result", _("best single result")),
    ("wins", _("tournament wins")),
    ("more_starts", _("more starts")),
    ("fewer_starts", _("fewer starts")),
    ("latest", _("result in the latest tournament")),
)
CHAIN_SLOTS = 4


class SeriesForm(forms.ModelForm):
    class Meta:
        model = Series
        # the service's fields but the tie-break chain, which the form asks in slots
        fields = tuple(name for name in FIELDS if name != "chain")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["points_table"].widget = forms.TextInput(attrs={"size": 60})
        chain = [n.strip() for n in (self.instance.chain or "").split(",") if n.strip()]
        for i in range(CHAIN_SLOTS):
            self.fields[f"chain_{i}"] = forms.ChoiceField(
                label=_("tie-break %(n)s") % {"n": i + 1},
                choices=[("", "—"), *CRITERIA],
                required=False,
                initial=chain[i] if i < len(chain) else "",
            )

    def values(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["chain"] = [data.pop(f"chain_{i}") for i in range(CHAIN_SLOTS)]
        data["chain"] = [n for n in data["chain"] if n]
        return data

    def field_for(self, setting: str | None) -> str | None:
        if setting == "chain":
            return "chain_0"
        if setting and (setting.startswith("table") or setting == "table"):
            return "points_table"
        return setting if setting in self.fields else None
