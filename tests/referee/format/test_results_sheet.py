"""The results sheet (XLSX, PDF) shows stages, byes, discipline and team standings (issue 11,
TOURNAMENTS §11). The tournament is test_stages_and_teams's: p1…p8, four qualification rounds
on a fixed schedule, a final of the top 4 that p5 wins."""

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from referee.discipline import services as discipline
from referee.exports import reports

from .play import play_round, tournament_of
from .test_stages_and_teams import qualification_and_final

pytestmark = pytest.mark.django_db


def played():
    teams = {"Север": [1, 4], "Юг": [3, 5]}
    tournament, entries, chief = qualification_and_final(teams=teams)
    p = {i: entries[i - 1].pk for i in range(1, 9)}
    for number in range(1, 5):
        play_round(tournament, chief, seed=number)
    play_round(tournament, chief, seed=5, winner=lambda seats: p[5])
    discipline.record_entry(
        tournament.pk, p[4], "warning", chief, rule="Кодекс 3.9.8", reason="просил показать взятку"
    )
    return tournament, chief


def test_the_workbook_has_places_teams_and_discipline_sheets():
    tournament, chief = played()
    with translation.override("en"):
        book = load_workbook(io.BytesIO(reports.results_workbook(tournament, chief)))
    assert book.sheetnames[:4] == ["Standings", "Places", "Teams", "Discipline"]
    places = [[c.value for c in row] for row in book["Places"].iter_rows(min_row=4)]
    # the final's standings first: p5 30, then p1, p3, p2 at -10 (qualification tie-break)
    assert [row[:3] for row in places[:5]] == [
        ["1", "p5", "финал"],
        ["2", "p1", "финал"],
        ["3", "p3", "финал"],
        ["4", "p2", "финал"],
        ["5", "p6", "отбор"],
    ]
    teams = [[c.value for c in row] for row in book["Teams"].iter_rows(min_row=4)]
    # all five rounds: Север p1 120 - 10 = 110 and p4 -40 → 70; Юг p3 40 - 10 = 30 and
    # p5 0 + 30 = 30 → 60
    assert [row[1] for row in teams] == ["Север", "Юг"] and [row[3] for row in teams] == [70, 60]
    rows = [[c.value for c in row] for row in book["Discipline"].iter_rows(min_row=4)]
    assert rows[0][:4] == ["p4", 5, "warning", "Кодекс 3.9.8"]


def test_the_standings_pdf_prints_the_layer_and_the_format():
    tournament, chief = played()
    with translation.override("en"):
        data = reports.standings_pdf(tournament, chief)
    text = " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )
    places, teams, register = (
        text.index(title) for title in ("Final places", "Team standings", "Discipline register")
    )
    assert places < teams < register  # the further sheets, in this order, after the standings
    assert "просил показать взятку" in text[register:]
    assert "unfinished pulka: settle as it stands" in text
    assert "stage 2, финал: 1 rounds" in text and "the top 4" in text


def test_the_standings_note_a_bye():
    tournament, _entries, chief = tournament_of(5)
    round_ = play_round(tournament, chief)
    with translation.override("en"):
        sheet = reports.standings_sheet(reports.standings.standings_after(tournament, viewer=chief))
    notes = {row[1]: row[-1] for row in sheet.rows}
    sat_out = round_.tournament.entries.get(pk=round_.byes[0]).player.name
    assert notes[sat_out] == "bye: round 1"
