"""Players confirm their table's totals at sign-off (a tournament setting): each taps his
name on the referee's tablet to agree, or records a dispute that goes to the chief referee.
``sign_off`` records the players' word and signs the table off in one transaction;
``resolve_dispute`` is the chief referee's decision on one dispute: dismissed (the totals
stand) or upheld (the table is reopened for correction, through ``services.reopen_table``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
from referee.core.errors import NotAllowed
from referee.core.permissions import may_enter_deals, may_resolve_dispute
from referee.tables.refusals import REFUSALS
from referee.tournaments.log import log_action

from .models import Agreement, Seat, Table
from .services import reopen_table, submit_table


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
            raise REFUSALS.error(
                "signoff.agreements_missing", "agreements", names=", ".join(missing)
            )
        # the word given at an earlier sign-off (the table was reopened since) is kept as
        # the record of that sign-off, its disputes and their resolutions
        Agreement.objects.filter(table=table, superseded=False).update(superseded=True)
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
    """The word of each player at the table's latest sign-off, by seat id (empty when none
    was asked)."""
    return {a.seat_id: a for a in Agreement.objects.filter(table=table, superseded=False)}


def words_of(table: Table) -> list[Agreement]:
    """Every word recorded at the table, at its latest sign-off and at earlier ones (the
    ``superseded``), oldest first, with the player, who recorded it and who resolved a
    dispute (one query)."""
    return list(
        Agreement.objects.filter(table=table)
        .select_related("seat__registration__player", "recorded_by", "resolved_by")
        .order_by("at", "seat__position", "pk")
    )


@transaction.atomic
def resolve_dispute(agreement_id: int, user: Any, decision: str, reason: str) -> Agreement:
    """The chief referee resolves a player's dispute with a decision and its reason:
    ``dismissed`` (the totals stand) or ``upheld`` (the table is reopened for correction,
    unless it is open already). Once resolved, a dispute is never resolved again."""
    found = Agreement.objects.filter(pk=agreement_id).values_list("table_id", flat=True).first()
    if found is None:
        raise Agreement.DoesNotExist
    # the table's row lock first, as sign-off takes it: of two decisions at once on one
    # dispute the second waits, then reads the first one's resolution and is refused
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=found)
    tournament = table.round.tournament
    if not may_resolve_dispute(user, tournament):
        raise NotAllowed(_("Only the chief referee resolves a player's dispute."))
    agreement = Agreement.objects.select_related("seat__registration__player").get(pk=agreement_id)
    if not agreement.disputed:
        raise REFUSALS.error("dispute.agreed")
    if agreement.resolution:
        raise REFUSALS.error("dispute.resolved")
    if agreement.superseded:
        raise REFUSALS.error("dispute.superseded")
    if decision not in Agreement.Resolution.values:
        raise REFUSALS.error("dispute.decision_choice", "decision")
    reason = check_text(reason).strip()
    if not reason:
        raise REFUSALS.error("dispute.reason_missing", "reason")
    if decision == Agreement.Resolution.UPHELD and table.status != Table.Status.OPEN:
        reopen_table(table.pk, user, reason)
    agreement.resolution, agreement.resolution_reason = decision, reason
    agreement.resolved_by, agreement.resolved_at = user, timezone.now()
    agreement.save()
    log_action(
        tournament,
        user,
        "table.dispute_resolved",
        str(table),
        about=table,
        reason=reason,
        data={"player": agreement.seat.registration.player.name, "decision": decision},
    )
    return agreement
