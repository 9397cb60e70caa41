"""Downloads of the organisers' reports. Who may download what is the pages' rule: the
standings exports follow the standings page (officials always, the public a published
tournament's published rounds), a protocol follows its table page; anything else is 404."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from referee.core.permissions import may_view
from referee.discipline.register import filters, register
from referee.tables.models import Table
from referee.tournaments.surfaces import tournament_for

from . import federation, reports, tabular
from .format_sheets import register_sheet, zero_sum_sheet
from .reports import NotVisible

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json"
PDF = "application/pdf"


def _visible(build: Callable[[], bytes]) -> bytes:
    try:
        return build()
    except NotVisible:
        raise Http404 from None


def _after(request: HttpRequest) -> int | None:
    """``?after=N``: the standings after round N (404 for anything but a round number)."""
    text = request.GET.get("after")
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise Http404 from None


def filename(*parts: object) -> str:
    """An ASCII file name from the parts: ``cup-2026-r1-t3-protocol.pdf``."""
    name = "-".join(str(p) for p in parts if p not in (None, ""))
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "export"


def download(content: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Content-Length"] = str(len(content))
    return response


@require_GET
def results_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    after = _after(request)
    content = _visible(lambda: reports.results_workbook(tournament, request.user, after))
    suffix = f"r{after}" if after else ""
    return download(content, XLSX, filename(tournament.slug, "results", suffix) + ".xlsx")


@require_GET
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    after = _after(request)
    content = _visible(lambda: reports.standings_csv(tournament, request.user, after))
    suffix = f"r{after}" if after else ""
    return download(content, CSV, filename(tournament.slug, "standings", suffix) + ".csv")


@require_GET
def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    after = _after(request)
    content = _visible(lambda: reports.standings_pdf(tournament, request.user, after))
    suffix = f"r{after}" if after else ""
    return download(content, PDF, filename(tournament.slug, "standings", suffix) + ".pdf")


@require_GET
def protocol_pdf(request: HttpRequest, slug: str, round: int, table: int) -> HttpResponse:
    found = get_object_or_404(
        Table.objects.select_related(
            "round__tournament__chief_referee", "submitted_by", "confirmed_by"
        ),
        round__tournament__slug=slug,
        round__number=round,
        number=table,
    )
    if not may_view(request.user, found.round.tournament):
        raise Http404
    # the QR code holds the site's public address (SITE_URL), not the one it is printed from
    content = _visible(lambda: reports.protocol_pdf(found, request.user))
    name = filename(slug, f"r{round}", f"t{table}", "protocol") + ".pdf"
    return download(content, PDF, name)


@require_GET
def register_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament register and its zero-sum lines (officials; 403 for others)."""
    tournament = tournament_for(request, slug)
    found = register(tournament, request.user, **filters(request))
    content = tabular.workbook([register_sheet(found), zero_sum_sheet(found)])
    return download(content, XLSX, filename(tournament.slug, "register.xlsx"))


@require_GET
def register_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    found = register(tournament, request.user, **filters(request))
    content = tabular.csv_bytes(register_sheet(found))
    return download(content, CSV, filename(tournament.slug, "register.csv"))


FEDERATION = {
    "xlsx": (federation.federation_workbook, XLSX),
    "pdf": (federation.federation_pdf, PDF),
    "json": (federation.results_json, JSON),
    "csv": (federation.results_csv, CSV),
}


@require_GET
def federation_export(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """The federation's results sheet (XLSX, PDF) and machine-readable results (JSON, CSV);
    ``?list=`` names the rating list (default: the first counting the tournament)."""
    tournament = tournament_for(request, slug)
    build, content_type = FEDERATION[kind]
    chosen = request.GET.get("list") or None
    content = _visible(lambda: build(tournament, request.user, chosen))
    name = "results" if kind in ("json", "csv") else "federation"
    return download(content, content_type, filename(tournament.slug, name) + "." + kind)
