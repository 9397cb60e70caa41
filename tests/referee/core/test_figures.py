"""One number format for the whole site (``core.figures``): exact values rounded half away
from zero to two places, the same on the standings page, the player's card, the PDFs, the
workbook and the JSON of the ratings sheet. The expected texts are worked by hand."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from referee.core.figures import figure, hundredths, rounded
from referee.exports.printing import shown
from referee.exports.tabular import number
from referee.ratings.services.sheet import number as json_number


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(620, 3), "206,67"),  # 206.666… up
        (Fraction(-620, 3), "-206,67"),
        (Fraction(1, 8), "0,13"),  # 0.125: a tie goes away from zero (a float gives 0.12)
        (Fraction(-1, 8), "-0,13"),
        (Fraction(107, 40), "2,68"),  # 2.675 (a float holds 2.67499…, and gives 2.67)
        (Fraction(1, 200), "0,01"),  # 0.005
        (Fraction(-1, 300), "0"),  # -0.0033…: not "-0"
        (Fraction(5, 2), "2,5"),  # no trailing zero
        (Fraction(7, 1), "7"),
        (Decimal("7.50"), "7,5"),
        (Decimal("-0.004"), "0"),
        (2.675, "2,68"),  # a float as it reads
        (-10, "-10"),
        (0, "0"),
        (None, ""),
    ],
)
def test_a_figure_is_rounded_exactly_to_two_places(value, text):
    assert figure(value, ",") == text


def test_the_separator_is_the_readers():
    with translation.override("ru"):
        assert figure(Fraction(1, 8)) == "0,13"
    with translation.override("en"):
        assert figure(Fraction(1, 8)) == "0.13"


@pytest.mark.parametrize(
    ("value", "cents", "number_value"),
    [
        (Fraction(1, 8), 13, 0.13),
        (Fraction(-1, 8), -13, -0.13),
        (Fraction(107, 40), 268, 2.68),
        (Fraction(-5, 2), -250, -2.5),
        (Fraction(300, 3), 10000, 100),  # whole: an int
        (12, 1200, 12),
    ],
)
def test_hundredths_and_the_rounded_number(value, cents, number_value):
    assert hundredths(value) == cents
    assert rounded(value) == number_value
    assert type(rounded(value)) is type(number_value)


fractions = st.fractions(min_value=-10_000, max_value=10_000, max_denominator=400)


@given(fractions)
def test_the_figure_is_the_decimal_rounding_half_up(value):
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    expected = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert Decimal(figure(value, ".")) == expected
    assert Decimal(str(rounded(value))) == expected


@given(fractions)
def test_pages_sheets_and_files_show_the_same_figure(value):
    with translation.override("en"):
        text = figure(value)
        assert shown(value) == text  # the PDFs' cells
    assert Decimal(str(number(value))) == Decimal(text)  # the workbook's numeric cells
    assert Decimal(str(json_number(value))) == Decimal(text)  # the ratings sheet's JSON


def test_the_standings_page_rows_round_as_everywhere_else():
    from referee.standings.views import display_rows

    rows = [{"registration": 7, "points": Fraction(1, 8), "whists": Fraction(107, 40)}]
    rows[0]["round_points"] = [Fraction(-1, 8), None, 3]
    with translation.override("ru"):
        (row,) = display_rows(rows, "demo")
    assert (row["points_text"], row["whists_text"]) == ("0,13", "2,68")
    assert row["round_cells"] == [("-0,13", False, True), ("", True, False), ("3", False, False)]


@pytest.mark.parametrize(
    "value", [float("nan"), float("inf"), Decimal("NaN"), Decimal("-Infinity")]
)
def test_a_value_that_is_not_finite_is_shown_as_it_is_not_refused(value):
    assert figure(value, ",") == str(value)
    assert str(rounded(value)) == str(float(value))


def test_the_templates_filter_is_the_same_figure():
    from django.template import Context, Template

    page = Template("{% load figures %}[{{ a|figure }}|{{ b|figure }}|{{ c|figure }}]")
    with translation.override("ru"):
        text = page.render(Context({"a": Fraction(1, 8), "b": None, "c": -10}))
    assert text == "[0,13||-10]"
