"""The tournament format's pages: the register (officials only, with its XLSX and CSV), the
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
    tournament, _chief = played(8, 1)
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
    # the same fifteen at both sizes: session, user and roles, the tournament, the forms' players,
    # entries and pending appeals, the register's
    # rounds, tables, seats, names, deals with rulings, their seats, entries and appeals
    with django_assert_num_queries(15):
        assert client.get(reverse("register", args=[tournament.slug])).status_code == 200


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


def test_recording_on_the_register_page_keeps_the_rights(client):
    tournament, _chief = played(8, 1)
    address = reverse("register", args=[tournament.slug])
    offender = tournament.entries.order_by("pk").last()
    client.force_login(referee_of(tournament))
    form = {"section": "entry", "registration": offender.pk, "rule": "3.9.8", "reason": "x"}
    assert client.post(address, {**form, "kind": "yellow"}).status_code == 302
    assert client.post(address, {**form, "kind": "disqualification"}).status_code == 403
    refused = client.post(address, {**form, "kind": "deduction", "points": "-1"})
    assert "points" in refused.context["entry_form"].errors
    assert offender.discipline.count() == 1  # the yellow card only


def test_appealing_and_deciding_on_the_register_page(client):
    tournament, _chief = played(8, 1)
    address = reverse("register", args=[tournament.slug])
    entry = tournament.discipline.get()  # the warning played() recorded
    client.force_login(referee_of(tournament))
    # grounds missing: the appeal's form comes back with the error, nothing is filed
    empty = client.post(address, {"section": "appeal", "entry": entry.pk, "grounds": " "})
    assert empty.status_code == 200 and "grounds" in empty.context["appeal_form"].errors
    filed = client.post(address, {"section": "appeal", "entry": entry.pk, "grounds": "не было"})
    assert filed.status_code == 302
    appeal = tournament.appeals.get()
    assert appeal.entry == entry and appeal.decision == "pending"
    # the chief made the ruling: another chief referee decides, with reasons
    client.force_login(referee_of(tournament, "chief"))
    decision = {"section": "decision", "appeal": appeal.pk, "decision": "reversed"}
    unreasoned = client.post(address, decision)
    assert unreasoned.status_code == 200
    assert [m.level_tag for m in unreasoned.context["messages"]] == ["success", "error"]
    assert tournament.appeals.get().decision == "pending"
    assert client.post(address, {**decision, "reason": "нет"}).status_code == 302
    appeal.refresh_from_db()
    assert appeal.decision == "reversed"
    unknown = {**decision, "appeal": appeal.pk + 99, "reason": "x"}
    assert client.post(address, unknown).status_code == 404


def test_the_format_page_saves_stages_and_refuses_once_play_started(client):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    stages = {
        "section": "stages",
        "stages-TOTAL_FORMS": "3",
        "stages-INITIAL_FORMS": "0",
        "stages-0-name": "отбор",
        "stages-0-rounds_planned": "4",
        "stages-0-method": "swiss",
        "stages-0-carry_over": "all",
        "stages-0-carry_fraction": "1",
        "stages-0-entry": "all",
        "stages-1-name": "финал",
        "stages-1-rounds_planned": "1",
        "stages-1-method": "playoff",
        "stages-1-carry_over": "none",
        "stages-1-carry_fraction": "1",
        "stages-1-entry": "top",
        "stages-1-entry_count": "4",
    }
    assert client.post(address, stages).status_code == 302
    assert list(tournament.stages.values_list("name", flat=True)) == ["отбор", "финал"]
    setup.start_tournament(tournament.pk, chief)
    page = client.post(address, {**stages, "stages-1-entry_count": "3"})
    assert page.status_code == 200  # refused: the format is frozen
    assert tournament.stages.get(number=2).entry_count == 4
