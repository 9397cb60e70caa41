"""A substitute inside a pulka (TOURNAMENTS §6.4, Kodeks 3.1.2): a player replaced during the
round. The sheet keeps its seats (the substitute plays the seat, its pool and mountain as they
stand: the Kodeks's average of the others is the referee's entry on the sheet, if any); the
record says from which deal the substitute plays, and the standings split the seat's round
points as ``Tournament.substitute_split`` says.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_substitute_in_pulka
from referee.tables.refusals import REFUSALS
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Round

from .models import Seat, Substitution, Table


@transaction.atomic
def substitute_in_pulka(
    table_id: int, leaving_id: int, entering_id: int, from_deal: int, user: Any, reason: str
) -> Substitution:
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table_id)
    tournament = table.round.tournament
    if not may_substitute_in_pulka(user, table):
        raise NotAllowed(_("Only the chief referee may replace a player during a round."))
    if table.round.status != Round.Status.STARTED or table.status != Table.Status.OPEN:
        raise REFUSALS.error("substitute.table_not_open")
    if not str(reason).strip():
        raise REFUSALS.error("substitute.reason_missing", "reason")
    seat = (
        Seat.objects.filter(table=table, registration_id=leaving_id)
        .select_related("registration")
        .first()
    )
    if seat is None:
        raise REFUSALS.error("substitute.leaving_not_seated", "leaving")
    if Substitution.objects.filter(table=table, leaving_id=leaving_id).exists():
        raise REFUSALS.error("substitute.replaced_already", "leaving")
    entering = Registration.objects.filter(pk=entering_id, tournament=tournament).first()
    busy = Seat.objects.filter(table__round=table.round, registration_id=entering_id).exists()
    busy = (
        busy
        or Substitution.objects.filter(table__round=table.round, entering_id=entering_id).exists()
    )
    if entering is None or busy or entering.status != Registration.Status.ACTIVE:
        raise REFUSALS.error("substitute.entering_busy", "entering")
    played = table.deals.filter(deleted=False).aggregate(n=Max("number"))["n"] or 0
    if not 1 <= from_deal <= played + 1:
        raise REFUSALS.error("substitute.from_deal", "from_deal", next=played + 1)
    substitution = Substitution.objects.create(
        table=table,
        leaving_id=leaving_id,
        entering=entering,
        from_deal=from_deal,
        reason=str(reason).strip(),
        author=user if getattr(user, "is_authenticated", False) else None,
    )
    log_action(
        tournament,
        user,
        "table.substitution",
        str(table),
        about=table,
        reason=substitution.reason,
        data={
            "leaving": leaving_id,
            "entering": entering_id,
            "from_deal": from_deal,
            # a guest replaced (TOURNAMENTS §6.4): the record says so
            "leaving_guest": seat.registration.guest,
        },
    )
    return substitution
