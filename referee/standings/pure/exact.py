"""Exact values of the standings: players, errors, sums, places at a table (no rounding)."""

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from math import gcd

from scoring.errors import Refusal

Player = str


Band = tuple[Fraction | None, Fraction]  # (upper bound in whists or None for no bound, weight)


class StandingsError(Refusal):
    """Invalid standings input (the pure packages' one shape, ``scoring.errors.Refusal``),
    written here message first: ``field`` names where, ``message`` says what is wrong in
    English; ``code`` is its stable name and ``params`` its values, from which the site
    writes the refusal in the reader's language."""

    def __init__(self, message: str, field: str = "", code: str = "", **params: object) -> None:
        super().__init__(code, field, message, params)


class UnknownMethodError(StandingsError):
    """A conversion method or normalisation name the tool does not know (TOURNAMENTS §3.2, §4)."""


class ParameterError(StandingsError):
    """A parameter the method does not have, or a value it cannot take."""


class TableError(StandingsError):
    """A table result that cannot be: wrong size, repeated player, not zero-sum (§3.1)."""


def exact(value: object, field: str, error: type[StandingsError] = ParameterError) -> Fraction:
    """``value`` as an exact Fraction: int, Fraction, Decimal or a string such as ``"1/10"``.

    Floats are refused: ``0.1`` is not one tenth, and the rules want exact arithmetic.
    """
    if type(value) is Fraction:
        return value  # already exact (and immutable): the common case, no copy
    if isinstance(value, bool | float):
        raise error(
            f"{value!r} is not exact; use an int, a Fraction or a string like '1/10'",
            field,
            "number.inexact",
        )
    if isinstance(value, int | Fraction | Decimal):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise error(f"{value!r} is not a number", field, "number.not_number") from None
    raise error(f"expected a number, got {type(value).__name__}", field, "number.not_number")


def places(results: Sequence[Fraction]) -> list[tuple[int, int]]:
    """The places (best, worst), from 0, that each result of a table shares with its equals:
    [14, 2, 2, -18] → (0, 0), (1, 2), (1, 2), (3, 3). The one home of places at a table:
    placement points and the round results' labels read them here.

    >>> places([Fraction(14), Fraction(2), Fraction(2), Fraction(-18)])
    [(0, 0), (1, 2), (1, 2), (3, 3)]
    """
    ordered = sorted(results, reverse=True)
    return [(ordered.index(r), ordered.index(r) + ordered.count(r) - 1) for r in results]


def place_label(best: int, worst: int) -> str:
    """A shared place as people write it, counting from 1: "2–3"; a place of its own: "1".

    >>> place_label(1, 2), place_label(0, 0)
    ('2–3', '1')
    """
    return f"{best + 1}–{worst + 1}" if worst > best else str(best + 1)


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """``sum(values, Fraction(0))``, exactly, several times faster.

    Fraction's ``+`` builds and normalises a Fraction (a gcd, in Python) at every step; here
    the numerators are added as ints over a common denominator, normalised once at the end.

    >>> str(exact_sum([Fraction(1, 3), 2, Fraction(-1, 6)]))
    '13/6'
    """
    return Fraction(*sum_parts(values))


def sum_parts(values: Iterable[Fraction | int]) -> tuple[int, int]:
    """The sum as a numerator and a positive denominator, not normalised."""
    numerator, denominator = 0, 1
    for value in values:
        n, d = value.as_integer_ratio()  # one call, where .numerator and .denominator are two
        if d == denominator:
            numerator += n
        else:  # over the least common denominator
            g = gcd(denominator, d)
            numerator = numerator * (d // g) + n * (denominator // g)
            denominator = denominator // g * d
    return numerator, denominator


def set_field(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)  # normalising a field of a frozen dataclass


def flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ParameterError(f"expected true or false, got {value!r}", field, "flag")
    return value


def choice(value: object, allowed: Iterable[str], field: str) -> str:
    options = tuple(allowed)
    if value not in options:
        raise ParameterError(f"{value!r} is not one of {', '.join(options)}", field, "choice")
    return str(value)
