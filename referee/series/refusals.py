"""The series' refusals (``series.`` + the key); the rules' own refusals are the standings'
(``standings.rules.series.…``, the pure module's codes)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "series",
    {
        "name_missing": _("The name is missing."),
        "slug_invalid": _("The short name is Latin letters, digits, hyphens and underscores."),
        "slug_taken": _("This short name is already taken by another series."),
        "number": _("%(value)s is not a number."),
        "tournament.unknown": _("There is no such tournament."),
        "tournament.already": _("This tournament is already in the series."),
        "tournament.not_in": _("This tournament is not in the series."),
    },
)
