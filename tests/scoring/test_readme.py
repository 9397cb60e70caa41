"""The README's conventions table is the code's, so it cannot drift."""

from pathlib import Path

from scoring.conventions import options_table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_shows_the_conventions_table_of_the_code():
    assert options_table() in README.read_text(encoding="utf-8")


def test_readme_opens_with_the_two_commands():
    text = README.read_text(encoding="utf-8")
    block = text.split("```sh\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert [line.split("#")[0].strip() for line in block] == ["make run", "make test"]
