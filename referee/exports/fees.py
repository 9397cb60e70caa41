"""The payment report as a workbook (issue 34 point 5): totals by category and by method,
and who paid what, payment by payment. The organiser's, like the fees page."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.admission.models import Payment
from referee.admission.report import report_of
from referee.admission.services import Ledger, ledger
from referee.core.people import person
from referee.core.permissions import may_manage
from referee.tournaments.surfaces import manage_page

from . import tabular
from .registry import Exporter, Output, Reading, filename


def fee_sheets(book: Ledger) -> list[tabular.Sheet]:
    currency = book.rules.currency
    found = report_of(book)
    totals: list[list[tabular.Value]] = [
        [name or _("no category"), t.players, t.paid_up, t.due, t.paid, t.outstanding]
        for name, t in found.categories.items()
    ]
    t = found.total
    totals.append([_("In all"), t.players, t.paid_up, t.due, t.paid, t.outstanding])
    methods = dict(Payment.Method.choices)
    by_method: list[list[tabular.Value]] = [
        [str(methods.get(k, k)), v] for k, v in sorted(found.methods.items())
    ]
    summary = tabular.Sheet(
        _("Totals"),
        [_("Category"), _("Players"), _("Paid up"), _("Due"), _("Paid"), _("Outstanding")],
        [*totals, [], [_("Method"), _("Paid")], *by_method],
        caption=_("Entry fees, %(currency)s") % {"currency": currency},
    )
    who: list[list[tabular.Value]] = []
    for line in book.lines:
        if not line.payments:
            who.append([line.name, line.category, line.due, line.paid, "", "", "", "", ""])
        for p in line.payments:
            when = timezone.localtime(p.paid_at).strftime("%Y-%m-%d %H:%M")
            by = person(p.recorded_by) if p.recorded_by else ""
            who.append(
                [
                    line.name,
                    line.category,
                    line.due,
                    line.paid,
                    p.amount,
                    str(methods.get(p.method, p.method)),
                    when,
                    by,
                    p.note,
                ]
            )
    players = tabular.Sheet(
        _("Who paid what"),
        [
            _("Player"),
            _("Category"),
            _("Due"),
            _("Paid in all"),
            _("Payment"),
            _("Method"),
            _("When"),
            _("Recorded by"),
            _("Note"),
        ],
        who,
    )
    return [summary, players]


def _fees(reading: Reading) -> Output:
    tournament = reading.subject
    content = tabular.workbook(fee_sheets(ledger(tournament)))
    return Output(content, filename(tournament.slug, "fees.xlsx"))


#: the payment report: the chief's, like the fees page (registered with the others,
#: ``exporters.EXPORTERS``)
FEES = Exporter("fees", gettext_lazy("Entry fees"), manage_page, ("xlsx",), _fees, may_manage)
