"""A series' standings as one sheet (the XLSX): a player a row, each tournament's place and
series points, counted or dropped with the reason, the total and the notes."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.exports.tabular import Sheet, Value

from .services import SeriesTable


def series_sheet(table: SeriesTable) -> Sheet:
    header = [_("Place"), _("Player"), _("City"), _("Starts")]
    for tournament in table.tournaments:
        header += [
            _("%(tournament)s: place") % {"tournament": tournament.name},
            _("%(tournament)s: points") % {"tournament": tournament.name},
            _("%(tournament)s: counts") % {"tournament": tournament.name},
        ]
    header += [_("Total"), _("Notes")]
    rows: list[list[Value]] = []
    for line in (*table.ranked, *table.unranked):
        row: list[Value] = [line.row.rank_label, line.player.name, line.player.city]
        row.append(line.row.starts)
        for cell in line.cells:
            if cell is None:
                row += [None, None, None]
            else:
                row += [cell.place, cell.points, cell.why]
        row += [line.row.total, line.notes_text]
        rows.append(row)
    caption = table.series.name + (f" — {table.series.season}" if table.series.season else "")
    return Sheet(title=table.series.name, header=header, rows=rows, caption=caption)
