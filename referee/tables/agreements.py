"""Players confirm their table's totals at sign-off (a tournament setting): each taps his
name on the referee's tablet to agree, or records a dispute that goes to the chief referee.
``sign_off`` records the players' word and signs the table off in one transaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed, ServiceError
from referee.core.permissions import may_enter_deals
from referee.tournaments.log import log_action

from .models import Agreement, Seat, Table
from .services import submit_table


@dataclass(frozen=True)
class Verdict:
    agreed: bool
    dispute: str = ""


@transaction.atomic
def sign_off(table_id: int, user: Any, verdicts: Mapping[int, Verdict] | None = None) -> Table:
    """Sign the table off; where the tournament asks for it, ``verdicts`` (seat id →
    ``Verdict``) must hold every player's agreement or dispute. A dispute does not stop the
    sign-off: it is kept with the table and logged for the chief referee."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table_id)
    tournament = table.round.tournament
    if not may_enter_deals(user, table):
        raise NotAllowed(_("Only this tournament's referees may sign a table off."))
    if tournament.players_confirm:
        seats = list(Seat.objects.filter(table=table).select_related("registration__player"))
        verdicts = verdicts or {}
        missing = [
            s.registration.player.name
            for s in seats
            if s.pk not in verdicts or not (verdicts[s.pk].agreed or verdicts[s.pk].dispute.strip())
        ]
        if missing:
            raise ServiceError(
                _("Every player agrees or records a dispute first: %(names)s.")
                % {"names": ", ".join(missing)},
                "agreements",
            )
        Agreement.objects.filter(table=table).delete()
        Agreement.objects.bulk_create(
            [
                Agreement(
                    table=table,
                    seat=s,
                    agreed=verdicts[s.pk].agreed and not verdicts[s.pk].dispute.strip(),
                    dispute=verdicts[s.pk].dispute.strip(),
                    recorded_by=user,
                )
                for s in seats
            ]
        )
        for s in seats:
            if verdicts[s.pk].dispute.strip():
                log_action(
                    tournament,
                    user,
                    "table.disputed",
                    str(table),
                    about=table,
                    reason=verdicts[s.pk].dispute.strip(),
                    data={"player": s.registration.player.name},
                )
    return submit_table(table_id, user)


def agreements_of(table: Table) -> dict[int, Agreement]:
    """The recorded word of each player, by seat id (empty when none was asked)."""
    return {a.seat_id: a for a in Agreement.objects.filter(table=table)}
