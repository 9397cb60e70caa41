"""Round points from settled whists (TOURNAMENTS §3.2, §4): worked numbers per method."""

import doctest
from fractions import Fraction

import pytest

from referee.standings.pure import points as points_module
from referee.standings.pure.points import (
    CoefficientBands,
    CutoffBands,
    Elimination,
    Normalisation,
    ParameterError,
    PlacementPoints,
    RawWhists,
    RoundScoring,
    TableError,
    UnknownMethodError,
    conversion_method,
)

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


def points(scoring: RoundScoring, players: list[str], whists: list[int]) -> list[Fraction]:
    return list(scoring.score_table(1, players, whists).points)


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(points_module).failed == 0


# raw_whists


def test_raw_whists_keeps_worked_example_a() -> None:
    # TOURNAMENTS §3.1 example A: A +320, B −10, C −310.
    assert points(RoundScoring(), ABC, [320, -10, -310]) == [320, -10, -310]


def test_raw_whists_keeps_worked_example_b() -> None:
    # TOURNAMENTS §3.1 example B: A +140, B −80, C −260, D +200.
    assert points(RoundScoring(), ABCD, [140, -80, -260, 200]) == [140, -80, -260, 200]


def test_raw_whists_keeps_fractions_exact() -> None:
    # §3.1: a Leningrad 3-player pool of 2 nets 2×20 − 40/3 = 80/3 = 26.67 whists.
    third = Fraction(40, 3)
    result = RoundScoring().score_table(1, ABC, [Fraction(80, 3), -third, -third])
    assert result.points == (Fraction(80, 3), -third, -third)


# cutoff_bands


def test_cutoff_bands_worked_numbers() -> None:
    # §3.2: +500 → 200 + 300/10 = 230; +150 → 150; −650 → −(200 + 450/10) = −245.
    scoring = RoundScoring(CutoffBands())
    assert points(scoring, ABC, [500, 150, -650]) == [230, 150, -245]


def test_cutoff_bands_cap_at_650() -> None:
    # §3.2: +650 or more → 245; +1000 → 200 + 45 + 0 = 245.
    assert CutoffBands().convert(Fraction(650)) == 245
    assert CutoffBands().convert(Fraction(1000)) == 245


def test_cutoff_bands_symmetric_for_losses_by_default() -> None:
    # §3.2: −500 → −230.
    assert CutoffBands().convert(Fraction(-500)) == -230


def test_cutoff_bands_not_symmetric_counts_losses_in_full() -> None:
    # symmetric off: +500 → 230, +150 → 150, −650 stands as −650.
    scoring = RoundScoring(CutoffBands(symmetric=False))
    assert points(scoring, ABC, [500, 150, -650]) == [230, 150, -650]


def test_cutoff_bands_keep_fractions() -> None:
    # 200 + (205 − 200)/10 = 200 + 1/2.
    assert CutoffBands().convert(Fraction(205)) == Fraction(401, 2)


# coefficient_bands


def test_coefficient_bands_worked_numbers() -> None:
    # §3.2: +180 → 50 + 50×0.5 + 80×0.1 = 83; +80 → 50 + 30×0.5 = 65;
    # −260 → −(50 + 25 + 160×0.1) = −91.
    scoring = RoundScoring(CoefficientBands())
    assert points(scoring, ABC, [180, 80, -260]) == [83, 65, -91]


def test_coefficient_bands_first_band_is_one_to_one() -> None:
    assert CoefficientBands().convert(Fraction(50)) == 50
    assert CoefficientBands().convert(Fraction(-30)) == -30


# placement_points, 3-table (Serbian league)


def test_placement_3_table_sole_positive_gets_bonus() -> None:
    # §3.2: A +54, B −10, C −44 → A 3 + 1 (sole positive), B 2nd negative 1, C 0.
    assert points(RoundScoring(PlacementPoints()), ABC, [54, -10, -44]) == [4, 1, 0]


def test_placement_3_table_zero_counts_as_positive() -> None:
    # §3.2: A +60, B 0, C −60 → A 3 (B's 0 is positive, so A is not alone), B 2, C 0.
    assert points(RoundScoring(PlacementPoints()), ABC, [60, 0, -60]) == [3, 2, 0]


def test_placement_zero_as_negative_when_set() -> None:
    # zero_is_positive off: B's 0 is negative → B 1; A is now the sole positive → 4.
    scoring = RoundScoring(PlacementPoints(zero_is_positive=False))
    assert points(scoring, ABC, [60, 0, -60]) == [4, 1, 0]


def test_placement_of_worked_example_a() -> None:
    # §3.1 example A: A +320 sole positive → 4, B −10 → 1, C 0.
    assert points(RoundScoring(PlacementPoints()), ABC, [320, -10, -310]) == [4, 1, 0]


def test_placement_ignores_seat_order() -> None:
    # Same table as above, seated C, A, B.
    scoring = RoundScoring(PlacementPoints())
    assert points(scoring, ["C", "A", "B"], [-44, 54, -10]) == [0, 4, 1]


# placement_points, 4-table (proposal)


def test_placement_4_table_two_positive() -> None:
    # §3.2: +120, +30, −50, −100 → 3, 2, 1, 0.
    scoring = RoundScoring(PlacementPoints())
    assert points(scoring, ABCD, [120, 30, -50, -100]) == [3, 2, 1, 0]


def test_placement_4_table_sole_positive() -> None:
    # §3.2: +150, −20, −40, −90 → 4, 2, 1, 0 (no sign rule for 2nd at a 4-table).
    scoring = RoundScoring(PlacementPoints())
    assert points(scoring, ABCD, [150, -20, -40, -90]) == [4, 2, 1, 0]


def test_placement_of_worked_example_b() -> None:
    # §3.2: A +140, B −80, C −260, D +200 → D 3, A 2, B 1, C 0.
    scoring = RoundScoring(PlacementPoints())
    assert points(scoring, ABCD, [140, -80, -260, 200]) == [2, 1, 0, 3]


# placement_points, ties at the table


def test_placement_tie_for_first_best_place() -> None:
    # A +30, B +30 share 1st → 3 each (two positives, no bonus); C 0.
    assert points(RoundScoring(PlacementPoints()), ABC, [30, 30, -60]) == [3, 3, 0]


def test_placement_tie_for_first_split() -> None:
    # split: A and B share places 1–2 → (3 + 2)/2 = 5/2 each; C 0.
    scoring = RoundScoring(PlacementPoints(ties="split"))
    assert points(scoring, ABC, [30, 30, -60]) == [Fraction(5, 2), Fraction(5, 2), 0]


def test_placement_tie_for_second_best_place() -> None:
    # A +60 sole positive → 4; B, C −30 share 2nd–3rd, negative row (3, 1, 0) → 1 each.
    assert points(RoundScoring(PlacementPoints()), ABC, [60, -30, -30]) == [4, 1, 1]


def test_placement_tie_for_second_split() -> None:
    # split: B, C share negative places 2–3 → (1 + 0)/2 = 1/2 each; A 4.
    scoring = RoundScoring(PlacementPoints(ties="split"))
    assert points(scoring, ABC, [60, -30, -30]) == [4, Fraction(1, 2), Fraction(1, 2)]


def test_placement_4_table_two_ties_split() -> None:
    # +100, +100 share 1–2 → (3 + 2)/2 = 5/2; −100, −100 share 3–4 → (1 + 0)/2 = 1/2.
    scoring = RoundScoring(PlacementPoints(ties="split"))
    half, five_halves = Fraction(1, 2), Fraction(5, 2)
    assert points(scoring, ABCD, [100, 100, -100, -100]) == [five_halves, five_halves, half, half]


def test_placement_all_zero_table() -> None:
    # All 0 (positive, nobody alone): best_place → 3 each; split → (3 + 2 + 0)/3 = 5/3 each.
    assert points(RoundScoring(PlacementPoints()), ABC, [0, 0, 0]) == [3, 3, 3]
    split = RoundScoring(PlacementPoints(ties="split"))
    assert points(split, ABC, [0, 0, 0]) == [Fraction(5, 3)] * 3


def test_placement_rows_are_parameters() -> None:
    # A league paying 5/3/1 at a 3-table, no bonus: +54, −10, −44 → 5, 1 (negative row), 0.
    method = PlacementPoints(
        three_table=(5, 3, 1), three_table_if_negative=(5, 1, 0), sole_winner_bonus=0
    )
    assert points(RoundScoring(method), ABC, [54, -10, -44]) == [5, 1, 0]


def test_placement_on_a_positive_to_zero_table() -> None:
    # §7 positive_to_zero: A 0, B −66, C −82 (not zero-sum). A's 0 counts as positive and is
    # the only one → 3 + 1 = 4; B 2nd negative → 1; C 0.
    scoring = RoundScoring(PlacementPoints())
    result = scoring.score_table(1, ABC, [0, -66, -82], zero_sum=False)
    assert result.points == (4, 1, 0)


# normalisation between 3- and 4-tables (§4)


def test_factor_normalisation_scales_4_tables() -> None:
    # §4: +120 at a 4-table with f4 = 4/3 → +160; 30 × 4/3 = 40; −50 × 4/3 = −200/3; −100 → −400/3.
    scoring = RoundScoring(normalisation=Normalisation("factor", Fraction(4, 3)))
    result = scoring.score_table(1, ABCD, [120, 30, -50, -100])
    assert result.points == (160, 40, Fraction(-200, 3), Fraction(-400, 3))
    assert result.whists == (120, 30, -50, -100)  # raw whists kept for tie-breaks


def test_factor_normalisation_leaves_3_tables() -> None:
    scoring = RoundScoring(normalisation=Normalisation("factor", Fraction(4, 3)))
    assert points(scoring, ABC, [120, -20, -100]) == [120, -20, -100]


def test_factor_normalisation_applies_before_bands() -> None:
    # 4-table +180 × 4/3 = +240 → cutoff 200 + 40/10 = 204; −60 × 4/3 = −80 → −80.
    scoring = RoundScoring(CutoffBands(), Normalisation("factor", Fraction(4, 3)))
    assert points(scoring, ABCD, [180, -60, -60, -60]) == [204, -80, -80, -80]


def test_factor_defaults_to_one() -> None:
    assert Normalisation("factor").four_table_factor == 1


def test_placement_normalisation_needs_placement_points() -> None:
    RoundScoring(PlacementPoints(), Normalisation("placement"))
    with pytest.raises(ParameterError) as error:
        RoundScoring(RawWhists(), Normalisation("placement"))
    assert (error.value.code, error.value.field) == ("normalisation.placement", "normalisation")


def test_factor_only_with_factor_normalisation() -> None:
    with pytest.raises(ParameterError) as error:
        Normalisation("none", Fraction(4, 3))
    assert (error.value.code, error.value.field) == ("factor.unused", "four_table_factor")


def test_unknown_normalisation_refused() -> None:
    with pytest.raises(UnknownMethodError) as error:
        Normalisation("average")  # type: ignore[arg-type]
    assert (error.value.code, error.value.field) == ("normalisation.unknown", "normalisation")


# elimination threshold (§3.2)


def test_piter_threshold_is_strictly_worse_than_minus_1000() -> None:
    # −1000 is not worse than −1000; −1001 is.
    scoring = RoundScoring(elimination=Elimination(-1000))
    assert scoring.score_table(1, ABC, [1000, 0, -1000]).flagged == frozenset()
    assert scoring.score_table(1, ABC, [1001, 0, -1001]).flagged == {"C"}


def test_rostov_threshold_removes_by_default() -> None:
    scoring = RoundScoring(elimination=Elimination(-500))
    result = scoring.score_table(1, ABCD, [900, -300, -501, -99])
    assert result.flagged == {"C"}
    assert result.removed == {"C"}


def test_threshold_flag_action_keeps_player_in() -> None:
    scoring = RoundScoring(elimination=Elimination(-500, "flag"))
    result = scoring.score_table(1, ABC, [600, -50, -550])
    assert result.flagged == {"C"}
    assert result.removed == frozenset()


def test_threshold_reads_settled_whists_not_points() -> None:
    # Cutoff turns −550 into −(200 + 35) = −235, but the settled −550 is what crosses −500.
    scoring = RoundScoring(CutoffBands(), elimination=Elimination(-500))
    result = scoring.score_table(1, ABC, [600, -50, -550])
    assert result.points == (240, -50, -235)
    assert result.flagged == {"C"}


def test_threshold_must_be_a_loss() -> None:
    with pytest.raises(ParameterError) as error:
        Elimination(500)
    assert (error.value.code, error.value.field) == ("threshold.negative", "threshold")


def test_threshold_action_is_checked() -> None:
    with pytest.raises(ParameterError) as error:
        Elimination(-500, "warn")  # type: ignore[arg-type]
    assert (error.value.code, error.value.field) == ("choice", "action")


# methods from settings


def test_method_by_name_with_parameters() -> None:
    method = conversion_method("coefficient_bands", {"bands": [[100, 1], [None, "1/2"]]})
    assert method == CoefficientBands(bands=((Fraction(100), Fraction(1)), (None, Fraction(1, 2))))


def test_every_method_has_a_name() -> None:
    names = ["raw_whists", "cutoff_bands", "coefficient_bands", "placement_points"]
    assert [conversion_method(n).name for n in names] == names


def test_unknown_method_is_a_typed_error() -> None:
    with pytest.raises(UnknownMethodError) as error:
        conversion_method("bula_points")
    assert (error.value.code, error.value.field) == ("method.unknown", "method")


def test_opposition_adjusted_is_a_disabled_slot() -> None:
    # §3.2: the DC league formula misses its operator; named, but refused with the reason.
    with pytest.raises(UnknownMethodError) as error:
        conversion_method("opposition_adjusted")
    assert (error.value.code, error.value.field) == ("method.disabled", "method")


def test_unknown_parameter_is_a_typed_error() -> None:
    with pytest.raises(ParameterError) as error:
        conversion_method("placement_points", {"bonus": 1})
    assert (error.value.code, error.value.field) == ("params.unknown", "params.bonus")
    assert error.value.params == {"name": "bonus"}


def test_raw_whists_has_no_parameters() -> None:
    with pytest.raises(ParameterError) as error:
        conversion_method("raw_whists", {"symmetric": True})
    assert (error.value.code, error.value.field) == ("params.unknown", "params.symmetric")
    assert error.value.params == {"name": "symmetric"}


def test_float_parameters_refused() -> None:
    with pytest.raises(ParameterError) as error:
        conversion_method("cutoff_bands", {"bands": [[200, 1], [650, 0.1]]})
    assert (error.value.code, error.value.field) == ("number.inexact", "bands[1]")


@pytest.mark.parametrize(
    ("bands", "code", "field"),
    [
        ([], "bands.empty", "bands"),
        ([[200, 1], [100, 1]], "bands.increasing", "bands[1]"),
        ([[None, 1], [100, 1]], "bands.unbounded", "bands[1]"),
        ([[200, -1]], "bands.negative", "bands[0]"),
        ([[200, 1, 3]], "bands.not_pairs", "bands"),
    ],
)
def test_bad_bands_refused(bands: object, code: str, field: str) -> None:
    with pytest.raises(ParameterError) as error:
        conversion_method("cutoff_bands", {"bands": bands})
    assert (error.value.code, error.value.field) == (code, field)


def test_placement_row_length_checked() -> None:
    with pytest.raises(ParameterError) as error:
        PlacementPoints(four_table=(3, 2, 1))  # type: ignore[arg-type]
    assert (error.value.code, error.value.field) == ("row.length", "four_table")
    assert error.value.params == {"size": 4}


def test_tie_rule_checked() -> None:
    with pytest.raises(ParameterError) as error:
        conversion_method("placement_points", {"ties": "average"})
    assert (error.value.code, error.value.field) == ("choice", "ties")


# table results (§3.1)


@pytest.mark.parametrize(
    ("players", "whists", "code", "field", "message"),
    [
        (["A", "B"], [10, -10], "", "table 7", "3 or 4 players, not 2"),
        (["A", "B", "C", "D", "E"], [1, 1, 1, 1, -4], "", "table 7", "3 or 4 players, not 5"),
        (["A", "B", "A"], [10, -5, -5], "", "table 7", "twice"),
        (["A", "B", "C"], [10, -5, -4], "", "table 7", "sum to 1, not 0"),
        (["A", "B", "C"], [10, -5], "", "table 7.whists", "one whists value per player"),
        (["A", "B", "C"], [10.0, -5, -5], "number.inexact", "table 7.whists[A]", ""),
    ],
)
def test_impossible_tables_refused(
    players: list[str], whists: list[int], code: str, field: str, message: str
) -> None:
    with pytest.raises(TableError) as error:
        RoundScoring().score_table(7, players, whists)
    assert (error.value.code, error.value.field) == (code, field)
    # a table's shape has no code (code ""): only its English says what is wrong
    assert message in error.value.message
