"""The paper pulka as SVG: valid XML, one sector per player, names escaped, figures written."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from referee.tables.drawing import chain, fit, paper_figure, pulka_svg

SVG = "{http://www.w3.org/2000/svg}"
THREE = {"A": "Анна", "B": "Борис", "C": "Вера"}
FOUR = {**THREE, "D": "Глеб"}


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def sector(root: ET.Element, player: str) -> ET.Element:
    found = root.find(f"{SVG}g[@data-player='{player}']")
    assert found is not None
    return found


def texts(element: ET.Element, cls: str) -> list[str]:
    return [
        "".join(t.itertext())
        for t in element.iter(f"{SVG}text")
        if cls in (t.get("class") or "").split()
    ]


@pytest.mark.parametrize("names", [THREE, FOUR])
def test_the_drawing_is_valid_svg_with_one_sector_per_player(names):
    root = parsed(pulka_svg(names, {}, {}, {}, {}))
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}g[@class='sector']")) == len(names)


def test_three_players_split_the_sheet_with_three_lines_and_four_with_four():
    for names in (THREE, FOUR):
        root = parsed(pulka_svg(names, {}, {}, {}, {}))
        sector_lines = [
            line for line in root.findall(f"{SVG}line") if line.get("stroke-width") == "1.6"
        ]
        assert len(sector_lines) == len(names)


def test_names_typed_by_people_are_escaped():
    names = {"A": "<script>alert(1)</script>", "B": "Tom & Jerry", "C": 'O"Neil'}
    svg = pulka_svg(names, {}, {}, {}, {})
    assert "<script>" not in svg
    root = parsed(svg)
    assert [t.split(" ")[0] for t in texts(root, "name")] == [
        "<script>alert(1)</script>",
        "Tom",
        'O"Neil',
    ]
    assert "Tom & Jerry" in texts(root, "name")[1]


def test_the_pool_and_the_mountain_are_written_as_running_figures():
    root = parsed(pulka_svg(THREE, {"A": [2, 4, 6]}, {"B": [4, 12]}, {}, {}))
    assert texts(sector(root, "A"), "pool") == ["2.4.6"]
    assert texts(sector(root, "B"), "mountain") == ["4.12"]
    assert texts(sector(root, "C"), "pool") == []


def test_whists_are_written_in_the_writer_sector_in_the_part_of_the_player_written_on():
    whists = {("B", "A"): [8, 16], ("B", "C"): [2]}
    root = parsed(pulka_svg(THREE, {}, {}, whists, {}))
    assert texts(sector(root, "B"), "on-A") == ["8.16"]
    assert texts(sector(root, "B"), "on-C") == ["2"]
    assert texts(sector(root, "A"), "whists") == []


def test_four_players_each_have_three_whist_parts():
    whists = {("A", other): [10] for other in "BCD"}
    root = parsed(pulka_svg(FOUR, {}, {}, whists, {}))
    for other in "BCD":
        assert texts(sector(root, "A"), f"on-{other}") == ["10"]


def test_the_settled_result_is_written_beside_each_name_with_its_sign():
    result = {"A": 40, "B": Fraction(-61, 3), "C": Fraction(-59, 3)}
    root = parsed(pulka_svg(THREE, {}, {}, {}, result))
    assert texts(root, "name") == ["Анна +40", "Борис -20,33", "Вера -19,67"]  # one format


def test_the_pool_size_is_written_in_the_centre():
    root = parsed(pulka_svg(THREE, {}, {}, {}, {}, pool_size=20))
    assert texts(root, "size") == ["20"]


def test_the_title_describes_the_picture_escaped():
    root = parsed(pulka_svg(THREE, {}, {}, {}, {}, title="Стол <1>"))
    assert root.find(f"{SVG}title").text == "Стол <1>"


def test_a_decimal_figure_takes_a_comma_because_the_dot_separates_figures():
    assert paper_figure(Fraction(15, 2)) == "7,5"
    assert chain([2, Fraction(9, 2), 7]) == ["2.", "4,5.", "7"]


def test_long_series_wrap_at_the_dots_and_shrink_to_fit():
    tokens = chain(list(range(2, 60, 2)))
    size, lines = fit(tokens, 200, 60)
    assert size < 13
    assert "".join(lines) == "".join(tokens)
    assert all(line.endswith(".") for line in lines[:-1])


def test_a_series_too_long_for_its_band_keeps_the_latest_figures():
    tokens = chain(list(range(2, 2000, 2)))
    _size, lines = fit(tokens, 100, 20)
    assert lines[0].startswith("…")
    assert lines[-1].endswith("1998")


def test_a_table_of_two_or_five_is_refused():
    with pytest.raises(ValueError):
        pulka_svg({"A": "a", "B": "b"}, {}, {}, {}, {})
    with pytest.raises(ValueError):
        pulka_svg({p: p for p in "ABCDE"}, {}, {}, {}, {})
