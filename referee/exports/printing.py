"""Printing helpers of the PDFs: cells in the site's number format, the standings' rules
footer in words, the page counter in the reader's language, the standings' printout through
WeasyPrint (the plain twin of ``fast.standings_print``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from referee.core.figures import figure
from referee.standings.labels import METHOD_LABELS, TIE_BREAK_LABELS
from referee.standings.param_fields import params_in_words
from referee.standings.services import Standings
from referee.tournaments.conventions import option_label, preset_name, value_label
from referee.tournaments.forms import option_value_text
from referee.tournaments.models import Tournament

from . import tabular


@dataclass(frozen=True)
class Cell:
    text: str
    numeric: bool
    negative: bool = False


@dataclass(frozen=True)
class Printout:
    """What the standings printout shows beyond the tournament's facts, for either twin
    (``standings_print`` here, ``fast.standings_print``): its title, the table (``columns``:
    title, right-aligned or not, width in characters: the columns share the page in
    proportion; ``rows``), the further sheets (``more``: title, header, rows), the rules and
    the chief referee's name for the signature."""

    title: str
    columns: Sequence[tuple[str, bool, int]]
    rows: Sequence[Sequence[Cell]]
    landscape: bool
    rules: Sequence[str]
    more: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Cell]]]] = ()
    chief: str = ""


def first_values(sheet: tabular.Sheet) -> list[tabular.Value]:
    """Per column, its first value that is not empty (numeric columns are right-aligned)."""
    firsts: list[tabular.Value] = [None] * len(sheet.header)
    for row in sheet.rows:
        for i, value in enumerate(row[: len(firsts)]):
            if firsts[i] is None and value is not None:
                firsts[i] = value
    return firsts


def cells(row: Sequence[tabular.Value], numeric: Sequence[bool] = ()) -> list[Cell]:
    """A row as printed: figures to two places at most, right-aligned, negatives marked."""
    out = []
    for i, value in enumerate(row):
        is_figure = isinstance(value, int | Fraction | float)
        out.append(
            Cell(
                shown(value),
                is_figure or (i < len(numeric) and numeric[i]),
                isinstance(value, int | Fraction | float) and value < 0,
            )
        )
    return out


def shown(value: tabular.Value) -> str:
    """A value as the pages show it: figures to two places at most (``17.33``, ``-10``,
    ``2.50``, with the language's decimal sign), text as it is, empty for None."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return figure(value)


def rules_lines(table: Standings) -> list[str]:
    """The footer (§11): the convention and its options, the round points, the tie-breaks."""
    tournament = table.tournament
    rules = table.rules
    convention = preset_name(tournament.convention)
    if tournament.options:  # each changed rule in words: "whists per defence trick: C"
        convention += (
            " ("
            + "; ".join(
                f"{option_label(k)}: {value_label(option_value_text(v))}"
                for k, v in tournament.options.items()
            )
            + ")"
        )
    method = str(METHOD_LABELS.get(rules.method, rules.method))
    if rules.params:
        method += f" ({params_in_words(rules.method, dict(rules.params))})"
    lines = [
        _("convention") + f": {convention}",
        _("round points") + f": {method}",
    ]
    if rules.normalisation == "factor":
        lines.append(_("tables of 4 × %(f)s") % {"f": rules.four_table_factor})
    if rules.elimination_threshold is not None:
        lines.append(_("elimination below %(t)s whists") % {"t": rules.elimination_threshold})
    chain = ", ".join(str(TIE_BREAK_LABELS.get(n, n)) for n in rules.tie_breaks)
    lines.append(_("tie-breaks") + f": {chain}")
    return lines


def page_counter() -> SafeString:
    """CSS ``content`` for "page X of Y" in the active language, from one translatable
    message: its text parts quoted, the numbers as the page counters."""
    marked = _("page %(page)s of %(pages)s") % {"page": "\x00page\x00", "pages": "\x00pages\x00"}
    parts = []
    for i, piece in enumerate(marked.split("\x00")):
        if i % 2:
            parts.append(f"counter({piece})")
        elif piece:
            quoted = piece.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3C ")
            parts.append(f'"{quoted}"')
    return mark_safe(" ".join(parts))  # text parts quoted and escaped above


def standings_print(
    tournament: Tournament,
    standings: Standings,
    page: Printout,
) -> bytes:
    """The standings on A4 through WeasyPrint (``exports/standings.html``): the plain twin of
    ``fast.standings_print``, which the exports use, and the reference its test reads the
    same text from (``tests/referee/exports/test_gridpdf.py``). The columns share the page
    in proportion to their widths in characters."""
    from .pdf import render_pdf

    total = sum(width for _, _, width in page.columns) or 1
    context = {
        "tournament": tournament,
        "standings": standings,
        "title": page.title,
        "columns": [
            {"title": t, "numeric": numeric, "width": f"{100 * width / total:.2f}%"}
            for t, numeric, width in page.columns
        ],
        "rows": page.rows,
        "landscape": page.landscape,
        "rules": page.rules,
        "more": [{"title": c, "header": h, "rows": r} for c, h, r in page.more],
        "chief": page.chief,
        "printed": timezone.localdate(),
        "page_counter": page_counter(),
    }
    return render_pdf("exports/standings.html", context)
