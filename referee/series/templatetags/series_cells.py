"""``{{ line.cells|series_cells }}``: a series line's tournament cells as HTML, made here
rather than by the template's tags cell by cell (issue 33: a cup of fifty tournaments and
two hundred players is ten thousand cells, most of its page's time). The same markup as
the loop it replaces in ``series/_line.html``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.formats import get_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from referee.core.figures import figure

register = template.Library()


@register.filter
def series_cells(cells: Iterable[Any]) -> SafeString:
    out = []
    separator = str(get_format("DECIMAL_SEPARATOR"))  # the language's, once for the line
    for cell in cells:
        if not cell:
            out.append('<td class="num">—</td>')
            continue
        points = conditional_escape(figure(cell.points, separator))  # the ``figure`` filter
        shown = points if cell.counted else f"<s>{points}</s>"
        why = (
            ""
            if cell.counted
            else f'<br><span class="muted why">{conditional_escape(cell.why)}</span>'
        )
        place = conditional_escape(cell.place)
        out.append(f'<td class="num">{shown} <span class="muted">({place})</span>{why}</td>')
    return mark_safe("".join(out))  # every value above is escaped
