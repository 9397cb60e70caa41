"""The referee's table page: the live sheet, deal entry and corrections, the lifecycle.

Views stay thin: every change is a service call (``services``); a ``ServiceError``
becomes a form error at its field or a message, ``NotAllowed`` a 403. The public sees a
published tournament's tables; everything else is 404 to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.errors import NotAllowed, ServiceError, StaleVersion
from referee.core.figures import figure
from referee.core.language import engine_language
from referee.core.permissions import (
    is_chief,
    is_official,
    may_confirm,
    may_enter_deals,
    may_view_round,
)
from scoring.numbers import Amount

from . import services, tablet
from .agreements import words_of
from .dealdata import dealer_of, describe_deal, lot_of, ruling_of, talon_peekers
from .drawing import pulka_svg
from .form_choices import RULE_REFERENCES
from .forms import DealForm
from .lap import table_lap
from .models import Deal, Table
from .sheet import TableSheet, build_sheet, paper_figures, seats_of
from .sheet import table_case as case_of

# -- lookups -----------------------------------------------------------------------------


def _table(request: HttpRequest, slug: str, round: int, table: int) -> Table:
    """The table of the URL with its round and tournament, or 404 when the user may not
    see the tournament."""
    found = get_object_or_404(
        Table.objects.select_related("round__tournament", "submitted_by", "confirmed_by"),
        round__tournament__slug=slug,
        round__number=round,
        number=table,
    )
    tournament = found.round.tournament
    if not may_view_round(request.user, tournament, found.round.number):
        raise Http404  # not published, or the organiser keeps this round hidden for now
    return found


def _deal(table: Table, number: int) -> Deal:
    return get_object_or_404(Deal, table=table, number=number)


def _table_url(table: Table) -> str:
    return reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])


def _figure(value: Amount | None) -> str:
    return figure(value)


# -- the page ----------------------------------------------------------------------------


def _new_deal_form(sheet: TableSheet, mode: str | None) -> DealForm:
    return DealForm(
        seats=list(sheet.names.items()),
        minimum_level=sheet.minimum_level,
        reason_required=mode == "ruling",
        initial={"dealer": sheet.next_dealer or "", **DealForm.FRESH},
    )


def _players(sheet: TableSheet) -> list[dict[str, Any]]:
    """The summary per player: pool, mountain, whists on each other player, adjustments
    and the settled balance."""
    rows = []
    for (letter, whists), seat in zip(sheet.whist_rows(), sheet.seats, strict=True):
        rows.append(
            {
                "letter": letter,
                "name": seat.name,
                "first_dealer": seat.first_dealer,
                "pool": _figure(sheet.pool.get(letter, 0)),
                "mountain": _figure(sheet.mountain.get(letter, 0)),
                "whists": [_figure(w) for w in whists],
                "adjustment": _figure(sheet.adjustments.get(letter, 0)),
                "result": sheet.result.get(letter, 0),
                "result_text": _figure(sheet.result.get(letter, 0)),
            }
        )
    return rows


def _page(request: HttpRequest, table: Table, form: DealForm | None = None) -> HttpResponse:
    tournament = table.round.tournament
    user = request.user
    lang = engine_language()
    sheet = build_sheet(table, lang)
    official = is_official(user, tournament)
    mode = services.change_mode(table, user) if official else None
    if form is None and mode is not None:
        form = _new_deal_form(sheet, mode)
    if form is not None:
        form.minimum_level = sheet.minimum_level
        form.focus()
    figures = paper_figures(sheet)
    drawing = pulka_svg(
        sheet.names,
        figures.pool,
        figures.mountain,
        figures.whists,
        sheet.result,
        pool_size=tournament.pool_size,
        title=_("The pulka of table %(table)s") % {"table": table},
    )
    names = sheet.names
    deals = [
        {
            "row": row,
            "number": row.deal.number,
            "dealer": names.get(dealer_of(row.deal.data), ""),
            "running": [_figure(balance.get(letter, 0)) for letter in sheet.letters],
            "peeked": [names.get(p, p) for p in talon_peekers(row.deal.data)],
            "lot": lot_of(row.deal.data),
        }
        for row, balance in zip(sheet.rows, sheet.running(), strict=True)
    ]
    deleted = []
    if official:
        deleted = [
            {"deal": d, "summary": describe_deal(d.data, names, lang)}
            for d in Deal.objects.filter(table=table, deleted=True).order_by("number")
        ]
    may_enter = official and may_enter_deals(user, table)
    words = words_of(table) if official else []
    context = {
        "tournament": tournament,
        "table": table,
        "sheet": sheet,
        "players": _players(sheet),
        "deals": deals,
        "deleted": deleted,
        "drawing": mark_safe(drawing),  # pulka_svg escapes every text it writes
        "official": official,
        "chief": is_chief(user, tournament),
        "mode": mode,
        "locked": table.status != Table.Status.OPEN,
        "form": form,
        "rule_references": RULE_REFERENCES,
        "can_submit": may_enter and table.status == Table.Status.OPEN,
        "can_confirm": official
        and table.status == Table.Status.SUBMITTED
        and table.submitted_by_id != user.pk
        and may_confirm(user, table),
        "can_reopen": is_chief(user, tournament) and table.status != Table.Status.OPEN,
        "next_dealer": names.get(sheet.next_dealer or "", ""),
        "lap": table_lap(table),
        "agreed": [w for w in words if w.agreed and not w.superseded],
        "disputes": [w for w in words if w.disputed],
    }
    return render(request, "tables/table.html", context)


def table_page(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    return _page(request, _table(request, slug, round, table))


# -- deals -------------------------------------------------------------------------------


def _may_enter(request: HttpRequest, table: Table) -> None:
    """Refuse at once anybody who may not enter deals here (the service decides again)."""
    if not may_enter_deals(request.user, table):
        raise PermissionDenied(_("Only this tournament's referees may change its tables."))


def _current_numbers(table: Table) -> list[int]:
    """The numbers of the deals on the sheet, by position."""
    current = Deal.objects.filter(table=table, deleted=False).order_by("number")
    return list(current.values_list("number", flat=True))


def _saved(
    request: HttpRequest,
    form: DealForm,
    call: Callable[[dict[str, Any]], Deal],
    position: int,
    numbers: list[int],
) -> bool:
    """Build the deal (drawing the lot if asked) and hand it to the service; a refusal is
    shown on the form at its field. Returns whether the deal was saved. ``position``: the
    deal's place on the sheet; ``numbers``: the deal numbers of the sheet's places."""
    data = form.deal_data()
    try:
        if form.draw_requested:
            data = services.draw_lot(data)
        deal = call(data)
    except NotAllowed as refusal:
        raise PermissionDenied(refusal.message) from None
    except StaleVersion:
        raise  # the edit page shows the deal as it stands beside the referee's
    except ServiceError as refusal:
        form.place_error(refusal, position, numbers)
        return False
    lot = lot_of(deal.data) if form.draw_requested else None
    if lot:
        drawn = _("the actual play") if lot == "actual" else _("the other plan")
        messages.info(request, _("The lot gave the declarer %(lot)s.") % {"lot": drawn})
    return True


@login_required
@require_POST
def deal_add(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    found = _table(request, slug, round, table)
    _may_enter(request, found)
    mode = services.change_mode(found, request.user)
    seats = [(s.letter, s.name) for s in seats_of(found)]
    author, sent_by = tablet.author_of(request, found)  # a shared tablet's queued deal
    form = DealForm(request.POST, seats=seats, reason_required=mode == "ruling")
    if form.is_valid():
        reason = form.cleaned_data.get("reason", "")
        numbers = _current_numbers(found)
        if _saved(
            request,
            form,
            lambda data: services.record_deal(found.pk, data, author, reason, sent_by=sent_by),
            len(numbers) + 1,
            numbers,
        ):
            messages.success(request, _("The deal is recorded."))
            return redirect(_table_url(found))
    return _page(request, found, form)


@login_required
@require_POST
def queue_discard(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    """The tablet's outbox drops deals another referee queued: the server logs it."""
    found = _table(request, slug, round, table)
    try:
        author_id = tablet.posted_author(request.POST)
    except tablet.BadAuthor:
        author_id = None
    if author_id is None:
        return HttpResponseBadRequest(_("The deals' author is not a user id."))
    deals = request.POST.getlist("deal")
    try:
        tablet.discard_queued(found, request.user, author_id, deals)
    except ServiceError as refusal:
        return HttpResponseBadRequest(refusal.message)
    return JsonResponse({"discarded": len(deals)})


@login_required
def deal_edit(request: HttpRequest, slug: str, round: int, table: int, number: int) -> HttpResponse:
    found = _table(request, slug, round, table)
    _may_enter(request, found)
    deal = _deal(found, number)
    if deal.deleted:
        messages.error(request, _("This deal was deleted; restore it first."))
        return redirect(_table_url(found))
    if request.method != "POST" and services.change_mode(found, request.user) is None:
        messages.error(
            request,
            _("This deal cannot be changed now: the table is signed off or not in play."),
        )
        return redirect(_table_url(found))
    seats = seats_of(found)
    ruling = ruling_of(deal.data)
    options: dict[str, Any] = {
        "seats": [(s.letter, s.name) for s in seats],
        "reason_required": True,
        "manual_rows": DealForm.manual_count(deal.data),
        "drawn_lot": ruling.get("lot") if ruling.get("lot_drawn_by") == "site" else None,
    }
    names = {s.letter: s.name for s in seats}
    conflict = None
    version = deal.version
    if request.method == "POST":
        form = DealForm(request.POST, **options)
        posted = request.POST.get("version", "")
        expected = int(posted) if posted.isdigit() and len(posted) < 10 else None
        if form.is_valid():
            reason = form.cleaned_data["reason"]
            numbers = _current_numbers(found)
            try:
                saved = _saved(
                    request,
                    form,
                    lambda data: services.correct_deal(
                        deal.pk, data, request.user, reason, expected
                    ),
                    numbers.index(deal.number) + 1 if deal.number in numbers else 0,
                    numbers,
                )
            except StaleVersion as stale:
                deal = stale.current  # type: ignore[assignment]
                version = deal.version
                conflict = describe_deal(deal.data, names, engine_language())
                saved = False
            if saved:
                messages.success(
                    request, _("Deal %(number)s is corrected.") % {"number": deal.number}
                )
                return redirect(_table_url(found))
    else:
        form = DealForm(initial=DealForm.initial_from(deal.data), **options)
    form.focus()
    return render(
        request,
        "tables/deal_edit.html",
        {
            "tournament": found.round.tournament,
            "table": found,
            "deal": deal,
            "version": version,
            "conflict": conflict,
            "summary": describe_deal(deal.data, names, engine_language()),
            "form": form,
            "rule_references": RULE_REFERENCES,
            "locked": found.status != Table.Status.OPEN,
        },
    )


def _reason_action(
    request: HttpRequest,
    slug: str,
    round: int,
    table: int,
    number: int,
    action: Callable[[int, Any, str], Deal],
    done: str,
) -> HttpResponse:
    found = _table(request, slug, round, table)
    deal = _deal(found, number)
    try:
        action(deal.pk, request.user, request.POST.get("reason", ""))
    except NotAllowed as refusal:
        raise PermissionDenied(refusal.message) from None
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, done % {"number": deal.number})
    return redirect(_table_url(found))


@login_required
@require_POST
def deal_delete(
    request: HttpRequest, slug: str, round: int, table: int, number: int
) -> HttpResponse:
    return _reason_action(
        request, slug, round, table, number, services.delete_deal, _("Deal %(number)s is deleted.")
    )


@login_required
@require_POST
def deal_restore(
    request: HttpRequest, slug: str, round: int, table: int, number: int
) -> HttpResponse:
    return _reason_action(
        request,
        slug,
        round,
        table,
        number,
        services.restore_deal,
        _("Deal %(number)s is restored."),
    )


@login_required
def deal_history(
    request: HttpRequest, slug: str, round: int, table: int, number: int
) -> HttpResponse:
    found = _table(request, slug, round, table)
    tournament = found.round.tournament
    if not is_official(request.user, tournament):
        raise PermissionDenied(_("The history of a deal is for the referees."))
    deal = _deal(found, number)
    names = {s.letter: s.name for s in seats_of(found)}
    lang = engine_language()
    versions = []
    previous = None
    for version in deal.versions.select_related("author").order_by("version"):
        if previous is None:
            change = "recorded"
        elif version.deleted and not previous.deleted:
            change = "deleted"
        elif previous.deleted and not version.deleted:
            change = "restored"
        else:
            change = "corrected"
        versions.append(
            {
                "version": version,
                "change": change,
                "summary": describe_deal(version.data, names, lang),
                "data_changed": previous is not None and version.data != previous.data,
            }
        )
        previous = version
    return render(
        request,
        "tables/deal_history.html",
        {"tournament": tournament, "table": found, "deal": deal, "versions": versions},
    )


def table_case(request: HttpRequest, slug: str, round: int, table: int) -> JsonResponse:
    """The sheet as a SPEC §12.5 case: ``python -m scoring check`` re-checks it."""
    found = _table(request, slug, round, table)
    case = case_of(build_sheet(found, "en"))
    response = JsonResponse(
        [case], safe=False, json_dumps_params={"ensure_ascii": False, "indent": 1}
    )
    response["Content-Disposition"] = f'inline; filename="{case["id"]}.json"'
    return response
