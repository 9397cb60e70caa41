"""Tournament pages: the public list and front page, and the organiser's surface under
``/t/<slug>/manage/`` (the overview, start and finish, settings, the log; the players and
their imports are ``player_views``). Views read and show; every change goes through
``services``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from referee.core.confirm import ask, confirmed
from referee.core.kept import any_change, kept_page
from referee.core.permissions import (
    is_chief,
    is_official,
    may_create_tournaments,
    rounds_seen,
)
from referee.core.posts import get_leads_to, nothing_done
from referee.core.refusals import attempt

from . import services
from .confirmations import finish_summary, start_summary
from .conventions import preset_name
from .forms import (
    ConventionForm,
    ForbiddenPairForm,
    PairForm,
    SettingsForm,
)
from .models import ActionLog, Registration, Tournament
from .steps import round_to_seat
from .surfaces import manage_page, manage_render, manage_url, public_page

HOME_PAGE = 30  # tournaments a page of the list (issue 33: as fast with a thousand as with one)
#: what a card of the list shows (not the schedules and options of thirty tournaments)
LISTED = ("name", "slug", "starts_on", "ends_on", "venue", "status", "convention")


@kept_page(any_change)
def home(request: HttpRequest) -> HttpResponse:
    """The tournaments the reader may see, the latest first, a page at a time; ``?season=``
    (a year) and ``?city=`` (a part of the venue) narrow them."""
    user = request.user
    seen = Q(published=True)
    if getattr(user, "is_superuser", False):
        seen = Q()
    elif user.is_authenticated:
        seen |= Q(chief_referee=user) | Q(pk__in=user.roles.values("tournament"))
    found = Tournament.objects.filter(seen)
    season = request.GET.get("season", "")
    if season.isdecimal() and len(season) == 4:
        found = found.filter(starts_on__year=int(season))
    city = request.GET.get("city", "").strip()[:100]
    if city:
        found = found.filter(venue__icontains=city)
    # the order of the index ``tournament_list`` (a page is read off it, not sorted out of
    # every tournament); the players counted for the page's thirty only, by their
    # registrations' index, not by a join over every registration of the archive (issue 33)
    listed = found.only(*LISTED).order_by("-starts_on", "-pk")
    page = Paginator(listed, HOME_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    players = dict(
        Registration.objects.filter(
            tournament__in=[t.pk for t in shown], status=Registration.Status.ACTIVE
        )
        .values("tournament")
        .annotate(n=Count("pk"))
        .values_list("tournament", "n")
    )
    for t in shown:
        t.players = players.get(t.pk, 0)
        t.convention_name = preset_name(t.convention)
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": shown,
            "page": page,
            "season": season,
            "city": city,
            "may_create": may_create_tournaments(request.user),
        },
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


@manage_page
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    counts = tournament.entries.aggregate(
        active=Count("pk", filter=Q(status=Registration.Status.ACTIVE)),
        withdrawn=Count("pk", filter=Q(status=Registration.Status.WITHDRAWN)),
    )
    rounds = list(tournament.rounds.annotate(table_count=Count("tables")).order_by("number"))
    log = tournament.log.select_related("user")[:20]
    return manage_render(
        request,
        "tournaments/manage.html",
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
@get_leads_to(manage_url("manage"))
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
    return manage_render(
        request,
        "tournaments/manage_settings.html",
        tournament,
        settings_form=settings_form,
        frozen=services.frozen_fields(tournament),
        convention_form=convention_form,
        option_rows=list(convention_form.rows(tournament, editable=not tournament.frozen)),
        pair_form=ForbiddenPairForm(entries=entries),
        pairs=pairs,
    )


@manage_page
@get_leads_to(manage_url("manage-settings"))
def manage_pair_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ForbiddenPairForm(
        request.POST, entries=list(tournament.entries.select_related("player"))
    )
    if not form.is_valid():
        messages.error(request, _("Choose two registered players."))
    done = _("The two players will never sit at one table.")
    return _pair_change(request, tournament, form, services.add_forbidden_pair, done)


@manage_page
@get_leads_to(manage_url("manage-settings"))
def manage_pair_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PairForm(request.POST)
    done = _("The two players may meet again.")
    return _pair_change(request, tournament, form, services.remove_forbidden_pair, done)


def _pair_change(
    request: HttpRequest,
    tournament: Tournament,
    form: forms.Form,
    service: Callable[[int, int, int, Any], Any],
    done: str,
) -> HttpResponse:
    """A forbidden pair added or removed through ``service``, if ``form`` names the two."""
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        attempt(request, lambda: service(tournament.pk, first, second, request.user), done)
    return redirect("manage-settings", tournament.slug)


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
    return manage_render(request, "tournaments/manage_log.html", tournament, page=page, about=about)
