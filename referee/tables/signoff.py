"""The table's lifecycle pages: sign-off, the second confirmation and reopening. Each
irreversible step first shows what is being signed (the totals, the players' word)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.confirm import Summary, ask, confirmed
from referee.core.errors import NotAllowed, ServiceError
from referee.core.figures import figure
from referee.core.language import engine_language
from referee.core.permissions import may_confirm, may_enter_deals

from . import services
from .agreements import Verdict, agreements_of, sign_off
from .models import Table
from .sheet import build_sheet
from .views import _table


def _table_url(table: Table) -> str:
    return reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])


def _lifecycle(
    request: HttpRequest, table: Table, call: Callable[[], Any], done: str
) -> HttpResponse:
    try:
        call()
    except NotAllowed as refusal:
        raise PermissionDenied(refusal.message) from None
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, done)
    return redirect(_table_url(table))


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


@login_required
def table_submit(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    found = _table(request, slug, round, table)
    tournament = found.round.tournament
    if not may_enter_deals(request.user, found):
        raise PermissionDenied
    if confirmed(request):
        try:
            sign_off(found.pk, request.user, _verdicts(request, found))
        except NotAllowed as refusal:
            raise PermissionDenied(refusal.message) from None
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("The table is signed off."))
            return redirect(_table_url(found))
    if tournament.second_confirmation:
        warning = _("A second referee then confirms the totals and the table locks.")
        button = _("Sign off")
    else:
        warning = _("The table locks: only the chief referee can change it afterwards.")
        button = _("Sign off and lock")
    seats = list(found.seats.select_related("registration__player"))
    # a reopened table: the players give their word anew on the totals as they stand now
    # (nothing is carried over), and the page recalls what each said before
    earlier = agreements_of(found)
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
    return ask(
        request,
        _summary(found, button, warning),
        _table_url(found),
        {"players": players, "players_confirm": tournament.players_confirm},
        template="tables/sign_off.html",
    )


@login_required
def table_confirm(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    found = _table(request, slug, round, table)
    if not may_confirm(request.user, found) or found.submitted_by_id == request.user.pk:
        raise PermissionDenied
    if not confirmed(request):
        return ask(
            request,
            _summary(found, _("Confirm and lock"), _("The table locks.")),
            _table_url(found),
        )
    return _lifecycle(
        request,
        found,
        lambda: services.confirm_table(found.pk, request.user),
        _("The table is confirmed and locked."),
    )


@login_required
@require_POST
def table_reopen(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    found = _table(request, slug, round, table)
    reason = request.POST.get("reason", "")
    return _lifecycle(
        request,
        found,
        lambda: services.reopen_table(found.pk, request.user, reason),
        _("The table is open again."),
    )
