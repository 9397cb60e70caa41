"""Every API endpoint against its surface, found by walking the URL resolver: a new endpoint
fails here until it is classified below, and an endpoint without its guard fails its checks.

The surfaces (``referee.api.surfaces``): ``public`` reads are 404 to whoever may not see the
tournament; ``officials`` reads are its officials' (403 to the others); ``referee`` writes
any official's and ``manage`` writes the chief referee's (401 without a token, 404 to a
stranger while the tournament is unpublished, 403 to a stranger once it is published, and
403 to a referee on the chief's). The positive control: whoever holds the right gets past
the surface (an empty body is then the service's or the serializer's to refuse, never a
401, 403 or 404), so a check here cannot pass by an object missing from the world.

Users: anonymous, a stranger (a referee of another tournament, with a token), a referee of
this tournament and its chief referee."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from referee.accounts.models import Role
from referee.api.models import DeviceToken
from referee.discipline.models import Appeal, Entry
from referee.standings.models import StandingsSettings
from referee.tables import services
from referee.tournaments import checkin
from referee.tournaments.models import Tournament
from tests.referee.factories import (
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    referee_of,
    table_with_players,
)
from tests.referee.test_surface_walk import duplicate_session

from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db

PUBLIC, OFFICIALS, REFEREE, MANAGE = "public", "officials", "referee", "manage"
#: a public form's write (self-registration): whoever sees the tournament, signed in or not
FORM = "form"
#: a player's private link: its key is the credential, published or not; a wrong key is 404
#: to everybody, the chief included
LINK = "link"

#: the surface of every tournament endpoint, by URL name and method
SURFACES: dict[str, dict[str, str]] = {
    "api-tournament": {"get": PUBLIC, "patch": MANAGE},
    "api-start": {"post": MANAGE},
    "api-finish": {"post": MANAGE},
    "api-players": {"get": PUBLIC, "post": MANAGE},
    "api-applications": {"get": MANAGE},
    "api-apply": {"post": FORM},
    "api-application-approve": {"post": MANAGE},
    "api-application-decline": {"post": MANAGE},
    "api-player": {"get": PUBLIC},
    "api-withdraw": {"post": MANAGE},
    "api-guest": {"post": MANAGE},
    "api-check-in": {"post": MANAGE},
    "api-substitute": {"post": MANAGE},
    "api-fees": {"get": OFFICIALS},
    "api-fee-rules": {"get": OFFICIALS, "put": MANAGE},
    "api-payment": {"post": REFEREE},
    "api-payment-correct": {"post": REFEREE},
    "api-unpaid-leave": {"post": MANAGE},
    "api-entry-category": {"post": MANAGE},
    "api-eliminate": {"post": MANAGE},
    "api-player-link": {"get": LINK},
    "api-player-link-check-in": {"post": LINK},
    "api-standings": {"get": PUBLIC},
    "api-qualification": {"get": PUBLIC},
    "api-standings-settings": {"get": OFFICIALS, "patch": MANAGE},
    "api-rounds": {"get": PUBLIC, "post": MANAGE},
    "api-round": {"get": PUBLIC},
    "api-round-start": {"post": MANAGE},
    "api-round-finish": {"post": MANAGE},
    "api-round-publish": {"post": MANAGE},
    "api-round-results": {"get": PUBLIC},
    "api-table": {"get": PUBLIC},
    "api-sign-off": {"post": REFEREE},
    "api-seat-draw": {"post": REFEREE},
    "api-confirm": {"post": REFEREE},
    "api-reopen": {"post": MANAGE},
    "api-deals": {"get": PUBLIC, "post": REFEREE},
    "api-deal": {"get": PUBLIC, "put": REFEREE, "delete": REFEREE},
    "api-substitute-seat": {"post": MANAGE},
    "api-register": {"get": OFFICIALS},
    "api-discipline": {"get": OFFICIALS, "post": REFEREE},
    "api-appeals": {"get": OFFICIALS, "post": REFEREE},
    "api-decide": {"post": MANAGE},
    "api-stages": {"get": PUBLIC, "post": MANAGE},
    "api-stage-playoff": {"post": MANAGE},
    "api-teams": {"get": PUBLIC},
    "api-duplicate": {"get": PUBLIC, "post": MANAGE},
    "api-duplicate-session": {"get": PUBLIC},
    "api-duplicate-seat": {"post": MANAGE},
    "api-duplicate-publish": {"post": MANAGE},
    "api-duplicate-hide": {"post": MANAGE},
    "api-duplicate-board": {"get": PUBLIC},
    "api-duplicate-analysis": {"get": PUBLIC},
    "api-duplicate-analysis-retry": {"post": MANAGE},
    "api-exports": {"get": PUBLIC},
    "api-export-job": {"get": PUBLIC},
    "api-export-file": {"get": PUBLIC},
    "api-export-retry": {"post": MANAGE},
    "api-duplicate-file": {"get": PUBLIC, "post": MANAGE},
    "api-duplicate-preview": {"post": MANAGE},
}
#: the endpoints of no tournament, each with its own test below
SITE: dict[str | None, set[str]] = {
    "api-token": {"post"},
    "api-tournaments": {"get", "post"},
    "api-series": {"get"},
    "api-series-detail": {"get"},
    "api-registry-player": {"get"},  # a registry player's published results: test_profile
    "api-registry": {"get"},  # the registry of published tournaments: test_registry_list
    "api-schema": {"get"},
    "api-docs": {"get"},
    "api-device-revoke": {"post"},
    None: {"get", "post"},  # the catch-all: anything else under /api/ is a JSON 404
}
#: a round's draw is public as on the seating page, before its results are
DRAW = {"api-round"}
#: a board of a duplicate session, sealed until every table has played it (``core.rounds``)
SEALED = {"api-duplicate-board", "api-duplicate-file"}
#: function views do not list their methods: these are theirs
FUNCTION_VIEWS = {"api-device-revoke": {"post"}, None: {"get", "post"}}


def _walk(patterns: list, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        else:
            yield prefix + str(entry.pattern), entry


def _methods(name: str | None, pattern: URLPattern) -> set[str]:
    view = getattr(pattern.callback, "cls", None) or getattr(pattern.callback, "view_class", None)
    if view is None:
        return FUNCTION_VIEWS[name]
    return {m for m in view.http_method_names if hasattr(view, m)} - {"options", "head"}


def api_endpoints() -> list[tuple[str | None, str, str]]:
    """(URL name, route, method) of everything the resolver serves under ``/api/``."""
    return [
        (pattern.name, route, method)
        for route, pattern in _walk(get_resolver().url_patterns)
        if route.lstrip("^").startswith("api/")
        for method in sorted(_methods(pattern.name, pattern))
    ]


ENDPOINTS = api_endpoints()
TOURNAMENT = [(n, r, m) for n, r, m in ENDPOINTS if "<slug:slug>" in r]


def test_every_endpoint_is_classified():
    walked = {(name, method) for name, _route, method in ENDPOINTS}
    classified = {(n, m) for n, methods in SURFACES.items() for m in methods}
    classified |= {(n, m) for n, methods in SITE.items() for m in methods}
    assert walked - classified == set(), "endpoints without a surface in this test"
    assert classified - walked == set(), "classified endpoints the resolver does not serve"
    # the walk reaches every tournament endpoint
    assert len(TOURNAMENT) == sum(len(methods) for methods in SURFACES.values())


@pytest.fixture
def world():
    """The tournament ``cup`` (unpublished) in play: round 1 (public once the tournament
    is), table 1 with a deal, a registration not seated, a discipline entry and an appeal."""
    tournament = TournamentFactory(slug="cup", published=False)
    round_ = RoundFactory(tournament=tournament, number=1)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    users = {
        "anonymous": None,
        "stranger": referee_of(TournamentFactory(slug="elsewhere", published=True), name="s"),
        "referee": referee_of(tournament, name="referee"),
        "chief": referee_of(tournament, Role.Kind.CHIEF, name="chief"),
    }
    table = table_with_players(3, round=round_, number=1)
    services.record_deal(table.pk, SAMPLE_DEAL, users["referee"])
    seated = table.seats.get(position=1).registration
    extra = RegistrationFactory(tournament=tournament)
    entry = Entry.objects.create(
        tournament=tournament,
        registration=seated,
        kind=Entry.Kind.WARNING,
        round_number=1,
        rule="3.9.1",
        reason="late",
        referee=users["referee"],
    )
    appeal = Appeal.objects.create(
        tournament=tournament,
        subject=Appeal.Subject.DISCIPLINE,
        entry=entry,
        appellant=seated,
        grounds="not late",
        filed_by=users["referee"],
    )
    players = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    duplicate_session(tournament, players, published=True)
    from referee.tournaments.models import Application

    applied = Application.objects.create(
        tournament=tournament, name="Заявитель", city="Тула", contact="+7 900"
    )
    from django.utils import timezone

    from referee.admission.models import Payment

    paid = Payment.objects.create(
        registration=extra, amount=100, paid_at=timezone.now(), method="cash"
    )
    kwargs = {
        "payment": paid.pk,
        "application": applied.pk,
        "session": 1,
        "board": 1,
        "job": 1,
        "slug": "cup",
        "round": 1,
        "table": 1,
        "number": 1,
        "registration": extra.pk,
        "appeal": appeal.pk,
        "key": checkin.link_key(extra),
        "identifier": "standings",  # a download of the exporters' registry: the standings
        "fmt": "csv",
    }
    return users, kwargs


def _url(name: str, route: str, kwargs: dict[str, object]) -> str:
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    return reverse(name, kwargs={k: kwargs[k] for k in names})


def _call(user, method: str, url: str) -> int:
    client = client_for(user)
    if method == "get":
        return client.get(url).status_code
    return getattr(client, method)(url, {}, format="json").status_code


def _publish(published: bool = True, through: int | None = 1) -> None:
    Tournament.objects.filter(slug="cup").update(published=published)
    StandingsSettings.objects.filter(tournament__slug="cup").update(published_through=through)


@pytest.mark.parametrize(
    ("name", "route", "method"),
    [pytest.param(n, r, m, id=f"{m.upper()} {n}") for n, r, m in TOURNAMENT],
)
def test_the_endpoint_keeps_its_surface(world, name, route, method):
    users, kwargs = world
    kind = SURFACES.get(name, {}).get(method)
    assert kind is not None, f"{method.upper()} {route}: classify it in SURFACES"
    url = _url(name, route, kwargs)
    if kind == LINK:
        wrong = _url(name, route, {**kwargs, "key": "0" * 20})
        for published in (False, True):
            _publish(published)
            for user in users.values():
                assert _call(user, method, wrong) == 404
                # an empty body is then the serializer's to refuse
                assert _call(user, method, url) not in (401, 403, 404)
        return
    read = method == "get" or kind == FORM
    # unpublished: nobody but its officials finds the tournament
    assert _call(None, method, url) == (404 if read else 401)
    assert _call(users["stranger"], method, url) == 404
    _publish()
    if kind == FORM:  # an empty body is then the serializer's to refuse
        assert _call(None, method, url) not in (401, 403, 404)
        assert _call(users["stranger"], method, url) not in (401, 403, 404)
        return
    if kind == PUBLIC and name in SEALED:
        # the fixture's board is still to be played: the public reads it once it is played
        # everywhere (tests/referee/duplicate/test_sealed.py), its chief always
        assert _call(None, method, url) == 404
        assert _call(users["stranger"], method, url) == 404
        assert _call(users["chief"], method, url) == 200
        return
    if kind == PUBLIC:
        assert _call(None, method, url) == 200
        assert _call(users["stranger"], method, url) == 200
        if "<int:round>" in route:  # a round the organiser keeps hidden
            _publish(through=None)  # no round public yet
            assert _call(None, method, url) == (200 if name in DRAW else 404)
            assert _call(users["stranger"], method, url) == (200 if name in DRAW else 404)
        return
    # the refusals first (they change nothing), then the one who may
    assert _call(None, method, url) in ((401, 403) if read else (401,))
    assert _call(users["stranger"], method, url) == 403
    if kind == MANAGE:
        assert _call(users["referee"], method, url) == 403
    allowed = users["chief"] if kind == MANAGE else users["referee"]
    assert _call(allowed, method, url) not in (401, 403, 404)


def test_the_site_s_endpoints(world):
    users, _kwargs = world
    anonymous = client_for()
    # a token for anybody with a password; the list for everybody; a new one for organisers
    assert anonymous.post("/api/v1/auth/token/", {}, format="json").status_code == 400
    assert anonymous.get("/api/v1/tournaments/").status_code == 200
    listed = client_for(users["stranger"]).get("/api/v1/tournaments/").json()["results"]
    assert [t["slug"] for t in listed] == ["elsewhere"]  # not the unpublished cup
    body = {"name": "Новый", "slug": "new", "starts_on": "2027-01-01", "ends_on": "2027-01-02"}
    assert anonymous.post("/api/v1/tournaments/", body, format="json").status_code == 401
    assert (
        client_for(users["chief"]).post("/api/v1/tournaments/", body, format="json").status_code
        == 403
    )
    assert anonymous.get("/api/schema/").status_code == 200
    assert anonymous.get("/api/docs/").status_code == 200
    # cups and seasons: read by anybody, an unpublished one by its managers only
    assert anonymous.get("/api/v1/series/").json() == []
    assert anonymous.get("/api/v1/series/no-such-cup/").status_code == 404
    missing = anonymous.post("/api/v1/no-such-thing/", {}, format="json")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_revoking_a_device_is_the_chief_s_page(world):
    """``api/devices/<token>/revoke/``: a page of the staff screen (a session, not a token)."""
    users, _kwargs = world
    token, _key = DeviceToken.issue(users["referee"], "tablet")
    url = reverse("api-device-revoke", args=[token.pk])
    anonymous = Client().post(url, {"tournament": "cup"})
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    stranger, referee = Client(), Client()
    stranger.force_login(users["stranger"])
    referee.force_login(users["referee"])
    assert stranger.post(url, {"tournament": "cup"}).status_code == 404  # unpublished
    assert referee.post(url, {"tournament": "cup"}).status_code == 403
    _publish()
    assert stranger.post(url, {"tournament": "cup"}).status_code == 403
    chief = Client()
    chief.force_login(users["chief"])
    assert chief.post(url, {"tournament": "cup"}).status_code == 302
    assert not DeviceToken.objects.filter(pk=token.pk).exists()
