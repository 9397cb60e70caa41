import csv
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from referee.ratings.models import Category, RatingList, TournamentCategory
from referee.ratings.services.compute import recompute_list

from ..factories import PlayerFactory
from .helpers import played

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    players = [
        PlayerFactory(rating=r, federation_id=f"F{i}") for i, r in enumerate((1200, 1150, 1100))
    ]
    cup = played(players, [[[(0, 460), (1, 40), (2, -500)]], [[(2, 10), (1, 0), (0, -10)]]])
    rating_list = RatingList.objects.create(name="Serb", slug="serb", method="bula_elo")
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    category = Category.objects.create(
        name="I", points_table={"1": 30, "2": 20}, norms=[{"title": "KM", "place_at_most": 1}]
    )
    TournamentCategory.objects.create(tournament=cup, category=category)
    return cup


def test_machine_readable_results_one_row_per_player_per_round(client, cup):
    response = client.get(reverse("export-results-json", args=[cup.slug]))
    assert response.status_code == 200
    data = json.loads(response.content)
    assert data["format"] == "preferans-results" and data["version"] == 1
    assert len(data["rounds"]) == 6
    first = next(r for r in data["rounds"] if r["round"] == 1 and r["federation_id"] == "F0")
    # the worked example's numbers as whists: +460 gains 21 (test_services)
    assert (first["whists"], first["place"], first["rating_before"], first["rating_after"]) == (
        460,
        "1",
        1200,
        1221,
    )
    assert first["rating_change"] == 21
    assert {s["qualification_points"] for s in data["standings"]} == {30, 20, 0}
    assert any("KM" in n for s in data["standings"] for n in s["norms"])
    assert any("bula_elo" in line for line in data["settings"])
    text = client.get(reverse("export-results-csv", args=[cup.slug])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 6 and rows[0]["tournament"] == cup.slug


def test_federation_sheet_xlsx_and_pdf(client, cup, tmp_path):
    response = client.get(reverse("export-federation-xlsx", args=[cup.slug]))
    book = load_workbook(io.BytesIO(response.content))
    results = book[book.sheetnames[0]]
    values = [[c.value for c in row] for row in results.iter_rows()]
    header = next(row for row in values if row and row[0] == "Place")
    assert "rating before" in header and "qualification points" in header
    assert any(row and isinstance(row[0], str) and "convention" in row[0] for row in values)
    assert any(row and isinstance(row[0], str) and row[0].startswith("category") for row in values)
    assert book.sheetnames[1] == "Rounds"
    pdf = client.get(reverse("export-federation-pdf", args=[cup.slug])).content
    assert pdf.startswith(b"%PDF")
    out = tmp_path / "r.json"
    call_command("export_federation", cup.slug, "--format", "json", "--output", str(out))
    assert json.loads(out.read_text())["tournament"]["slug"] == cup.slug


def test_unpublished_tournament_is_not_exported(client, cup):
    cup.published = False
    cup.save()
    assert client.get(reverse("export-results-json", args=[cup.slug])).status_code == 404


def test_recompute_command(cup, capsys):
    call_command("recompute_ratings", "serb")
    assert "serb: 2 tables, 6 changes, 3 players" in capsys.readouterr().out


def test_the_public_sees_only_published_rounds(client, cup):
    from referee.standings.models import StandingsSettings

    StandingsSettings.objects.filter(tournament=cup).update(published_through=1)
    data = json.loads(client.get(reverse("export-results-json", args=[cup.slug])).content)
    assert {r["round"] for r in data["rounds"]} == {1}
    assert data["tournament"]["after_round"] == 1
    named = client.get(reverse("export-results-json", args=[cup.slug]) + "?list=serb")
    assert json.loads(named.content)["rating_list"]["slug"] == "serb"
    other = client.get(reverse("export-results-json", args=[cup.slug]) + "?list=none")
    assert json.loads(other.content)["rating_list"] is None


def test_the_federation_sheet_is_kept_until_its_ratings_change(
    client, cup, settings, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The sheet is served from the page cache (issue 33: the workbook was built at every
    read), and a recompute of its list, which changes its ratings, makes a new one."""
    settings.PAGE_CACHE = True
    url = reverse("export-results-json", args=[cup.slug])
    first = client.get(url)
    with django_assert_num_queries(0):
        again = client.get(url)
    assert again["ETag"] == first["ETag"] and again.content == first.content
    rating_list = RatingList.objects.get(slug="serb")
    RatingList.objects.filter(pk=rating_list.pk).update(method="openskill")  # no signal
    with django_capture_on_commit_callbacks(execute=True):
        recompute_list(RatingList.objects.get(pk=rating_list.pk))
    renewed = client.get(url)
    assert renewed["ETag"] != first["ETag"]

    def ratings(response):
        rows = json.loads(response.content)["rounds"]
        return [(r["rating_before"], r["rating_after"]) for r in rows]

    assert ratings(renewed) != ratings(first)  # openskill's numbers, not Bula's Elo
    workbook = reverse("export-federation-xlsx", args=[cup.slug])
    made = client.get(workbook)
    with django_assert_num_queries(0):
        assert client.get(workbook).content == made.content
