"""The permission matrix: every endpoint and method for every kind of user.

A published tournament in play, with referees at their assigned tables only: round 1 is
in play and public, table 1 open with one deal, table 2 signed off by another official and
waiting for confirmation. Users: anonymous, logged in without a role, a referee of another
tournament, a referee of this one not assigned to the table, the table's referee, the chief
referee and an organiser (who may create tournaments, and has no role in this one).

The status is what each gets; a 400 is a request its author may make that the state
refuses (the round is already started, …), which shows that the rights let it through."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from referee.accounts.models import Role
from referee.standings.models import StandingsSettings
from referee.tables import services
from referee.tables.models import Table
from referee.tournaments.models import Registration
from tests.referee.factories import (
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_with_players,
)

from .conftest import SAMPLE_DEAL, client_for, make_organiser

pytestmark = pytest.mark.django_db

ACTORS = ("anonymous", "nobody", "other_referee", "unassigned", "referee", "chief", "organiser")
T = "/api/v1/tournaments/cup/"
TABLE = T + "rounds/1/tables/1/"
SIGNED = T + "rounds/1/tables/2/"


def _all(code: int) -> dict[str, int]:
    return dict.fromkeys(ACTORS, code)


def _only(allowed: dict[str, int], anonymous: int = 401, others: int = 403) -> dict[str, int]:
    return {a: allowed.get(a, anonymous if a == "anonymous" else others) for a in ACTORS}


CORRECTION = SAMPLE_DEAL | {"tricks": {"A": 7, "B": 2, "C": 1}, "reason": "A took 7"}
NEW = {"name": "Новичок", "city": "Тверь"}

#: (method, path, body, headers) -> status per actor
MATRIX: list[tuple[str, str, object, dict[str, str], dict[str, int]]] = [
    ("get", "/api/v1/tournaments/", None, {}, _all(200)),
    (
        "post",
        "/api/v1/tournaments/",
        {"name": "Новый", "slug": "new-cup", "starts_on": "2027-01-01", "ends_on": "2027-01-02"},
        {},
        _only({"organiser": 201}),
    ),
    ("get", T, None, {}, _all(200)),
    ("patch", T, {"venue": "Зал 2"}, {}, _only({"chief": 200})),
    ("post", T + "start/", None, {}, _only({"chief": 400})),
    ("post", T + "finish/", None, {}, _only({"chief": 400})),
    ("get", T + "players/", None, {}, _all(200)),
    ("post", T + "players/", NEW, {}, _only({"chief": 201})),
    ("post", T + "players/{bye}/withdraw/", {"reason": "ill"}, {}, _only({"chief": 200})),
    ("post", T + "players/{gone}/substitute/", NEW, {}, _only({"chief": 201})),
    ("get", T + "players/{seated}/", None, {}, _all(200)),
    ("get", T + "standings/", None, {}, _all(200)),
    ("get", T + "standings/?after=1", None, {}, _all(200)),
    ("get", T + "rounds/", None, {}, _all(200)),
    ("post", T + "rounds/", {"method": "random"}, {}, _only({"chief": 400})),
    ("get", T + "rounds/1/", None, {}, _all(200)),
    ("post", T + "rounds/1/start/", None, {}, _only({"chief": 400})),
    ("post", T + "rounds/1/finish/", None, {}, _only({"chief": 400})),
    ("get", T + "rounds/1/results/", None, {}, _all(200)),
    ("get", TABLE, None, {}, _all(200)),
    ("post", TABLE + "sign-off/", None, {}, _only({"referee": 200, "chief": 200})),
    (
        "post",
        SIGNED + "confirm/",
        None,
        {},
        # the second referee follows the same assignment rule as entry (issue 9)
        _only({"referee": 200, "chief": 200}),
    ),
    ("post", SIGNED + "reopen/", {"reason": "recount"}, {}, _only({"chief": 200})),
    ("get", TABLE + "deals/", None, {}, _all(200)),
    ("post", TABLE + "deals/", SAMPLE_DEAL, {}, _only({"referee": 201, "chief": 201})),
    ("get", TABLE + "deals/1/", None, {}, _all(200)),
    (
        "put",
        TABLE + "deals/1/",
        CORRECTION,
        {"HTTP_IF_MATCH": '"1"'},
        _only({"referee": 200, "chief": 200}),
    ),
    (
        "delete",
        TABLE + "deals/1/?reason=twice",
        None,
        {"HTTP_IF_MATCH": '"1"'},
        _only({"referee": 200, "chief": 200}),
    ),
]


@pytest.fixture
def world():
    """The tournament ``cup`` and one user of each kind (None: anonymous)."""
    tournament = TournamentFactory(slug="cup", published=True, referees_assigned_only=True)
    round_ = RoundFactory(tournament=tournament, number=1)
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    users = {
        "anonymous": None,
        "nobody": UserFactory(username="nobody"),
        "other_referee": referee_of(TournamentFactory(slug="elsewhere"), name="other"),
        "unassigned": referee_of(tournament, name="unassigned"),
        "referee": referee_of(tournament, name="referee"),
        "chief": referee_of(tournament, Role.Kind.CHIEF, name="chief"),
        "organiser": make_organiser(),
    }
    open_table = table_with_players(3, round=round_, number=1)
    signed = table_with_players(3, round=round_, number=2)
    for table in (open_table, signed):
        table.referees.add(users["referee"])
    services.record_deal(open_table.pk, SAMPLE_DEAL, users["referee"])
    services.record_deal(signed.pk, SAMPLE_DEAL, users["referee"])
    signer = referee_of(tournament, name="signer")
    Table.objects.filter(pk=signed.pk).update(
        status=Table.Status.SUBMITTED, submitted_by=signer, submitted_at=timezone.now()
    )
    bye = RegistrationFactory(tournament=tournament)
    gone = RegistrationFactory(
        tournament=tournament, status=Registration.Status.WITHDRAWN, withdrawn_after_round=0
    )
    seated = open_table.seats.get(position=1).registration
    ids = {"bye": bye.pk, "gone": gone.pk, "seated": seated.pk}
    return users, ids


CASES = [
    pytest.param(
        method,
        path,
        body,
        headers,
        actor,
        expected[actor],
        id=f"{method.upper()} {path} as {actor}",
    )
    for method, path, body, headers, expected in MATRIX
    for actor in ACTORS
]


@pytest.mark.parametrize(("method", "path", "body", "headers", "actor", "status"), CASES)
def test_the_permission_matrix(world, method, path, body, headers, actor, status):
    users, ids = world
    client = client_for(users[actor])
    call = getattr(client, method)
    kwargs = {"format": "json"} if body is not None else {}
    response = call(path.format(**ids), body, **kwargs, **headers)
    assert response.status_code == status, response.content
    if status >= 400:
        assert set(response.json()) >= {"code", "field", "message", "params"}


@pytest.mark.parametrize("actor", ["anonymous", "nobody", "other_referee", "organiser"])
@pytest.mark.parametrize(
    "path",
    [
        T,
        T + "players/",
        T + "standings/",
        T + "rounds/",
        T + "rounds/1/",
        TABLE,
        TABLE + "deals/",
        TABLE + "deals/1/",
        T + "rounds/1/results/",
    ],
)
def test_an_unpublished_tournament_is_404_to_all_but_its_officials(world, actor, path):
    from referee.tournaments.models import Tournament

    Tournament.objects.filter(slug="cup").update(published=False)
    users, _ids = world
    assert client_for(users[actor]).get(path).status_code == 404
    assert client_for(users["referee"]).get(path).status_code == 200


@pytest.mark.parametrize("actor", ["anonymous", "nobody", "organiser"])
def test_a_round_the_organiser_keeps_hidden_is_404_to_the_public(world, actor):
    StandingsSettings.objects.update(published_through=0)
    users, _ids = world
    for path in (TABLE, TABLE + "deals/", TABLE + "deals/1/"):
        assert client_for(users[actor]).get(path).status_code == 404
        assert client_for(users["unassigned"]).get(path).status_code == 200


def test_the_tournament_list_shows_the_public_only_published_tournaments(world):
    users, _ids = world
    listed = client_for(None).get("/api/v1/tournaments/").json()
    assert [t["slug"] for t in listed["results"]] == ["cup"]
    mine = client_for(users["other_referee"]).get("/api/v1/tournaments/?status=running").json()
    assert {t["slug"] for t in mine["results"]} == {"cup", "elsewhere"}
    assert datetime  # the module's dates come from the factories
