"""Every tournament URL behind its surface, found by walking the URL resolver (README,
Architecture: the request pipeline).

A URL under ``/t/<slug>/`` is on the organiser's surface when it is under ``manage/``, else
on the surface of the URL module that mounts it (``<app>.urls.public`` or
``<app>.urls.referee``). For one unpublished tournament, with a round, a table, a deal, a
player and a dispute, each URL filled in with them:

- ``manage/``: the anonymous visitor is sent to log in, a referee of the tournament (an
  official, not its chief) is refused (403), the chief opens it (200, or after the button's
  address leads back to its page; 405 where only a POST is meant);
- referee: the anonymous visitor is sent to log in, a logged-in stranger does not see it (404);
- public: the anonymous visitor and a logged-in stranger do not see it (404), and the chief
  does (so that the 404 is the guard's, not a missing object's).

A new tournament URL on none of the surfaces fails; a new view without its guard fails its
surface's check. The API (``/api/``) is walked by its own tests; the pages of a series, a
rating list and a registry player, outside ``/t/``, by ``test_surface_walk_outside.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from referee.accounts.models import Role
from referee.tables import services as tables
from referee.tables.agreements import Verdict, sign_off
from referee.tables.models import Agreement, Layout, Seat
from referee.tournaments.models import Round, Tournament

from .factories import UserFactory, referee_of, table_with_players
from .tables.test_services import SIX_MADE

pytestmark = pytest.mark.django_db

TOURNAMENT = "t/<slug:slug>/"
MANAGE = TOURNAMENT + "manage/"
#: a table card's key is its own guard (tests/referee/tables/test_card.py): a wrong one here
WRONG_KEY = "0" * 20


@dataclass(frozen=True)
class Route:
    route: str  # the full path pattern, ``t/<slug:slug>/rounds/<int:round>/``
    name: str
    surface: str  # manage, referee, public, or "" (none: the walk fails)
    defaults: dict[str, object]
    module: str = ""  # the URL module mounting it


def _surface(route: str, module: str) -> str:
    if route.startswith(MANAGE):
        return "manage"
    for surface in ("public", "referee"):
        if module.endswith(f".urls.{surface}"):
            return surface
    return ""


def walk(patterns=None, prefix: str = "", module: str = "") -> list[Route]:
    """Every URL pattern of the site with its full route and the URL module mounting it."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            mounted = entry.urlconf_name  # a module's name or the module; a list: no module
            name = mounted if isinstance(mounted, str) else getattr(mounted, "__name__", module)
            found += walk(entry.url_patterns, route, name)
        elif isinstance(entry, URLPattern):
            found.append(
                Route(route, entry.name or "", _surface(route, module), entry.default_args, module)
            )
    return found


def tournament_routes() -> list[Route]:
    return [r for r in walk() if r.route.startswith(TOURNAMENT) and not r.route.startswith("api/")]


@pytest.fixture
def cup():
    """An unpublished running tournament: round 1 in play, table 1 of three players with a
    deal signed off and disputed by one of them; its chief and one referee."""
    table = table_with_players(3, published=False, players_confirm=True)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    referee = referee_of(tournament)
    tables.record_deal(table.pk, SIX_MADE, referee)
    a, b, c = table.seats.order_by("position")
    sign_off(
        table.pk, referee, {a.pk: Verdict(True), b.pk: Verdict(True), c.pk: Verdict(False, "no")}
    )
    session = duplicate_session(tournament, [s.registration_id for s in (a, b, c)])
    from referee.tournaments.models import Application

    applied = Application.objects.create(tournament=tournament, name="Заявитель", city="Тула")
    from django.utils import timezone

    from referee.admission.models import Payment

    paid = Payment.objects.create(
        registration_id=c.registration_id, amount=100, paid_at=timezone.now(), method="cash"
    )
    values = {
        "payment": paid.pk,
        "application": applied.pk,
        "session": session.number,
        "board": 1,
        "job": 1,
        "slug": tournament.slug,
        "round": table.round.number,
        "table": table.number,
        "number": 1,
        "registration": c.registration_id,
        "dispute": Agreement.objects.get(table=table, seat=c).pk,
        "action": "start",
        "key": WRONG_KEY,
        # the one download pattern (exports/<identifier>.<fmt>): the standings' CSV
        "identifier": "standings",
        "fmt": "csv",
    }
    return tournament, chief, referee, values


def duplicate_session(tournament: Tournament, players: list[int], *, published: bool = False):
    """A duplicate session of one table and one board, its stanza not yet seated."""
    from referee.duplicate.models import Board, Session
    from referee.duplicate.services import plan_json
    from referee.seating.pure.movement import plan_movement
    from scoring.board import deal_boards

    movement = plan_movement(players, 3, boards_per_set=1)
    session = Session.objects.create(
        tournament=tournament,
        number=1,
        size=3,
        boards_per_set=1,
        first_round=2,
        stanzas=1,
        seed=1,
        plan=plan_json(movement),
        published=published,
    )
    layout = Layout.objects.create(text=deal_boards(1, 1)[0].text())
    Board.objects.create(session=session, number=1, layout=layout)
    return session


def address(route: Route, values: dict[str, object]) -> str:
    """The route filled in with the tournament's objects (``reverse`` by name checks that
    the name leads to this very route)."""
    names = re.findall(r"<(?:\w+:)?(\w+)>", route.route)
    missing = [n for n in names if n not in values]
    assert not missing, f"{route.name}: no value for {missing} (add one to the fixture)"
    return reverse(route.name, kwargs={n: values[n] for n in names})


def test_the_walk_finds_every_surface_and_nothing_unclassified():
    routes = tournament_routes()
    unclassified = [r.route for r in routes if not r.surface]
    assert unclassified == [], "a tournament URL on no surface (urls/public, referee, manage)"
    surfaces = {r.surface for r in routes}
    assert surfaces == {"manage", "referee", "public"}
    names = {r.name for r in routes}
    # one of each kind, so that a walk finding nothing cannot pass
    assert {"manage", "hall-lockouts", "deal-add", "register", "table", "standings"} <= names
    assert len(routes) > 50


def test_every_manage_url_is_the_chiefs(client, cup):
    tournament, chief, referee, values = cup
    login = reverse("login")
    wrong = []
    for route in (r for r in tournament_routes() if r.surface == "manage"):
        url = address(route, values)
        client.logout()
        response = client.get(url)
        if response.status_code != 302 or not response["Location"].startswith(login):
            wrong.append((route.name, "anonymous", response.status_code))
        client.force_login(referee)
        if (status := client.get(url).status_code) != 403:
            wrong.append((route.name, "referee", status))
        client.force_login(chief)
        response = client.get(url, follow=True)
        if response.status_code not in (200, 405) or response.request["PATH_INFO"] == login:
            wrong.append((route.name, "chief", response.status_code))
        # a GET never starts the round (the action's summary is asked first)
        assert Round.objects.get(tournament=tournament).status == Round.Status.STARTED
    assert wrong == []


def test_every_referee_url_wants_a_login_and_hides_the_tournament_from_strangers(client, cup):
    _tournament, _chief, _referee, values = cup
    login = reverse("login")
    stranger = UserFactory()
    wrong = []
    for route in (r for r in tournament_routes() if r.surface == "referee"):
        url = address(route, values)
        client.logout()
        response = client.get(url)
        if response.status_code != 302 or not response["Location"].startswith(login):
            wrong.append((route.name, "anonymous", response.status_code))
        client.force_login(stranger)
        if (status := client.get(url).status_code) != 404:
            wrong.append((route.name, "stranger", status))
    assert wrong == []


def test_no_public_url_shows_an_unpublished_tournament(client, cup):
    tournament, chief, _referee, values = cup
    stranger = UserFactory()
    wrong = []
    for route in (r for r in tournament_routes() if r.surface == "public"):
        url = address(route, values)
        client.logout()
        if (status := client.get(url).status_code) != 404:
            wrong.append((route.name, "anonymous", status))
        client.force_login(stranger)
        if (status := client.get(url).status_code) != 404:
            wrong.append((route.name, "stranger", status))
        # a wrong key: 404 to everybody
        if route.name not in ("table-card", "player-link", "notices-stop", "notices-letters"):
            client.force_login(chief)
            if (status := client.get(url).status_code) == 404:
                wrong.append((route.name, "chief", status))
    assert wrong == []
    assert not Tournament.objects.get(pk=tournament.pk).published


#: the registry's pages of a player (``ratings.urls.public``, not under a tournament): they
#: exist for every registry player, so an unpublished tournament's data is left out of them
#: rather than answered 404 (tests/referee/ratings/test_profile.py for the rounds)
REGISTRY_PLAYER = {"registry-player", "registry-versus", "api-registry-player"}


def test_a_players_registry_pages_show_nothing_of_an_unpublished_tournament(client, cup):
    tournament, chief, _referee, _values = cup
    a, b, _c = (
        s.registration.player
        for s in Seat.objects.filter(table__round__tournament=tournament).order_by("position")
    )
    names = {r.name for r in walk() if r.name in REGISTRY_PLAYER}
    assert names == REGISTRY_PLAYER
    for user in (None, UserFactory(), chief):
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in (
            reverse("registry-player", args=[a.pk]),
            reverse("registry-versus", args=[a.pk, b.pk]),
            reverse("api-registry-player", args=[a.pk]),
        ):
            response = client.get(url)
            assert response.status_code == 200
            assert tournament.name not in response.content.decode(), url
    assert client.get(reverse("registry-versus", args=[a.pk, 10**6])).status_code == 404
