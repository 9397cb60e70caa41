"""The standings' refusals in the reader's language: its services' and its rules'.

The pure modules refuse a setting with a ``StandingsError`` carrying a stable ``code`` and
its ``params`` (their ``message`` is English for the command line and names the setting's
internals, ``bands[1]``); ``RULES`` gives every such code a translated template in a chief
referee's words, without parameter names or ids (``standings.rules.`` + the code when a
service passes it on). ``REFUSALS`` holds the services' own refusals (``standings.`` + key).
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

from .pure.exact import StandingsError

#: code -> template (``%(param)s``), one per code the settings' checks raise.
_RULES: dict[str, Promise] = {
    "method.unknown": _("This conversion method is unknown."),
    "method.disabled": _("This conversion method is not available: the rules leave it open."),
    "params.unknown": _("This conversion method has no parameter %(name)s."),
    "number.inexact": _("Give an exact number, e.g. 200, 1/10 or 0.5."),
    "number.not_number": _("This is not a number; write e.g. 200, 1/10 or 0.5."),
    "flag": _("Answer yes or no."),
    "choice": _("Choose one of the offered values."),
    "bands.not_pairs": _("Give each band as an upper bound and a weight."),
    "bands.empty": _("Give at least one band."),
    "bands.unbounded": _("Only the last band may have no upper bound."),
    "bands.increasing": _("The upper bounds must be above 0 and grow from band to band."),
    "bands.negative": _("A weight cannot be negative."),
    "row.length": _("Give %(size)s points, one per place."),
    "table.number_twice": _("Two tables of one round have the same number."),
    "table.player_twice": _("A player sits at two tables in one round."),
    "lot.not_whole": _("A lot is a whole number."),
    "normalisation.unknown": _("This way of comparing tables of 3 and of 4 is unknown."),
    "normalisation.placement": _(
        "Placement points on the same scale need the conversion method placement points."
    ),
    "factor.positive": _("The factor must be above 0."),
    "factor.unused": _(
        "A factor other than 1 counts only when the results of tables of 4 are multiplied: "
        "choose that above, or give 1."
    ),
    "threshold.negative": _("The threshold is a loss: give a negative number, e.g. -1000."),
    "chain.text": _("List the tie-breaks by name."),
    "chain.unknown": _("There is no tie-break %(name)s."),
    "chain.twice": _("Each tie-break once: %(name)s is listed twice."),
    "series.method_unknown": _("This way of counting a tournament in the series is unknown."),
    "series.table": _("Give the points by place, one number per place."),
    "series.negative": _("Points by place cannot be negative."),
    "series.table_rises": _("A worse place cannot earn more points than the place above it."),
    "series.floor_above": _("Places beyond the table cannot earn more than its last place."),
    "series.winner_gets": _("The winner's points must be above 0."),
    "series.scaled_twice": _(
        "Either multiply the points by a factor or give the winner's points, not both."
    ),
    "series.winner_not_positive": _(
        "A tournament's winner has no points above 0, so its points cannot be scaled to the "
        "winner's: count by place or multiply by a factor."
    ),
    "series.weight": _("The weight of a tournament must be above 0, e.g. 1 or 3/2."),
    "series.player_twice": _("A player is listed twice in one tournament."),
    "series.place": _("A place is a whole number from 1."),
    "series.places_overlap": _(
        "Players who share a place cover the places below it: after two players on place 3 "
        "the next is on place 5."
    ),
    "series.tournament_twice": _("A tournament is listed twice in the series."),
    "series.best": _(
        "Give how many best results count: a whole number from 1, or nothing to count them all."
    ),
    "series.min_starts": _("The minimum number of starts is a whole number, 0 or more."),
    "duplicate.role": _("A seat on a board is the first, second or third hand, or the dealer."),
    "duplicate.value": _("A board's result is a number of whists."),
    "duplicate.seat_twice": _("The same seat of a board is given twice at one table."),
    "duplicate.method": _("The comparison of boards is by matchpoints or by datum."),
    "outlook.cut": _("The number of places that qualify is a whole number from 1."),
    "outlook.rounds": _("The number of rounds left is a whole number, 0 or more."),
    "outlook.table_sizes": _("Tables have 3 or 4 players."),
    "outlook.player_twice": _("A player is listed twice in the standings."),
    # Not refusals: why a player's outlook is unknown (the verdict "unknown").
    "outlook.no_bound": _(
        "The conversion method sets no limit on the points of a round, so no place can be "
        "ruled out before the last round."
    ),
    "outlook.elimination": _(
        "Players below the elimination threshold leave the tournament, so anyone may still "
        "drop below everyone in play: no place can be ruled out before the last round."
    ),
    # why a player's verdict is "out" with no place
    "outlook.not_in_play": _(
        "The player is no longer in play (withdrawn, eliminated or disqualified): he takes "
        "nobody's place and goes on to no stage."
    ),
}


#: a code without a template says only that the value is refused (never the English of the
#: pure module).
RULES = Refusals(
    "standings.rules",
    _RULES,
    raises=StandingsError,
    fallback=_("This value cannot be used here."),
)

REFUSALS = Refusals(
    "standings",
    {
        "lot.no_players": _("There are no players to draw the lot for."),
        "lot.number_twice": _("Two players cannot draw the same lot number."),
        "lot.number_whole": _("A lot number is a whole number from 1."),
        "lot.player_unknown": _("Player %(id)s is not in this tournament."),
        "lot.reason_change": _("A lot is recorded already; say why it changes."),
        "lot.reason_redraw": _("The lot is drawn already; say why it is drawn again."),
        "not_published": _("This tournament is not published."),
        "player.unknown": _("This player is not in this tournament."),
        "round_not_public": _("These results are not public yet."),
        "setting.published_round": _("Give a round number."),
        "setting.published_from_one": _("Give a round number from 1, or leave it empty."),
        "setting.params_object": _('Parameters are a JSON object, e.g. {"symmetric": false}.'),
        "setting.tie_breaks_list": _("List the tie-breaks by name."),
        "setting.unknown": _("Unknown setting: %(name)s."),
    },
)
