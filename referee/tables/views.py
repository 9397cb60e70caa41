"""The referee's table page: the live sheet, deal entry and corrections, the lifecycle.

Views stay thin: the surface decorators hand them the table of the URL (``tables.surfaces``);
every change is a service call (``services``) run by ``core.refusals``, a refusal becoming
a form error at its field or a message, ``NotAllowed`` a 403. The public sees a published
tournament's tables; everything else is 404 to them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from referee.core import rounds as kinds
from referee.core.errors import NotAllowed, StaleVersion
from referee.core.figures import figure
from referee.core.language import engine_language
from referee.core.permissions import is_chief, is_official, may_confirm, may_enter_deals
from referee.core.refusals import Outcome, attempt, outcome_of
from referee.tournaments.models import Tournament
from scoring.numbers import Amount

from . import lots, services, tablet
from .agreements import words_of
from .dealdata import dealer_of, describe_deal, lot_of, ruling_of, talon_peekers
from .evidence import cards_of, evidence_of, has_contract
from .extensions import panels
from .form_choices import RULE_REFERENCES
from .forms import DealForm, DiscardForm, HandsForm
from .lap import table_lap
from .models import Deal, Table
from .seat_draw import panel
from .sheet import TableSheet, build_sheet, seats_of, sheet_drawing
from .surfaces import public_table_page, referee_table_page

#: the right to enter and correct deals at the table, checked before the form is shown
enters_deals = referee_table_page(
    right=may_enter_deals,
    refusal=gettext_lazy("Only this tournament's referees may change its tables."),
)


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
                "guest": seat.guest,
                "pool": _figure(sheet.pool.get(letter, 0)),
                "mountain": _figure(sheet.mountain.get(letter, 0)),
                "whists": [_figure(w) for w in whists],
                "adjustment": _figure(sheet.adjustments.get(letter, 0)),
                "result": sheet.result.get(letter, 0),
                "result_text": _figure(sheet.result.get(letter, 0)),
            }
        )
    return rows


def _deal_rows(sheet: TableSheet) -> list[dict[str, Any]]:
    """The sheet's deals: the dealer, the running balance, the talon's peekers, the lot."""
    names = sheet.names
    return [
        {
            "row": row,
            "number": row.deal.number,
            "dealer": names.get(dealer_of(row.deal.data), ""),
            "running": [_figure(balance.get(letter, 0)) for letter in sheet.letters],
            "peeked": [names.get(p, p) for p in talon_peekers(row.deal.data)],
            "lot": lot_of(row.deal.data),
            "analysable": has_contract(row.deal.data),
        }
        for row, balance in zip(sheet.rows, sheet.running(), strict=True)
    ]


def _deleted_deals(table: Table, names: dict[str, str], lang: str) -> list[dict[str, Any]]:
    """The table's deleted deals, which only officials see (and may restore)."""
    deleted = Deal.objects.filter(table=table, deleted=True).order_by("number")
    return [{"deal": d, "summary": describe_deal(d.data, names, lang)} for d in deleted]


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
    drawing = sheet_drawing(sheet, _("The pulka of table %(table)s") % {"table": table})
    names = sheet.names
    deals = _deal_rows(sheet)
    deleted = _deleted_deals(table, names, lang) if official else []
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
        "deal_cap": kinds.deal_cap(table),
        "agreed": [w for w in words if w.agreed and not w.superseded],
        "disputes": [w for w in words if w.disputed],
        "panels": panels(table),
        "seat_draw": panel(table, sheet.seat_names, may_enter, bool(sheet.rows or deleted)),
    }
    return render(request, "tables/table.html", context)


@public_table_page
def table_page(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    return _page(request, table)


# -- deals -------------------------------------------------------------------------------


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
) -> Outcome[Deal]:
    """Build the deal (drawing the lot if asked) and hand it to the service; a refusal is
    shown on the form at its field, but for a ``StaleVersion``, which the edit page shows
    as the deal as it stands beside the referee's. ``position``: the deal's place on the
    sheet; ``numbers``: the deal numbers of the sheet's places."""
    posted = form.deal_data()

    def save() -> Deal:
        data = lots.draw_lot(posted) if form.draw_requested else posted
        return call(data)

    outcome = outcome_of(save)
    if outcome.refusal is not None:
        if not isinstance(outcome.refusal, StaleVersion):
            form.place_error(outcome.refusal, position, numbers)
        return outcome
    lot = lot_of(outcome.value.data) if form.draw_requested and outcome.value else None
    if lot:
        drawn = _("the actual play") if lot == "actual" else _("the other plan")
        messages.info(request, _("The lot gave the declarer %(lot)s.") % {"lot": drawn})
    return outcome


@enters_deals
@require_POST
def deal_add(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    mode = services.change_mode(table, request.user)
    seats = [(s.letter, s.name) for s in seats_of(table)]
    entered_by, on_behalf = tablet.posted(request.POST)  # a shared tablet's queued deal
    form = DealForm(request.POST, seats=seats, reason_required=mode == "ruling")
    if form.is_valid():
        reason = form.cleaned_data.get("reason", "")
        numbers = _current_numbers(table)
        if _saved(
            request,
            form,
            lambda data: services.record_deal(
                table.pk, data, request.user, reason, entered_by=entered_by, on_behalf=on_behalf
            ),
            len(numbers) + 1,
            numbers,
        ):
            messages.success(request, _("The deal is recorded."))
            return redirect(_table_url(table))
    return _page(request, table, form)


@referee_table_page
@require_POST
def queue_discard(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    """The tablet's outbox drops deals another referee queued: the server logs it."""
    try:
        author_id = tablet.posted_author(request.POST)
    except tablet.BadAuthor:
        author_id = None
    if author_id is None:
        return HttpResponseBadRequest(_("The deals' author is not a user id."))
    deals = request.POST.getlist("deal")
    outcome = outcome_of(lambda: tablet.discard_queued(table, request.user, author_id, deals))
    if outcome.refusal is not None:
        return HttpResponseBadRequest(outcome.refusal.message)
    return JsonResponse({"discarded": len(deals)})


def _edit_options(deal: Deal, seats: list[Any]) -> dict[str, Any]:
    """The form's options to correct ``deal``: a reason required, the site's lot kept."""
    ruling = ruling_of(deal.data)
    return {
        "seats": [(s.letter, s.name) for s in seats],
        "reason_required": True,
        "manual_rows": DealForm.manual_count(deal.data),
        "drawn_lot": ruling.get("lot") if ruling.get("lot_drawn_by") == "site" else None,
    }


def _edit_page(
    request: HttpRequest,
    table: Table,
    deal: Deal,
    form: DealForm,
    names: dict[str, str],
    stale: bool = False,
) -> HttpResponse:
    """The form correcting ``deal``; ``stale``: ``deal`` is as another referee just left it."""
    form.focus()
    summary = describe_deal(deal.data, names, engine_language())
    return render(
        request,
        "tables/deal_edit.html",
        {
            "tournament": table.round.tournament,
            "table": table,
            "deal": deal,
            "version": deal.version,
            "conflict": summary if stale else None,
            "summary": summary,
            "form": form,
            "rule_references": RULE_REFERENCES,
            "locked": table.status != Table.Status.OPEN,
        },
    )


@enters_deals
def deal_edit(
    request: HttpRequest, tournament: Tournament, table: Table, number: int
) -> HttpResponse:
    deal = _deal(table, number)
    if deal.deleted:
        messages.error(request, _("This deal was deleted; restore it first."))
        return redirect(_table_url(table))
    if request.method != "POST" and services.change_mode(table, request.user) is None:
        messages.error(
            request,
            _("This deal cannot be changed now: the table is signed off or not in play."),
        )
        return redirect(_table_url(table))
    options = _edit_options(deal, seats_of(table))
    names = dict(options["seats"])
    if request.method != "POST":
        form = DealForm(initial=DealForm.initial_from(deal.data), **options)
        return _edit_page(request, table, deal, form, names)
    form = DealForm(request.POST, **options)
    posted = request.POST.get("version", "")
    expected = int(posted) if posted.isdecimal() and len(posted) < 10 else None
    if form.is_valid():
        reason = form.cleaned_data["reason"]
        numbers = _current_numbers(table)
        saved = _saved(
            request,
            form,
            lambda data: services.correct_deal(deal.pk, data, request.user, reason, expected),
            numbers.index(deal.number) + 1 if deal.number in numbers else 0,
            numbers,
        )
        if isinstance(saved.refusal, StaleVersion):
            current: Deal = saved.refusal.current  # type: ignore[assignment]
            return _edit_page(request, table, current, form, names, stale=True)
        if saved:
            messages.success(request, _("Deal %(number)s is corrected.") % {"number": deal.number})
            return redirect(_table_url(table))
    return _edit_page(request, table, deal, form, names)


def _reason_action(
    request: HttpRequest,
    table: Table,
    number: int,
    action: Callable[[int, Any, str], Deal],
    done: str,
) -> HttpResponse:
    deal = _deal(table, number)
    reason = request.POST.get("reason", "")
    attempt(request, lambda: action(deal.pk, request.user, reason), done % {"number": deal.number})
    return redirect(_table_url(table))


@referee_table_page
@require_POST
def deal_delete(
    request: HttpRequest, tournament: Tournament, table: Table, number: int
) -> HttpResponse:
    return _reason_action(
        request, table, number, services.delete_deal, _("Deal %(number)s is deleted.")
    )


@referee_table_page
@require_POST
def deal_restore(
    request: HttpRequest, tournament: Tournament, table: Table, number: int
) -> HttpResponse:
    return _reason_action(
        request, table, number, services.restore_deal, _("Deal %(number)s is restored.")
    )


@referee_table_page
def deal_history(
    request: HttpRequest, tournament: Tournament, table: Table, number: int
) -> HttpResponse:
    deal = _deal(table, number)
    names = {s.letter: s.name for s in seats_of(table)}
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
        {"tournament": tournament, "table": table, "deal": deal, "versions": versions},
    )


@referee_table_page
def deal_evidence(
    request: HttpRequest, tournament: Tournament, table: Table, number: int
) -> HttpResponse:
    """The referee's evidence on a deal: its cards and their double-dummy analysis beside
    the ruling (officials): a deal that plays a board reads the board's cards (the chief
    gives only the actual discard), any other deal's hands the chief referee enters here."""
    deal = _deal(table, number)
    chief = is_chief(request.user, tournament)
    cards = cards_of(table, [deal], request.user).get(deal.pk)
    board = cards.board if cards else None
    form = (HandsForm if board is None else DiscardForm)(request.POST or None)
    if request.method == "POST":
        if not chief:  # the service refuses too; the page says so before it
            raise NotAllowed(_("Only the chief referee enters a deal's hands."))
        if form.is_valid():
            cd = form.cleaned_data
            done = attempt(
                request,
                lambda: services.enter_hands(
                    deal.pk,
                    cd.get("board", ""),
                    int(cd.get("declarer_hand") or 0),
                    cd["discard"],
                    request.user,
                    cd["reason"],
                ),
                _("The hands are entered.") if board is None else _("The discard is entered."),
                form=form,
            )
            if done:
                return redirect(request.path)
    names = {s.letter: s.name for s in seats_of(table)}
    analysable = has_contract(deal.data)
    shown = cards if cards is not None and not cards.sealed else None
    return render(
        request,
        "tables/deal_evidence.html",
        {
            "tournament": tournament,
            "table": table,
            "deal": deal,
            "summary": describe_deal(deal.data, names, engine_language()),
            "analysable": analysable,
            "board": board,
            "sealed": cards is not None and cards.sealed,
            "evidence": evidence_of(deal.number, deal.data, shown, names) if shown else None,
            "form": form if chief and analysable and not deal.deleted else None,
        },
    )
