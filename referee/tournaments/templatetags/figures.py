"""``{{ value|figure }}``: a number in the site's one format (``core.figures.figure``), so a
page shows exactly what the standings page, the PDFs and the workbook show."""

from __future__ import annotations

from typing import Any

from django import template

from referee.core.figures import figure as site_figure

register = template.Library()


@register.filter
def figure(value: Any) -> str:
    return "" if value is None or value == "" else site_figure(value)
