"""The tables' refusals: deals, sign-off, confirmation, disputes and substitutes."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "tables",
    {
        "confirm.not_signed_off": _("Only a signed-off table waits for confirmation."),
        "deal.cap_reached": _("This table has played its %(cap)s deals."),
        "deal.board_not_duplicate": _(
            "This table plays no boards: a board number is only for a duplicate session."
        ),
        "deal.changed": _(
            "Deal %(number)s was changed meanwhile (version %(version)s): nothing is saved."
        ),
        "deal.correct_reason": _("Say why the deal is corrected."),
        "deal.dealer_turn": _("It is %(name)s's deal (clockwise after the last deal)."),
        "deal.delete_reason": _("Say why the deal is deleted."),
        "deal.correct_deleted": _("This deal was deleted; restore it instead."),
        "deal.deleted_already": _("This deal is already deleted."),
        "deal.not_deleted": _("This deal is not deleted."),
        "deal.restore_reason": _("Say why the deal is restored."),
        "deal.round_not_in_play": _("Deals are entered only while the round is in play."),
        "deal.ruling_reason": _("A ruling on a signed-off table needs a reason."),
        "dispute.agreed": _("This player agreed with the totals: there is no dispute."),
        "dispute.decision_choice": _("Choose one of the offered values."),
        "dispute.reason_missing": _("Give the reason for the decision."),
        "dispute.resolved": _("This dispute is resolved already."),
        "dispute.superseded": _(
            "The table was signed off again since: the players gave their word anew."
        ),
        "hands.not_chief": _("Only the chief referee enters a deal's hands."),
        "hands.no_contract": _("Only a game or a misère has a declarer's hands to analyse."),
        "hands.deleted": _("This deal is deleted: its hands are not entered."),
        "hands.notation": _("%(where)s: %(problem)s"),
        "hands.declarer_hand": _("The declarer's hand is 1, 2 or 3."),
        "hands.declarer_seat": _(
            "By the dealer recorded the declarer %(name)s holds hand %(hand)s, not %(given)s."
        ),
        "hands.discard": _("%(problem)s"),
        "hands.board_deal": _(
            "This deal plays board %(board)s: its cards are the board's and are not typed "
            "again; give only the actual discard."
        ),
        "lap.cap_reached": _(
            "The lap is finished: the table reached its %(cap)s deals and played on "
            "until the first dealer's turn came back. No more deals."
        ),
        "lap.time_up": _(
            "The lap is finished: the round's time is up and the table played on until "
            "the first dealer's turn came back. No more deals."
        ),
        "lot.not_disputed": _(
            "Only a disputed defence plan in a qualification tournament is decided by lot."
        ),
        "reopen.open": _("This table is open already."),
        "reopen.reason_missing": _("Say why the table is reopened."),
        "seat_draw.card_missing": _("%(name)s has no card: enter the card each player drew."),
        "seat_draw.card_twice": _(
            "%(card)s is drawn twice: one pack has each card once (%(name)s)."
        ),
        "seat_draw.card_unknown": _(
            "%(card)s is not a card of the 32-card pack (%(name)s): write e.g. 7♠, 10♥, Q♦ or Дч."
        ),
        "seat_draw.changed": _(
            "The seat draw was recorded meanwhile (version %(version)s): nothing is saved."
        ),
        "seat_draw.duplicate": _(
            "A duplicate session's seats come from its boards: they are not drawn at the table."
        ),
        "seat_draw.played": _(
            "Deals are recorded at this table: its seats are played and cannot be drawn again."
        ),
        "seat_draw.players": _("A seat draw needs every player of the table: 3 or 4."),
        "seat_draw.table_not_open": _(
            "Seats are drawn only at an open table of a round not yet finished."
        ),
        "signoff.agreements_missing": _(
            "Every player agrees or records a dispute first: %(names)s."
        ),
        "signoff.already": _("This table is already signed off."),
        "signoff.no_deals": _("A table with no deals cannot be signed off."),
        "substitute.entering_busy": _(
            "The substitute is a player of the tournament in play and not seated this round."
        ),
        "substitute.from_deal": _("The substitute plays from a deal from 1 to %(next)s."),
        "substitute.leaving_not_seated": _("The player replaced sits at this table."),
        "substitute.reason_missing": _("Give the reason."),
        "substitute.replaced_already": _("This player has been replaced already."),
        "substitute.table_not_open": _(
            "A player is replaced only at an open table of a round in play."
        ),
        "tablet.discarded_missing": _("Name the deals that are discarded."),
    },
)
