"""One key rule for every private link and one throttle rule for pages and API alike
(``core.keys``, ``core.throttle``)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from referee.core import throttle
from referee.core.keys import PLAYER_LINK, TABLE_CARD, UNSUBSCRIBE
from referee.tournaments import checkin

from ..factories import RegistrationFactory, TournamentFactory


def test_each_kind_of_link_has_its_own_key():
    place = ("cup", 1, 2)
    keys = {k.of(*place) for k in (TABLE_CARD, PLAYER_LINK, UNSUBSCRIBE)}
    assert len(keys) == 3 and all(len(k) == 20 for k in keys)
    assert TABLE_CARD.held(TABLE_CARD.of(*place), *place)
    assert not TABLE_CARD.held(PLAYER_LINK.of(*place), *place)
    assert not TABLE_CARD.held(TABLE_CARD.of(*place), "cup", 1, 3)


@pytest.mark.parametrize(
    ("rate", "expected"),
    [("30/minute", (30, 60)), ("5/10m", (5, 600)), ("2/s", (2, 1)), ("100/2h", (100, 7200))],
)
def test_rates(rate, expected):
    assert throttle.parse_rate(rate) == expected


def test_a_rate_that_is_not_one_is_refused():
    with pytest.raises(ValueError, match="not a throttle rate"):
        throttle.parse_rate("often")


@pytest.mark.django_db
def test_the_link_page_and_its_api_share_one_budget(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "player_link": "3/minute",
        },
    }
    cache.clear()
    entry = RegistrationFactory(tournament=TournamentFactory())
    other = RegistrationFactory(tournament=entry.tournament)
    slug, key = entry.tournament.slug, checkin.link_key(entry)
    client = Client()
    page = f"/t/{slug}/me/{entry.pk}/{key}/"
    api = f"/api/v1/tournaments/{slug}/me/{entry.pk}/{key}/"
    # DRF reads its rates once, at import: the page's and the API's counters are one key,
    # so two page reads and one API read spend the budget of three
    from rest_framework.throttling import SimpleRateThrottle

    rates = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    try:
        assert [client.get(page).status_code for _ in range(2)] == [200, 200]
        assert client.get(api).status_code == 200
        refused = client.get(page, HTTP_ACCEPT_LANGUAGE="ru")
        assert refused.status_code == 429
        assert "Слишком много запросов" in refused.content.decode()
        assert client.get(api).status_code == 429
        # a forged X-Forwarded-For is no other address
        assert client.get(page, HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429
        # another player's link from the same hall is not held up
        other_page = f"/t/{slug}/me/{other.pk}/{checkin.link_key(other)}/"
        assert client.get(other_page).status_code == 200
    finally:
        SimpleRateThrottle.THROTTLE_RATES = rates
        cache.clear()
