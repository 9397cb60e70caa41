"""The seating's refusals: rounds, swaps, stages and the fixed schedule."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "seating",
    {
        # the draw's refusals (``pure.values.SeatingError``'s codes), the players named
        "draw.too_few_players": ngettext_lazy(
            "A round needs at least 3 players; %(n)s is playing.",
            "A round needs at least 3 players; %(n)s are playing.",
            "n",
        ),
        "draw.forbidden_pairs": _("No seating keeps these forbidden pairs apart: %(pairs)s."),
        "draw.no_bye": _("No seating keeps these forbidden pairs apart: %(pairs)s."),
        "draw.invalid": _("The round cannot be seated from these players."),
        # a fixed schedule's faults (``pure.fixed.Problem``), said together as ``faults``
        "schedule.table_size": _(
            "Round %(round)s, table %(table)s: %(n)s players; a table seats 3 or 4."
        ),
        "schedule.twice": _("Round %(round)s: listed more than once: %(names)s."),
        "schedule.not_playing": _("Round %(round)s: not playing in the tournament: %(names)s."),
        "schedule.missing": _("Round %(round)s: missing from the schedule: %(names)s."),
        "schedule.faults": _("%(faults)s"),
        # a file that cannot be read (``tournaments.importing``: its reason, translated already)
        "schedule.unreadable": _("%(error)s"),
        "method.unknown": _("Unknown seating method."),
        "round.discard_started": _("Only a seating not yet started can be discarded."),
        "round.not_in_play": _("Only a round in play can be finished."),
        "round.previous_open": _("Finish round %(n)s before seating the next one."),
        "round.started": _("This round has already started."),
        "round.tables_open": _("Tables not yet locked: %(tables)s."),
        "round.tournament_not_started": _("Start the tournament before its first round."),
        "schedule.columns": _(
            "The schedule needs the columns round, table and player (тур, стол, игрок)."
        ),
        "schedule.empty": _("The schedule file is empty."),
        "schedule.no_round": _(
            "The fixed schedule has no round %(n)s: upload it, or seat by another method."
        ),
        "schedule.play_started": _(
            "The schedule is part of the format: it cannot change once play has started."
        ),
        "stage.all_played": _(
            "Every stage has played its rounds (%(n)s in all): the tournament can be finished."
        ),
        "stage.named_unknown": _(
            "Name the players of stage %(stage)s among the players still in play."
        ),
        "stage.tied_at_cut": _(
            "Places %(label)s are tied across the cut of stage %(stage)s: play a play-off "
            "game (the stages page), draw the lot in the standings settings, or name the "
            "players of the stage."
        ),
        "stage.tied_at_group_cut": _(
            "Places %(label)s of group %(group)s are tied across the cut of stage "
            "%(stage)s: play a play-off game (the stages page), or draw the lot in the "
            "standings settings."
        ),
        "stage.groups_too_small": _(
            "Stage %(stage)s plays in %(n)s groups of at least 3 players, but has "
            "%(players)s players."
        ),
        "playoff.not_running": _("A play-off game is played while the tournament is running."),
        "playoff.round_open": _("Finish the round in play before a play-off game."),
        "playoff.not_tied": _(
            "No tie across the cut of the next stage: there is nothing for a play-off game "
            "to decide."
        ),
        "playoff.table_size": _(
            "Places %(label)s: %(n)s players are tied; a play-off game seats 3 or 4 at its "
            "table. Draw the lot in the standings settings."
        ),
        "playoff.deals": _("The play-off game's deals: a whole number from 1 to %(n)s."),
        "stage.too_few_left": _(
            "Stage %(stage)s takes the top %(n)s, but %(left)s players are still in play."
        ),
        "swap.players": _("Choose two different players seated in this round."),
        "swap.round_started": _("Seats can be changed only before the round starts."),
        "tournament.finished": _("The tournament is finished."),
    },
)
