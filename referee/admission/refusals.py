"""The admission's refusals: the rules an entrant breaks (raised by the pure predicate,
``pure.rules.AdmissionError``, rendered here) and the fees' and payments' services.

Each code (``admission.`` + its key, ``admission.rules.`` + a rule's) is what the API
answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

from .pure.rules import AdmissionError

RULES = Refusals(
    "admission.rules",
    {
        "no_rating": _(
            "%(name)s has no rating on the list %(list)s: entry needs a rating from %(min)s."
        ),
        "rating_low": _(
            "rating %(rating)s is below the entry minimum %(min)s on the list %(list)s"
        ),
        "rating_high": _(
            "rating %(rating)s is above the entry maximum %(max)s on the list %(list)s"
        ),
        "category_missing": _("Choose your category: %(allowed)s."),
        "category_wrong": _("The category %(category)s is not admitted: only %(allowed)s."),
        "division_missing": _("Choose your division: %(allowed)s."),
        "division_wrong": _("The division %(division)s is not admitted: only %(allowed)s."),
        "not_invited": _("%(name)s is not on the invitation list of this tournament."),
    },
    raises=AdmissionError,
)

#: the field of a form each rule concerns
FIELDS = {
    "no_rating": "rating_number",
    "rating_low": "rating_number",
    "rating_high": "rating_number",
    "category_missing": "category",
    "category_wrong": "category",
    "division_missing": "division",
    "division_wrong": "division",
    "not_invited": "name",
}

REFUSALS = Refusals(
    "admission",
    {
        "amount": _("Give an amount above 0 and under %(max)s, e.g. 1500 or 1500.50."),
        "amount_zero": _("Give an amount from 0 (0 cancels the payment) under %(max)s."),
        "method": _("Choose cash or transfer."),
        "note_long": _("Keep it under %(n)s characters."),
        "reason_missing": _("Say why."),
        "not_entered": _("This player is not registered in this tournament."),
        "payment_unknown": _("There is no such payment."),
        "category_unknown": _("Choose one of the tournament's categories: %(allowed)s."),
        "fees_line": _("Line %(line)s: write a category and its fee, e.g. «Юниоры: 1000»."),
        "fees_twice": _("The category %(name)s is listed twice."),
        "invitation_line": _(
            "Line %(line)s: write a name, then the city and the federation id if you know them."
        ),
        "rating_range": _("The rating range is empty: from %(min)s up to %(max)s."),
        "rating_list_missing": _("Choose the rating list the range is read on."),
        "currency_long": _("Keep the currency under %(n)s characters."),
        "division_unknown": _("Choose divisions of this tournament."),
        "paid_at": _("Give the time of the payment, not later than now."),
        "allowed_already": _("%(name)s may play unpaid already."),
        "not_allowed": _("%(name)s has no leave to play unpaid."),
    },
)
