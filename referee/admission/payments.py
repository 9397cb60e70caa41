"""Entry fee payments (issue 34 point 5): an official records money received (amount, when,
cash or transfer, a note); a correction changes a payment and the log keeps what it was;
the chief's explicit leave lets an unpaid player be seated. No payment gateway."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from referee.core.bounds import check_text
from referee.tournaments.log import log_action

from .models import Entry, Payment
from .pure.rules import shown
from .pure.text import MAX_AMOUNT, amount
from .refusals import REFUSALS
from .services import MAX_NOTE, locked_entry


def _amount(text: Any, *, zero: bool) -> Decimal:
    value = amount(str(text if text is not None else ""))
    if value is None or (value == 0 and not zero):
        raise REFUSALS.error("amount_zero" if zero else "amount", "amount", max=shown(MAX_AMOUNT))
    return value


def _details(method: str, note: str, paid_at: datetime | None) -> tuple[str, str, datetime]:
    if method not in Payment.Method.values:
        raise REFUSALS.error("method", "method")
    check_text(note)
    note = " ".join(note.split())
    if len(note) > MAX_NOTE:
        raise REFUSALS.error("note_long", "note", n=MAX_NOTE)
    now = timezone.now()
    if paid_at is None:
        paid_at = now
    if timezone.is_naive(paid_at) or paid_at > now:
        raise REFUSALS.error("paid_at", "paid_at")
    return method, note, paid_at


def _data(payment: Payment) -> dict[str, Any]:
    return {
        "payment": payment.pk,
        "amount": str(payment.amount),
        "method": payment.method,
        "paid_at": payment.paid_at.isoformat(),
        "note": payment.note,
    }


@transaction.atomic
def record_payment(
    registration_id: int,
    user: Any,
    amount: Any,
    method: str,
    *,
    paid_at: datetime | None = None,
    note: str = "",
) -> Payment:
    """Money received for an entry, by one of the tournament's officials."""
    registration, tournament = locked_entry(registration_id, user, chief=False)
    value = _amount(amount, zero=False)
    method, note, paid_at = _details(method, note, paid_at)
    payment = Payment.objects.create(
        registration=registration,
        amount=value,
        method=method,
        paid_at=paid_at,
        note=note,
        recorded_by=user,
    )
    log_action(
        tournament,
        user,
        "payment.recorded",
        f"{registration.player.name}: {shown(value)}",
        about=registration,
        data=_data(payment),
    )
    return payment


@transaction.atomic
def correct_payment(
    payment_id: int,
    user: Any,
    amount: Any,
    method: str,
    *,
    note: str = "",
    reason: str = "",
    paid_at: datetime | None = None,
) -> Payment:
    """Change a payment (0 cancels it), saying why; the log keeps it as it was."""
    registration_id = (
        Payment.objects.filter(pk=payment_id).values_list("registration_id", flat=True).first()
    )
    if registration_id is None:
        raise REFUSALS.error("payment_unknown")
    registration, tournament = locked_entry(registration_id, user, chief=False)
    payment = Payment.objects.select_for_update().get(pk=payment_id)
    if not reason.strip():
        raise REFUSALS.error("reason_missing", "reason")
    if len(reason) > MAX_NOTE:
        raise REFUSALS.error("note_long", "reason", n=MAX_NOTE)
    value = _amount(amount, zero=True)
    method, note, when = _details(method, note, paid_at or payment.paid_at)
    before = _data(payment)
    payment.amount, payment.method, payment.note, payment.paid_at = value, method, note, when
    payment.corrected = True
    payment.save(update_fields=["amount", "method", "note", "paid_at", "corrected"])
    log_action(
        tournament,
        user,
        "payment.corrected",
        f"{registration.player.name}: {before['amount']} → {shown(value)}",
        about=registration,
        reason=reason,
        data={"before": before, "after": _data(payment)},
    )
    return payment


@transaction.atomic
def allow_unpaid(registration_id: int, user: Any, allow: bool, reason: str = "") -> Entry:
    """The chief's explicit word that a player who has not paid may be seated (or its
    withdrawal); a leave needs a reason, and both are logged."""
    registration, tournament = locked_entry(registration_id, user, chief=True)
    name = registration.player.name
    entry, _created = Entry.objects.get_or_create(registration=registration)
    reason = " ".join(reason.split())
    check_text(reason)
    if allow and entry.unpaid_allowed:
        raise REFUSALS.error("allowed_already", name=name)
    if not allow and not entry.unpaid_allowed:
        raise REFUSALS.error("not_allowed", name=name)
    if allow and not reason:
        raise REFUSALS.error("reason_missing", "reason")
    if len(reason) > MAX_NOTE:
        raise REFUSALS.error("note_long", "reason", n=MAX_NOTE)
    entry.unpaid_allowed = allow
    entry.unpaid_reason = reason if allow else ""
    entry.unpaid_by = user if allow else None
    entry.save(update_fields=["unpaid_allowed", "unpaid_reason", "unpaid_by"])
    if allow:
        log_action(
            tournament, user, "entry.unpaid_allowed", name, about=registration, reason=reason
        )
    else:
        log_action(
            tournament, user, "entry.unpaid_revoked", name, about=registration, reason=reason
        )
    return entry
