"""What the chief referee is asked to confirm before starting the tournament."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.core.confirm import Summary

from .conventions import preset_name
from .models import Registration, Round, Tournament


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


def finish_summary(tournament: Tournament) -> Summary:
    """What finishing the tournament does, and whether it can yet (every round finished)."""
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status"))
    open_rounds = [str(n) for n, status in rounds if status != Round.Status.FINISHED]
    players = tournament.entries.filter(status=Registration.Status.ACTIVE).count()
    facts: list[tuple[str, object]] = [
        (_("Rounds played"), len(rounds) - len(open_rounds)),
        (_("Players"), players),
    ]
    if open_rounds:
        facts.append((_("Rounds not finished"), ", ".join(open_rounds)))
    return Summary(
        title=_("Finish %(name)s?") % {"name": tournament.name},
        button=_("Finish the tournament"),
        facts=facts,
        warning=_(
            "No round can be seated after this, the check-in closes, and the standings after"
            " round %(n)s are the final ones. Finishing cannot be undone."
        )
        % {"n": len(rounds)},
        danger=True,
    )


def withdraw_summary(
    tournament: Tournament, entry: Registration, after_round: int, reason: str
) -> Summary:
    """What withdrawing ``entry`` does: before the start, he is left out of the seating and
    can be reinstated; once play has started, he plays no round after ``after_round`` and his
    results stay."""
    name = entry.player.name
    facts: list[tuple[str, object]] = [(_("Player"), name)]
    if tournament.frozen:
        facts.append((_("Leaves after round"), after_round))
        warning = _(
            "%(name)s is not seated from round %(next)s on. His results of the rounds he"
            " played stay in the standings, marked “withdrawn”. A substitute can take his"
            " place from the next round. The withdrawal cannot be undone."
        ) % {"name": name, "next": after_round + 1}
    else:
        warning = _(
            "%(name)s will not be seated in any round. Until the tournament starts the"
            " withdrawal can be undone: “Reinstate” on the Players page puts him back on"
            " the list."
        ) % {"name": name}
    facts.append((_("Reason"), reason or "—"))
    return Summary(
        title=_("Withdraw %(name)s?") % {"name": name},
        button=_("Withdraw"),
        facts=facts,
        warning=warning,
        danger=tournament.frozen,
        kept={"after_round": str(after_round), "reason": reason},
    )
