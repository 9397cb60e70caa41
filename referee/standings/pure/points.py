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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, cast

from .exact import (
    Band,
    ParameterError,
    Player,
    StandingsError,
    TableError,
    UnknownMethodError,
    choice,
    exact,
    exact_sum,
    place_label,
    places,
    set_field,
    sum_parts,
)
from .methods import (
    DISABLED,
    METHODS,
    CoefficientBands,
    ConversionMethod,
    CutoffBands,
    PlacementPoints,
    RawWhists,
    banded,
    conversion_method,
    register,
)

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
                f"unknown normalisation {self.name!r}; known: {known}",
                "normalisation",
                "normalisation.unknown",
            )
        factor = exact(self.four_table_factor, "four_table_factor")
        if factor <= 0:
            raise ParameterError("must be positive", "four_table_factor", "factor.positive")
        if factor != 1 and self.name != "factor":
            raise ParameterError(
                "applies only to normalisation 'factor'", "four_table_factor", "factor.unused"
            )
        set_field(self, "four_table_factor", factor)

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
            raise ParameterError(
                "a threshold is a loss: it must be negative", "threshold", "threshold.negative"
            )
        set_field(self, "threshold", threshold)
        set_field(self, "action", choice(self.action, ("remove", "flag"), "action"))

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
        set_field(self, "whists", whists)
        set_field(self, "points", _values(self.table, players, self.points, "points"))
        if self.zero_sum:
            _check_zero_sum(self.table, whists)
        if not frozenset(self.removed) <= frozenset(self.flagged) <= frozenset(players):
            raise TableError(
                "removed players must be flagged players of this table", f"table {self.table}"
            )
        set_field(self, "players", players)
        set_field(self, "flagged", frozenset(self.flagged))
        set_field(self, "removed", frozenset(self.removed))


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
    numerator, denominator = sum_parts(whists)
    if numerator != 0:
        total = Fraction(numerator, denominator)
        raise TableError(f"settled whists sum to {total}, not 0", f"table {table}")


@dataclass(frozen=True)
class RoundScoring:
    """A tournament's declared conversion: method, normalisation, optional elimination."""

    method: ConversionMethod = RawWhists()  # noqa: RUF009 (a frozen dataclass, shared safely)
    normalisation: Normalisation = Normalisation()
    elimination: Elimination | None = None

    def __post_init__(self) -> None:
        if self.normalisation.name == "placement" and self.method.name != "placement_points":
            raise ParameterError(
                f"normalisation 'placement' needs method placement_points, not {self.method.name}",
                "normalisation",
                "normalisation.placement",
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


__all__ = [
    "DISABLED",
    "METHODS",
    "Band",
    "CoefficientBands",
    "ConversionMethod",
    "CutoffBands",
    "Elimination",
    "Normalisation",
    "ParameterError",
    "PlacementPoints",
    "Player",
    "RawWhists",
    "RoundScoring",
    "StandingsError",
    "TableError",
    "TableResult",
    "UnknownMethodError",
    "banded",
    "conversion_method",
    "exact",
    "exact_sum",
    "place_label",
    "places",
    "register",
]
