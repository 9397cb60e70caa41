"""Standings pages: the public standings, round results, player cards, search, the hall's big
screen, and the chief referee's standings settings. Thin: the services compute and decide."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext as _

from referee.core import rounds as kinds
from referee.core.figures import figure
from referee.core.permissions import is_chief
from referee.core.refusals import attempt
from referee.tournaments.models import Registration, Round, Stage, Tournament
from referee.tournaments.surfaces import manage_page, public_page, with_round

from . import services
from .forms import DrawLotForm, LotForm, SettingsForm
from .labels import METHOD_LABELS, TIE_BREAK_LABELS
from .outlook_view import qualification_view
from .page_rows import standings_body
from .param_fields import params_in_words
from .pure import ranking


def whole_number(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def display_rows(rows: list[dict[str, Any]], slug: str) -> list[dict[str, Any]]:
    """Add the page's ready-made texts and links to the standings rows: rendering 300 rows
    of 16 columns through template filters is most of the page's time."""
    separator = get_format("DECIMAL_SEPARATOR")
    card = reverse("player-card", args=[slug, 0])[: -len("0/")]
    for row in rows:
        row["card_url"] = f"{card}{row['registration']}/"
        row["points_text"] = figure(row["points"], separator)
        row["whists_text"] = figure(row["whists"], separator)
        row["round_cells"] = [
            (figure(v, separator), v is None, v is not None and v < 0) for v in row["round_points"]
        ]
    return rows


# --- public pages ---------------------------------------------------------------------------


@public_page
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = request.GET.get("after")
    if after is not None and whole_number(after) is None:
        raise Http404
    table = services.standings_after(tournament, whole_number(after), viewer=request.user)
    rows = display_rows(services.standings_rows(table), tournament.slug)
    return render(
        request,
        "standings/standings.html",
        {
            "tournament": tournament,
            "standings": table,
            "rows": rows,
            "body": standings_body(rows, table.after or 0),
            "columns": range(1, (table.after or 0) + 1),
            "chain": [TIE_BREAK_LABELS.get(n, n) for n in table.rules.tie_breaks],
            "method": METHOD_LABELS.get(table.rules.method, table.rules.method),
            "params": params_in_words(table.rules.method, dict(table.rules.params)),
            "chief": is_chief(request.user, tournament),
            "qualification": _qualification(request, tournament, table),
            # what a duplicate session counts for (core.rounds)
            "kind_notes": kinds.notes(tournament),
        },
    )


def _qualification(request: HttpRequest, tournament: Tournament, table: Any) -> Any:
    """Who can still reach the next stage, on the latest standings of a tournament whose
    stages have a cut (one query for the others: whether it has one)."""
    if table.after != (table.rounds[-1] if table.rounds else None):
        return None  # the standings after an earlier round: the outlook is of today
    if not Stage.objects.filter(tournament=tournament, entry=Stage.Entry.TOP).exists():
        return None
    found = services.qualification(tournament, viewer=request.user)
    return qualification_view(found, request.user, tournament)


@public_page
@with_round
def round_results(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    results = services.round_results(tournament, round.number, viewer=request.user)
    return render(
        request,
        "standings/round_results.html",
        {
            "tournament": tournament,
            "results": results,
            # a duplicate stanza's results are its session's (core.rounds)
            "kind_notes": []
            if kinds.counts_for(round, kinds.STANDINGS)
            else kinds.notes(tournament),
        },
    )


@public_page
def player_card(request: HttpRequest, tournament: Tournament, registration: int) -> HttpResponse:
    entry = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )
    card = services.player_card(tournament, entry, viewer=request.user)
    return render(request, "standings/player_card.html", {"tournament": tournament, "card": card})


@public_page
def player_search(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    found = services.search_players(tournament, query, viewer=request.user)
    return render(
        request,
        "standings/player_search.html",
        {"tournament": tournament, "query": query, "found": found},
    )


# --- the chief referee's settings -----------------------------------------------------------


def _apply(request: HttpRequest, form: forms.Form, action: Callable[[], Any], done: str) -> bool:
    """Run a service; its error lands at the form field it names, or above the form (the
    settings form knows which of its fields a setting such as ``params.bands`` is)."""
    if attempt(request, action, done, form=form):
        return True
    messages.error(request, _("Nothing was saved: see the messages at the fields."))
    return False


@manage_page
def manage_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    slug = tournament.slug
    current = services.settings_of(tournament)
    entries = list(Registration.objects.filter(tournament=tournament).select_related("player"))
    settings_form = SettingsForm.for_settings(current)
    draw_form = DrawLotForm(prefix="draw")
    lot_form = LotForm(entries, current.lots, prefix="lot")
    if request.method == "POST":
        user, action = request.user, request.POST.get("action")
        if action == "settings":
            settings_form = SettingsForm(request.POST, current=current)
            if settings_form.is_valid() and _apply(
                request,
                settings_form,
                lambda: services.update_settings(tournament, user, settings_form.cleaned_data),
                _("The standings settings are saved."),
            ):
                return redirect("standings-settings", slug)
        elif action == "draw":
            draw_form = DrawLotForm(request.POST, prefix="draw")
            if draw_form.is_valid() and _apply(
                request,
                draw_form,
                lambda: services.draw_lot(tournament, user, **draw_form.cleaned_data),
                _("The lot is drawn and recorded."),
            ):
                return redirect("standings-settings", slug)
        elif action == "lot":
            lot_form = LotForm(entries, current.lots, request.POST, prefix="lot")
            if lot_form.is_valid() and _apply(
                request,
                lot_form,
                lambda: services.record_lot(
                    tournament,
                    user,
                    lot_form.lots(),
                    witness=lot_form.cleaned_data["witness"],
                    reason=lot_form.cleaned_data["reason"],
                ),
                _("The lot is recorded."),
            ):
                return redirect("standings-settings", slug)
        else:
            messages.error(request, _("Unknown action."))
    return render(
        request,
        "standings/settings.html",
        {
            "tournament": tournament,
            "current": current,
            "form": settings_form,
            "draw_form": draw_form,
            "lot_form": lot_form,
            "tie_breaks": [(n, TIE_BREAK_LABELS.get(n, n)) for n in ranking.METRICS],
        },
    )
