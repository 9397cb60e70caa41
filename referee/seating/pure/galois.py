"""The finite rings a movement counts in: products of Galois fields GF(q), q a prime power.

A movement of T tables numbers its tables, stanzas and sets by the elements of a ring of order
T (``ring(T)``): the product of the fields GF(q) over the prime-power factors q of T
(MacNeish's product; 12 = 4 · 3 gives GF(4) × GF(3)). An element is an ``int`` 0..T-1 in mixed
radix (the first field's digit lowest), 0 is the ring's zero and ``one`` its one. A field
GF(p^e) holds the polynomials over Z_p of degree < e (the digits of an element, base p, lowest
first), multiplied modulo the first monic irreducible one (x² + x + 1 for GF(4)).

>>> r = ring(12)
>>> r.fields, r.split(7), r.one
((4, 3), (3, 1), 5)
>>> r.add(7, 7), r.mul(r.one, 9), r.is_unit(7), r.is_unit(4)
(8, 9, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


def factorize(n: int) -> tuple[tuple[int, int], ...]:
    """The prime factors of ``n`` ≥ 1 with their exponents, smallest first."""
    found, p = [], 2
    while p * p <= n:
        e = 0
        while n % p == 0:
            n, e = n // p, e + 1
        if e:
            found.append((p, e))
        p += 1
    if n > 1:
        found.append((n, 1))
    return tuple(found)


def prime_powers(n: int) -> tuple[int, ...]:
    """The prime-power factors of ``n``: 12 → (4, 3), 1 → ()."""
    return tuple(p**e for p, e in factorize(n))


def _digits(x: int, p: int, e: int) -> list[int]:
    return [(x // p**i) % p for i in range(e)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _poly_mod(product: list[int], modulus: list[int], p: int) -> list[int]:
    """``product`` modulo the monic ``modulus`` (coefficients lowest first) over Z_p."""
    rest, e = product[:], len(modulus) - 1
    for top in range(len(rest) - 1, e - 1, -1):
        factor = rest[top] % p
        if factor:
            for i, c in enumerate(modulus):
                rest[top - e + i] = (rest[top - e + i] - factor * c) % p
    return [c % p for c in rest[:e]] + [0] * max(e - len(rest), 0)


def _irreducible(p: int, e: int) -> list[int]:
    """The first monic polynomial of degree ``e`` over Z_p with no monic factor of degree
    1..e/2 (so irreducible), as coefficients lowest first."""
    for low in range(p**e):
        candidate = [*_digits(low, p, e), 1]
        if all(
            any(_poly_mod(candidate, [*_digits(d, p, k), 1], p))
            for k in range(1, e // 2 + 1)
            for d in range(p**k)
        ):
            return candidate
    raise AssertionError(f"no irreducible polynomial of degree {e} over Z_{p}")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Field:
    """GF(p^e) as addition and multiplication tables over the elements 0..q-1."""

    q: int
    plus: tuple[tuple[int, ...], ...]
    times: tuple[tuple[int, ...], ...]


@cache
def field(q: int) -> Field:
    """GF(q) for a prime power ``q``."""
    ((p, e),) = factorize(q)
    modulus = _irreducible(p, e) if e > 1 else [0, 1]
    plus, times = [], []
    for x in range(q):
        dx = _digits(x, p, e)
        plus.append(
            tuple(
                _number([(a + b) % p for a, b in zip(dx, _digits(y, p, e), strict=True)], p)
                for y in range(q)
            )
        )
        row = []
        for y in range(q):
            product = [0] * (2 * e - 1)
            for i, a in enumerate(dx):
                for j, b in enumerate(_digits(y, p, e)):
                    product[i + j] += a * b
            row.append(_number(_poly_mod(product, modulus, p) if e > 1 else [product[0] % p], p))
        times.append(tuple(row))
    return Field(q, tuple(plus), tuple(times))


@dataclass(frozen=True, slots=True)
class Ring:
    """The product of the fields GF(q) for ``fields`` (their orders), elements 0..order-1."""

    fields: tuple[int, ...]

    @property
    def order(self) -> int:
        size = 1
        for q in self.fields:
            size *= q
        return size

    @property
    def one(self) -> int:
        return self.join([1] * len(self.fields))

    def split(self, x: int) -> tuple[int, ...]:
        parts = []
        for q in self.fields:
            x, digit = divmod(x, q)
            parts.append(digit)
        return tuple(parts)

    def join(self, parts: tuple[int, ...] | list[int]) -> int:
        x, scale = 0, 1
        for digit, q in zip(parts, self.fields, strict=True):
            x, scale = x + digit * scale, scale * q
        return x

    def _pairs(self, x: int, y: int) -> zip[tuple[int, int, int]]:
        return zip(self.fields, self.split(x), self.split(y), strict=True)

    def add(self, x: int, y: int) -> int:
        return self.join([field(q).plus[a][b] for q, a, b in self._pairs(x, y)])

    def neg(self, x: int) -> int:
        return self.join(
            [field(q).plus[a].index(0) for q, a in zip(self.fields, self.split(x), strict=True)]
        )

    def mul(self, x: int, y: int) -> int:
        return self.join([field(q).times[a][b] for q, a, b in self._pairs(x, y)])

    def is_unit(self, x: int) -> bool:
        """Invertible: nonzero in every field."""
        return all(self.split(x))


def ring(order: int) -> Ring:
    """The ring of ``order`` ≥ 1 elements: the product of GF(q) over its prime-power factors."""
    return Ring(prime_powers(order))
