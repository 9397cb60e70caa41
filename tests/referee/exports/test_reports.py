"""The reports' figures are the services' figures: the workbook's standings and rounds against
``standings_after`` and ``round_results``, each protocol against ``build_sheet``, the CSV and the
PDFs against the same rows; names that look like formulas stay text.

The hand-worked tournament is the standings tests' (``seven_players``): raw whists, Иванов
first with 40, Попов 50/3, Петрова 16, Сидоров 46/3, Смирнова −26/3, Ёлкин −28, Кузнецов −154/3.
"""

import io
import re
from fractions import Fraction

import pypdf
import pytest
from openpyxl import load_workbook

from referee.demo.loader import generate_tournament
from referee.exports import reports
from referee.standings import services
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tables.sheet import build_sheet
from referee.tournaments.models import Player, Round

from ..factories import (
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_of,
)
from ..standings.test_services import NAMES, game, seven_players

pytestmark = pytest.mark.django_db

ANONYMOUS = None


def book_of(data):
    return load_workbook(io.BytesIO(data))


def values(ws, first_row):
    return [[c.value for c in row] for row in ws.iter_rows(min_row=first_row)]


def figure(value):
    """What the workbook holds for an exact figure: a number, rounded to two places."""
    shown = round(float(Fraction(value)), 2)
    return int(shown) if shown == int(shown) else shown


def pdf_text(data):
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages]


def table_at(cup, round_number, number):
    return Table.objects.select_related("round__tournament", "submitted_by").get(
        round__tournament=cup, round__number=round_number, number=number
    )


# --- the workbook -----------------------------------------------------------------------------


def test_the_workbook_has_the_standings_a_sheet_per_round_and_one_per_table():
    cup, _ = seven_players()
    book = book_of(reports.results_workbook(cup, ANONYMOUS))
    assert book.sheetnames == [
        "Standings",
        "Round 1",
        "Round 2",
        "R1 T1",
        "R1 T2",
        "R2 T1",
        "R2 T2",
    ]


def test_the_standings_sheet_has_the_places_points_and_whists_of_the_standings():
    cup, _ = seven_players()
    table = services.standings_after(cup, viewer=ANONYMOUS)
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["Standings"]
    header = [c.value for c in ws[3]]
    assert header[:7] == ["Place", "Player", "City", "Points", "Whists", "1st places", "Rounds"]
    assert header[-3:] == ["R1", "R2", "Notes"]
    got = [(r[0], r[1], r[3], r[4], r[5], r[6]) for r in values(ws, 4)]
    assert got == [
        (r.rank, r.player, figure(r.points), figure(r.whists), r.firsts, r.rounds_played)
        for r in table.rows
    ]
    assert got[0][1:4] == ("Иванов", 40, 40)


def test_the_standings_sheet_keeps_figures_numeric_with_a_frozen_header():
    cup, _ = seven_players()
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["Standings"]
    popov = next(row for row in ws.iter_rows(min_row=4) if row[1].value == "Попов")
    assert popov[3].value == 16.67 and popov[3].data_type == "n"
    assert ws.freeze_panes == "A4"  # the caption, a blank row, then the header
    assert "Кубок" in ws["A1"].value and "after round 2" in ws["A1"].value


def test_shared_places_are_numbers_with_the_range_in_the_notes():
    cup, _ = seven_players()
    ws = book_of(reports.results_workbook(cup, ANONYMOUS, after=1))["Standings"]
    rows = values(ws, 4)
    assert [row[0] for row in rows].count(4) == 2  # numeric: a spreadsheet sorts by it
    assert sum("4–5" in str(row[-1]) for row in rows) == 2


def test_the_standings_after_a_round_stop_at_that_round():
    cup, _ = seven_players()
    book = book_of(reports.results_workbook(cup, ANONYMOUS, after=1))
    assert book.sheetnames == ["Standings", "Round 1", "R1 T1", "R1 T2"]
    assert [c.value for c in book["Standings"][3]][-2:] == ["R1", "Notes"]


def test_a_generated_tournament_has_every_players_figures_of_the_standings():
    cup = generate_tournament(14, 3, slug="gen-figures", deals_per_table=6)
    StandingsSettings.objects.create(tournament=cup, published_through=3)
    table = services.standings_after(cup, viewer=ANONYMOUS)
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["Standings"]
    rows = values(ws, 4)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [
        (s.rank, s.player, figure(s.points), figure(s.whists)) for s in table.rows
    ]
    first = [c.value for c in ws[3]].index("R1")
    assert [r[first : first + 3] for r in rows] == [
        [figure(p) for p in s.round_points] for s in table.rows
    ]


def test_a_round_sheet_lists_every_seat_with_the_round_results():
    cup, _ = seven_players()
    results = services.round_results(cup, 2, viewer=ANONYMOUS)
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["Round 2"]
    assert [c.value for c in ws[3]] == [
        "Table", "Seat", "Player", "City", "Whists", "Points", "Place", "Notes"
    ]  # fmt: skip
    assert [tuple(r[:7]) for r in values(ws, 4)] == [
        (t.number, s.position, s.player, s.city, figure(s.whists), figure(s.points), s.place)
        for t in results.tables
        for s in t.seats
    ]


def test_the_rounds_of_one_load_equal_the_round_results_service():
    cup, _ = seven_players(published_through=1, round_two=Round.Status.STARTED)
    official = referee_of(cup)
    public = reports.load_results(cup, ANONYMOUS).rounds
    assert public == (services.round_results(cup, 1, viewer=ANONYMOUS),)
    everything = reports.load_results(cup, official).rounds
    assert everything == tuple(services.round_results(cup, n, viewer=official) for n in (1, 2))


def test_a_protocol_sheet_lists_every_deal_with_what_it_wrote():
    cup, _ = seven_players()
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["R1 T1"]
    header = [c.value for c in ws[3]]
    assert header[:5] == ["№", "Dealer", "Deal", "A pool", "A mountain"]
    assert header[5:8] == ["A→B", "A→C", "A→D"] and header[-1] == "Entries"
    deal = dict(zip(header, [c.value for c in ws[4]], strict=True))
    # 6♠ made by A, whisted by B (3 tricks) and C (1): pool A 2, B→A 12, C→A 4 (FSPR)
    assert deal["№"] == 1 and deal["Dealer"] == "D" and deal["A pool"] == 2
    assert (deal["B→A"], deal["C→A"], deal["D→A"]) == (12, 4, None)
    assert "Иванов" in ws["A1"].value and "Round 1, table 1" in ws["A1"].value


def summary_block(ws):
    """The protocol's final figures: the rows under its "Seat" header."""
    rows = values(ws, 1)
    start = next(i for i, row in enumerate(rows) if row[0] == "Seat")
    return rows[start], rows[start + 1 :]


def test_a_protocols_totals_and_settled_result_equal_the_table_sheet():
    cup, _ = seven_players()
    sheet = build_sheet(table_at(cup, 2, 2), "en")  # the deal with a ruling and an adjustment
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["R2 T2"]
    header, rows = summary_block(ws)
    assert header == [
        "Seat", "Player", "Pool", "Mountain", "Whists on A", "Whists on B", "Whists on C",
        "Adjustments", "Settled", *[None] * (len(header) - 9),
    ]  # fmt: skip
    for row, seat in zip(rows, sheet.seats, strict=True):
        p = seat.letter
        assert row[:4] == [
            p,
            seat.name,
            figure(sheet.pool.get(p, 0)),
            figure(sheet.mountain.get(p, 0)),
        ]
        assert row[4:7] == [
            None if on == p else figure(sheet.whists.get((p, on), 0)) for on in sheet.letters
        ]
        assert row[7:9] == [figure(sheet.adjustments.get(p, 0)), figure(sheet.result[p])]
    assert [row[8] for row in rows] == [figure(Fraction(64, 3)), figure(Fraction(4, 3)), -22.67]


def test_a_protocols_total_row_sums_its_deal_columns():
    cup, _ = seven_players()
    sheet = build_sheet(table_at(cup, 1, 1), "en")
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["R1 T1"]
    rows = values(ws, 1)
    header, total = rows[2], next(r for r in rows if r[2] == "Total")
    by_column = dict(zip(header, total, strict=True))
    assert by_column["A pool"] == sheet.pool["A"] == 2
    assert by_column["B→A"] == sheet.whists[("B", "A")] == 12


def test_the_bulk_protocols_equal_those_built_from_each_table_sheet():
    cup = generate_tournament(11, 2, slug="gen-bulk", deals_per_table=8)
    for round_ in cup.rounds.all():
        round_.tournament = cup
    tables = list(Table.objects.filter(round__tournament=cup).select_related("round"))
    for table in tables:
        table.round.tournament = cup
    bulk = reports.table_protocols(tables, "en")
    for table, protocol in zip(tables, bulk, strict=True):
        expected = reports.Protocol.of_sheet(build_sheet(table, "en"))
        assert protocol.sheet() == expected.sheet()


def test_a_table_the_engine_refuses_shows_the_same_error_in_bulk_and_on_its_sheet():
    cup = TournamentFactory(published=True)
    entries = [RegistrationFactory(tournament=cup) for _ in range(3)]
    round_ = RoundFactory(tournament=cup, number=1)
    table = table_of(round_, 1, entries, [game("C", {"A": 6, "B": 2, "C": 1})])  # 9 tricks
    table.round.tournament = cup
    [protocol] = reports.table_protocols([table], "en")
    expected = reports.Protocol.of_sheet(build_sheet(table, "en"))
    assert protocol.error and protocol.error == expected.error
    assert protocol.sheet() == expected.sheet()


def test_names_that_look_like_formulas_stay_text_in_the_workbook_and_the_csv():
    cup, p = seven_players()
    Player.objects.filter(pk=p["Иванов"].player_id).update(name='=HYPERLINK("http://x")')
    Player.objects.filter(pk=p["Попов"].player_id).update(name="@Попов")
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["Standings"]
    leader = ws["B4"]
    assert leader.value == '=HYPERLINK("http://x")' and leader.data_type == "s"
    lines = reports.standings_csv(cup, ANONYMOUS).decode("utf-8-sig").splitlines()
    assert lines[1].startswith('1;"\'=HYPERLINK(""http://x"")";')
    assert any(line.split(";")[1] == "'@Попов" for line in lines)


def test_a_protocol_sheet_keeps_a_formula_like_name_as_text():
    cup, p = seven_players()
    Player.objects.filter(pk=p["Иванов"].player_id).update(name="+7 Иванов")
    ws = book_of(reports.results_workbook(cup, ANONYMOUS))["R1 T1"]
    _header, rows = summary_block(ws)
    cell = next(c for c in ws["B"] if c.value == "+7 Иванов")
    assert rows[0][1] == "+7 Иванов" and cell.data_type == "s"


# --- the CSV ----------------------------------------------------------------------------------


def test_the_csv_starts_with_a_bom_and_the_header():
    cup, _ = seven_players()
    data = reports.standings_csv(cup, ANONYMOUS)
    assert data.startswith(b"\xef\xbb\xbfPlace;Player;City;Points;Whists;1st places;Rounds;")


def test_the_csv_has_the_figures_of_the_standings():
    cup, _ = seven_players()
    table = services.standings_after(cup, viewer=ANONYMOUS)
    lines = reports.standings_csv(cup, ANONYMOUS).decode("utf-8-sig").splitlines()[1:]
    rows = [line.split(";") for line in lines]
    assert [(r[0], r[1], r[2], r[3], r[4]) for r in rows] == [
        (
            str(s.rank),  # a number for spreadsheets; a shared place is said in the notes
            s.player,
            s.city,
            str(figure(s.points)).replace(".", ","),  # decimal comma beside ";"
            str(figure(s.whists)).replace(".", ","),
        )
        for s in table.rows
    ]
    assert rows[0][:4] == ["1", "Иванов", "Тула", "40"]


# --- the PDFs ---------------------------------------------------------------------------------


def test_the_standings_pdf_shows_the_tournament_the_leader_and_numbered_pages():
    cup, _ = seven_players(name="Кубок Пули", venue="Москва, клуб «Пуля»")
    [page] = pdf_text(reports.standings_pdf(cup, ANONYMOUS))
    assert "Кубок Пули" in page and "Москва, клуб «Пуля»" in page
    assert "Standings after round 2" in page and "convention: FSPR" in page  # by its name
    assert re.search(r"^1 Иванов Тула 40 40 ", page, re.MULTILINE)
    assert "Printed " in page and "Chief referee" in page
    assert "page 1 of 1" in page


def test_the_standings_pdf_embeds_dejavu():
    cup, _ = seven_players()
    reader = pypdf.PdfReader(io.BytesIO(reports.standings_pdf(cup, ANONYMOUS)))
    fonts = [f["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert fonts and all("DejaVu" in name for name in fonts)


def test_the_standings_pdf_of_many_players_repeats_the_header_on_every_page():
    cup = generate_tournament(90, 2, slug="gen-pages", deals_per_table=3)
    StandingsSettings.objects.create(tournament=cup, published_through=2)
    pages = pdf_text(reports.standings_pdf(cup, ANONYMOUS))
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in page
        assert re.search(r"Place Player City Points Whists", page)
    assert "Игрок" in pages[-1] and "Chief referee" in pages[-1]


def test_the_standings_pdf_names_the_chief_referee_on_the_signature_line():
    chief = UserFactory(username="glavny", first_name="Анна", last_name="Судьина")
    cup, _ = seven_players(chief_referee=chief)
    text = "".join(pdf_text(reports.standings_pdf(cup, ANONYMOUS)))
    assert re.search(r"Chief referee\s+/ Анна Судьина /", text)


def test_the_protocol_pdf_has_the_players_the_deals_and_signature_lines():
    cup, _ = seven_players()
    table = table_at(cup, 1, 1)
    text = "\n".join(pdf_text(reports.protocol_pdf(table, ANONYMOUS)))
    assert cup.name in text and "Round 1, table 1" in text
    signatures = text[text.index("Signatures") :]
    for letter, name in zip("ABCD", NAMES[:4], strict=True):
        assert f"{letter} {name}" in signatures
    assert "Referee" in signatures
    assert "Иванов: 6♠" in text  # the deal's summary
    assert re.search(r"Total 2 0 0 0 0", text)  # A: pool 2, no mountain, no whists written


def test_the_protocol_pdf_draws_the_pulka():
    cup, _ = seven_players()
    table = table_at(cup, 1, 2)
    text = "\n".join(pdf_text(reports.protocol_pdf(table, ANONYMOUS)))
    assert re.search(r"Кузнецов\s+\+10,67", text)  # the name and settled result, drawn


def test_the_protocol_of_an_unpublished_tournament_is_refused_to_the_public():
    cup, _ = seven_players(published=False)
    with pytest.raises(services.NotVisible):
        reports.protocol_pdf(table_at(cup, 1, 1), ANONYMOUS)


def test_page_numbers_come_from_one_translatable_message():
    assert str(reports.page_counter()) == '"page " counter(page) " of " counter(pages)'


def test_the_workbook_is_set_up_for_printing():
    cup, _ = seven_players()
    book = book_of(reports.results_workbook(cup, ANONYMOUS))
    ws = book["Standings"]
    assert ws.page_setup.orientation == "landscape"
    assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.print_title_rows == "$3:$3"  # the header row under the caption, on every page
