"""The pages outside ``/t/`` whose object is the URL's — a series, a rating list, a registry
player — behind their surfaces (``series.surfaces``, ``ratings.surfaces`` over
``core.surfaces``), found by walking the URL resolver, with their API twins.

Every URL of ``series.urls.public`` and ``ratings.urls.public`` that names an object must be
classified below (a new one fails the walk), and each is checked for an unpublished series
and rating list with their manager and for a registry player:

- ``public``: the anonymous visitor and a logged-in stranger do not see the unpublished object
  (404), nor anybody an unknown one (404); its manager does (200);
- ``manager`` (a series' management page): the anonymous visitor is sent to log in, a
  stranger refused (403), the manager opens it; an unknown series is 404;
- ``button`` (a rating list's recompute, a POST): the anonymous visitor is sent to log in, an
  unknown list is 404, a stranger is refused by the service's right (403), the manager done;
- ``player``: a registry player's pages exist for every player (200 to anybody), an unknown
  id is 404.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from referee.core.permissions import ORGANISERS
from referee.ratings.models import RatingList
from referee.series.models import Series

from .factories import PlayerFactory, UserFactory
from .test_surface_walk import walk

pytestmark = pytest.mark.django_db

MODULES = ("referee.series.urls.public", "referee.ratings.urls.public")
SURFACES = {
    "series": "public",
    "series-xlsx": "public",
    "series-pdf": "public",
    "series-manage": "manager",
    "rating-list": "public",
    "rating-recompute": "button",
    "registry-player": "player",
    "registry-versus": "player",
}
#: the API's endpoints on the same surfaces: (name, the URL's key, the kind)
API = {"api-series-detail": "public", "api-registry-player": "player"}
UNKNOWN = {"slug": "no-such-thing", "series": "no-such-thing", "player_id": 10**6, "player": 10**6}


def object_routes():
    """The routes of the two URL modules that name an object (a key in the URL)."""
    return [r for r in walk() if r.module in MODULES and "<" in r.route]


def test_every_object_page_outside_a_tournament_is_classified():
    names = {r.name for r in object_routes()}
    assert names == set(SURFACES), "a page outside /t/ with an object in its URL: classify it"


@pytest.fixture
def objects():
    manager = UserFactory(username="manager")
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(manager)
    series = Series.objects.create(name="Закрытый кубок", slug="closed-cup", published=False)
    series.managers.add(manager)
    rating = RatingList.objects.create(name="Клуб", slug="closed-list", published=False)
    rating.managers.add(manager)
    a, b = PlayerFactory(), PlayerFactory()
    return manager, series, rating, (a, b)


def _values(route: str, series: Series, rating: RatingList, players) -> dict[str, object]:
    slug = series.slug if route.startswith("series/") else rating.slug
    return {
        "slug": slug,
        "series": series.slug,
        "player_id": players[0].pk,
        "player": players[0].pk,
        "other_id": players[1].pk,
    }


def _url(name: str, route: str, values: dict[str, object]) -> str:
    keys = re.findall(r"<(?:\w+:)?(\w+)>", route)
    return reverse(name, kwargs={k: values[k] for k in keys})


def _kinds():
    routes = [(r.name, r.route) for r in object_routes()]
    api = [(r.name, r.route) for r in walk() if r.name in API]
    return [(name, route, SURFACES.get(name) or API[name]) for name, route in routes + api]


def test_each_page_finds_its_object_once_with_the_readers_rights(objects):
    manager, series, rating, players = objects
    stranger = UserFactory(username="stranger")
    wrong = []

    def status(user, url, post=False):
        who = Client()
        if user is not None:
            who.force_login(user)
        response = who.post(url) if post else who.get(url)
        if response.status_code == 302 and "/login/" in response["Location"]:
            return "login"
        return response.status_code

    for name, route, kind in _kinds():
        values = _values(route.split("v1/")[-1], series, rating, players)
        url = _url(name, route, values)
        unknown = _url(name, route, {**values, **{k: UNKNOWN[k] for k in UNKNOWN}})
        post = kind == "button"
        expected = {
            "public": ([(None, 404), (stranger, 404), (manager, 200)], 404),
            "manager": ([(None, "login"), (stranger, 403), (manager, 200)], 404),
            "button": ([(None, "login"), (stranger, 403), (manager, 302)], 404),
            "player": ([(None, 200), (stranger, 200), (manager, 200)], 404),
        }[kind]
        for user, want in expected[0]:
            if (got := status(user, url, post)) != want:
                wrong.append((name, getattr(user, "username", "anonymous"), got))
        if (got := status(manager, unknown, post)) != expected[1]:
            wrong.append((name, "unknown", got))
    assert wrong == []
    assert len(_kinds()) == len(SURFACES) + len(API)
