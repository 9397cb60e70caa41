"""Downloads of the organisers' reports. Who may download what is the pages' rule: the
standings exports follow the standings page (officials always, the public a published
tournament's published rounds), a protocol follows its table page; anything else is 404."""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from referee.discipline.register import filters, register
from referee.tables.models import Table
from referee.tables.surfaces import public_table_page
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import public_page

from . import federation, reports, tabular
from .format_sheets import register_sheet, zero_sum_sheet

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json"
PDF = "application/pdf"


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
@public_page
def results_xlsx(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = _after(request)
    content = reports.results_workbook(tournament, request.user, after)
    suffix = f"r{after}" if after else ""
    return download(content, XLSX, filename(tournament.slug, "results", suffix) + ".xlsx")


@require_GET
@public_page
def standings_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = _after(request)
    content = reports.standings_csv(tournament, request.user, after)
    suffix = f"r{after}" if after else ""
    return download(content, CSV, filename(tournament.slug, "standings", suffix) + ".csv")


@require_GET
@public_page
def standings_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = _after(request)
    content = reports.standings_pdf(tournament, request.user, after)
    suffix = f"r{after}" if after else ""
    return download(content, PDF, filename(tournament.slug, "standings", suffix) + ".pdf")


@require_GET
@public_table_page
def protocol_pdf(request: HttpRequest, tournament: Tournament, table: Table) -> HttpResponse:
    # the QR code holds the site's public address (SITE_URL), not the one it is printed from
    content = reports.shown_protocol_pdf(table)
    name = filename(tournament.slug, f"r{table.round.number}", f"t{table.number}", "protocol")
    name += ".pdf"
    return download(content, PDF, name)


@require_GET
@public_page
def register_xlsx(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The tournament register and its zero-sum lines (officials; 403 for others)."""
    found = register(tournament, request.user, **filters(request))
    content = tabular.workbook([register_sheet(found), zero_sum_sheet(found)])
    return download(content, XLSX, filename(tournament.slug, "register.xlsx"))


@require_GET
@public_page
def register_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
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
@public_page
def federation_export(request: HttpRequest, tournament: Tournament, kind: str) -> HttpResponse:
    """The federation's results sheet (XLSX, PDF) and machine-readable results (JSON, CSV);
    ``?list=`` names the rating list (default: the first counting the tournament)."""
    build, content_type = FEDERATION[kind]
    chosen = request.GET.get("list") or None
    content = build(tournament, request.user, chosen)
    name = "results" if kind in ("json", "csv") else "federation"
    return download(content, content_type, filename(tournament.slug, name) + "." + kind)
