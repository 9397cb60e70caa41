"""Tournament pages: the public list and front page, and the organiser's surface under
``/t/<slug>/manage/`` (set-up, players, imports, officials). Views read and show; every change
goes through ``services``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.accounts.models import Role
from referee.accounts.permissions import is_chief, is_official, may_view
from referee.core.errors import NotAllowed, ServiceError
from referee.tables.models import Seat

from . import services
from .forms import (
    ConventionForm,
    ExistingPlayerForm,
    ForbiddenPairForm,
    GrantRoleForm,
    ImportConfirmForm,
    ImportUploadForm,
    PairForm,
    PlayerForm,
    RefereeAssignmentForm,
    RevokeRoleForm,
    SettingsForm,
    WithdrawForm,
    add_service_error,
    sign_rows,
)
from .models import ActionLog, Player, Registration, Round, Tournament

SEARCH_LIMIT = 20


def tournament_for(request: HttpRequest, slug: str) -> Tournament:
    """The tournament of the URL, or 404 when the user may not see it."""
    tournament = get_object_or_404(Tournament.objects.select_related("chief_referee"), slug=slug)
    if not may_view(request.user, tournament):
        raise Http404
    return tournament


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__status="active"))
    )
    visible = [t for t in tournaments if may_view(request.user, t)]
    return render(request, "tournaments/home.html", {"tournaments": visible})


def detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    rounds = tournament.rounds.annotate(table_count=Count("tables")).order_by("number")
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "official": is_official(request.user, tournament),
            "chief": is_chief(request.user, tournament),
        },
    )


# -- the organiser's surface ---------------------------------------------------------------

View = Callable[..., HttpResponse]


def chief_page(view: View) -> View:
    """Only the tournament's chief referees: anonymous users go to the login page, others
    get 403 (404 when they may not even see the tournament)."""

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = tournament_for(request, slug)
        if not is_chief(request.user, tournament):
            raise PermissionDenied
        try:
            return view(request, tournament, *args, **kwargs)
        except NotAllowed:
            raise PermissionDenied from None

    return login_required(wrapper)


def _page(request: HttpRequest, template: str, tournament: Tournament, **context: Any) -> Any:
    return render(
        request, f"tournaments/{template}", {"tournament": tournament, "chief": True, **context}
    )


def _done(request: HttpRequest, text: str) -> None:
    messages.success(request, text)


def _refused(request: HttpRequest, error: ServiceError) -> None:
    messages.error(request, error.message)


def _attempt(request: HttpRequest, action: Callable[[], object], done: str) -> bool:
    """Run a service; a refusal becomes a message (``NotAllowed`` stays a 403)."""
    try:
        action()
    except NotAllowed:
        raise
    except ServiceError as error:
        _refused(request, error)
        return False
    _done(request, done)
    return True


@chief_page
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    counts = tournament.entries.aggregate(
        active=Count("pk", filter=Q(status=Registration.Status.ACTIVE)),
        withdrawn=Count("pk", filter=Q(status=Registration.Status.WITHDRAWN)),
    )
    rounds = tournament.rounds.annotate(table_count=Count("tables")).order_by("number")
    log = tournament.log.select_related("user")[:20]
    return _page(
        request,
        "manage.html",
        tournament,
        counts=counts,
        rounds=rounds,
        log=log,
        min_players=services.MIN_PLAYERS,
    )


@chief_page
@require_POST
def manage_start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    _attempt(
        request,
        lambda: services.start_tournament(tournament.pk, request.user),
        _("The tournament has started; its convention is now fixed."),
    )
    return redirect("manage", tournament.slug)


@chief_page
@require_POST
def manage_finish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    _attempt(
        request,
        lambda: services.finish_tournament(tournament.pk, request.user),
        _("The tournament is finished."),
    )
    return redirect("manage", tournament.slug)


def _entries(tournament: Tournament) -> list[Registration]:
    return list(
        tournament.entries.select_related("player", "substitute_for__player").prefetch_related(
            Prefetch("substitutes", queryset=Registration.objects.select_related("player"))
        )
    )


@chief_page
def manage_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    settings_form = SettingsForm(initial=SettingsForm.initial_for(tournament))
    convention_form = ConventionForm(initial=ConventionForm.initial_for(tournament))
    if request.method == "POST":
        section = request.POST.get("section")
        if section == "convention":
            convention_form = ConventionForm(request.POST)
            if convention_form.is_valid():
                data = convention_form.cleaned_data
                try:
                    services.set_convention(
                        tournament.pk, data["convention"], data["options"], request.user
                    )
                except NotAllowed:
                    raise
                except ServiceError as error:
                    add_service_error(convention_form, error)
                else:
                    _done(request, _("The convention is saved."))
                    return redirect("manage-settings", tournament.slug)
        else:
            settings_form = SettingsForm(request.POST)
            if settings_form.is_valid():
                try:
                    services.update_settings(
                        tournament.pk, settings_form.cleaned_data, request.user
                    )
                except NotAllowed:
                    raise
                except ServiceError as error:
                    add_service_error(settings_form, error)
                else:
                    _done(request, _("The settings are saved."))
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
        convention_form=convention_form,
        option_rows=list(convention_form.rows(tournament, editable=not tournament.frozen)),
        pair_form=ForbiddenPairForm(entries=entries),
        pairs=pairs,
    )


@chief_page
@require_POST
def manage_pair_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ForbiddenPairForm(
        request.POST, entries=list(tournament.entries.select_related("player"))
    )
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        _attempt(
            request,
            lambda: services.add_forbidden_pair(tournament.pk, first, second, request.user),
            _("The two players will never sit at one table."),
        )
    else:
        messages.error(request, _("Choose two registered players."))
    return redirect("manage-settings", tournament.slug)


@chief_page
@require_POST
def manage_pair_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PairForm(request.POST)
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        _attempt(
            request,
            lambda: services.remove_forbidden_pair(tournament.pk, first, second, request.user),
            _("The two players may meet again."),
        )
    return redirect("manage-settings", tournament.slug)


def _search(tournament: Tournament, query: str) -> list[Player]:
    """Players of earlier tournaments by name (any case of the first letter) or federation id."""
    query = " ".join(query.split())
    if not query:
        return []
    match = Q(federation_id=query)
    for variant in {query, query.lower(), query.capitalize(), query.title()}:
        match |= Q(name__icontains=variant)
    return list(Player.objects.filter(match).exclude(entries__tournament=tournament)[:SEARCH_LIMIT])


@chief_page
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
            try:
                entry = services.register_player(tournament.pk, choice, request.user)
            except NotAllowed:
                raise
            except ServiceError as error:
                if isinstance(choice, int):
                    _refused(request, error)
                else:
                    add_service_error(form, error)
            else:
                _done(request, _("%(name)s is registered.") % {"name": entry.player.name})
                return redirect("manage-players", tournament.slug)
    query = request.GET.get("q", "")
    return _page(
        request,
        "manage_players.html",
        tournament,
        entries=_entries(tournament),
        form=form,
        query=query,
        found=_search(tournament, query),
        latest_round=services.latest_round(tournament),
    )


def _entry(tournament: Tournament, registration: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), pk=registration, tournament=tournament
    )


@chief_page
@require_POST
def manage_withdraw(
    request: HttpRequest, tournament: Tournament, registration: int
) -> HttpResponse:
    entry = _entry(tournament, registration)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        _attempt(
            request,
            lambda: services.withdraw_player(
                entry.pk, request.user, after_round=data["after_round"], reason=data["reason"]
            ),
            _("%(name)s has withdrawn.") % {"name": entry.player.name},
        )
    else:
        messages.error(request, _("Give the round after which the player leaves."))
    return redirect("manage-players", tournament.slug)


@chief_page
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
            try:
                substitute = services.substitute_player(
                    entry.pk, choice, request.user, reason=request.POST.get("reason", "")
                )
            except NotAllowed:
                raise
            except ServiceError as error:
                if isinstance(choice, int):
                    _refused(request, error)
                else:
                    add_service_error(form, error)
            else:
                _done(
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
        found=_search(tournament, query),
    )


@chief_page
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
                confirm=ImportConfirmForm(
                    initial={"payload": sign_rows(tournament, valid)}, tournament=tournament
                ),
            )
    return _page(request, "manage_import.html", tournament, form=form)


@chief_page
@require_POST
def manage_import_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ImportConfirmForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for error in form.errors.get("payload", []):
            messages.error(request, error)
        return redirect("manage-import", tournament.slug)
    try:
        result = services.import_players(tournament.pk, form.cleaned_data["payload"], request.user)
    except NotAllowed:
        raise
    except ServiceError as error:
        _refused(request, error)
        return redirect("manage-import", tournament.slug)
    _done(request, _("%(n)s players are registered.") % {"n": len(result.registered)})
    for line, why in result.skipped:
        messages.warning(request, _("Line %(line)s skipped: %(why)s") % {"line": line, "why": why})
    return redirect("manage-players", tournament.slug)


@chief_page
def manage_staff(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = GrantRoleForm()
    if request.method == "POST":
        form = GrantRoleForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                role = services.grant_role(
                    tournament.pk, data["username"], data["kind"], request.user, data["password"]
                )
            except NotAllowed:
                raise
            except ServiceError as error:
                add_service_error(form, error)
            else:
                _done(
                    request,
                    _("%(name)s is now %(role)s.")
                    % {"name": role.user.get_username(), "role": role.get_kind_display()},
                )
                return redirect("manage-staff", tournament.slug)
    roles = (
        Role.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("kind", "user__username")
    )
    return _page(
        request,
        "manage_staff.html",
        tournament,
        form=form,
        roles=roles,
        rounds=tournament.rounds.order_by("number"),
    )


@chief_page
@require_POST
def manage_staff_revoke(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RevokeRoleForm(request.POST)
    if form.is_valid():
        username = form.cleaned_data["username"]
        try:
            services.revoke_role(
                tournament.pk, username, request.user, reason=form.cleaned_data["reason"]
            )
        except NotAllowed:
            raise
        except ServiceError as error:
            _refused(request, error)
        else:
            _done(request, _("%(name)s is no longer an official here.") % {"name": username})
    return redirect("manage-staff", tournament.slug)


@chief_page
def manage_referees(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    tables = list(
        round_.tables.order_by("number").prefetch_related(
            "referees",
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("registration__player").order_by("position"),
            ),
        )
    )
    people = services.officials(tournament)
    form = RefereeAssignmentForm(tables=tables, officials=people)
    if request.method == "POST":
        form = RefereeAssignmentForm(request.POST, tables=tables, officials=people)
        if form.is_valid():
            try:
                with transaction.atomic():
                    for table, wanted in form.changed_tables():
                        services.assign_referees(table.pk, wanted, request.user)
            except NotAllowed:
                raise
            except ServiceError as error:
                _refused(request, error)
            else:
                _done(request, _("The referees of round %(n)s are saved.") % {"n": number})
                return redirect("manage-referees", tournament.slug, number)
    rows = [(table, form[f"table-{table.pk}"]) for table in tables]
    return _page(request, "manage_referees.html", tournament, round=round_, rows=rows)


@chief_page
def manage_log(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entries = ActionLog.objects.filter(tournament=tournament).select_related("user")
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    return _page(request, "manage_log.html", tournament, page=page)
