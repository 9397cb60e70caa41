"""The round's start and finish summaries, reloaded (a GET on their address): the summary
again while it still applies, else the round page; a GET never starts, finishes, swaps or
discards anything. The finished latest round offers the next one's seating."""

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.seating import services
from referee.tables.models import Table
from referee.tournaments.models import ActionLog, Round

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(client):
    tournament = TournamentFactory()
    for _ in range(6):
        RegistrationFactory(tournament=tournament)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    round_ = services.seat_next_round(tournament.pk, chief, seed=2)
    client.cookies["django_language"] = "ru"
    client.force_login(chief)
    return tournament, chief, round_


def action(tournament, name, number=1):
    return reverse("round-action", args=[tournament.slug, number, name])


def test_a_reload_of_the_round_start_summary_shows_it_again(client, seated):
    tournament, _chief, round_ = seated
    client.post(action(tournament, "start"))
    page = client.get(action(tournament, "start"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Начать тур 1?" in text and 'name="confirmed" value="1"' in text
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT


def test_once_started_the_reload_leads_to_the_round_page(client, seated):
    tournament, _chief, round_ = seated
    client.post(action(tournament, "start"), {"confirmed": "1"})
    response = client.get(action(tournament, "start"), follow=True)
    assert response.redirect_chain == [(reverse("round", args=[tournament.slug, 1]), 302)]
    assert "Ничего не изменено" in response.content.decode()
    assert ActionLog.objects.filter(action="round.started").count() == 1
    finish = client.get(action(tournament, "finish"))  # the finish summary, on a GET too
    assert finish.status_code == 200 and "Завершить тур 1?" in finish.content.decode()
    round_.refresh_from_db()
    assert round_.status == Round.Status.STARTED


@pytest.mark.parametrize("name", ["swap", "discard", "nonsense"])
def test_a_get_on_the_other_round_actions_changes_nothing(client, seated, name):
    tournament, _chief, round_ = seated
    before = ActionLog.objects.count()
    response = client.get(action(tournament, name))
    assert response.status_code == 302
    assert response.url == reverse("round", args=[tournament.slug, 1])
    assert ActionLog.objects.count() == before and Round.objects.filter(pk=round_.pk).exists()


def test_a_referee_is_refused_the_summary_on_a_get(client, seated):
    tournament, _chief, _round = seated
    client.force_login(referee_of(tournament))
    assert client.get(action(tournament, "start")).status_code == 403


def test_the_finished_round_offers_the_next_seating_and_the_dashboard_its_finish(client, seated):
    tournament, chief, round_ = seated
    services.start_round(round_.pk, chief)
    Table.objects.filter(round=round_).update(status=Table.Status.LOCKED)
    dashboard = reverse("round-dashboard", args=[tournament.slug, 1])
    part = client.get(dashboard, {"part": "tables"}).content.decode()
    assert f'action="{action(tournament, "finish")}"' in part  # every table locked
    services.finish_round(round_.pk, chief)
    seat = reverse("round-seat-next", args=[tournament.slug])
    page = client.get(reverse("round", args=[tournament.slug, 1])).content.decode()
    assert f'action="{seat}"' in page and "Рассадить тур 2" in page
    assert f'action="{seat}"' in client.get(dashboard, {"part": "tables"}).content.decode()
    services.seat_next_round(tournament.pk, chief, seed=3)
    page = client.get(reverse("round", args=[tournament.slug, 1])).content.decode()
    assert f'action="{seat}"' not in page  # round 2 is seated: nothing more to seat here
