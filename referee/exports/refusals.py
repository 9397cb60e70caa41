"""The exports' refusals: a protocol the viewer may not see."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "exports",
    {
        "not_published": _("This tournament is not published."),
        "round_not_public": _("The results of this round are not public yet."),
    },
)

CHIEF_ONLY = _("Only the chief referee may retry an export.")
NOT_YOURS = _("This download is for the tournament's officials only.")
NOT_READY = _("The file is not made yet: ask its job.")
