"""The page a table card's QR code leads to (``/t/<slug>/r/<n>/t/<t>/card/<key>/``): it opens
for anybody holding the card from the moment the card is printed, and is the table's sheet
once the reader may see that (the round's results published, or an official: a redirect).

Before that it shows what the reader may see: the table, the round and, where the seating
is public (a published tournament: its round pages are), the players in their seats, with
a note that the sheet appears here when the round's results are published. No deal, total
or result of an unpublished round is ever on it.

The ``key`` is a keyed hash of the table's place (tournament, round, table) made with the
site's secret key: a card's link cannot be guessed, so a tournament that is not published
stays unseen except to whoever holds one of its cards, and only as its table and round."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from referee.core.permissions import may_view, may_view_table
from referee.tournaments.models import Tournament

from .models import Seat, Table
from .surfaces import card_key, card_page

__all__ = ["card_key", "card_path", "table_card"]

LETTERS = "ABCD"


def card_path(table: Table) -> str:
    """The path the card's QR code holds."""
    slug = table.round.tournament.slug
    return reverse("table-card", args=[slug, table.round.number, table.number, card_key(table)])


@card_page
def table_card(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    if may_view_table(request.user, table):
        return redirect("table", tournament.slug, table.round.number, table.number)
    public = may_view(request.user, tournament)  # the seating is public with the tournament
    seats = (
        [
            {
                "position": seat.position,
                "letter": LETTERS[seat.position - 1],
                "name": seat.registration.player.name,
                "first_dealer": seat.first_dealer,
            }
            for seat in Seat.objects.filter(table=table)
            .select_related("registration__player")
            .order_by("position")
        ]
        if public
        else []
    )
    return render(
        request,
        "tables/card.html",
        {
            "table": table,
            "round": table.round,
            "tournament": tournament,
            "public": public,
            "seats": seats,
        },
    )
