"""The seat draw's page (Kodeks 3.1.1, TOURNAMENTS §6.1) under the table's address, and its
panel on the table page. The referee enters the card each player drew, or lets the site draw
them from the round's seed; a refused card is shown at its player's field, every value kept.
The service (``seat_draw.record_seat_draw``) decides everything."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.permissions import may_enter_deals
from referee.core.refusals import attempt
from referee.tournaments.models import Tournament

from .models import Deal, Seat, Table
from .seat_draw import SeatDrawView, current_draw, may_draw, record_seat_draw
from .surfaces import referee_table_page


class SeatDrawForm(forms.Form):
    """One card a player (``card_<registration>``), the reason and the draw the referee saw."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    reason = forms.CharField(label=gettext_lazy("reason"), max_length=1000, required=False)

    def __init__(self, *args: Any, seats: Sequence[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = [registration for registration, _name in seats]
        for registration, name in seats:
            self.fields[f"card_{registration}"] = forms.CharField(
                label=name, max_length=10, required=False
            )

    def cards(self) -> dict[int, str]:
        return {p: self.cleaned_data.get(f"card_{p}", "") for p in self.players}


def _seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("registration__player").order_by("position"))


@referee_table_page(
    right=may_enter_deals,
    refusal=gettext_lazy("Only this tournament's referees may change its tables."),
)
def seat_draw_page(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    seats = _seats(table)
    names = {s.registration_id: s.registration.player.name for s in seats}
    current: SeatDrawView | None = current_draw(table, names)
    pairs = [(s.registration_id, names[s.registration_id]) for s in seats]
    form = SeatDrawForm(seats=pairs, initial={"version": current.record.version if current else 0})
    if request.method == "POST":
        form = SeatDrawForm(request.POST, seats=pairs)
        if form.is_valid():
            by_site = "draw" in request.POST
            outcome = attempt(
                request,
                lambda: record_seat_draw(
                    table.pk,
                    request.user,
                    None if by_site else form.cards(),
                    reason=form.cleaned_data["reason"],
                    version=form.cleaned_data["version"],
                ),
                _("The seat draw is recorded: the seats and the first dealer follow the cards."),
                form=form,
            )
            if outcome.refusal is None:
                url = reverse("table", args=[tournament.slug, table.round.number, table.number])
                return redirect(url + "#seat-draw")
    played = Deal.objects.filter(table=table).exists()
    context = {
        "tournament": tournament,
        "table": table,
        "form": form,
        "card_fields": [form[f"card_{p}"] for p, _name in pairs],
        "seat_draw": {"draw": current, "may_draw": False},  # the draw as the table shows it
        "may_draw": may_draw(table, request.user, played),
        "seed": table.round.seed,
    }
    return render(request, "tables/seat_draw.html", context)
