"""The tournament layer's pages: the register (officials only, with its XLSX and CSV), the
places by stages and the team standings (public), with queries that do not grow with the
tournament (issue 11)."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from referee.discipline import services as discipline
from referee.tournaments import services as setup
from referee.tournaments.models import Tournament

from ..factories import UserFactory, referee_of
from .play import play_round, tournament_of

pytestmark = pytest.mark.django_db


def played(players: int, rounds: int, **fields):
    tournament, entries, chief = tournament_of(players, status=Tournament.Status.DRAFT, **fields)
    half = [e.pk for e in entries[: players // 2]]
    setup.create_team(tournament.pk, "Север", half, chief)
    setup.create_team(tournament.pk, "Юг", [e.pk for e in entries[players // 2 :]], chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    for seed in range(1, rounds + 1):
        play_round(tournament, chief, seed=seed)
    discipline.record_entry(
        tournament.pk, entries[0].pk, "warning", chief, rule="3.9.8", reason="x"
    )
    return tournament, chief


def test_the_register_page_is_for_officials_only(client):
    tournament, chief = played(8, 1)
    address = reverse("register", args=[tournament.slug])
    assert client.get(address).status_code == 302  # log in first
    client.force_login(UserFactory())
    assert client.get(address).status_code in (403, 404)
    client.force_login(referee_of(tournament))
    page = client.get(address + "?kind=warning")
    assert page.status_code == 200
    assert [r.kind for r in page.context["register"].rows] == ["warning"]
    xlsx = client.get(reverse("export-register-xlsx", args=[tournament.slug]))
    book = load_workbook(io.BytesIO(xlsx.content))
    assert book.sheetnames == ["Register", "Zero sum"] or book.sheetnames == [
        "Реестр",
        "Нулевая сумма",
    ]
    csv = client.get(reverse("export-register-csv", args=[tournament.slug]))
    assert csv.status_code == 200 and "3.9.8" in csv.content.decode("utf-8-sig")


def test_the_register_downloads_refuse_the_public(client):
    tournament, _chief = played(8, 1, published=True)
    assert client.get(reverse("export-register-csv", args=[tournament.slug])).status_code == 403


@pytest.mark.parametrize(("players", "rounds"), [(8, 1), (12, 3)])
def test_the_register_reads_a_fixed_number_of_queries(
    client, django_assert_num_queries, players, rounds
):
    tournament, chief = played(players, rounds)
    client.force_login(chief)
    # the same twelve at both sizes: session, user and roles, the tournament, the register's
    # rounds, tables, seats, names, deals with rulings, their seats, entries and appeals
    with django_assert_num_queries(12):
        client.get(reverse("register", args=[tournament.slug]))


@pytest.mark.parametrize(("players", "rounds"), [(8, 1), (12, 3)])
def test_the_team_page_reads_a_fixed_number_of_queries(
    client, django_assert_num_queries, players, rounds
):
    tournament, chief = played(players, rounds, published=True)
    from referee.standings.services import update_settings

    update_settings(tournament, chief, {"published_through": rounds})
    # the same ten at both sizes: the tournament, the standings' own (as the standings
    # page), discipline entries, substitutions, the team names
    with django_assert_num_queries(10):
        page = client.get(reverse("team-standings", args=[tournament.slug]))
    assert [t.team for t in page.context["teams"]] and page.status_code == 200


def test_the_places_page_without_stages(client):
    tournament, _chief = played(8, 1, published=True)
    page = client.get(reverse("stage-places", args=[tournament.slug]))
    assert page.status_code == 200 and page.context["places"] == ()
