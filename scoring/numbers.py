"""Exact amounts: integers where possible, fractions where needed (SPEC §1.1).

Python's ``Fraction`` is exact but slow; most amounts in preferans are whole numbers,
so the engine keeps ``int`` values as ``int`` and only makes a ``Fraction`` when a
division leaves a remainder (gentleman halves, Rostov ties, settlement thirds).
"""

from decimal import Decimal
from fractions import Fraction

from .errors import NumberError, shown

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


#: The largest magnitude and the finest precision a number of a case may have (SPEC §12.8:
#: amounts are pool points, mountain points and whists of a real sheet).
LIMIT = 10**9
PLACES = 9


def from_json(value: object, field: str = "") -> Amount:
    """A JSON number read exactly (JSON reals arrive as ``Decimal``): finite, at most
    ``LIMIT`` in size and ``PLACES`` decimals; bools and other values are refused.

    >>> from_json(Decimal("7.50")), from_json(12)
    (Fraction(15, 2), 12)
    """
    if isinstance(value, bool):
        raise NumberError("case.bool_not_number", field)
    if isinstance(value, int):
        if -LIMIT <= value <= LIMIT:
            return value
        raise NumberError("case.too_large", field)
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise NumberError("case.not_finite", field)
        if not value:
            return 0
        if value.adjusted() >= 10:
            raise NumberError("case.too_large", field)
        _, digits, exponent = value.as_tuple()
        zeros = len(digits) - len(bytes(digits).rstrip(b"\0"))
        if len(digits) > 40 or int(exponent) + zeros < -PLACES:
            raise NumberError("case.too_precise", field)
        value = Fraction(value)
    if isinstance(value, Fraction):
        if abs(value) > LIMIT:
            raise NumberError("case.too_large", field)
        return exact(value)
    raise NumberError("case.not_number", field, value=shown(value))


def to_json(value: Amount) -> int | float:
    """An integral value as an integer, any other rounded to 6 places (SPEC §12.8)."""
    if type(value) is int:
        return value
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
