"""Standings pages: the public standings, round results, player cards, search, the hall's big
screen, and the chief referee's standings settings. Thin: the services compute and decide."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import MISSING, fields
from decimal import Decimal
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.accounts.permissions import is_chief
from referee.core.errors import NotAllowed, ServiceError
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.views import tournament_for

from . import services
from .models import StandingsSettings
from .pure import points, ranking

SCREEN_REFRESH_SECONDS = 30
SCREEN_ROWS = 20

METHOD_LABELS = {
    "raw_whists": gettext_lazy("raw whists: round points are the settled whists"),
    "cutoff_bands": gettext_lazy("cut-off bands: up to 200 whists 1:1, to 650 at 1:10"),
    "coefficient_bands": gettext_lazy("coefficient bands: to 50 at 1, to 100 at 0.5, then 0.1"),
    "placement_points": gettext_lazy("placement points: by the place at the table"),
}
NORMALISATION_LABELS = {
    "none": gettext_lazy("none: compare the results as they are"),
    "placement": gettext_lazy("placement: placement points, the same scale at 3 and 4"),
    "factor": gettext_lazy("factor: multiply the results of tables of 4"),
}
TIE_BREAK_LABELS = {
    "points": gettext_lazy("tournament points"),
    "whists": gettext_lazy("total whists"),
    "firsts": gettext_lazy("first places at tables"),
    "head_to_head": gettext_lazy("head to head among the tied players"),
    "opponents_points": gettext_lazy("opponents' tournament points"),
    "lot": gettext_lazy("the lot"),
}


def _visible(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except services.NotVisible:
        raise Http404 from None


def _number(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def shown(value: Fraction | int | None, separator: str) -> str:
    """A number as the pages show it: at most two decimals, no trailing zeros, the
    language's decimal separator (what ``floatformat:"-2"`` does, without its cost)."""
    if value is None:
        return ""
    text = f"{round(float(value), 2):.2f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", separator)


def display_rows(rows: list[dict[str, Any]], slug: str) -> list[dict[str, Any]]:
    """Add the page's ready-made texts and links to the standings rows: rendering 300 rows
    of 16 columns through template filters is most of the page's time."""
    separator = get_format("DECIMAL_SEPARATOR")
    card = reverse("player-card", args=[slug, 0])[: -len("0/")]
    for row in rows:
        row["card_url"] = f"{card}{row['registration']}/"
        row["points_text"] = shown(row["points"], separator)
        row["whists_text"] = shown(row["whists"], separator)
        row["round_cells"] = [
            (shown(v, separator), v is None, v is not None and v < 0) for v in row["round_points"]
        ]
    return rows


# --- public pages ---------------------------------------------------------------------------


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    after = request.GET.get("after")
    if after is not None and _number(after) is None:
        raise Http404
    table = _visible(
        lambda: services.standings_after(tournament, _number(after), viewer=request.user)
    )
    return render(
        request,
        "standings/standings.html",
        {
            "tournament": tournament,
            "standings": table,
            "rows": display_rows(services.standings_rows(table), tournament.slug),
            "columns": range(1, (table.after or 0) + 1),
            "chain": [TIE_BREAK_LABELS.get(n, n) for n in table.rules.tie_breaks],
            "method": METHOD_LABELS.get(table.rules.method, table.rules.method),
            "chief": is_chief(request.user, tournament),
        },
    )


def standings_screen(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's big screen: the latest standings a page at a time, turning every 30 s."""
    tournament = tournament_for(request, slug)
    table = _visible(lambda: services.standings_after(tournament, viewer=request.user))
    per_page = min(max(_number(request.GET.get("rows")) or SCREEN_ROWS, 5), 60)
    pages = Paginator(services.standings_rows(table), per_page)
    page = pages.get_page(request.GET.get("page"))
    following = page.next_page_number() if page.has_next() else 1
    query = {"page": following}
    if "rows" in request.GET:
        query["rows"] = per_page
    return render(
        request,
        "standings/screen.html",
        {
            "tournament": tournament,
            "standings": table,
            "page": page,
            "refresh": SCREEN_REFRESH_SECONDS,
            "next_url": f"{request.path}?{urlencode(query)}",
        },
    )


def round_results(request: HttpRequest, slug: str, round: int) -> HttpResponse:
    tournament = tournament_for(request, slug)
    results = _visible(lambda: services.round_results(tournament, round, viewer=request.user))
    return render(
        request,
        "standings/round_results.html",
        {"tournament": tournament, "results": results},
    )


def player_card(request: HttpRequest, slug: str, registration: int) -> HttpResponse:
    tournament = tournament_for(request, slug)
    entry = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )
    card = _visible(lambda: services.player_card(tournament, entry, viewer=request.user))
    return render(request, "standings/player_card.html", {"tournament": tournament, "card": card})


def player_search(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    query = request.GET.get("q", "").strip()
    found = _visible(lambda: services.search_players(tournament, query, viewer=request.user))
    return render(
        request,
        "standings/player_search.html",
        {"tournament": tournament, "query": query, "found": found},
    )


# --- the chief referee's settings -----------------------------------------------------------


def _exact_json(value: Any) -> Any:
    """JSON as stored: decimals become text ("0.1") so that nothing is ever a float."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list):
        return [_exact_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _exact_json(v) for k, v in value.items()}
    return value


def _shown(value: Any) -> Any:
    """A method's default parameter as the JSON a chief would type."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, tuple | list):
        return [_shown(v) for v in value]
    return value


def method_defaults() -> list[tuple[str, str, str]]:
    """(name, label, default parameters as JSON) of every conversion method."""
    out = []
    for name, method in points.METHODS.items():
        defaults = {f.name: _shown(f.default) for f in fields(method) if f.default is not MISSING}
        text = json.dumps(defaults, ensure_ascii=False) if defaults else "{}"
        out.append((name, str(METHOD_LABELS.get(name, name)), text))
    return out


class SettingsForm(forms.Form):
    method = forms.ChoiceField(label=gettext_lazy("Conversion method"))
    params = forms.CharField(
        label=gettext_lazy("Method parameters (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy(
            'Empty: the published values. Exact numbers: 200, "1/10", "0.5"; e.g. '
            '{"symmetric": false}.'
        ),
    )
    normalisation = forms.ChoiceField(label=gettext_lazy("Tables of 3 and of 4"))
    four_table_factor = forms.CharField(
        label=gettext_lazy("Factor for tables of 4"),
        max_length=20,
        help_text=gettext_lazy('Only with "factor"; exact, e.g. 4/3.'),
    )
    elimination_threshold = forms.IntegerField(
        label=gettext_lazy("Elimination threshold (whists)"),
        required=False,
        help_text=gettext_lazy("A round result worse than this, e.g. -1000; empty: none."),
    )
    elimination_action = forms.ChoiceField(
        label=gettext_lazy("On crossing it"), choices=StandingsSettings.Action.choices
    )
    tie_breaks = forms.CharField(
        label=gettext_lazy("Tie-break chain"),
        max_length=200,
        widget=forms.TextInput(attrs={"size": 60}),
        help_text=gettext_lazy("Names in order, separated by commas."),
    )
    count_adjustments = forms.BooleanField(
        label=gettext_lazy("Referee adjustments count in round results"),
        required=False,
        help_text=gettext_lazy(
            "Kodeks 3.8.5.1 compensation and disciplinary whists recorded outside the sheet."
        ),
    )
    published_through = forms.IntegerField(
        label=gettext_lazy("The public sees results through round"),
        required=False,
        min_value=1,
        help_text=gettext_lazy("Empty: no results are public yet."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        method_field: Any = self.fields["method"]
        method_field.choices = [(n, METHOD_LABELS.get(n, n)) for n in points.METHODS]
        normalisation_field: Any = self.fields["normalisation"]
        normalisation_field.choices = [
            (n, NORMALISATION_LABELS.get(n, n)) for n in points.NORMALISATIONS
        ]

    @classmethod
    def for_settings(cls, settings: StandingsSettings) -> SettingsForm:
        return cls(
            initial={
                "method": settings.method,
                "params": json.dumps(settings.params, ensure_ascii=False)
                if settings.params
                else "",
                "normalisation": settings.normalisation,
                "four_table_factor": settings.four_table_factor,
                "elimination_threshold": settings.elimination_threshold,
                "elimination_action": settings.elimination_action,
                "tie_breaks": ", ".join(settings.tie_breaks),
                "count_adjustments": settings.count_adjustments,
                "published_through": settings.published_through,
            }
        )

    def clean_params(self) -> dict[str, Any]:
        text = self.cleaned_data["params"].strip()
        if not text:
            return {}
        try:
            value = json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError as error:
            raise ValidationError(
                _("This is not valid JSON: %(error)s") % {"error": error.msg}
            ) from None
        if not isinstance(value, dict):
            raise ValidationError(_('Write the parameters as a JSON object: {"name": value}.'))
        return dict(_exact_json(value))

    def clean_tie_breaks(self) -> list[str]:
        text = self.cleaned_data["tie_breaks"].replace(";", ",")
        return [name.strip() for name in text.split(",") if name.strip()]


class DrawLotForm(forms.Form):
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=0,
        help_text=gettext_lazy("Empty: a random seed, recorded with the lot."),
    )
    witness = forms.CharField(label=gettext_lazy("Witness"), max_length=200, required=False)
    reason = forms.CharField(
        label=gettext_lazy("Reason (to draw again)"), max_length=500, required=False
    )


class LotForm(forms.Form):
    """The lot drawn at the venue, one number per player."""

    witness = forms.CharField(label=gettext_lazy("Witness"), max_length=200, required=False)
    reason = forms.CharField(
        label=gettext_lazy("Reason (to change a recorded lot)"), max_length=500, required=False
    )

    def __init__(
        self, entries: list[Registration], lots: dict[str, int], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"lot_{entry.pk}"] = forms.IntegerField(
                label=entry.player.name,
                required=False,
                min_value=1,
                initial=lots.get(str(entry.pk)),
                widget=forms.NumberInput(attrs={"class": "lot-number"}),
            )

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"lot_{entry.pk}"] for entry in self.entries]

    def lots(self) -> dict[int, int]:
        return {
            entry.pk: self.cleaned_data[f"lot_{entry.pk}"]
            for entry in self.entries
            if self.cleaned_data.get(f"lot_{entry.pk}") is not None
        }


def _apply(request: HttpRequest, form: forms.Form, action: Callable[[], Any], done: str) -> bool:
    """Run a service; its error lands at the form field it names, or above the form."""
    try:
        action()
    except NotAllowed as refused:
        raise PermissionDenied(refused.message) from None
    except ServiceError as error:
        errors = getattr(error, "errors", None) or {error.field: error.message}
        for field, message in errors.items():
            form.add_error(field if field in form.fields else None, message)
        messages.error(request, _("Nothing was saved: see the messages at the fields."))
        return False
    messages.success(request, done)
    return True


@login_required
def manage_standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament: Tournament = tournament_for(request, slug)
    if not is_chief(request.user, tournament):
        raise PermissionDenied(_("Only the chief referee may change the standings settings."))
    current = services.settings_of(tournament)
    entries = list(Registration.objects.filter(tournament=tournament).select_related("player"))
    settings_form = SettingsForm.for_settings(current)
    draw_form = DrawLotForm(prefix="draw")
    lot_form = LotForm(entries, current.lots, prefix="lot")
    if request.method == "POST":
        user, action = request.user, request.POST.get("action")
        if action == "settings":
            settings_form = SettingsForm(request.POST)
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
            "methods": method_defaults(),
            "tie_breaks": [(n, TIE_BREAK_LABELS.get(n, n)) for n in ranking.METRICS],
        },
    )
