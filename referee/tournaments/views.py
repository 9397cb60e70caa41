"""Tournament pages: the public list and front page, and the organiser's surface under
``/t/<slug>/manage/`` (set-up, players, imports, officials). Views read and show; every change
goes through ``services``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from referee.core.confirm import ask, confirmed
from referee.core.permissions import (
    is_chief,
    is_official,
    may_create_tournaments,
    may_view,
    rounds_seen,
)
from referee.core.posts import get_leads_to, nothing_done
from referee.core.refusals import attempt

from . import services
from .confirmations import finish_summary, start_summary, withdraw_summary
from .conventions import preset_name
from .forms import (
    ConventionForm,
    ExistingPlayerForm,
    ForbiddenPairForm,
    ImportConfirmForm,
    ImportUploadForm,
    PairForm,
    PlayerForm,
    SettingsForm,
    WithdrawForm,
    sign_rows,
)
from .models import ActionLog, Registration, Tournament
from .registry import proposals
from .search import folded, players_to_register
from .steps import round_to_seat
from .surfaces import manage_page, public_page

SEARCH_LIMIT = 20


def _to(name: str) -> Any:
    """Where a GET on a button's address leads: the organiser's page ``name``."""
    return lambda tournament, *args, **kwargs: reverse(name, args=[tournament.slug])


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__status="active"))
    )
    visible = [t for t in tournaments if may_view(request.user, t)]
    for t in visible:
        t.convention_name = preset_name(t.convention)  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/home.html",
        {"tournaments": visible, "may_create": may_create_tournaments(request.user)},
    )


@public_page
def detail(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = list(tournament.rounds.annotate(table_count=Count("tables")).order_by("number"))
    official = is_official(request.user, tournament)
    for r in rounds:
        r.tournament = tournament  # the rule reads it; the one already found
    seen = rounds_seen(request.user, tournament, rounds)
    for r in rounds:
        r.results_visible = r.number in seen  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "convention_name": preset_name(tournament.convention),
            "official": official,
            "chief": is_chief(request.user, tournament),
            "seat_next": round_to_seat(tournament, rounds),
        },
    )


# -- the organiser's surface ---------------------------------------------------------------


def _page(request: HttpRequest, template: str, tournament: Tournament, **context: Any) -> Any:
    return render(
        request, f"tournaments/{template}", {"tournament": tournament, "chief": True, **context}
    )


@manage_page
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    counts = tournament.entries.aggregate(
        active=Count("pk", filter=Q(status=Registration.Status.ACTIVE)),
        withdrawn=Count("pk", filter=Q(status=Registration.Status.WITHDRAWN)),
    )
    rounds = list(tournament.rounds.annotate(table_count=Count("tables")).order_by("number"))
    log = tournament.log.select_related("user")[:20]
    return _page(
        request,
        "manage.html",
        tournament,
        counts=counts,
        rounds=rounds,
        current=rounds[-1] if rounds else None,
        seat_next=round_to_seat(tournament, rounds),
        log=log,
        min_players=services.MIN_PLAYERS,
    )


@manage_page
def manage_start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The start's summary (also on a GET: a reload of the summary shows it again), then the
    start; the organiser lands on the overview, where round 1 is seated."""
    back = reverse("manage", args=[tournament.slug])
    if request.method != "POST" and tournament.status != Tournament.Status.DRAFT:
        return nothing_done(request, back)
    if not confirmed(request):
        return ask(request, start_summary(tournament), back, {"tournament": tournament})
    attempt(
        request,
        lambda: services.start_tournament(tournament.pk, request.user),
        _("The tournament has started; its convention is now fixed. Now seat round 1."),
    )
    return redirect(back + "#next-step")


@manage_page
@get_leads_to(_to("manage"))
def manage_finish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The finish's summary first, like the start's; then the finish."""
    if not confirmed(request):
        back = reverse("manage", args=[tournament.slug])
        return ask(request, finish_summary(tournament), back, {"tournament": tournament})
    attempt(
        request,
        lambda: services.finish_tournament(tournament.pk, request.user),
        _("The tournament is finished."),
    )
    return redirect("manage", tournament.slug)


def _entries(tournament: Tournament) -> list[Registration]:
    """The players alphabetically, ё with е (as the public list: ``search.folded``)."""
    entries = tournament.entries.select_related(
        "player", "substitute_for__player"
    ).prefetch_related(
        Prefetch("substitutes", queryset=Registration.objects.select_related("player"))
    )
    return sorted(entries, key=lambda e: (folded(e.player.name), e.player.name, e.pk))


@manage_page
def manage_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    settings_form = SettingsForm(initial=SettingsForm.initial_for(tournament))
    convention_form = ConventionForm(initial=ConventionForm.initial_for(tournament))
    if request.method == "POST":
        section = request.POST.get("section")
        if section == "convention":
            convention_form = ConventionForm(request.POST)
            if convention_form.is_valid():
                data = convention_form.cleaned_data
                if attempt(
                    request,
                    lambda: services.set_convention(
                        tournament.pk, data["convention"], data["options"], request.user
                    ),
                    _("The convention is saved."),
                    form=convention_form,
                ):
                    return redirect("manage-settings", tournament.slug)
        else:
            settings_form = SettingsForm(request.POST)
            if settings_form.is_valid():
                chosen = settings_form.cleaned_data
                if attempt(
                    request,
                    lambda: services.update_settings(tournament.pk, chosen, request.user),
                    _("The settings are saved."),
                    form=settings_form,
                ):
                    return redirect("manage-settings", tournament.slug)
    entries = list(tournament.entries.select_related("player"))
    names = {e.pk: e.player.name for e in entries}
    pairs = [
        (pair, names.get(pair[0], f"#{pair[0]}"), names.get(pair[1], f"#{pair[1]}"))
        for pair in tournament.forbidden_pairs
    ]
    return _page(
        request,
        "manage_settings.html",
        tournament,
        settings_form=settings_form,
        frozen=services.frozen_fields(tournament),
        convention_form=convention_form,
        option_rows=list(convention_form.rows(tournament, editable=not tournament.frozen)),
        pair_form=ForbiddenPairForm(entries=entries),
        pairs=pairs,
    )


@manage_page
@get_leads_to(_to("manage-settings"))
def manage_pair_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ForbiddenPairForm(
        request.POST, entries=list(tournament.entries.select_related("player"))
    )
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        attempt(
            request,
            lambda: services.add_forbidden_pair(tournament.pk, first, second, request.user),
            _("The two players will never sit at one table."),
        )
    else:
        messages.error(request, _("Choose two registered players."))
    return redirect("manage-settings", tournament.slug)


@manage_page
@get_leads_to(_to("manage-settings"))
def manage_pair_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PairForm(request.POST)
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        attempt(
            request,
            lambda: services.remove_forbidden_pair(tournament.pk, first, second, request.user),
            _("The two players may meet again."),
        )
    return redirect("manage-settings", tournament.slug)


@manage_page
def manage_players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PlayerForm()
    if request.method == "POST":
        existing = ExistingPlayerForm(request.POST)
        choice: int | services.PlayerDetails | None = None
        if "player" in request.POST:
            if existing.is_valid():
                choice = existing.cleaned_data["player"]
        else:
            form = PlayerForm(request.POST)
            if form.is_valid():
                choice = form.details()
        if choice is not None:
            chosen = choice
            registered = attempt(  # a registry player's refusal above the page, else at the form
                request,
                lambda: services.register_player(tournament.pk, chosen, request.user),
                form=None if isinstance(choice, int) else form,
            )
            if registered.value is not None:
                name = registered.value.player.name
                messages.success(request, _("%(name)s is registered.") % {"name": name})
                return redirect("manage-players", tournament.slug)
    query = request.GET.get("q", "")
    entries = _entries(tournament)
    return _page(
        request,
        "manage_players.html",
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
@get_leads_to(_to("manage-players"))
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
    return _page(
        request,
        "manage_substitute.html",
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
            return _page(
                request,
                "manage_import_preview.html",
                tournament,
                preview=preview,
                filename=upload.name,
                valid_count=len(valid),
                proposed=proposals(preview.valid_rows),
                confirm=ImportConfirmForm(
                    initial={"payload": sign_rows(tournament, valid)}, tournament=tournament
                ),
            )
    return _page(request, "manage_import.html", tournament, form=form)


@manage_page
@get_leads_to(_to("manage-import"))
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


@manage_page
def manage_log(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The action log, newest first; ``?type=tables.deal&id=5``: one object's history."""
    entries = ActionLog.objects.filter(tournament=tournament).select_related("user")
    about = request.GET.get("type", ""), request.GET.get("id", "")
    if about[0] and about[1].isdecimal():
        entries = entries.filter(subject_type=about[0], subject_id=int(about[1]))
    else:
        about = ("", "")
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    return _page(request, "manage_log.html", tournament, page=page, about=about)
