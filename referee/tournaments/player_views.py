"""The organiser's players pages under ``/t/<slug>/manage/``: the list and registering,
withdrawing, reinstating and substituting a player, marking a guest, and importing a list of
players. Views read and show; every change goes through ``services``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from referee.core.confirm import ask, confirmed
from referee.core.posts import get_leads_to, nothing_done
from referee.core.refusals import attempt

from . import gates, services
from .confirmations import withdraw_summary
from .forms import (
    ExistingPlayerForm,
    ImportConfirmForm,
    ImportUploadForm,
    PlayerForm,
    WithdrawForm,
    sign_rows,
)
from .models import Registration, Tournament
from .registry import proposals
from .search import folded, players_to_register
from .surfaces import manage_page, manage_render, manage_url

SEARCH_LIMIT = 20


@manage_page
def manage_players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    offered = gates.choices(tournament)
    form = PlayerForm(choices=offered)
    declared: dict[str, str] = {}
    if request.method == "POST":
        existing = ExistingPlayerForm(request.POST)
        choice: int | services.PlayerDetails | None = None
        if "player" in request.POST:
            if existing.is_valid():
                choice = existing.cleaned_data["player"]
        else:
            form = PlayerForm(request.POST, choices=offered)
            if form.is_valid():
                choice, declared = form.details(), form.declared()
        if choice is not None:
            chosen = choice
            registered = attempt(  # a registry player's refusal above the page, else at the form
                request,
                lambda: services.register_player(
                    tournament.pk, chosen, request.user, choices=declared
                ),
                form=None if isinstance(choice, int) else form,
            )
            if registered.value is not None:
                name = registered.value.player.name
                messages.success(request, _("%(name)s is registered.") % {"name": name})
                return redirect("manage-players", tournament.slug)
    query = request.GET.get("q", "")
    entries = _entries(tournament)
    return manage_render(
        request,
        "tournaments/manage_players.html",
        tournament,
        entries=entries,
        active_count=sum(e.status == Registration.Status.ACTIVE for e in entries),
        min_players=services.MIN_PLAYERS,
        form=form,
        query=query,
        found=players_to_register(tournament, query, SEARCH_LIMIT),
        latest_round=services.latest_round(tournament),
    )


def _entry(tournament: Tournament, registration: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )


@manage_page
def manage_withdraw(
    request: HttpRequest, tournament: Tournament, registration: int
) -> HttpResponse:
    """What the withdrawal does, then (``confirmed``) the withdrawal; a GET shows the summary
    with the latest round."""
    entry = _entry(tournament, registration)
    back = reverse("manage-players", args=[tournament.slug])
    if request.method != "POST":
        if entry.status != Registration.Status.ACTIVE:
            return nothing_done(request, back)
        data: dict[str, Any] = {"after_round": services.latest_round(tournament), "reason": ""}
    else:
        form = WithdrawForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Give the round after which the player leaves."))
            return redirect(back)
        data = form.cleaned_data
    if not confirmed(request):
        summary = withdraw_summary(tournament, entry, **data)
        return ask(request, summary, back, {"tournament": tournament})
    attempt(
        request,
        lambda: services.withdraw_player(
            entry.pk, request.user, after_round=data["after_round"], reason=data["reason"]
        ),
        _("%(name)s has withdrawn.") % {"name": entry.player.name},
    )
    return redirect(back)


@manage_page
@get_leads_to(manage_url("manage-players"))
def manage_reinstate(
    request: HttpRequest, tournament: Tournament, registration: int
) -> HttpResponse:
    """Undo a withdrawal before the tournament starts."""
    entry = _entry(tournament, registration)
    attempt(
        request,
        lambda: services.reinstate_player(entry.pk, request.user),
        _("%(name)s is back on the list of players.") % {"name": entry.player.name},
    )
    return redirect("manage-players", tournament.slug)


@manage_page
@get_leads_to(manage_url("manage-players"))
def manage_guest(request: HttpRequest, tournament: Tournament, registration: int) -> HttpResponse:
    """Mark the player a guest whose results do not count, or count him again (``guest``
    posted "0"; TOURNAMENTS §6.4)."""
    entry = _entry(tournament, registration)
    guest = request.POST.get("guest", "1") != "0"
    name = entry.player.name
    attempt(
        request,
        lambda: services.mark_guest(
            entry.pk, request.user, guest=guest, reason=request.POST.get("reason", "")
        ),
        (
            _("%(name)s is a guest: his results do not count.")
            if guest
            else _("%(name)s counts again.")
        )
        % {"name": name},
    )
    return redirect("manage-players", tournament.slug)


@manage_page
def manage_substitute(
    request: HttpRequest, tournament: Tournament, registration: int
) -> HttpResponse:
    entry = _entry(tournament, registration)
    form = PlayerForm()
    if request.method == "POST":
        choice: int | services.PlayerDetails | None = None
        if "player" in request.POST:
            existing = ExistingPlayerForm(request.POST)
            if existing.is_valid():
                choice = existing.cleaned_data["player"]
        else:
            form = PlayerForm(request.POST)
            if form.is_valid():
                choice = form.details()
        if choice is not None:
            chosen, reason = choice, request.POST.get("reason", "")
            substituted = attempt(
                request,
                lambda: services.substitute_player(entry.pk, chosen, request.user, reason=reason),
                form=None if isinstance(choice, int) else form,
            )
            if substituted.value is not None:
                substitute = substituted.value
                messages.success(
                    request,
                    _("%(new)s replaces %(old)s from the next round.")
                    % {"new": substitute.player.name, "old": entry.player.name},
                )
                return redirect("manage-players", tournament.slug)
    query = request.GET.get("q", "")
    return manage_render(
        request,
        "tournaments/manage_substitute.html",
        tournament,
        entry=entry,
        form=form,
        query=query,
        found=players_to_register(tournament, query, SEARCH_LIMIT),
    )


@manage_page
def manage_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ImportUploadForm()
    if request.method == "POST":
        form = ImportUploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            preview = services.preview_import(
                tournament, upload.read(), upload.name or "", request.user
            )
            valid = [row.data() for row in preview.valid_rows]
            return manage_render(
                request,
                "tournaments/manage_import_preview.html",
                tournament,
                preview=preview,
                filename=upload.name,
                valid_count=len(valid),
                proposed=proposals(preview.valid_rows),
                confirm=ImportConfirmForm(
                    initial={"payload": sign_rows(tournament, valid)}, tournament=tournament
                ),
            )
    return manage_render(request, "tournaments/manage_import.html", tournament, form=form)


@manage_page
@get_leads_to(manage_url("manage-import"))
def manage_import_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ImportConfirmForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for error in form.errors.get("payload", []):
            messages.error(request, str(error))  # a message (the stub: or its ValidationError)
        return redirect("manage-import", tournament.slug)
    same_as = _same_as(request.POST.getlist("same_as"))
    imported = attempt(
        request,
        lambda: services.import_players(
            tournament.pk, form.cleaned_data["payload"], request.user, same_as=same_as
        ),
    )
    result = imported.value
    if result is None:
        return redirect("manage-import", tournament.slug)
    messages.success(request, _("%(n)s players are registered.") % {"n": len(result.registered)})
    for line, why in result.skipped:
        messages.warning(request, _("Line %(line)s skipped: %(why)s") % {"line": line, "why": why})
    return redirect("manage-players", tournament.slug)


def _same_as(values: list[str]) -> dict[int, int]:
    """The confirmed registry matches of an import, "line:player" each (the rest ignored)."""
    out = {}
    for value in values:
        line, _sep, player = value.partition(":")
        if line.isdecimal() and player.isdecimal():
            out[int(line)] = int(player)
    return out


def _entries(tournament: Tournament) -> list[Registration]:
    """The players alphabetically, ё with е (as the public list: ``search.folded``)."""
    entries = tournament.entries.select_related(
        "player", "substitute_for__player"
    ).prefetch_related(
        Prefetch("substitutes", queryset=Registration.objects.select_related("player"))
    )
    return sorted(entries, key=lambda e: (folded(e.player.name), e.player.name, e.pk))
