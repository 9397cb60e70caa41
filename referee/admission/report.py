"""The payment report: totals by category and by method, and who paid what (the fees page
and its workbook, ``exports.fees``)."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from .pure import rules
from .services import Ledger


def lines_of(book: Ledger) -> list[rules.Line]:
    out = []
    for line in book.lines:
        methods: dict[str, Decimal] = defaultdict(Decimal)
        for payment in line.payments:
            methods[payment.method] += payment.amount
        out.append(rules.Line(line.name, line.category, line.due, line.paid, dict(methods)))
    return out


def report_of(book: Ledger) -> rules.Report:
    return rules.report(lines_of(book), book.rules.categories)
