"""The tournament's downloads, registered (``registry``): each with the surface of the page
it belongs to, its formats and the function making its bytes. The cups' own are registered
by ``referee.series.exporters``; ``apps.ExportsConfig.ready`` imports both."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404
from django.utils.translation import gettext_lazy as _

from referee.core.language import engine_language
from referee.core.permissions import is_official, may_manage, may_view, may_view_round
from referee.discipline.register import filters, register
from referee.duplicate.models import Session
from referee.duplicate.sealing import results_for
from referee.ratings.services.sheet import rating_list_for
from referee.tables.sheet import build_sheet, table_case
from referee.tables.surfaces import public_table_page
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import manage_page, public_page, with_seating_round

from . import badges, duplicate, federation, fees, hall, reports, tabular
from .format_sheets import register_sheet, zero_sum_sheet
from .registry import Exporter, Output, Reading, View, filename
from .registry import register as add


def _after(reading: Reading) -> int | None:
    """``?after=N``: the standings after round N (404 for anything but a round number)."""
    text = reading.query.get("after")
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise Http404 from None


def _suffix(after: int | None) -> str:
    return f"r{after}" if after else ""


def large(reading: Reading) -> bool:
    """A tournament of ``EXPORT_JOB_PLAYERS`` players or more (200: the workbook of 300
    takes about 1.5 s) has its workbook and printouts made by a background job."""
    threshold = int(getattr(settings, "EXPORT_JOB_PLAYERS", 200))
    if getattr(settings, "EXPORT_JOBS", "queue") == "off" or threshold <= 0:
        return False
    return bool(reading.subject.entries.count() >= threshold)


def _results(reading: Reading) -> Output:
    after = _after(reading)
    content = reports.results_workbook(reading.subject, reading.user, after)
    return Output(content, filename(reading.subject.slug, "results", _suffix(after)) + ".xlsx")


def _standings(reading: Reading) -> Output:
    after = _after(reading)
    make = reports.standings_csv if reading.format == "csv" else reports.standings_pdf
    content = make(reading.subject, reading.user, after)
    name = filename(reading.subject.slug, "standings", _suffix(after)) + "." + reading.format
    return Output(content, name)


def _checked_after(reading: Reading) -> Reading:
    """``?after=N`` of a long export: a round the reader sees (404 before any job)."""
    after = _after(reading)
    if after is None:
        return reading
    found = Round.objects.filter(tournament=reading.subject, number=after).first()
    if found is None or not may_view_round(reading.user, found):
        raise Http404
    return replace(reading, query={**reading.query, "after": str(after)})


def _checked_list(reading: Reading) -> Reading:
    """``?list=`` of a long export: the list it names, as its slug (or none)."""
    if not reading.query.get("list"):
        return reading
    found = rating_list_for(reading.subject, reading.query["list"])
    return replace(reading, query={"list": found.slug if found else "-"})


def _standings_long(reading: Reading) -> bool:
    return reading.format == "pdf" and large(reading)


def _register(reading: Reading) -> Output:
    found = register(reading.subject, reading.user, **filters(SimpleNamespace(GET=reading.query)))
    if reading.format == "csv":
        content = tabular.csv_bytes(register_sheet(found))
        return Output(content, filename(reading.subject.slug, "register.csv"))
    content = tabular.workbook([register_sheet(found), zero_sum_sheet(found)])
    return Output(content, filename(reading.subject.slug, "register.xlsx"))


FEDERATION = {
    "xlsx": federation.federation_workbook,
    "pdf": federation.federation_pdf,
    "json": federation.results_json,
    "csv": federation.results_csv,
}


def _federation(reading: Reading) -> Output:
    """``?list=`` names the rating list (default: the first counting the tournament)."""
    chosen = reading.query.get("list") or None
    content = FEDERATION[reading.format](reading.subject, reading.user, chosen)
    name = "results" if reading.format in ("json", "csv") else "federation"
    return Output(content, filename(reading.subject.slug, name) + "." + reading.format)


def _federation_long(reading: Reading) -> bool:
    return reading.format in ("xlsx", "pdf") and large(reading)


def _protocol(reading: Reading) -> Output:
    table = reading.objects["table"]
    # the QR code holds the site's public address (SITE_URL), not the one it is printed from
    content = reports.shown_protocol_pdf(table)
    slug = reading.subject.slug
    name = filename(slug, f"r{table.round.number}", f"t{table.number}", "protocol") + ".pdf"
    return Output(content, name)


def _case(reading: Reading) -> Output:
    """The table's sheet as a SPEC §12.5 case: ``python -m scoring check`` re-checks it."""
    case = table_case(build_sheet(reading.objects["table"], "en"))
    content = json.dumps([case], cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    return Output(content.encode(), f"{case['id']}.json")


def _poster(reading: Reading) -> Output:
    round_ = reading.objects["round"]
    return Output(hall.poster_pdf(round_), f"{reading.subject.slug}-r{round_.number}-seating.pdf")


def _cards(reading: Reading) -> Output:
    round_ = reading.objects["round"]
    return Output(hall.cards_pdf(round_), f"{reading.subject.slug}-r{round_.number}-tables.pdf")


def _badges(reading: Reading) -> Output:
    """All the players in play, or ``?player=<registration>``'s one badge."""
    tournament = reading.subject
    only = reading.query.get("player")
    if only is not None and not (only.isascii() and only.isdecimal()):
        raise Http404
    chosen = int(only) if only else None
    if chosen is not None and not tournament.entries.filter(pk=chosen).exists():
        raise Http404
    content = badges.badges_pdf(tournament, only=chosen)
    name = f"{tournament.slug}-badges.pdf" if chosen is None else f"{tournament.slug}-badge.pdf"
    return Output(content, name)


def _duplicate(reading: Reading) -> Output:
    tournament = reading.subject
    number = reading.objects["session"]
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        raise Http404
    session.tournament = tournament
    results = results_for(session, reading.user, engine_language())
    if results is None:
        raise Http404
    make = {"csv": duplicate.csv_of, "xlsx": duplicate.workbook_of, "pdf": duplicate.pdf_of}
    content = make[reading.format](results)
    return Output(
        content, filename(tournament.slug, "duplicate", str(number)) + "." + reading.format
    )


def _seating_surface(view: View) -> View:
    """A round's seating (its poster and table cards) is public with its tournament."""
    return public_page(with_seating_round(view))


def _anybody(user: Any, tournament: Tournament) -> bool:
    return may_view(user, tournament)


EXPORTERS = [
    Exporter(
        "results",
        _("Results workbook"),
        public_page,
        ("xlsx",),
        _results,
        _anybody,
        query=("after",),
        long=large,
        check=_checked_after,
    ),
    Exporter(
        "standings",
        _("Standings"),
        public_page,
        ("csv", "pdf"),
        _standings,
        _anybody,
        query=("after",),
        long=_standings_long,
        check=_checked_after,
    ),
    Exporter(
        "federation",
        _("Federation results sheet"),
        public_page,
        ("xlsx", "pdf", "json", "csv"),
        _federation,
        _anybody,
        query=("list",),
        long=_federation_long,
        check=_checked_list,
    ),
    Exporter(
        "register",
        _("Tournament register"),
        public_page,  # the register itself is the officials' (``register``: 403 for others)
        ("xlsx", "csv"),
        _register,
        is_official,
        query=("round", "table", "player", "kind"),
    ),
    Exporter(
        "protocol",
        _("Table protocol"),
        public_table_page,
        ("pdf",),
        _protocol,
        _anybody,
        params=("round", "table"),
    ),
    Exporter(
        "case",
        _("The sheet as a case file"),
        public_table_page,
        ("json",),
        _case,
        _anybody,
        params=("round", "table"),
        inline=("json",),
    ),
    Exporter(
        "seating",
        _("Seating poster"),
        _seating_surface,
        ("pdf",),
        _poster,
        _anybody,
        params=("round",),
        inline=("pdf",),
    ),
    Exporter(
        "table-cards",
        _("Table cards"),
        _seating_surface,
        ("pdf",),
        _cards,
        _anybody,
        params=("round",),
        inline=("pdf",),
    ),
    Exporter(
        "badges",
        _("Players' badges"),
        manage_page,
        ("pdf",),
        _badges,
        may_manage,
        query=("player",),
        inline=("pdf",),
        # the codes are keys: a shared computer's cache must not keep them
        headers={"Cache-Control": "private, no-store"},
    ),
    Exporter(
        "duplicate",
        _("Duplicate session results"),
        public_page,
        ("csv", "xlsx", "pdf"),
        _duplicate,
        _anybody,
        params=("session",),
    ),
    fees.FEES,
]


def register_all() -> None:
    for exporter in EXPORTERS:
        add(exporter)
