"""What the chief referee is asked to confirm before starting the tournament."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.core.confirm import Summary

from .conventions import preset_name
from .models import Registration, Tournament


def start_summary(tournament: Tournament) -> Summary:
    players = tournament.entries.filter(status=Registration.Status.ACTIVE).count()
    length = []
    if tournament.pool_size:
        length.append(_("pool of %(n)s") % {"n": tournament.pool_size})
    if tournament.deal_cap:
        n = tournament.deal_cap
        length.append(ngettext("%(counter)s deal", "%(counter)s deals", n) % {"counter": n})
    if tournament.time_limit_minutes:
        n = tournament.time_limit_minutes
        length.append(ngettext("%(counter)s min", "%(counter)s min", n) % {"counter": n})
    return Summary(
        title=_("Start %(name)s?") % {"name": tournament.name},
        button=_("Start the tournament"),
        facts=[
            (_("Players"), players),
            (_("Convention"), preset_name(tournament.convention)),
            (_("Rules changed from the convention"), len(tournament.options) or _("none")),
            (_("Length of a round"), ", ".join(length) or _("not limited")),
            (_("Table size"), tournament.get_table_size_display()),
            (
                _("A second referee confirms each table"),
                _("yes") if tournament.second_confirmation else _("no"),
            ),
            (
                _("Players confirm their totals"),
                _("yes") if tournament.players_confirm else _("no"),
            ),
        ],
        warning=_("The convention and its options are fixed for every table from now on."),
    )
