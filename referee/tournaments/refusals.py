"""The tournaments' refusals: creating and setting up a tournament, its format and players."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "tournaments",
    {
        "choice": _("Choose one of the offered values."),
        "apply.closed": _("This tournament takes no applications."),
        "apply.closed_at": _("Applications closed at %(at)s."),
        "apply.name_missing": _("Give your name."),
        "apply.city_missing": _("Give your city."),
        "apply.contact_missing": _("Give a phone number or an e-mail for the organiser."),
        "apply.too_long": _("Keep it under %(n)s characters."),
        "apply.too_many": _("Too many applications from here: try again in a few minutes."),
        "apply.registered": _("%(name)s is already registered in this tournament."),
        "apply.twice": _("%(name)s has already applied: the organiser will answer."),
        "apply.decided": _("The application of %(name)s is already decided."),
        "apply.cap": _("The cap is a number of players from 1 to %(max)s."),
        "apply.over_cap": _(
            "%(taken)s players are registered, the cap is %(cap)s: approving %(name)s goes over"
            " it. Confirm it, or raise the cap first."
        ),
        "checkin.off": _("This tournament does not ask its players to check in."),
        "checkin.link": _("This link is not valid any more: ask the organiser for a new one."),
        "checkin.not_playing": _("%(name)s is no longer in play."),
        "checkin.round_seated": _(
            "The next round is already seated: check in once it is finished, for the round after."
        ),
        "checkin.reason_long": _("Keep the reason under %(n)s characters."),
        "convention.play_started": _("The convention is fixed once the tournament has started."),
        "copy_not_own": _("Choose one of your own tournaments to copy."),
        "dates_missing": _("Give the dates of the tournament."),
        "eliminate.not_in_play": _("%(name)s is no longer in play."),
        "eliminate.seated": _(
            "%(name)s is seated in round %(round)s, not started yet: discard its seating first."
        ),
        "ends_before_start": _("The tournament cannot end before it starts."),
        "finish.no_rounds": _("No round has been played yet."),
        "finish.not_running": _("Only a running tournament can finish."),
        "finish.rounds_open": _("Finish these rounds first: %(rounds)s."),
        "finished": _("The tournament is finished."),
        "format.play_started": _("The tournament's format cannot change once play has started."),
        "guest.already": _("%(name)s is a guest already."),
        "guest.not_guest": _("%(name)s is not a guest."),
        "guest.team": _("%(name)s plays for a team: a guest plays for nobody."),
        "name_missing": _("The tournament needs a name."),
        "number.exact": _("Give a number, e.g. 2, -1.5 or 1/2."),
        "number_from_one": _("Leave it empty or give a number from 1."),
        "pair.already": _("These two are kept apart already."),
        "pair.not_registered": _("Both players must be registered in this tournament."),
        "pair.same_player": _("Choose two different players."),
        "pair.unknown": _("These two are not a forbidden pair."),
        "player.federation_id_taken": _("Federation id %(id)s belongs to %(name)s."),
        "player.name_missing": _("The name is missing."),
        "player.rating_negative": _("A rating cannot be below zero."),
        "player.rating_range": _("The rating is out of range."),
        "player.registered": _("%(name)s is already registered."),
        "player.too_long": _("At most %(limit)s characters."),
        "player.unknown": _("There is no such player."),
        "player.withdrawn": _("%(name)s is on the list as withdrawn: “Reinstate” puts him back."),
        "pool_size.play_started": _(
            "The pool size is part of the rules: it cannot change once play has started."
        ),
        "reason_missing": _("Give the reason."),
        "registered_only": _("Name registered players only."),
        "registration.unknown": _("There is no such registration."),
        "reinstate.not_withdrawn": _("%(name)s has not withdrawn."),
        "reinstate.seated": _(
            "Round %(round)s is seated already: discard its seating, then reinstate %(name)s."
        ),
        "reinstate.started": _(
            "The tournament has started: a withdrawal can no longer be undone."
            " A substitute can take his place."
        ),
        "setting.round_in_play": _(
            "Round %(round)s is in play by this setting: it changes between rounds,"
            " once the round is finished."
        ),
        "setting.round_seated": _(
            "Round %(round)s is seated by this setting: discard its seating first,"
            " or change it once the round is finished."
        ),
        "setting.unknown": _("These settings cannot be changed here: %(names)s."),
        "slug.invalid": _("Use Latin letters, digits, hyphens and underscores."),
        "slug.taken": _("This short name is taken."),
        "stage.method_unknown": _("Unknown seating method."),
        "stage.name_missing": _("Stage %(n)s needs a name."),
        "stage.rounds_missing": _("Stage %(stage)s needs at least one round."),
        "stage.top_too_few": _("Stage %(stage)s takes the top N: N is at least 3 (one table)."),
        "stage.groups_count": _("Stage %(stage)s: the number of groups is from 1 to 26."),
        "stage.no_groups_before": _(
            "Stage %(stage)s takes the best of each group: the stage before it must play in groups."
        ),
        "stage.group_top_too_few": _(
            "Stage %(stage)s takes the top N of each group: N is at least 1, and at least 3 "
            "players in all."
        ),
        "stage.crossover_too_few": _(
            "Stage %(stage)s crosses the top N of each group: N is at least 3 (a crossed "
            "group seats one table)."
        ),
        "stage.crossover_groups": _(
            "Stage %(stage)s crosses the groups of the stage before: it plays in as many "
            "groups (%(n)s)."
        ),
        "start.not_in_preparation": _("Only a tournament in preparation can start."),
        "start.too_few_players": _(
            "A tournament needs at least %(min)s players; %(n)s are registered."
        ),
        "substitute.already": _("%(name)s has a substitute already."),
        "substitute.not_withdrawn": _("Only a withdrawn player can be replaced."),
        "table_size": _("Prefer tables of 4 or of 3."),
        "team.best_missing": _("Say how many best members count (K)."),
        "team.name_missing": _("The team needs a name."),
        "team.name_taken": _("There is a team of that name already."),
        "team.player_taken": _("A player plays for one team only."),
        "withdraw.already": _("%(name)s has withdrawn already."),
        "withdraw.round_range": _("Give a round from 0 to %(latest)s."),
        "withdraw.seated": _(
            "%(name)s is seated in round %(round)s: withdraw after it, or reseat it first."
        ),
        "yellow_card_days": _("A yellow card stays active at least one day."),
    },
)
