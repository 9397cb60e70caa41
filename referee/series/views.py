"""Cups and seasons' pages: the list, a series' standings (its XLSX and PDF are the exporter
``series-standings``, ``exporters``), a new series and a series' management page (its
organisers'). Thin: the services compute and decide."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.kept import kept_page
from referee.core.permissions import (
    may_create_series,
    may_manage_series,
    may_view,
)
from referee.core.refusals import attempt
from referee.tournaments.models import Tournament

from . import cached, services
from .forms import SeriesForm
from .models import Series
from .surfaces import series_manage_page, series_page


def series_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "series/list.html",
        {
            "all_series": services.visible_series(request.user),
            "may_create": may_create_series(request.user),
        },
    )


@series_page
@kept_page(cached.page_version)
def series_standings(request: HttpRequest, series: Series) -> HttpResponse:
    table = attempt(request, lambda: cached.series_table(series))
    return render(
        request,
        "series/standings.html",
        {
            "series": series,
            "table": table.value,
            "manager": may_manage_series(request.user, series),
        },
    )


@login_required
def series_new(request: HttpRequest) -> HttpResponse:
    if not may_create_series(request.user):
        raise PermissionDenied
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        made = attempt(
            request,
            lambda: services.create_series(request.user, form.values()),
            _("Saved."),
            form=form,
        )
        if made.value is not None:
            return redirect("series-manage", made.value.slug)
    return render(request, "series/new.html", {"form": form})


def _post(request: HttpRequest, series: Series, form: SeriesForm) -> bool:
    """One posted section of the management page; True when done."""
    section = request.POST.get("section")
    if section == "rules":
        if not form.is_valid():
            return False
        return bool(
            attempt(
                request,
                lambda: services.update_series(series.pk, request.user, form.values()),
                _("Saved."),
                form=form,
            )
        )
    chosen = request.POST.get("tournament", "")
    key: int | str = int(chosen) if chosen.isdecimal() else chosen
    if section == "add":
        weight = request.POST.get("weight", "1")
        return bool(
            attempt(
                request,
                lambda: services.add_tournament(series.pk, key, request.user, weight),
                _("Tournament added."),
            )
        )
    if section == "remove":
        return bool(
            attempt(
                request,
                lambda: services.remove_tournament(series.pk, key, request.user),
                _("Tournament removed."),
            )
        )
    return False


@series_manage_page
def series_manage(request: HttpRequest, series: Series) -> HttpResponse:
    if request.method == "POST":
        form = SeriesForm(request.POST, instance=Series.objects.get(pk=series.pk))
        done = _post(request, series, form)
        if done or request.POST.get("section") != "rules":
            series.refresh_from_db()
            return redirect("series-manage", series.slug)
    else:
        form = SeriesForm(instance=series)
    entries = list(series.entries.select_related("tournament"))
    taken = {e.tournament_id for e in entries}
    choices = [
        t
        for t in Tournament.objects.order_by("-starts_on", "name")
        if t.pk not in taken and may_view(request.user, t)
    ]
    return render(
        request,
        "series/manage.html",
        {"series": series, "form": form, "entries": entries, "choices": choices},
    )
