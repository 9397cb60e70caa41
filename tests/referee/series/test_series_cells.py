"""A series line's cells made in one filter (``series_cells``): the markup the template's
loop made, a struck-out result with its reason, an absent one as a dash, all escaped."""

from __future__ import annotations

from fractions import Fraction

from django.utils import translation

from referee.series.services import Cell
from referee.series.templatetags.series_cells import series_cells


def test_counted_dropped_and_absent_cells():
    cells = [
        Cell("1", Fraction(100), True, ""),
        Cell("2–3", Fraction(155, 2), False, "не среди <2> лучших"),
        None,
    ]
    with translation.override("ru"):
        html = series_cells(cells)
    assert html == (
        '<td class="num">100 <span class="muted">(1)</span></td>'
        '<td class="num"><s>77,5</s> <span class="muted">(2–3)</span>'
        '<br><span class="muted why">не среди &lt;2&gt; лучших</span></td>'
        '<td class="num">—</td>'
    )
