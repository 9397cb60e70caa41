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

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from referee.core.permissions import may_view, may_view_round

from .models import Seat, Table

SALT = "referee.tables.card"
LETTERS = "ABCD"


def card_key(table: Table) -> str:
    """The key in the link of ``table``'s card (``table.round.tournament`` loaded)."""
    place = f"{table.round.tournament.slug}/{table.round.number}/{table.number}"
    return salted_hmac(SALT, place, algorithm="sha256").hexdigest()[:20]


def card_path(table: Table) -> str:
    """The path the card's QR code holds."""
    slug = table.round.tournament.slug
    return reverse("table-card", args=[slug, table.round.number, table.number, card_key(table)])


def table_card(request: HttpRequest, slug: str, round: int, table: int, key: str) -> HttpResponse:
    found = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=round,
        number=table,
    )
    if not constant_time_compare(key, card_key(found)):
        raise Http404
    tournament = found.round.tournament
    if may_view_round(request.user, tournament, round):
        return redirect("table", slug, round, table)
    public = may_view(request.user, tournament)  # the seating is public with the tournament
    seats = (
        [
            {
                "position": seat.position,
                "letter": LETTERS[seat.position - 1],
                "name": seat.registration.player.name,
                "first_dealer": seat.first_dealer,
            }
            for seat in Seat.objects.filter(table=found)
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
            "table": found,
            "round": found.round,
            "tournament": tournament,
            "public": public,
            "seats": seats,
        },
    )
