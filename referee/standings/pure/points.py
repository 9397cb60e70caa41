"""Round points: each table's settled whists become round points (TOURNAMENTS §3.2, §4).

A tournament declares one conversion method by name (``raw_whists``, ``cutoff_bands``,
``coefficient_bands``, ``placement_points``), one normalisation between tables of 3 and of 4
(``none``, ``placement``, ``factor``) and optionally an elimination threshold. Every parameter
the rules leave open is a field of the method's frozen dataclass, with the published value as
its default. Exact fractions throughout; nothing here rounds.

    >>> scoring = RoundScoring(PlacementPoints())
    >>> result = scoring.score_table(1, ["A", "B", "C"], [54, -10, -44])
    >>> [str(p) for p in result.points]   # TOURNAMENTS §3.2: A is the sole positive
    ['4', '1', '0']
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import Field, dataclass, fields
from decimal import Decimal
from fractions import Fraction
from math import gcd
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

Player = str
Band = tuple[Fraction | None, Fraction]  # (upper bound in whists or None for no bound, weight)


class StandingsError(ValueError):
    """Invalid standings input. ``field`` names where, ``message`` says what is wrong."""

    def __init__(self, message: str, field: str = "") -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


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
            f"{value!r} is not exact; use an int, a Fraction or a string like '1/10'", field
        )
    if isinstance(value, int | Fraction | Decimal):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise error(f"{value!r} is not a number", field) from None
    raise error(f"expected a number, got {type(value).__name__}", field)


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
    return Fraction(*_sum(values))


def _sum(values: Iterable[Fraction | int]) -> tuple[int, int]:
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


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)  # normalising a field of a frozen dataclass


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ParameterError(f"expected true or false, got {value!r}", field)
    return value


def _choice(value: object, allowed: Iterable[str], field: str) -> str:
    options = tuple(allowed)
    if value not in options:
        raise ParameterError(f"{value!r} is not one of {', '.join(options)}", field)
    return str(value)


class ConversionMethod(Protocol):
    """A named rule turning one table's settled whists into round points (TOURNAMENTS §3.2)."""

    name: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def points(self, whists: Mapping[Player, Fraction]) -> dict[Player, Fraction]: ...


M = TypeVar("M", bound=ConversionMethod)
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
    method = METHODS.get(name)
    if name in DISABLED:
        raise UnknownMethodError(f"{name} is not available: {DISABLED[name]}", "method")
    if method is None:
        known = ", ".join(METHODS)
        raise UnknownMethodError(f"unknown conversion method {name!r}; known: {known}", "method")
    params = dict(params or {})
    accepted = [f.name for f in fields(method)]
    for key in params:
        if key not in accepted:
            has = ", ".join(accepted) or "no parameters"
            raise ParameterError(f"{name} has no parameter {key!r}; it has {has}", f"params.{key}")
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
        raise ParameterError("expected a list of (upper bound, weight) pairs", field) from None
    if not pairs:
        raise ParameterError("needs at least one band", field)
    bands: list[Band] = []
    lower = Fraction(0)
    for i, (upper, weight) in enumerate(pairs):
        where = f"{field}[{i}]"
        top = None if upper is None else exact(upper, where)
        if bands and bands[-1][0] is None:
            raise ParameterError("only the last band may have no upper bound", where)
        if top is not None and top <= lower:
            raise ParameterError("upper bounds must be positive and increasing", where)
        rate = exact(weight, where)
        if rate < 0:
            raise ParameterError("a weight cannot be negative", where)
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
        _set(self, "bands", _bands(self.bands, "bands"))
        _set(self, "symmetric", _flag(self.symmetric, "symmetric"))

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
                    raise ParameterError(f"expected {size} points, one per place", name)
                _set(self, name, tuple(exact(p, f"{name}[{i}]") for i, p in enumerate(row)))
        _set(self, "sole_winner_bonus", exact(self.sole_winner_bonus, "sole_winner_bonus"))
        _set(self, "zero_is_positive", _flag(self.zero_is_positive, "zero_is_positive"))
        _set(self, "ties", _choice(self.ties, ("best_place", "split"), "ties"))

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


NormalisationName = Literal["none", "placement", "factor"]
NORMALISATIONS: tuple[NormalisationName, ...] = ("none", "placement", "factor")


@dataclass(frozen=True)
class Normalisation:
    """How tables of 3 and of 4 are made comparable (TOURNAMENTS §4, proposal).

    ``none`` (default): raw results. ``placement``: declares that ``placement_points`` is the
    method, which tops at 3 (4) at both sizes. ``factor``: a 4-table's settled whists are
    multiplied by ``four_table_factor`` (default 1) before the method converts them; the raw
    whists kept for tie-breaks are not. Worked (§4): +120 at a 4-table, f4 = 4/3 → +160.
    """

    name: NormalisationName = "none"
    four_table_factor: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if self.name not in NORMALISATIONS:
            known = ", ".join(NORMALISATIONS)
            raise UnknownMethodError(
                f"unknown normalisation {self.name!r}; known: {known}", "normalisation"
            )
        factor = exact(self.four_table_factor, "four_table_factor")
        if factor <= 0:
            raise ParameterError("must be positive", "four_table_factor")
        if factor != 1 and self.name != "factor":
            raise ParameterError("applies only to normalisation 'factor'", "four_table_factor")
        _set(self, "four_table_factor", factor)

    def scale(self, whists: Fraction, table_size: int) -> Fraction:
        return whists * self.four_table_factor if table_size == 4 else whists


@dataclass(frozen=True)
class Elimination:
    """``elimination_threshold`` (TOURNAMENTS §3.2): a round result worse than ``threshold``
    whists ("просчёт") earns a yellow card; with ``action`` ``remove`` (default) the player also
    leaves the tournament, with ``flag`` he stays. Published thresholds: Piter −1000, Rostov −500.
    The settled whists are compared, before any conversion or normalisation.

    >>> Elimination(-1000).crossed(Fraction(-1000)), Elimination(-1000).crossed(Fraction(-1001))
    (False, True)
    """

    threshold: Fraction
    action: Literal["remove", "flag"] = "remove"

    def __post_init__(self) -> None:
        threshold = exact(self.threshold, "threshold")
        if threshold >= 0:
            raise ParameterError("a threshold is a loss: it must be negative", "threshold")
        _set(self, "threshold", threshold)
        _set(self, "action", _choice(self.action, ("remove", "flag"), "action"))

    def crossed(self, whists: Fraction) -> bool:
        return whists < self.threshold


@dataclass(frozen=True)
class TableResult:
    """One table of one round: players in seat order, their settled whists and round points.

    ``flagged``: players below the elimination threshold; ``removed``: those of them who leave
    the tournament. ``zero_sum`` is off only for a pulka closed by ``positive_to_zero``
    (TOURNAMENTS §7), whose results no longer sum to 0.
    """

    table: int
    players: tuple[Player, ...]
    whists: tuple[Fraction, ...]
    points: tuple[Fraction, ...]
    flagged: frozenset[Player] = frozenset()
    removed: frozenset[Player] = frozenset()
    zero_sum: bool = True

    def __post_init__(self) -> None:
        players, whists = _seated(self.table, self.players, self.whists)
        _set(self, "whists", whists)
        _set(self, "points", _values(self.table, players, self.points, "points"))
        if self.zero_sum:
            _check_zero_sum(self.table, whists)
        if not frozenset(self.removed) <= frozenset(self.flagged) <= frozenset(players):
            raise TableError(
                "removed players must be flagged players of this table", f"table {self.table}"
            )
        _set(self, "players", players)
        _set(self, "flagged", frozenset(self.flagged))
        _set(self, "removed", frozenset(self.removed))


def _seated(
    table: int, players: Iterable[Player], whists: Iterable[object]
) -> tuple[tuple[Player, ...], tuple[Fraction, ...]]:
    """A table's players and settled whists, checked: 3 or 4 players, each once, each with an
    exact result."""
    players = tuple(players)
    if len(players) not in (3, 4):
        raise TableError(f"a table has 3 or 4 players, not {len(players)}", f"table {table}")
    if len(set(players)) != len(players):
        raise TableError("a player sits at the table twice", f"table {table}")
    return players, _values(table, players, whists, "whists")


def _values(
    table: int, players: tuple[Player, ...], values: Iterable[object], name: str
) -> tuple[Fraction, ...]:
    """One exact value per player."""
    values = tuple(values)
    if len(values) != len(players):
        raise TableError(f"expected one {name} value per player", f"table {table}.{name}")
    if all(type(v) is Fraction for v in values):
        # Exact already (always so from score_table and the services): skip building an
        # error location per value, which cost more than the check itself.
        return cast(tuple[Fraction, ...], values)
    return tuple(
        exact(v, f"table {table}.{name}[{p}]", TableError)
        for p, v in zip(players, values, strict=True)
    )


def _check_zero_sum(table: int, whists: Iterable[Fraction]) -> None:
    numerator, denominator = _sum(whists)
    if numerator != 0:
        total = Fraction(numerator, denominator)
        raise TableError(f"settled whists sum to {total}, not 0", f"table {table}")


@dataclass(frozen=True)
class RoundScoring:
    """A tournament's declared conversion: method, normalisation, optional elimination."""

    method: ConversionMethod = RawWhists()
    normalisation: Normalisation = Normalisation()
    elimination: Elimination | None = None

    def __post_init__(self) -> None:
        if self.normalisation.name == "placement" and self.method.name != "placement_points":
            raise ParameterError(
                f"normalisation 'placement' needs method placement_points, not {self.method.name}",
                "normalisation",
            )

    def score_table(
        self,
        table: int,
        players: Sequence[Player],
        whists: Sequence[Fraction | int],
        *,
        zero_sum: bool = True,
    ) -> TableResult:
        """Round points for one table; ``players`` in seat order, ``whists`` settled (§3.1)."""
        # The checks TableResult makes of the players and whists, made here before the
        # conversion needs them; the result is then built once (building a checked
        # placeholder and replacing its points made every check twice).
        seated, settled = _seated(table, players, whists)
        if zero_sum:
            _check_zero_sum(table, settled)
        size = len(seated)
        by_player = dict(zip(seated, settled, strict=True))
        scaled = by_player
        if size == 4 and self.normalisation.four_table_factor != 1:  # else scale() is identity
            scaled = {p: self.normalisation.scale(w, size) for p, w in by_player.items()}
        points = self.method.points(scaled)
        elimination = self.elimination
        crossed: frozenset[Player] = frozenset()
        if elimination is not None:
            crossed = frozenset(p for p, w in by_player.items() if elimination.crossed(w))
        removes = elimination is not None and elimination.action == "remove"
        return TableResult(
            table,
            seated,
            settled,
            tuple(points[p] for p in seated),
            flagged=crossed,
            removed=crossed if removes else frozenset(),
            zero_sum=zero_sum,
        )
