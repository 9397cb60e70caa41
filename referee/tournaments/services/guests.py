"""Guests whose results do not count (TOURNAMENTS §6.4, the Serbian club championship [S34]).

A guest fills a seat: his table is scored as usual and his table-mates keep what they scored
against him, but he takes no place, no rating change, no qualification or cup points. Each
reader asks the one home of its kind: the pure ranking lists him without a place
(``standings.pure.ranking``, ``guests=``), and every place, rating and cup is read from
there. A guest may later be replaced by a substitute (withdrawn, then ``substitute_player``):
the log of the substitution says it replaced a guest.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from referee.tournaments.refusals import REFUSALS

from ..log import log_action
from ..models import Registration, Tournament
from .players import entry_and_tournament


@transaction.atomic
def mark_guest(
    registration_id: int, user: Any, guest: bool = True, reason: str = ""
) -> Registration:
    """Mark the player a guest (``guest``) or count him again (not ``guest``). The chief
    referee's, until the tournament is finished (its places are final then)."""
    entry, tournament = entry_and_tournament(registration_id, user)
    name = entry.player.name
    if tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("finished")
    if guest and entry.guest:
        raise REFUSALS.error("guest.already", "guest", name=name)
    if not guest and not entry.guest:
        raise REFUSALS.error("guest.not_guest", "guest", name=name)
    if guest and entry.team_id is not None:
        raise REFUSALS.error("guest.team", "guest", name=name)
    entry.guest = guest
    entry.save(update_fields=["guest"])
    data = {"registration": entry.pk, "guest": guest}
    if guest:
        log_action(tournament, user, "player.guest", name, about=entry, reason=reason, data=data)
    else:
        log_action(
            tournament, user, "player.guest_cleared", name, about=entry, reason=reason, data=data
        )
    return entry
