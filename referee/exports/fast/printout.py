"""The standings printout typeset by ``gridpdf``: the speed twin of
``printing.standings_print`` (WeasyPrint), behind ``referee.exports.fast``."""

from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from referee.standings.services import Standings
from referee.tournaments.conventions import preset_name
from referee.tournaments.models import Tournament

from ..printing import Printout
from . import gridpdf


def standings_print(
    tournament: Tournament,
    standings: Standings,
    page: Printout,
) -> bytes:
    """The standings on A4 (``gridpdf``): the tournament, its dates, venue and convention,
    the standings' heading and the day printed, then ``page``: the table, the further
    sheets, the rules and the chief referee's signature."""
    mm = gridpdf.MM
    dates = date_format(tournament.starts_on, "j E Y")
    if tournament.ends_on != tournament.starts_on:
        dates += " – " + date_format(tournament.ends_on, "j E Y")
    facts = [dates, *([tournament.venue] if tournament.venue else [])]
    facts.append(_("convention") + f": {preset_name(tournament.convention)}")
    if standings.after:
        heading = _("Standings after round %(n)s") % {"n": standings.after}
    else:
        heading = _("Standings")
    if standings.provisional:
        heading += f" ({_('provisional')})"
    blocks: list[gridpdf.Block] = [
        gridpdf.Text(tournament.name, size=15, bold=True, after=1.5 * mm),
        gridpdf.Text(" · ".join(facts), color=gridpdf.GREY),
        _heading(heading),
        gridpdf.Text(
            _("Printed %(date)s") % {"date": date_format(timezone.localdate(), "j E Y")},
            color=gridpdf.GREY,
        ),
    ]
    if page.rows:
        grid = [gridpdf.Column(str(t), numeric, width) for t, numeric, width in page.columns]
        blocks.append(gridpdf.Grid(grid, page.rows))
    elif standings.official:
        blocks.append(gridpdf.Text(_("No results yet.")))
    else:
        blocks.append(gridpdf.Text(_("No results are public yet.")))
    for caption, titles, sheet_rows in page.more:
        blocks.append(_heading(caption))
        blocks.append(gridpdf.Grid([gridpdf.Column(str(t), False, 1) for t in titles], sheet_rows))
    for i, line in enumerate(page.rules):  # 4 mm above the first
        blocks.append(gridpdf.Text(line, 7, color=gridpdf.GREY, before=4 * mm if i == 0 else 0))
    blocks.append(gridpdf.Signature(_("Chief referee"), page.chief))
    counter = _("page %(page)s of %(pages)s")
    return gridpdf.render(
        gridpdf.Document(
            page.title, tournament.name, counter, blocks, page.landscape, get_language() or "en"
        )
    )


def _heading(text: str) -> gridpdf.Text:
    return gridpdf.Text(text, 11, bold=True, before=3 * gridpdf.MM, after=1.5 * gridpdf.MM)
