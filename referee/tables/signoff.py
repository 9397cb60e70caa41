"""The table's lifecycle pages: sign-off, the second confirmation and reopening. Each
irreversible step first shows what is being signed (the totals, the players' word)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.confirm import Summary, ask, confirmed
from referee.core.figures import figure
from referee.core.language import engine_language
from referee.core.permissions import may_confirm, may_enter_deals
from referee.core.refusals import attempt
from referee.tournaments.models import Tournament

from . import services
from .agreements import Verdict, agreements_of, sign_off
from .models import Table
from .sheet import build_sheet
from .surfaces import referee_table_page


def _table_url(table: Table) -> str:
    return reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])


def _lifecycle(
    request: HttpRequest, table: Table, call: Callable[[], Any], done: str
) -> HttpResponse:
    attempt(request, call, done)
    return redirect(_table_url(table))


def _may_confirm(user: Any, table: Table) -> bool:
    """The second confirmation: the right of ``may_confirm``, by another referee than the
    one who signed the table off (the service says so again, in words)."""
    return may_confirm(user, table) and table.submitted_by_id != user.pk


def totals(table: Table) -> tuple[list[str], list[list[str]], int]:
    """The header, one row per player (pool, mountain, settled whists) and the deal count."""
    sheet = build_sheet(table, engine_language())
    header = [_("player"), _("pool"), _("mountain"), _("result")]
    rows = [
        [
            seat.name,
            figure(sheet.pool.get(seat.letter, 0)),
            figure(sheet.mountain.get(seat.letter, 0)),
            figure(sheet.result.get(seat.letter, 0)),
        ]
        for seat in sheet.seats
    ]
    return header, rows, len(sheet.rows)


def _summary(table: Table, button: str, warning: str) -> Summary:
    header, rows, deals = totals(table)
    tournament = table.round.tournament
    return Summary(
        title=_("Sign off table %(table)s of round %(round)s")
        % {"table": table.number, "round": table.round.number},
        button=button,
        facts=[(_("Tournament"), tournament.name), (_("Deals"), deals)],
        header=header,
        rows=rows,
        warning=warning,
    )


def _verdicts(request: HttpRequest, table: Table) -> dict[int, Verdict]:
    out = {}
    for seat in table.seats.all():
        agreed = request.POST.get(f"agree_{seat.pk}") == "1"
        dispute = request.POST.get(f"dispute_{seat.pk}", "")[:1000]
        out[seat.pk] = Verdict(agreed, dispute)
    return out


@referee_table_page(right=may_enter_deals)
def table_submit(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    if confirmed(request) and attempt(
        request,
        lambda: sign_off(table.pk, request.user, _verdicts(request, table)),
        _("The table is signed off."),
    ):
        return redirect(_table_url(table))
    if tournament.second_confirmation:
        warning = _("A second referee then confirms the totals and the table locks.")
        button = _("Sign off")
    else:
        warning = _("The table locks: only the chief referee can change it afterwards.")
        button = _("Sign off and lock")
    seats = list(table.seats.select_related("registration__player"))
    # a reopened table: the players give their word anew on the totals as they stand now
    # (nothing is carried over), and the page recalls what each said before
    earlier = agreements_of(table)
    players = [
        {
            "seat": seat,
            "name": seat.registration.player.name,
            "agreed": request.POST.get(f"agree_{seat.pk}") == "1",
            "dispute": request.POST.get(f"dispute_{seat.pk}", ""),
            "earlier": earlier.get(seat.pk),
        }
        for seat in seats
    ]
    if confirmed(request):  # refused: the focus on the words of the first who gave none
        silent = [p for p in players if not (p["agreed"] or str(p["dispute"]).strip())]
        if silent:
            silent[0]["focus"] = True
    return ask(
        request,
        _summary(table, button, warning),
        _table_url(table),
        {"players": players, "players_confirm": tournament.players_confirm},
        template="tables/sign_off.html",
    )


@referee_table_page(right=_may_confirm)
def table_confirm(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    if not confirmed(request):
        return ask(
            request,
            _summary(table, _("Confirm and lock"), _("The table locks.")),
            _table_url(table),
        )
    return _lifecycle(
        request,
        table,
        lambda: services.confirm_table(table.pk, request.user),
        _("The table is confirmed and locked."),
    )


@referee_table_page
@require_POST
def table_reopen(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    reason = request.POST.get("reason", "")
    return _lifecycle(
        request,
        table,
        lambda: services.reopen_table(table.pk, request.user, reason),
        _("The table is open again."),
    )
