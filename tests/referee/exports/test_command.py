"""``manage.py export_results``: every format, a table's protocol, and clear refusals. The
command sees everything an official sees."""

import io

import pypdf
import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from ..standings.test_services import NAMES, seven_players

pytestmark = pytest.mark.django_db


def export(*args, **options):
    out = io.StringIO()
    call_command("export_results", *args, stdout=out, **options)
    return out.getvalue()


def pdf_text(path):
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_xlsx_writes_the_workbook_of_every_round(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "results.xlsx"
    printed = export(cup.slug, format="xlsx", output=str(target))
    book = load_workbook(target)
    assert book.sheetnames[:3] == ["Standings", "Round 1", "Round 2"]
    assert book["Standings"]["B4"].value == "Иванов"
    assert f"Wrote {target}" in printed


def test_csv_writes_the_standings_with_a_bom(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "standings.csv"
    export(cup.slug, format="csv", output=str(target))
    lines = target.read_bytes().decode("utf-8").splitlines()
    assert lines[0].startswith("\ufeffPlace;Player;")
    assert lines[1].startswith("1;Иванов;Тула;40;40;")


def test_pdf_writes_the_standings(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "standings.pdf"
    export(cup.slug, format="pdf", output=str(target))
    text = pdf_text(target)
    assert cup.name in text and "Standings after round 2" in text and "page 1 of 1" in text


def test_the_tournament_may_be_given_by_its_id(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "standings.csv"
    export(str(cup.pk), format="csv", output=str(target))
    assert "Иванов" in target.read_text(encoding="utf-8-sig")


def test_after_gives_the_standings_after_that_round(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "after-1.xlsx"
    export(cup.slug, format="xlsx", output=str(target), after=1)
    assert load_workbook(target).sheetnames == ["Standings", "Round 1", "R1 T1", "R1 T2"]


def test_pdf_with_a_round_and_a_table_writes_that_tables_protocol(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "protocol.pdf"
    export(cup.slug, format="pdf", output=str(target), round=1, table=1)
    text = pdf_text(target)
    assert "Round 1, table 1" in text and "Signatures" in text
    for name in NAMES[:4]:
        assert name in text


def test_the_command_sees_what_only_officials_see(tmp_path):
    cup, _ = seven_players(published=False, published_through=None)
    target = tmp_path / "hidden.csv"
    export(cup.slug, format="csv", output=str(target))
    assert target.read_text(encoding="utf-8-sig").splitlines()[1].startswith("1;Иванов;Тула;40;")


def test_the_language_can_be_chosen(tmp_path):
    cup, _ = seven_players()
    target = tmp_path / "ru.csv"
    export(cup.slug, format="csv", output=str(target), language="ru")
    assert target.read_text(encoding="utf-8-sig").startswith("Место;Игрок;")


@pytest.mark.parametrize(
    ("args", "options", "message"),
    [
        (["no-such-cup"], {"format": "csv"}, "No tournament 'no-such-cup'"),
        (["{slug}"], {"format": "docx"}, "Unknown format 'docx'"),
        (["{slug}"], {"format": "pdf", "table": 1}, "--table needs --round"),
        (["{slug}"], {"format": "pdf", "round": 1}, "--round needs --table"),
        (["{slug}"], {"format": "pdf", "round": 1, "table": 9}, "No table 9 in round 1"),
        (["{slug}"], {"format": "pdf", "round": 5, "table": 1}, "No table 1 in round 5"),
        (["{slug}"], {"format": "xlsx", "round": 1, "table": 1}, "as pdf only"),
        (["{slug}"], {"format": "csv", "after": 7}, "no results after round 7"),
    ],
)
def test_a_command_that_cannot_be_done_says_why_and_writes_nothing(
    tmp_path, args, options, message
):
    cup, _ = seven_players()
    target = tmp_path / "out"
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match=message):
        export(*[a.format(slug=cup.slug) for a in args], output=str(target), **options)
    assert not target.exists()


def test_an_output_that_cannot_be_written_is_a_clear_error(tmp_path):
    cup, _ = seven_players()
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match="Cannot write"):
        export(cup.slug, format="csv", output=str(tmp_path / "missing" / "out.csv"))
