"""One number format for the whole site: exact whists and points shown with at most two
decimals, no trailing zeros, the reader's decimal sign (``206,67`` in Russian, ``206.67``
in English). Pages, sheets, PDFs and CSV all use it; the workbook keeps numeric cells."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format


def hundredths(value: Fraction | Decimal | float | int) -> int:
    """The value in hundredths, rounded half away from zero (``ROUND_HALF_UP``), exactly:
    ``Fraction(1, 8)`` → 13, ``Fraction(-1, 8)`` → -13, ``Fraction(107, 40)`` → 268 (a float
    would round 2.675 to 2.67 and 0.125 to 0.12)."""
    if isinstance(value, int):
        return value * 100
    if not isinstance(value, Fraction):  # a Decimal exactly, a float as it reads (2.675)
        value = Fraction(str(value))
    numerator, denominator = value.numerator, value.denominator
    cents = (200 * abs(numerator) + denominator) // (2 * denominator)
    return -cents if numerator < 0 else cents


def rounded(value: Fraction | Decimal | float | int) -> int | float:
    """The value as a number with at most two decimals, for a numeric cell or a JSON
    number: the figure's own rounding (``Fraction(1, 8)`` → 0.13), an int when whole."""
    if isinstance(value, int):
        return value
    if not _finite(value):
        return float(value)
    cents = hundredths(value)
    return cents // 100 if cents % 100 == 0 else cents / 100


def figure(value: Fraction | Decimal | float | int | None, separator: str | None = None) -> str:
    """``Fraction(620, 3)`` → ``206,67``; ``-10`` → ``-10``; ``7.5`` → ``7,5``; None → ``""``."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if not _finite(value):  # (a float's or Decimal's nan or inf: as it is, as before)
        return str(value)
    cents = hundredths(value)
    whole, part = divmod(abs(cents), 100)
    text = str(whole) if part == 0 else f"{whole}.{part:02d}".rstrip("0")
    if cents < 0:
        text = "-" + text
    sign = separator if separator is not None else get_format("DECIMAL_SEPARATOR")
    return text.replace(".", str(sign))


def _finite(value: Fraction | Decimal | float) -> bool:
    if isinstance(value, Fraction):
        return True
    if isinstance(value, Decimal):
        return value.is_finite()
    return math.isfinite(value)
