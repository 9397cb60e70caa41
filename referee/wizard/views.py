"""``/t/new/``: the organiser's wizard. Thin: the form reads, the services decide."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.permissions import chief_of_filter, may_create_tournaments
from referee.core.refusals import add_refusal, outcome_of
from referee.standings import services as standings
from referee.standings.services.settings import InvalidSettings
from referee.tournaments.conventions import PRESET_LABELS
from referee.tournaments.models import Tournament
from referee.tournaments.slugs import TRANSLIT

from . import services
from .forms import CopyForm, WizardForm


def _sources(user: Any) -> list[Tournament]:
    if user.is_superuser:
        return list(Tournament.objects.order_by("-starts_on")[:50])
    return list(Tournament.objects.filter(chief_of_filter(user)).distinct().order_by("-starts_on"))


def _create(user: Any, form: WizardForm) -> Tournament:
    data = form.cleaned_data
    return services.create_tournament(
        user,
        form.tournament_values(),
        copy_players_from=data.get("copy_from") if data.get("copy_players") else None,
        co_chief=data.get("co_chief") or "",
        standings_settings={"method": data["method"], "tie_breaks": data["tie_breaks"]},
    )


@login_required
def new_tournament(request: HttpRequest) -> HttpResponse:
    if not may_create_tournaments(request.user):
        raise PermissionDenied
    sources = _sources(request.user)
    copy = CopyForm(request.GET or None, sources=sources)
    initial: dict[str, Any] = {}
    if copy.is_bound and copy.is_valid() and copy.cleaned_data["copy"]:
        source = next(t for t in sources if t.pk == copy.cleaned_data["copy"])
        kept = standings.settings_of(source)
        initial = WizardForm.initial_from(source, kept.method, list(kept.tie_breaks))
    form = WizardForm(initial=initial)
    if request.method == "POST":
        form = WizardForm(request.POST)
        if form.is_valid():
            created = outcome_of(lambda: _create(request.user, form))
            error = created.refusal
            if isinstance(error, InvalidSettings):
                for field, message in error.errors.items():
                    form.add_error("tie_0" if field == "tie_breaks" else None, message)
            elif error is not None:
                if error.field in ("username", "password", "kind"):
                    error.field = "co_chief"
                if error.field and f"opt_{error.field}" in form.fields:
                    error.field = f"opt_{error.field}"
                add_refusal(form, error)
            elif created.value is not None:
                tournament = created.value
                messages.success(
                    request,
                    _("%(name)s is created and you are its chief referee. Now add the players.")
                    % {"name": tournament.name},
                )
                return redirect("manage", tournament.slug)
    return render(
        request,
        "wizard/new.html",
        {
            "form": form,
            "copy_form": copy,
            "has_sources": bool(sources),
            "translit": TRANSLIT,
            "presets": PRESET_LABELS,
        },
    )
