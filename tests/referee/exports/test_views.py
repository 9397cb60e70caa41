"""Downloads: who may have each file (exactly who may see its page), what each response says it
is, the buttons on the pages, and query counts that do not grow with the tournament."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from referee.accounts.models import Role
from referee.demo.loader import generate_tournament
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tournaments.models import Round

from ..factories import TournamentFactory, UserFactory, referee_of
from ..standings.test_services import seven_players

pytestmark = pytest.mark.django_db

EXPORTS = ["export-xlsx", "export-csv", "export-pdf"]


def url(name, cup, *args):
    return reverse(name, args=[cup.slug, *args])


def protocol_url(cup, round_number=1, table=1):
    return reverse("export-protocol", args=[cup.slug, round_number, table])


def viewer(client, who, cup):
    """Log ``who`` in: anonymous, a stranger, a referee of another tournament, a referee here,
    or the chief referee here."""
    if who == "stranger":
        client.force_login(UserFactory())
    elif who == "referee elsewhere":
        client.force_login(referee_of(TournamentFactory()))
    elif who == "referee":
        client.force_login(referee_of(cup))
    elif who == "chief":
        client.force_login(referee_of(cup, Role.Kind.CHIEF))
    return client


VIEWERS = ["anonymous", "stranger", "referee elsewhere", "referee", "chief"]


# --- what each response is -------------------------------------------------------------------


def test_the_workbook_is_an_xlsx_attachment_named_after_the_tournament(client):
    cup, _ = seven_players(slug="kubok-2026")
    response = client.get(url("export-xlsx", cup))
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert response["Content-Disposition"] == 'attachment; filename="kubok-2026-results.xlsx"'
    assert load_workbook(io.BytesIO(response.content)).sheetnames[0] == "Standings"


def test_the_csv_is_utf8_text_with_a_bom(client):
    cup, _ = seven_players(slug="kubok-2026")
    response = client.get(url("export-csv", cup))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="kubok-2026-standings.csv"'
    assert response.content.startswith("\ufeffPlace;Player".encode())


def test_the_standings_pdf_after_a_round_is_named_after_it(client):
    cup, _ = seven_players(slug="kubok-2026")
    response = client.get(url("export-pdf", cup), {"after": 1})
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == ('attachment; filename="kubok-2026-standings-r1.pdf"')
    assert response.content.startswith(b"%PDF")


def test_the_protocol_is_a_pdf_named_after_its_round_and_table(client):
    cup, _ = seven_players(slug="kubok-2026")
    response = client.get(protocol_url(cup, 2, 1))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="kubok-2026-r2-t1-protocol.pdf"'
    )
    assert response.content.startswith(b"%PDF")


def test_the_workbook_after_a_round_stops_at_that_round(client):
    cup, _ = seven_players()
    response = client.get(url("export-xlsx", cup), {"after": 1})
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Standings", "Round 1", "R1 T1", "R1 T2"]


# --- who may download what: exactly who may see the page ---------------------------------------


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("published", [True, False])
@pytest.mark.parametrize("after", [None, "1", "2", "3", "x"])
@pytest.mark.parametrize("name", EXPORTS)
def test_a_standings_export_is_there_exactly_when_the_standings_page_is(
    client, who, published, after, name
):
    cup, _ = seven_players(published=published, published_through=1)
    viewer(client, who, cup)
    query = {} if after is None else {"after": after}
    page = client.get(url("standings", cup), query).status_code
    assert page in (200, 404)
    assert client.get(url(name, cup), query).status_code == page


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("published", [True, False])
def test_a_protocol_is_there_exactly_when_its_table_page_is(client, who, published):
    cup, _ = seven_players(published=published)
    viewer(client, who, cup)
    page = client.get(reverse("table", args=[cup.slug, 1, 2])).status_code
    assert page in (200, 404)
    assert client.get(protocol_url(cup, 1, 2)).status_code == page


@pytest.mark.parametrize("name", [*EXPORTS, "export-protocol"])
def test_the_public_gets_nothing_of_an_unpublished_tournament(client, name):
    cup, _ = seven_players(published=False)
    target = protocol_url(cup) if name == "export-protocol" else url(name, cup)
    assert client.get(target).status_code == 404


@pytest.mark.parametrize("name", [*EXPORTS, "export-protocol"])
def test_an_official_downloads_every_export_of_an_unpublished_tournament(client, name):
    cup, _ = seven_players(published=False, published_through=None)
    viewer(client, "referee", cup)
    target = protocol_url(cup) if name == "export-protocol" else url(name, cup)
    assert client.get(target).status_code == 200


def test_the_public_workbook_holds_only_the_published_rounds(client):
    cup, _ = seven_players(published_through=1)
    response = client.get(url("export-xlsx", cup))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Standings", "Round 1", "R1 T1", "R1 T2"]


def test_an_officials_workbook_holds_the_round_in_play_marked_provisional(client):
    cup, _ = seven_players(published_through=1, round_two=Round.Status.STARTED)
    viewer(client, "referee", cup)
    book = load_workbook(io.BytesIO(client.get(url("export-xlsx", cup)).content))
    assert "Round 2" in book.sheetnames and "R2 T2" in book.sheetnames
    assert "(provisional)" in book["Round 2"]["A1"].value


@pytest.mark.parametrize(("round_number", "table"), [(1, 3), (3, 1)])
def test_a_protocol_of_a_table_that_does_not_exist_is_not_found(client, round_number, table):
    cup, _ = seven_players()
    assert client.get(protocol_url(cup, round_number, table)).status_code == 404


@pytest.mark.parametrize("name", EXPORTS)
def test_an_export_of_an_unknown_tournament_is_not_found(client, name):
    assert client.get(reverse(name, args=["no-such-cup"])).status_code == 404


@pytest.mark.parametrize("name", EXPORTS)
def test_an_export_answers_only_get(client, name):
    cup, _ = seven_players()
    assert client.post(url(name, cup)).status_code == 405


# --- the buttons on the pages -----------------------------------------------------------------


def test_the_standings_page_offers_the_three_downloads_of_the_snapshot_shown(client):
    cup, _ = seven_players()
    page = client.get(url("standings", cup), {"after": 1}).content.decode()
    for name in EXPORTS:
        assert f'href="{url(name, cup)}?after=1"' in page


def test_the_round_results_page_offers_the_downloads_after_that_round(client):
    cup, _ = seven_players()
    page = client.get(url("round-results", cup, 1)).content.decode()
    for name in EXPORTS:
        assert f'href="{url(name, cup)}?after=1"' in page


def test_the_table_page_offers_its_protocol(client):
    cup, _ = seven_players()
    page = client.get(reverse("table", args=[cup.slug, 2, 1])).content.decode()
    assert f'href="{protocol_url(cup, 2, 1)}"' in page


def test_the_standings_page_offers_no_download_before_any_result_is_public(client):
    cup, _ = seven_players(published_through=None)
    page = client.get(url("standings", cup)).content.decode()
    assert 'class="downloads"' not in page


# --- query counts do not grow with the tournament ---------------------------------------------


def generated(players, rounds, slug):
    cup = generate_tournament(players, rounds, slug=slug, deals_per_table=3)
    StandingsSettings.objects.create(tournament=cup, published_through=rounds)
    return cup


SIZES = [(8, 2), (24, 4)]


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_workbook_reads_fourteen_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # the tournament; the standings' six (settings, rounds, tables, seats, deals, players);
    # the protocols' tables, seats with their players, and deals
    cup = generated(players, rounds, f"size-{players}")
    # + discipline entries, substitutions, stages, teams; + the players counted, whether the
    # workbook is made by a background job (exports.jobs)
    with django_assert_num_queries(14):
        response = client.get(url("export-xlsx", cup))
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content), read_only=True)
    tables = Table.objects.filter(round__tournament=cup).count()
    assert len(book.sheetnames) == 1 + rounds + tables


@pytest.mark.parametrize(("players", "rounds"), SIZES)
@pytest.mark.parametrize(("name", "count"), [("export-csv", 9), ("export-pdf", 13)])
def test_the_standings_exports_read_a_fixed_number_of_queries_at_any_size(
    client, django_assert_num_queries, players, rounds, name, count
):
    # the tournament and the standings' six, as the standings page, + discipline entries,
    # substitutions; the PDF also the stages, the teams and the stages of the footer, and
    # the players counted (a large tournament's PDF is made by a background job)
    cup = generated(players, rounds, f"size-{players}")
    with django_assert_num_queries(count):
        assert client.get(url(name, cup)).status_code == 200


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_an_officials_workbook_reads_seventeen_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # the public's ten, the session, the user and the user's roles
    cup = generated(players, rounds, f"size-{players}")
    viewer(client, "referee", cup)
    # + discipline entries, substitutions, stages, teams, the players counted
    with django_assert_num_queries(17):
        assert client.get(url("export-xlsx", cup)).status_code == 200


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_protocol_reads_eight_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # the table with its round and tournament, the published rounds, its seats with their
    # players, its deals, their entered hands (the referee's evidence), its players'
    # agreement with the totals, its substitutions, its seat draw on record
    cup = generated(players, rounds, f"size-{players}")
    with django_assert_num_queries(8):
        assert client.get(protocol_url(cup, rounds, 1)).status_code == 200
