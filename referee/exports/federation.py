"""The federation's results sheet (TOURNAMENTS §11, §12) and the machine-readable results.

- ``federation_workbook`` / ``federation_pdf``: the standings with rating before and after,
  the change, qualification points and norms, category and division, with the convention and
  every setting in the footer;
- ``results_json`` / ``results_csv``: one row per player per round (README, "The federation's
  export", documents the fields), for a federation's system to import.

The rows come from ``referee.ratings.services.sheet``; who sees what is the standings' rule
(the public: a published tournament's published rounds; ``NotVisible`` otherwise).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, cast

from django.utils.translation import gettext as _

from referee.core.people import person
from referee.ratings.services.sheet import (
    FORMAT_VERSION,
    FederationResults,
    federation_results,
    number,
)
from referee.tournaments.models import Tournament

from . import fast, tabular
from .printing import Printout
from .printing import cells as _cells
from .printing import first_values as _first_values
from .printing import rules_lines as _rules_lines
from .reports import print_widths
from .words import words

#: The machine-readable columns, in order (README documents each).
ROUND_FIELDS = (
    "tournament",
    "round",
    "table",
    "seat",
    "player_id",
    "federation_id",
    "name",
    "city",
    "whists",
    "place",
    "points",
    "provisional",
    "rating_before",
    "rating_after",
    "rating_change",
)


def footer(results: FederationResults) -> list[str]:
    lines = _rules_lines(results.standings)
    return lines + [f"{name}: {value}" for name, value in results.settings]


def results_sheet(results: FederationResults) -> tabular.Sheet:
    header = [
        _("Place"),
        _("Player"),
        _("Federation id"),
        _("City"),
        _("Points"),
        _("Whists"),
        _("rating before"),
        _("rating after"),
        _("change"),
        _("category"),
        _("division"),
        _("qualification points"),
        _("norm"),
    ]
    guest = words()["guest_place"]  # a guest takes no place (TOURNAMENTS §6.4)
    rows: list[list[tabular.Value]] = [
        [
            guest if row.get("guest") else row["rank_label"],
            row["player"],
            row["federation_id"],
            row["city"],
            row["points"],
            row["whists"],
            _rating(row["rating_before"]),
            _rating(row["rating_after"]),
            _rating(row["rating_change"]),
            row["category"],
            row["division"],
            row["qualification_points"],
            "; ".join(row["norms"]),
        ]
        for row in results.rows
    ]
    widths = [7, 28, 12, 16, 8, 8, 9, 9, 8, 10, 14, 10, 30]
    title = f"{results.tournament.name} — " + _("results sheet")
    return tabular.Sheet(_("Results"), header, rows, widths, caption=title)


def _rating(value: float | None) -> tabular.Value:
    return None if value is None else round(value, 1)


def rounds_sheet(results: FederationResults) -> tabular.Sheet:
    rows = [[_value(row[f]) for f in ROUND_FIELDS] for row in results.round_rows]
    return tabular.Sheet(_("Rounds"), list(ROUND_FIELDS), rows)


def _value(value: Any) -> tabular.Value:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        return round(value, 2)
    return cast(tabular.Value, value)  # a text, number or None, as the results hold them


def federation_workbook(tournament: Tournament, viewer: Any, list_slug: str | None = None) -> bytes:
    results = federation_results(tournament, viewer, list_slug)
    sheet = results_sheet(results)
    rows = [*sheet.rows, [], *([line] for line in footer(results))]
    with_footer = tabular.Sheet(sheet.title, sheet.header, rows, sheet.widths, sheet.caption)
    return tabular.workbook([with_footer, rounds_sheet(results)])


def federation_pdf(tournament: Tournament, viewer: Any, list_slug: str | None = None) -> bytes:
    results = federation_results(tournament, viewer, list_slug)
    sheet = results_sheet(results)
    numeric = [isinstance(v, int | float | Fraction) for v in _first_values(sheet)]
    rows = [_cells(row, numeric) for row in sheet.rows]
    widths = print_widths(sheet.header, rows)
    columns = list(zip(sheet.header, numeric, widths, strict=True))
    rules, chief = footer(results), person(tournament.chief_referee)
    page = Printout(sheet.caption, columns, rows, True, rules, chief=chief)
    return fast.standings_print(tournament, results.standings, page)


def results_json(tournament: Tournament, viewer: Any, list_slug: str | None = None) -> bytes:
    results = federation_results(tournament, viewer, list_slug)
    rating_list = results.rating_list
    data = {
        "format": "preferans-results",
        "version": FORMAT_VERSION,
        "tournament": {
            "slug": tournament.slug,
            "name": tournament.name,
            "starts_on": tournament.starts_on.isoformat(),
            "ends_on": tournament.ends_on.isoformat(),
            "convention": tournament.convention,
            "options": tournament.options,
            "after_round": results.standings.after,
            "provisional": results.standings.provisional,
        },
        "rating_list": (
            {"slug": rating_list.slug, "name": rating_list.name, "method": rating_list.method}
            if rating_list
            else None
        ),
        "settings": footer(results),
        "standings": [
            {
                "place": row["rank_label"],
                "guest": bool(row.get("guest")),  # no place, rating or points (§6.4)
                "player_id": row["player_id"],
                "federation_id": row["federation_id"],
                "name": row["player"],
                "points": number(row["points"]),
                "whists": number(row["whists"]),
                "rating_before": row["rating_before"],
                "rating_after": row["rating_after"],
                "category": row["category"],
                "division": row["division"],
                "qualification_points": number(row["qualification_points"]),
                "norms": row["norms"],
            }
            for row in results.rows
        ],
        "rounds": [{f: _json(row[f]) for f in ROUND_FIELDS} for row in results.round_rows],
    }
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _json(value: Any) -> Any:
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, float):
        return round(value, 2)
    return value


def results_csv(tournament: Tournament, viewer: Any, list_slug: str | None = None) -> bytes:
    results = federation_results(tournament, viewer, list_slug)
    return tabular.csv_bytes(rounds_sheet(results), delimiter=",")
