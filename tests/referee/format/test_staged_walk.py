"""A staged tournament in mid-play walked as every reader: a qualification of two rounds and
a final of the best three, the first round finished and published, the second in play with a
deal entered. Every page, download and API read under the tournament (the resolver's, as in
``tests/referee/duplicate/test_sealed.py``) answers without a server error to the anonymous
visitor, a player by his link, a referee, the chief and the site's staff; the officials' round
pages answer 200 in the stage."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from referee.seating import services as seating
from referee.standings import services as standings
from referee.tables import services as tables
from referee.tournaments import checkin
from referee.tournaments import services as setup
from referee.tournaments.models import Tournament

from ..duplicate.test_sealed import addresses
from ..factories import UserFactory, referee_of
from .play import pass_pass, play_round, tournament_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def staged():
    tournament, entries, chief = tournament_of(
        9, published=True, slug="staged", table_size=3, status=Tournament.Status.DRAFT
    )
    setup.set_stages(
        tournament.pk,
        [
            {"name": "отбор", "rounds_planned": 2, "method": "random"},
            {"name": "финал", "rounds_planned": 1, "entry": "top", "entry_count": 3},
        ],
        chief,
    )
    setup.start_tournament(tournament.pk, chief)
    play_round(tournament, chief)
    standings.update_settings(tournament, chief, {"published_through": 1})
    second = seating.seat_next_round(tournament.pk, chief, None, 2)
    seating.start_round(second.pk, chief)
    table = second.tables.order_by("number").first()
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    tables.record_deal(table.pk, pass_pass(seats, seats[0]), chief)
    return tournament, entries, chief


def test_every_reader_walks_a_staged_tournament_in_mid_play_without_a_server_error(staged):
    tournament, entries, chief = staged
    player = entries[0]
    values = {
        "slug": tournament.slug,
        "round": 2,
        "table": 1,
        "number": 1,
        "registration": player.pk,
        "key": checkin.link_key(player),
    }
    urls = addresses(values, api_duplicate=False)
    urls += [reverse("round", args=[tournament.slug, n]) for n in (1, 2)]
    readers = {
        "anonymous": None,
        "referee": referee_of(tournament),
        "chief": chief,
        "staff": UserFactory(is_staff=True),
    }
    errors = []
    for who, user in readers.items():
        client = Client(HTTP_ACCEPT_LANGUAGE="ru")
        if user is not None:
            client.force_login(user)
        for url in urls:
            status = client.get(url).status_code
            if status >= 500:
                errors.append((who, url, status))
        if user is not None:
            for n in (1, 2):
                page = client.get(reverse("round", args=[tournament.slug, n]))
                assert page.status_code == 200, (who, n)
    assert errors == []
