"""A page reached by a POST, asked for again with a GET (a reload, the back button, a
bookmark): our own page in the reader's language, never the browser's bare "HTTP ERROR 405",
and nothing changed."""

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.tournaments.models import ActionLog, Round, Tournament

from ..factories import RegistrationFactory, RoundFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def draft(players=4):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    for _ in range(players):
        RegistrationFactory(tournament=tournament)
    return tournament


@pytest.fixture
def russian(client):
    client.cookies["django_language"] = "ru"
    return client


def test_a_reload_of_the_start_summary_shows_the_summary_again_in_russian(russian):
    tournament = draft()
    russian.force_login(referee_of(tournament, Role.Kind.CHIEF))
    start = reverse("manage-start", args=[tournament.slug])
    posted = russian.post(start)
    reloaded = russian.get(start)
    assert posted.status_code == reloaded.status_code == 200
    page = reloaded.content.decode()
    assert f"Начать турнир «{tournament.name}»?" in page
    assert 'name="confirmed" value="1"' in page and f'action="{start}"' in page
    assert f'href="{reverse("tournament", args=[tournament.slug])}"' in page  # the way back
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT
    assert not ActionLog.objects.filter(action="tournament.started").exists()


def test_a_reload_after_the_start_leads_to_the_overview_in_russian(russian):
    tournament = draft()
    russian.force_login(referee_of(tournament, Role.Kind.CHIEF))
    start = reverse("manage-start", args=[tournament.slug])
    done = russian.post(start, {"confirmed": "1"})
    assert done.url == reverse("manage", args=[tournament.slug]) + "#next-step"
    again = russian.get(start, follow=True)
    assert again.redirect_chain == [(reverse("manage", args=[tournament.slug]), 302)]
    assert "Ничего не изменено" in again.content.decode()
    assert ActionLog.objects.filter(action="tournament.started").count() == 1


def test_the_start_lands_where_round_1_is_seated(client):
    tournament = draft()
    client.force_login(referee_of(tournament, Role.Kind.CHIEF))
    landed = client.post(
        reverse("manage-start", args=[tournament.slug]), {"confirmed": "1"}, follow=True
    )
    page = landed.content.decode()
    assert f'action="{reverse("round-seat-next", args=[tournament.slug])}"' in page
    assert "Seat round 1" in page and "Now seat round 1." in page


@pytest.mark.parametrize(
    ("name", "back"),
    [
        ("manage-finish", "manage"),
        ("manage-pair-add", "manage-settings"),
        ("manage-pair-remove", "manage-settings"),
        ("manage-import-confirm", "manage-import"),
        ("round-seat-next", "manage"),
    ],
)
def test_a_get_on_a_buttons_address_leads_back_to_its_page(russian, name, back):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    russian.force_login(referee_of(tournament, Role.Kind.CHIEF))
    before = ActionLog.objects.count()
    response = russian.get(reverse(name, args=[tournament.slug]), follow=True)
    assert response.redirect_chain == [(reverse(back, args=[tournament.slug]), 302)]
    assert "Ничего не изменено" in response.content.decode()
    assert ActionLog.objects.count() == before and tournament.rounds.count() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_any_other_bare_405_becomes_a_page_of_ours_in_russian(russian):
    tournament = TournamentFactory()
    russian.force_login(referee_of(tournament, Role.Kind.CHIEF))
    response = russian.get(reverse("manage-staff-revoke", args=[tournament.slug]))
    assert response.status_code == 405 and response["Allow"] == "POST"
    page = response.content.decode()
    assert "Этот адрес открывается кнопкой" in page and 'href="/"' in page


def test_the_api_keeps_its_own_405(client):
    tournament = TournamentFactory()
    client.force_login(referee_of(tournament, Role.Kind.CHIEF))
    response = client.delete(reverse("api-tournaments"))
    assert response.status_code == 405 and response["Content-Type"] == "application/json"
