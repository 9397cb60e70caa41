"""A duplicate session's results as CSV and XLSX: the session standings, and in the workbook
one sheet of travellers (every table's play of every board, each hand's value and its
comparison). Shown to whom the session page shows them, over the boards he may see
(``duplicate.sealing.results_for``; the exporter ``duplicate``, ``exporters``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.duplicate.results import ROLE_NAMES, SessionResults

from . import tabular
from .pdf import render_pdf
from .printing import page_counter


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


def csv_of(results: SessionResults) -> bytes:
    return tabular.csv_bytes(standings_sheet(results))


def workbook_of(results: SessionResults) -> bytes:
    return tabular.workbook([standings_sheet(results), travellers_sheet(results)])


def pdf_of(results: SessionResults) -> bytes:
    """The session standings, then every board: its hands and its traveller, for print."""
    context = {
        "tournament": results.session.tournament,
        "session": results.session,
        "results": results,
        "roles": ROLE_NAMES[results.session.size],
        "page_counter": page_counter(),
    }
    return render_pdf("exports/duplicate.html", context)
