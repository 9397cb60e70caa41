"""A cup's or season's standings as a download (XLSX, PDF), registered with the site's one
exporter registry (``referee.exports.registry``): the series page's rule, 404 for who may
not see the series."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from referee.exports.pdf import render_pdf
from referee.exports.registry import Exporter, Output, Reading, register
from referee.exports.tabular import workbook

from . import services
from .exports import series_sheet
from .surfaces import series_page


def _standings(reading: Reading) -> Output:
    series = reading.subject
    table = services.series_table(series)
    if reading.format == "xlsx":
        return Output(workbook([series_sheet(table)]), f"{series.slug}.xlsx")
    pdf = render_pdf("series/print.html", {"series": series, "table": table})
    return Output(pdf, f"{series.slug}.pdf")


def _never(user: Any, tournament: Any) -> bool:
    return False  # not a tournament's: the API lists the series' own (``api-series-detail``)


def register_all() -> None:
    register(
        Exporter(
            "series-standings",
            _("Series standings"),
            series_page,
            ("xlsx", "pdf"),
            _standings,
            _never,
            inline=("pdf",),
            scope="series",
        )
    )
