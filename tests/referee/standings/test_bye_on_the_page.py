"""The public standings page marks a bye and its score (TOURNAMENTS §6.2), as the CSV, PDF and
player card do: "bye" before the round's score, in its cell and the phone details, and the
note "bye: round N" that the exports write."""

import re

import pytest
from django.urls import reverse

from referee.standings.models import StandingsSettings
from referee.tournaments import services as setup
from referee.tournaments.models import Registration, Tournament

from ..format.play import play_round, tournament_of

pytestmark = pytest.mark.django_db


def a_round_with_a_fixed_bye():
    """5 players: a table of 4 and a bye worth the fixed 5/2; round 1 published."""
    tournament, _entries, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"bye_value": "fixed", "bye_points": "5/2"}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    round_ = play_round(tournament, chief)
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    StandingsSettings.objects.update_or_create(
        tournament=tournament, defaults={"published_through": 1}
    )
    return tournament, Registration.objects.get(pk=round_.byes[0])


def row_of(page, name):
    return next(r for r in re.findall(r"<tr class=.*?</tr>", page, re.S) if f">{name}</a>" in r)


def test_the_public_standings_mark_the_bye_and_its_score(client):
    tournament, sat_out = a_round_with_a_fixed_bye()
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    row = row_of(page, sat_out.player.name)
    mark = '<span class="bye-mark" title="sat out this round (bye)">bye</span> '
    assert f'<td class="num wide bye">{mark}2.5</td>' in row  # the round's cell: 5/2
    assert f"<dt>R1</dt><dd>{mark}2.5</dd>" in row  # the phone details
    assert '<span class="badge bye">bye: round 1</span>' in row  # the exports' note
    played = row_of(page, "p1" if sat_out.player.name != "p1" else "p2")
    assert "bye" not in played


def test_the_mark_is_in_russian_on_a_russian_page(client, settings):
    settings.LANGUAGE_CODE = "ru"
    tournament, sat_out = a_round_with_a_fixed_bye()
    page = client.get(
        reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    row = row_of(page, sat_out.player.name)
    assert '<span class="bye-mark" title="пропускал тур">пропуск</span> 2,5</td>' in row
    assert '<span class="badge bye">пропуск тура: 1</span>' in row
