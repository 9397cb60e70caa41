"""One number format for the whole site: exact whists and points shown with at most two
decimals, no trailing zeros, the reader's decimal sign (``206,67`` in Russian, ``206.67``
in English). Pages, sheets, PDFs and CSV all use it; the workbook keeps numeric cells."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils.formats import get_format

HUNDREDTH = Decimal("0.01")


def figure(value: Fraction | Decimal | int | None, separator: str | None = None) -> str:
    """``Fraction(620, 3)`` → ``206,67``; ``-10`` → ``-10``; ``7.5`` → ``7,5``; None → ``""``."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        exact = Decimal(value)
    text = f"{exact.quantize(HUNDREDTH, rounding=ROUND_HALF_UP):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    sign = separator if separator is not None else get_format("DECIMAL_SEPARATOR")
    return text.replace(".", str(sign))
