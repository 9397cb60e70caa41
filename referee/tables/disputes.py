"""The chief referee's page for one player's dispute of the table's totals: the dispute (who,
what, recorded by whom and when), the totals it concerns, and the decision with its reason,
dismissed (the totals stand) or upheld (the table is reopened for correction). The page
only asks; ``agreements.resolve_dispute`` decides again and records."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy

from referee.core.bounds import MAX_REASON
from referee.core.permissions import may_resolve_dispute
from referee.core.refusals import add_refusal, outcome_of
from referee.tournaments.models import Tournament

from .agreements import resolve_dispute
from .models import Agreement, Table
from .signoff import totals
from .surfaces import referee_table_page


class ResolutionForm(forms.Form):
    decision = forms.ChoiceField(
        label=gettext_lazy("Decision"),
        choices=Agreement.Resolution.choices,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3, "aria-describedby": "reason-hint"}),
        help_text=gettext_lazy("Recorded with the decision; the protocol and the log show it."),
    )


DONE = {
    Agreement.Resolution.DISMISSED: gettext_lazy("The dispute is dismissed: the totals stand."),
    Agreement.Resolution.UPHELD: gettext_lazy(
        "The dispute is upheld: the table is open for correction."
    ),
}


def _may_resolve(user: Any, table: Table) -> bool:
    return may_resolve_dispute(user, table.round.tournament)


@referee_table_page(
    right=_may_resolve, refusal=gettext_lazy("Only the chief referee resolves a player's dispute.")
)
def dispute_page(
    request: HttpRequest, tournament: Tournament, table: Table, dispute: int
) -> HttpResponse:
    word = get_object_or_404(
        Agreement.objects.select_related("seat__registration__player", "recorded_by"),
        pk=dispute,
        table=table,
        agreed=False,
    )
    table_url = reverse("table", args=[tournament.slug, table.round.number, table.number])
    form = ResolutionForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        decision = form.cleaned_data["decision"]
        reason = form.cleaned_data["reason"]
        outcome = outcome_of(lambda: resolve_dispute(word.pk, request.user, decision, reason))
        refusal = outcome.refusal
        if refusal is None:
            messages.success(request, DONE[decision])
            return redirect(table_url + "#disputes")
        if refusal.field not in form.fields:  # resolved meanwhile, or signed off again
            messages.error(request, refusal.message)
            return redirect(request.path)
        add_refusal(form, refusal)
    header, rows, deals = totals(table)
    return render(
        request,
        "tables/dispute.html",
        {
            "tournament": tournament,
            "table": table,
            "word": word,
            "form": form,
            "header": header,
            "rows": rows,
            "deals": deals,
            "table_url": table_url,
        },
    )
