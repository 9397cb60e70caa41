"""The admission's services (issue 34 point 5): the chief sets the rules and the fees and
an entry's category, an official records a payment or corrects one, the chief lets an
unpaid player play. Each locks the tournament, checks the right, validates, changes, logs.

``ledger`` reads what each entry owes and has paid (the fees page, the check-in page, the
report, the seating); ``seatable`` keeps the unpaid out of a round's draw with a note."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
from referee.core.errors import NotAllowed
from referee.core.permissions import is_official
from referee.ratings.models import Division, RatingList
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.services.setup import locked_for_chief

from .models import Admission, Entry, Payment
from .pure import rules
from .pure.text import MAX_AMOUNT, LineError, amount, read_fees, read_invitations
from .refusals import REFUSALS
from .rules import admission_of, rules_of

MAX_NOTE = 200
MAX_CURRENCY = 20


@dataclass
class Line:
    """One entry on the fees page: what he owes, what he paid, and how it stands."""

    registration: Registration
    category: str
    due: Decimal | None
    paid: Decimal
    state: str
    allowed: bool = False  # the chief lets him play unpaid
    payments: list[Payment] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.registration.player.name

    @property
    def blocks_seating(self) -> bool:
        return self.state in (rules.UNPAID, rules.PART) and not self.allowed


@dataclass
class Ledger:
    admission: Admission | None
    rules: rules.Rules
    lines: list[Line]

    @property
    def charges(self) -> bool:
        """Whether any entry costs something (else payments are not asked for)."""
        return any(line.due for line in self.lines)


def ledger(tournament: Tournament, only: Sequence[int] | None = None) -> Ledger:
    """Every registration (or those of ``only``) with its fee and payments. Four queries."""
    admission = admission_of(tournament)
    found = rules_of(admission)
    entries = tournament.entries.select_related("player").order_by("player__name", "pk")
    payments = Payment.objects.filter(registration__tournament=tournament)
    extras = Entry.objects.filter(registration__tournament=tournament)
    if only is not None:
        entries, payments = entries.filter(pk__in=only), payments.filter(registration__in=only)
        extras = extras.filter(registration__in=only)
    by_entry: dict[int, list[Payment]] = defaultdict(list)
    for payment in payments.select_related("recorded_by"):
        by_entry[payment.registration_id].append(payment)
    extra = {e.registration_id: e for e in extras}
    lines = []
    for registration in entries:
        own = extra.get(registration.pk)
        category = own.category if own else ""
        due = rules.fee_due(found, category)
        paid = sum((p.amount for p in by_entry[registration.pk]), Decimal(0))
        lines.append(
            Line(
                registration,
                category,
                due,
                paid,
                rules.state(due, paid),
                bool(own and own.unpaid_allowed),
                by_entry[registration.pk],
            )
        )
    return Ledger(admission, found, lines)


def seatable(tournament: Tournament, players: list[int]) -> tuple[list[int], list[dict[str, Any]]]:
    """The players a round may seat: not those who owe their fee, unless the chief let them
    play unpaid; a note for each one kept out (``unpaid``: who, owed, paid, currency)."""
    if not Admission.objects.filter(tournament=tournament).exists():
        return players, []
    book = ledger(tournament, only=players)
    out = {line.registration.pk: line for line in book.lines if line.blocks_seating}
    notes = [
        {
            "code": "unpaid",
            "params": {
                "player": pk,
                "due": rules.shown(out[pk].due or Decimal(0)),
                "paid": rules.shown(out[pk].paid),
                "currency": book.rules.currency,
            },
        }
        for pk in players
        if pk in out
    ]
    return [pk for pk in players if pk not in out], notes


# -- the chief's rules ----------------------------------------------------------------------


def _bound(text: str, name: str) -> Decimal | None:
    text = text.strip()
    if not text:
        return None
    value = amount(text)
    if value is None:
        raise REFUSALS.error("amount_zero", name, max=rules.shown(MAX_AMOUNT))
    return value


@transaction.atomic
def set_rules(tournament_id: int, user: Any, values: Mapping[str, Any]) -> Admission:
    """Set who may enter and what it costs. ``values``: rating_list (an id or None),
    rating_min, rating_max, flat_fee (texts, "" for none), fees and invitations (the lists as
    typed, ``pure.text``), invitation_only, divisions (ids), currency."""
    tournament = locked_for_chief(tournament_id, user)
    low = _bound(str(values.get("rating_min") or ""), "rating_min")
    high = _bound(str(values.get("rating_max") or ""), "rating_max")
    if low is not None and high is not None and low > high:
        raise REFUSALS.error(
            "rating_range", "rating_min", min=rules.shown(low), max=rules.shown(high)
        )
    listed = None
    if values.get("rating_list"):
        listed = RatingList.objects.filter(pk=values["rating_list"]).first()
        if listed is None:
            raise REFUSALS.error("rating_list_missing", "rating_list")
    if listed is None and (low is not None or high is not None):
        raise REFUSALS.error("rating_list_missing", "rating_list")
    try:
        fees = read_fees(str(values.get("fees") or ""))
        invitations = read_invitations(str(values.get("invitations") or ""))
    except LineError as error:
        at = "fees" if error.code.startswith("fees") else "invitations"
        raise REFUSALS.error(error.code, at, **error.params) from None
    currency = " ".join(str(values.get("currency") or "").split()) or "₽"
    check_text(currency)
    if len(currency) > MAX_CURRENCY:
        raise REFUSALS.error("currency_long", "currency", n=MAX_CURRENCY)
    wanted = {int(pk) for pk in values.get("divisions") or ()}
    divisions = list(Division.objects.filter(tournament=tournament, pk__in=wanted))
    if len(divisions) != len(wanted):
        raise REFUSALS.error("division_unknown", "divisions")
    admission, created = Admission.objects.get_or_create(tournament=tournament)
    admission.rating_list = listed
    admission.rating_min, admission.rating_max = low, high
    admission.fees = [[name, str(fee)] for name, fee in fees]
    admission.flat_fee = _bound(str(values.get("flat_fee") or ""), "flat_fee")
    admission.invitation_only = bool(values.get("invitation_only"))
    admission.invitations = [vars(person) for person in invitations]
    admission.currency = currency
    if not created:
        admission.version += 1  # each change of the rules, counted
    admission.save()
    admission.divisions.set(divisions)
    log_action(
        tournament,
        user,
        "admission.rules_set",
        tournament.name,
        data=_rules_data(admission, divisions),
    )
    return admission


def _rules_data(admission: Admission, divisions: list[Division]) -> dict[str, Any]:
    return {
        "rating_list": admission.rating_list_id,
        "rating_min": None if admission.rating_min is None else str(admission.rating_min),
        "rating_max": None if admission.rating_max is None else str(admission.rating_max),
        "fees": admission.fees,
        "flat_fee": None if admission.flat_fee is None else str(admission.flat_fee),
        "currency": admission.currency,
        "divisions": [d.name for d in divisions],
        "invitation_only": admission.invitation_only,
        "invited": len(admission.invitations),
        "version": admission.version,
    }


# -- an entry: its category, its payments, the chief's leave ---------------------------------


def locked_entry(
    registration_id: int, user: Any, *, chief: bool
) -> tuple[Registration, Tournament]:
    tournament_id = (
        Registration.objects.filter(pk=registration_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        raise REFUSALS.error("not_entered")
    if chief:
        tournament = locked_for_chief(tournament_id, user)
    else:
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if not is_official(user, tournament):
            raise NotAllowed(_("Only the tournament's referees may record entry fees."))
    registration = (
        Registration.objects.select_for_update().select_related("player").get(pk=registration_id)
    )
    return registration, tournament


@transaction.atomic
def set_category(registration_id: int, user: Any, category: str) -> Entry:
    """The entry's category (its fee), one of the tournament's declared ones ("" for none)."""
    registration, tournament = locked_entry(registration_id, user, chief=True)
    allowed = rules_of(admission_of(tournament)).categories
    category = " ".join(category.split())
    if category and rules.folded(category) not in {rules.folded(a) for a in allowed}:
        raise REFUSALS.error("category_unknown", "category", allowed=allowed or ["—"])
    entry, _created = Entry.objects.get_or_create(registration=registration)
    before = entry.category
    entry.category = rules.canonical(allowed, category)
    entry.save(update_fields=["category"])
    log_action(
        tournament,
        user,
        "entry.category_set",
        registration.player.name,
        about=registration,
        data={"before": before, "after": entry.category},
    )
    return entry
