"""Conversion methods: a table's settled whists become round points (TOURNAMENTS §3.2).

Each method is a frozen dataclass registered by name; its parameters are fields with the
published values as defaults."""

from collections.abc import Mapping, Sequence
from dataclasses import Field, dataclass, fields
from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from .exact import (
    Band,
    ParameterError,
    Player,
    TableError,
    UnknownMethodError,
    choice,
    exact,
    flag,
    places,
    set_field,
)


class ConversionMethod(Protocol):
    """A named rule turning one table's settled whists into round points (TOURNAMENTS §3.2)."""

    name: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def points(self, whists: Mapping[Player, Fraction]) -> dict[Player, Fraction]: ...


M = TypeVar("M", bound=ConversionMethod)
Made = TypeVar("Made")  # a conversion or a series method, made by with_params


METHODS: dict[str, type[ConversionMethod]] = {}


DISABLED = {  # named slots the rules describe but do not define (TOURNAMENTS §3.2)
    "opposition_adjusted": "the DC league formula [S33] lacks the operator between its terms",
}


def register(method: type[M]) -> type[M]:
    METHODS[method.name] = method
    return method


def conversion_method(name: str, params: Mapping[str, object] | None = None) -> ConversionMethod:
    """The tournament's conversion method from its settings: a name and parameter values.

    >>> conversion_method("cutoff_bands", {"symmetric": False}).name
    'cutoff_bands'
    >>> conversion_method("bula_points")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    UnknownMethodError: method: unknown conversion method 'bula_points'
    """
    if name in DISABLED:
        raise UnknownMethodError(
            f"{name} is not available: {DISABLED[name]}", "method", "method.disabled"
        )
    return made_by_name(METHODS, name, params, "conversion", "method.unknown")


def made_by_name(
    known: Mapping[str, type[Made]],
    name: str,
    params: Mapping[str, object] | None,
    kind: str,
    code: str,
) -> Made:
    """The method ``name`` of the registry ``known`` made with ``params`` (the conversion
    methods' and the series methods' one lookup); an unknown name refused at ``method`` with
    ``code``."""
    method = known.get(name)
    if method is None:
        names = ", ".join(known)
        raise UnknownMethodError(f"unknown {kind} method {name!r}; known: {names}", "method", code)
    return with_params(name, method, params)


def with_params(name: str, method: type[Made], params: Mapping[str, object] | None) -> Made:
    """``method`` made with ``params``, a name it does not have refused at ``params.<name>``
    (the conversion methods' and the series methods' one check)."""
    params = dict(params or {})
    accepted = [f.name for f in fields(method)]  # type: ignore[arg-type]
    for key in params:
        if key not in accepted:
            has = ", ".join(accepted) or "no parameters"
            raise ParameterError(
                f"{name} has no parameter {key!r}; it has {has}",
                f"params.{key}",
                "params.unknown",
                name=key,
            )
    return method(**params)


@register
@dataclass(frozen=True)
class RawWhists:
    """``raw_whists`` (TOURNAMENTS §3.2, the neutral default): round points = settled whists.

    Worked example A (§3.1): A +320, B −10, C −310 → points +320, −10, −310 (still zero-sum).
    """

    name: ClassVar[str] = "raw_whists"

    def points(self, whists: Mapping[Player, Fraction]) -> dict[Player, Fraction]:
        return dict(whists)


def _bands(value: object, field: str) -> tuple[Band, ...]:
    try:
        pairs = [(upper, weight) for upper, weight in value]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ParameterError(
            "expected a list of (upper bound, weight) pairs", field, "bands.not_pairs"
        ) from None
    if not pairs:
        raise ParameterError("needs at least one band", field, "bands.empty")
    bands: list[Band] = []
    lower = Fraction(0)
    for i, (upper, weight) in enumerate(pairs):
        where = f"{field}[{i}]"
        top = None if upper is None else exact(upper, where)
        if bands and bands[-1][0] is None:
            raise ParameterError(
                "only the last band may have no upper bound", where, "bands.unbounded"
            )
        if top is not None and top <= lower:
            raise ParameterError(
                "upper bounds must be positive and increasing", where, "bands.increasing"
            )
        rate = exact(weight, where)
        if rate < 0:
            raise ParameterError("a weight cannot be negative", where, "bands.negative")
        bands.append((top, rate))
        lower = top if top is not None else lower
    return tuple(bands)


def banded(amount: Fraction, bands: Sequence[Band]) -> Fraction:
    """Marginal bands: each band counts the whists that fall inside it at its weight.

    Beyond the last bounded band nothing counts.

    >>> str(banded(Fraction(500), [(Fraction(200), Fraction(1)), (Fraction(650), Fraction(1, 10))]))
    '230'
    """
    total, lower = Fraction(0), Fraction(0)
    for upper, weight in bands:
        top = amount if upper is None else min(amount, upper)
        if top <= lower:
            break
        total += (top - lower) * weight
        if upper is None:
            break
        lower = upper
    return total


@dataclass(frozen=True)
class _BandedMethod:
    bands: tuple[Band, ...]
    symmetric: bool = True

    def __post_init__(self) -> None:
        set_field(self, "bands", _bands(self.bands, "bands"))
        set_field(self, "symmetric", flag(self.symmetric, "symmetric"))

    def convert(self, whists: Fraction) -> Fraction:
        """One player's round points. With ``symmetric`` off, a loss counts in full."""
        if whists >= 0:
            return banded(whists, self.bands)
        return -banded(-whists, self.bands) if self.symmetric else whists

    def points(self, whists: Mapping[Player, Fraction]) -> dict[Player, Fraction]:
        return {player: self.convert(result) for player, result in whists.items()}


@register
@dataclass(frozen=True)
class CutoffBands(_BandedMethod):
    """``cutoff_bands`` (TOURNAMENTS §3.2, Gambler [S29]): up to 200 whists 1:1, 201–650 at 1 per
    10, nothing beyond 650 (marginal bands; interpretation).

    ``symmetric`` (proposal, default on): the bands apply to losses too.
    Worked: +150 → 150; +500 → 200 + 30 = 230; +650 or more → 200 + 45 = 245; −500 → −230.

    >>> str(CutoffBands().convert(Fraction(1000)))
    '245'
    """

    name: ClassVar[str] = "cutoff_bands"
    bands: tuple[Band, ...] = ((Fraction(200), Fraction(1)), (Fraction(650), Fraction(1, 10)))


@register
@dataclass(frozen=True)
class CoefficientBands(_BandedMethod):
    """``coefficient_bands`` (TOURNAMENTS §3.2, playelephant [S30]): whists up to 50 count 1:1,
    51–100 weigh 0.5, above 100 weigh 0.1 (marginal bands; interpretation).

    ``symmetric`` (proposal, default on): the bands apply to losses too.
    Worked: +80 → 50 + 15 = 65; +180 → 50 + 25 + 8 = 83.

    >>> str(CoefficientBands().convert(Fraction(-180)))
    '-83'
    """

    name: ClassVar[str] = "coefficient_bands"
    bands: tuple[Band, ...] = (
        (Fraction(50), Fraction(1)),
        (Fraction(100), Fraction(1, 2)),
        (None, Fraction(1, 10)),
    )


def _row(*points: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(p) for p in points)


TieRule = Literal["best_place", "split"]


@register
@dataclass(frozen=True)
class PlacementPoints:
    """``placement_points`` (TOURNAMENTS §3.2): points by the place at the table.

    3-table (Serbian league [S32]): 1st 3, 2nd 2 if positive or 1 if negative, 3rd 0.
    4-table (proposal): 3, 2, 1, 0. The sole player with a positive result gets
    ``sole_winner_bonus`` more (4 instead of 3). ``zero_is_positive``: 0 counts as positive.
    Rows give the points for 1st, 2nd, … place; the ``_if_negative`` row applies to a player
    whose result is negative.

    Ties at the table (``ties``): ``best_place`` (default; §3.2 interpretation) gives each tied
    player the points of the best place they share; ``split`` shares the points of the tied
    places equally. A +30, B +30, C −60 → best_place 3, 3, 0; split (3 + 2)/2 = 5/2 each, 0.

    Worked (§3.2): A +54, B −10, C −44 → 4, 1, 0. A +60, B 0, C −60 → 3, 2, 0.
    +150, −20, −40, −90 → 4, 2, 1, 0.
    """

    name: ClassVar[str] = "placement_points"
    three_table: tuple[Fraction, ...] = _row(3, 2, 0)
    three_table_if_negative: tuple[Fraction, ...] = _row(3, 1, 0)
    four_table: tuple[Fraction, ...] = _row(3, 2, 1, 0)
    four_table_if_negative: tuple[Fraction, ...] = _row(3, 2, 1, 0)
    sole_winner_bonus: Fraction = Fraction(1)
    zero_is_positive: bool = True
    ties: TieRule = "best_place"

    def __post_init__(self) -> None:
        for field, size in (("three_table", 3), ("four_table", 4)):
            for name in (field, f"{field}_if_negative"):
                row = getattr(self, name)
                is_row = isinstance(row, Sequence) and not isinstance(row, str | bytes)
                if not is_row or len(row) != size:
                    raise ParameterError(
                        f"expected {size} points, one per place", name, "row.length", size=size
                    )
                set_field(self, name, tuple(exact(p, f"{name}[{i}]") for i, p in enumerate(row)))
        set_field(self, "sole_winner_bonus", exact(self.sole_winner_bonus, "sole_winner_bonus"))
        set_field(self, "zero_is_positive", flag(self.zero_is_positive, "zero_is_positive"))
        set_field(self, "ties", choice(self.ties, ("best_place", "split"), "ties"))

    def points(self, whists: Mapping[Player, Fraction]) -> dict[Player, Fraction]:
        results = sorted(whists.values(), reverse=True)
        size = len(results)
        if size not in (3, 4):
            raise TableError(f"a table has 3 or 4 players, not {size}")
        positive = {p: w > 0 or (w == 0 and self.zero_is_positive) for p, w in whists.items()}
        sole_winner = sum(positive.values()) == 1
        won, lost = (
            (self.three_table, self.three_table_if_negative)
            if size == 3
            else (self.four_table, self.four_table_if_negative)
        )
        points = {}
        shared = places(list(whists.values()))
        for (player, _result), (best, worst) in zip(whists.items(), shared, strict=True):
            row = won if positive[player] else lost
            if self.ties == "split":
                share = Fraction(sum(row[best : worst + 1]), worst - best + 1)
            else:
                share = row[best]
            bonus = sole_winner and positive[player]
            points[player] = (share + self.sole_winner_bonus) if bonus else share
        return points
