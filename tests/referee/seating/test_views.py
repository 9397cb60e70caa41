"""Round pages and the chief's round actions through the site."""

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.tournaments.models import Round

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def setup(players=7, **fields):
    tournament = TournamentFactory(**fields)
    for _ in range(players):
        RegistrationFactory(tournament=tournament)
    return tournament, referee_of(tournament, Role.Kind.CHIEF)


def test_the_chief_seats_starts_and_sees_the_round(client):
    tournament, chief = setup()
    client.force_login(chief)
    seat = reverse("round-seat-next", args=[tournament.slug])
    response = client.post(seat, {"method": "random", "seed": "5"})
    assert response.status_code == 302 and response.url == reverse(
        "round", args=[tournament.slug, 1]
    )
    page = client.get(response.url)
    assert page.status_code == 200
    assert "No repeated opponents." in page.content.decode()
    start = reverse("round-action", args=[tournament.slug, 1, "start"])
    asked = client.post(start)  # first the summary, nothing started yet
    assert asked.status_code == 200 and "Start round 1?" in asked.content.decode()
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.DRAFT
    client.post(start, {"confirmed": "1"})
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.STARTED


def test_a_referee_cannot_seat_or_start_rounds(client):
    tournament, _chief = setup()
    client.force_login(referee_of(tournament))
    response = client.post(reverse("round-seat-next", args=[tournament.slug]), {"method": "random"})
    assert response.status_code == 403
    assert not Round.objects.exists()


def test_anonymous_posts_go_to_the_login_page(client):
    tournament, _ = setup(published=True)
    response = client.post(reverse("round-seat-next", args=[tournament.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_service_refusals_become_messages(client):
    tournament, chief = setup()
    client.force_login(chief)
    seat = reverse("round-seat-next", args=[tournament.slug])
    client.post(seat, {"method": "random"})
    response = client.post(seat, {"method": "random"}, follow=True)
    assert "Finish round 1 before seating the next one." in response.content.decode()


def test_an_unpublished_round_is_hidden_from_the_public(client):
    tournament, chief = setup(published=False)
    client.force_login(chief)
    client.post(reverse("round-seat-next", args=[tournament.slug]), {"method": "random"})
    client.logout()
    assert client.get(reverse("round", args=[tournament.slug, 1])).status_code == 404


@pytest.mark.parametrize("players", [7, 22])
def test_round_page_queries_do_not_grow_with_the_round(client, django_assert_num_queries, players):
    tournament, chief = setup(players, published=True)
    client.force_login(chief)
    client.post(reverse("round-seat-next", args=[tournament.slug]), {"method": "random"})
    client.logout()
    # tournament, round, seats with players, the rounds the public sees (links to sheets)
    with django_assert_num_queries(4):
        assert client.get(reverse("round", args=[tournament.slug, 1])).status_code == 200
