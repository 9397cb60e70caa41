"""The duplicate sessions' refusals (``duplicate.`` + key), and the movement generator's
(``movement.`` + its code, ``seating.pure.movenotes.REFUSALS``) in the chief's words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "duplicate",
    {
        "movement.table_size": _("A duplicate session has tables of 3 or of 4."),
        "movement.too_few_players": _(
            "%(n)s players cannot fill a table of %(size)s: a session needs at least %(size)s."
        ),
        "movement.not_divisible": _(
            "%(n)s players do not fill tables of %(size)s: the number of players must be "
            "divisible by %(size)s (a duplicate session has no byes)."
        ),
        "movement.groups": _("%(tables)s tables do not split into %(groups)s equal groups."),
        "movement.boards_per_set": _("A set needs at least one board."),
        "movement.player_twice": _("A player is listed twice."),
        "movement.small_field": _(
            "%(n)s players are too few for a duplicate session: it needs at least %(least)s."
        ),
        "movement.stanzas": _(
            "A session of %(tables)s tables lasts from 1 to %(tables)s stanzas, not %(stanzas)s: "
            "with more, a player would play a board twice."
        ),
        "session.round_open": _(
            "Round %(n)s is still in play: finish it before the duplicate session starts."
        ),
        "session.not_running": _("The tournament is not running."),
        "session.boards_count": _(
            "The movement plays %(want)s boards, and %(got)s were given: give one board for "
            "each, or deal them from a seed."
        ),
        "session.board_numbers": _("The boards must be numbered 1 to %(want)s, each once."),
        "session.counts": _("Choose what the session counts for."),
        "session.boards_played": _(
            "A table has played a board of this session already: its boards can no longer "
            "be replaced."
        ),
        "session.boards_empty": _("Give the boards: a board file or the board notation."),
        "session.boards_open": _(
            "%(n)s boards are still to be played at some table (%(boards)s): the boards are "
            "published once every table has played them."
        ),
        "round.boards_open": _(
            "Round %(n)s is a stanza of a duplicate session whose boards %(boards)s are still "
            "to be played at some table: its results are published once every table has "
            "played them."
        ),
        "session.stanzas_done": _("Every stanza of this session is seated."),
        "session.stanza_open": _("Round %(n)s is still in play: finish it first."),
        "session.round_taken": _(
            "Round %(n)s is an ordinary round seated in this stanza's place: the session "
            "goes on only once its seating is discarded."
        ),
        "board.not_at_table": _(
            "Board %(board)s is not played at this table in this round: it plays boards %(boards)s."
        ),
        "board.not_next": _("The next deal of this table is board %(next)s, not board %(board)s."),
        "board.size": _(
            "This board set is made for tables of %(size)s: a table of %(seats)s cannot play it."
        ),
        "board.dealer": _("On board %(board)s the dealer is %(name)s."),
        "board.set_full": _("This table has played every board of its set."),
    },
)
