"""Ratings pages: the rating lists, a player's page across tournaments (history, SVG chart,
head-to-head), the registry's duplicates for the staff, and a tournament's qualification
settings for its organiser. Thin: the services compute and decide."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.kept import any_change, kept_page
from referee.core.permissions import (
    may_manage_rating_list,
    may_manage_registry,
    may_view_rating_list,
)
from referee.core.refusals import attempt
from referee.tournaments.models import Player, Tournament
from referee.tournaments.surfaces import manage_page

from .models import Category, PlayerRating, RatingList
from .services import compute, history, listing, profile, qualification, registry, versions
from .services import page as page_charts
from .surfaces import rating_list_button, rating_list_page, registry_player_page

LIST_PAGE = 100  # players a page of a rating list (issue 33: flat in the registry's size)
LIST_TOURNAMENTS = 20  # the latest tournaments the list names (the others are counted)


def rating_lists(request: HttpRequest) -> HttpResponse:
    lists = [r for r in RatingList.objects.all() if may_view_rating_list(request.user, r)]
    return render(request, "ratings/lists.html", {"lists": lists})


@rating_list_page
def rating_list(request: HttpRequest, chosen: RatingList) -> HttpResponse:
    page = Paginator(
        PlayerRating.objects.filter(rating_list=chosen)
        .select_related("player")
        .order_by("-rating", "pk"),
        LIST_PAGE,
    ).get_page(request.GET.get("page"))
    counted = chosen.tournaments.order_by("-starts_on", "-pk")
    return render(
        request,
        "ratings/list.html",
        {
            "rating_list": chosen,
            "rows": page.object_list,
            "page": page,
            "first": page.start_index(),
            "manager": may_manage_rating_list(request.user, chosen),
            "tournaments": list(counted[:LIST_TOURNAMENTS])[::-1],
            "more_tournaments": max(0, counted.count() - LIST_TOURNAMENTS),
            # the results changed and the background job has not updated the list yet
            "pending": chosen.pending.order_by("asked_at")
            .values_list("asked_at", flat=True)
            .first(),
        },
    )


@require_POST
@rating_list_button
def recompute(request: HttpRequest, chosen: RatingList) -> HttpResponse:
    done = compute.recompute(chosen.pk, request.user)
    if done is None:
        messages.success(request, _("The recompute is queued: the list shows it when done."))
    else:
        messages.success(
            request,
            _("Recomputed: %(games)s tables, %(players)s players.")
            % {"games": done.games, "players": done.players},
        )
    return redirect("rating-list", chosen.slug)


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isdecimal() else None


RECENT_CHANGES = 30  # the rating history's last changes on the page unless ``?all=1``


@registry_player_page
@kept_page(versions.player_pages)
def player(request: HttpRequest, subject: Player) -> HttpResponse:
    everything = request.GET.get("all") == "1"
    page = history.player_page(
        subject,
        request.user,
        request.GET.get("list") or None,
        _number(request.GET.get("vs")),
        recent=None if everything else RECENT_CHANGES,
    )
    found = profile.profile(page.player)
    return render(
        request,
        "ratings/player.html",
        {
            "page": page,
            "profile": found,
            "hidden_changes": page.changes - len(page.history),
            "everything": everything,
            **page_charts.charts(found, page.chart, everything),
        },
    )


@registry_player_page
def versus(request: HttpRequest, subject: Player, other_id: int) -> HttpResponse:
    return render(request, "ratings/versus.html", {"page": profile.versus(subject, other_id)})


@login_required
def duplicates(request: HttpRequest) -> HttpResponse:
    if not may_manage_registry(request.user):
        raise PermissionDenied
    if request.method == "POST":
        keep, duplicate = _number(request.POST.get("keep")), _number(request.POST.get("duplicate"))
        reason = request.POST.get("reason", "")
        merged = attempt(
            request,
            lambda: registry.merge_players(keep or 0, duplicate or 0, request.user, reason),
        )
        if merged.value is not None:
            messages.success(request, _("Merged into %(name)s.") % {"name": merged.value.name})
        return redirect("registry-duplicates")
    return render(request, "ratings/duplicates.html", {"pairs": registry.duplicate_candidates()})


def _qualify(request: HttpRequest, tournament: Tournament) -> None:
    """The posted category, or one division with its players."""
    if "category" in request.POST:
        qualification.set_category(
            tournament.pk, _number(request.POST.get("category")), request.user
        )
    else:
        qualification.set_division(
            tournament.pk,
            request.POST.get("name", ""),
            [int(v) for v in request.POST.getlist("players") if v.isdecimal()],
            request.user,
            _number(request.POST.get("division_category")),
        )


@manage_page
def manage_qualification(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.method == "POST":
        attempt(request, lambda: _qualify(request, tournament), _("Saved."))
        return redirect("manage-qualification", tournament.slug)
    chosen = getattr(tournament, "qualification", None)
    return render(
        request,
        "ratings/manage_qualification.html",
        {
            "tournament": tournament,
            "categories": Category.objects.all(),
            "chosen": chosen.category_id if chosen else None,
            "divisions": tournament.divisions.prefetch_related("entries__player"),
            "entries": tournament.entries.select_related("player"),
            "awards": sorted(
                qualification.qualification_of(tournament).values(),
                key=lambda q: (q.division, q.award.best),
            ),
        },
    )


@kept_page(any_change)
def registry_list(request: HttpRequest) -> HttpResponse:
    """The registry: every player of a published tournament, searched by name (``?q=``)."""
    found = listing.registry_page(request.GET.get("q", ""), _number(request.GET.get("page")) or 1)
    return render(request, "ratings/registry.html", {"page": found})
