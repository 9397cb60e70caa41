"""A duplicate session's results as CSV and XLSX: the session standings, and in the workbook
one sheet of travellers (every table's play of every board, each hand's value and its
comparison). Shown to whom the session page shows them, over the boards he may see
(``duplicate.sealing.results_for``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from referee.core.language import engine_language
from referee.duplicate.models import Session
from referee.duplicate.results import ROLE_NAMES, SessionResults
from referee.duplicate.sealing import results_for
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import public_page

from . import tabular
from .pdf import render_pdf
from .printing import page_counter
from .views import CSV, PDF, XLSX, download, filename


def standings_sheet(results: SessionResults) -> tabular.Sheet:
    header = [_("Place"), _("Player"), _("Boards"), _("Matchpoints"), _("Most possible")]
    header += [_("Percent"), _("Datum difference")]
    rows: list[list[tabular.Value]] = [
        [
            line.place,
            line.name,
            line.total.boards,
            line.total.matchpoints,
            line.total.most,
            line.total.percent,
            line.total.difference,
        ]
        for line in results.standings
    ]
    title = _("Duplicate session %(n)s") % {"n": results.session.number}
    return tabular.Sheet(_("Session standings"), header, rows, caption=title)


def travellers_sheet(results: SessionResults) -> tabular.Sheet:
    header = [_("Board"), _("Round"), _("Table"), _("Played"), _("Hand"), _("Player")]
    header += [_("Whists"), _("Matchpoints"), _("Percent"), _("Datum difference")]
    words = {
        "first": _("first hand"),
        "second": _("second hand"),
        "third": _("third hand"),
        "dealer": _("dealer (no cards)"),
    }
    rows: list[list[tabular.Value]] = []
    for traveller in results.travellers:
        for play in traveller.plays:
            for hand in play.hands:
                c = hand.compared
                rows.append(
                    [
                        traveller.board,
                        play.round,
                        play.table,
                        play.contract,
                        str(words[hand.role]),
                        hand.name,
                        hand.value,
                        c.matchpoints if c else None,
                        c.percent if c else None,
                        c.difference if c else None,
                    ]
                )
    return tabular.Sheet(_("Travellers"), header, rows)


def _results(request: HttpRequest, tournament: Tournament, number: int) -> SessionResults:
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        raise Http404
    session.tournament = tournament
    results = results_for(session, request.user, engine_language())
    if results is None:
        raise Http404
    return results


@require_GET
@public_page
def session_csv(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    content = tabular.csv_bytes(standings_sheet(_results(request, tournament, session)))
    return download(content, CSV, filename(tournament.slug, "duplicate", str(session)) + ".csv")


@require_GET
@public_page
def session_xlsx(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    results = _results(request, tournament, session)
    content = tabular.workbook([standings_sheet(results), travellers_sheet(results)])
    name = filename(tournament.slug, "duplicate", str(session)) + ".xlsx"
    return download(content, XLSX, name)


@require_GET
@public_page
def session_pdf(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    """The session standings, then every board: its hands and its traveller, for print."""
    results = _results(request, tournament, session)
    context = {
        "tournament": tournament,
        "session": results.session,
        "results": results,
        "roles": ROLE_NAMES[results.session.size],
        "page_counter": page_counter(),
    }
    content = render_pdf("exports/duplicate.html", context)
    return download(content, PDF, filename(tournament.slug, "duplicate", str(session)) + ".pdf")
