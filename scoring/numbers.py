"""Exact amounts: integers where possible, fractions where needed (SPEC §1.1).

Python's ``Fraction`` is exact but slow; most amounts in preferans are whole numbers,
so the engine keeps ``int`` values as ``int`` and only makes a ``Fraction`` when a
division leaves a remainder (gentleman halves, Rostov ties, settlement thirds).
"""

from decimal import Decimal
from fractions import Fraction

Amount = int | Fraction


def exact(value: Amount) -> Amount:
    """``value`` as an ``int`` when it is whole, else as a ``Fraction``."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def divide(value: Amount, by: int) -> Amount:
    """``value / by`` exactly: an ``int`` when it divides evenly."""
    if isinstance(value, int) and value % by == 0:
        return value // by
    return exact(Fraction(value) / by)


def from_json(value: object) -> Amount:
    """A JSON number read exactly (JSON reals arrive as ``Decimal``); bools are refused."""
    if isinstance(value, bool):
        raise TypeError("a number is required, not true/false")
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal | Fraction):
        return exact(Fraction(value))
    if isinstance(value, float):
        return exact(Fraction(Decimal(repr(value))))
    raise TypeError("a number is required")


def to_json(value: Amount) -> int | float:
    """An integral value as an integer, any other rounded to 6 places (SPEC §12.8)."""
    value = exact(value)
    if isinstance(value, int):
        return value
    return round(float(value), 6)


def show(value: Amount) -> str:
    """A short human form: ``12``, ``7.5``, ``17 1/3``."""
    value = exact(value)
    if isinstance(value, int):
        return str(value)
    if value.denominator in (2, 4, 5, 8, 10):
        return f"{float(value):g}"
    whole, rest = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    return (
        f"{sign}{whole} {rest}/{value.denominator}"
        if whole
        else f"{sign}{rest}/{value.denominator}"
    )
