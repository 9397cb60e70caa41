"""``{{ value|figure }}``: a number in the site's one format (``core.figures.figure``), so a
page shows exactly what the standings page, the PDFs and the workbook show."""

from __future__ import annotations

from typing import Any

from django import template

from referee.core.figures import figure

register = template.Library()


@register.filter(name="figure")
def figure_or_blank(value: Any) -> str:
    """The core's figure; an empty cell (None or "") stays empty."""
    return "" if value is None or value == "" else figure(value)
