"""The discipline's refusals: penalty entries and appeals."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "discipline",
    {
        "appeal.appellant_unknown": _("The appellant plays in this tournament."),
        "appeal.deal_missing": _(
            "Give the deal as the decision makes it (a new version of the deal)."
        ),
        "appeal.deal_or_table_missing": _("Choose the deal or the table appealed against."),
        "appeal.decided": _("This appeal is decided already."),
        "appeal.entry_missing": _("Choose the discipline entry appealed against."),
        "appeal.grounds_missing": _("Give the grounds of the appeal."),
        "appeal.reason_missing": _("Give the reasons for the decision."),
        "choice": _("Choose one of the offered values."),
        "entry.only_deduction": _(
            "Only a deduction can be changed; reverse the entry and record a new one."
        ),
        "entry.player_unknown": _("No such player in this tournament."),
        "entry.points_number": _("Give the points deducted, e.g. 2 or 1/2."),
        "entry.points_positive": _("The points deducted are more than 0."),
        "entry.reason_missing": _("Give the reason."),
        "entry.round_range": _("Give a round from 0 to %(latest)s."),
        "entry.rule_missing": _("Give the rule reference (e.g. Kodeks 3.4.9)."),
        "entry.table_unknown": _("No such table in this tournament."),
    },
)
