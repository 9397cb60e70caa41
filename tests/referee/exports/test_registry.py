"""The one registry of downloads (issue 31 point 4): every older address is the one view over
a registered exporter, the one pattern ``/t/<slug>/exports/<identifier>.<format>`` serves the
same file, and each exporter keeps the right of the page it belongs to; the API lists what
the reader may have."""

import pytest
from django.urls import resolve, reverse

from referee.accounts.models import Role
from referee.exports import registry, views
from referee.series.models import Series, SeriesTournament

from ..api.conftest import client_for
from ..factories import TournamentFactory, UserFactory, referee_of
from ..standings.test_services import seven_players
from ..test_surface_walk import duplicate_session

pytestmark = pytest.mark.django_db

#: every download's older address (name, its parts besides the slug) and its exporter
OLD = {
    "export-xlsx": ((), "results", "xlsx"),
    "export-csv": ((), "standings", "csv"),
    "export-pdf": ((), "standings", "pdf"),
    "export-register-xlsx": ((), "register", "xlsx"),
    "export-register-csv": ((), "register", "csv"),
    "export-federation-xlsx": ((), "federation", "xlsx"),
    "export-federation-pdf": ((), "federation", "pdf"),
    "export-results-json": ((), "federation", "json"),
    "export-results-csv": ((), "federation", "csv"),
    "export-protocol": ((1, 2), "protocol", "pdf"),
    "table-case": ((1, 2), "case", "json"),
    "hall-poster": ((1,), "seating", "pdf"),
    "hall-cards": ((1,), "table-cards", "pdf"),
    "check-in-badges": ((), "badges", "pdf"),
    "export-fees-xlsx": ((), "fees", "xlsx"),
    "duplicate-csv": ((1,), "duplicate", "csv"),
    "duplicate-xlsx": ((1,), "duplicate", "xlsx"),
    "duplicate-pdf": ((1,), "duplicate", "pdf"),
    "series-xlsx": ((), "series-standings", "xlsx"),
    "series-pdf": ((), "series-standings", "pdf"),
}


def test_every_older_address_is_the_one_view_over_a_registered_exporter():
    for name, (parts, identifier, fmt) in OLD.items():
        match = resolve(reverse(name, args=["cup", *parts]))
        assert match.func is views.export, name
        assert (match.kwargs["identifier"], match.kwargs["fmt"]) == (identifier, fmt), name
        exporter = registry.find(identifier)
        assert exporter is not None and fmt in exporter.formats, name
    # and nothing else is registered: eleven tournament exporters, one of a series
    assert {e.identifier for e in registry.every()} == {o[1] for o in OLD.values()} - {
        "series-standings"
    }
    assert [e.identifier for e in registry.every("series")] == ["series-standings"]


def test_a_second_exporter_of_the_same_identifier_is_refused():
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.find("results"))  # type: ignore[arg-type]


def generic(cup, identifier, fmt, **query):
    address = reverse("export", args=[cup.slug, identifier, fmt])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_the_one_pattern_serves_the_same_file_as_the_older_address(client):
    cup, _ = seven_players()
    old = client.get(reverse("export-csv", args=[cup.slug]), {"after": "1"})
    new = client.get(generic(cup, "standings", "csv", after=1))
    assert new.status_code == old.status_code == 200
    assert new.content == old.content
    for header in ("Content-Type", "Content-Disposition"):
        assert new[header] == old[header]
    assert new["Content-Disposition"] == f'attachment; filename="{cup.slug}-standings-r1.csv"'


def test_the_one_pattern_takes_a_tables_round_and_number_from_the_query(client):
    cup, _ = seven_players()
    response = client.get(generic(cup, "protocol", "pdf", round=1, table=2))
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == f'attachment; filename="{cup.slug}-r1-t2-protocol.pdf"'
    )
    assert client.get(generic(cup, "protocol", "pdf", round=1)).status_code == 404  # no table
    assert client.get(generic(cup, "protocol", "pdf", round=1, table="x")).status_code == 404
    assert client.get(generic(cup, "protocol", "pdf", round=1, table=9)).status_code == 404


@pytest.mark.parametrize(
    ("identifier", "fmt"),
    [("nothing", "csv"), ("standings", "json"), ("protocol", "xlsx"), ("series-standings", "xlsx")],
)
def test_an_unknown_exporter_or_format_is_not_found(client, identifier, fmt):
    cup, _ = seven_players()
    assert client.get(generic(cup, identifier, fmt)).status_code == 404


def test_the_one_pattern_answers_only_get(client):
    cup, _ = seven_players()
    assert client.post(generic(cup, "standings", "csv")).status_code == 405


#: each tournament exporter through the one pattern, with what it needs
CASES = {
    "results": ("xlsx", {}),
    "standings": ("pdf", {}),
    "federation": ("json", {}),
    "register": ("csv", {}),
    "protocol": ("pdf", {"round": 1, "table": 2}),
    "case": ("json", {"round": 1, "table": 2}),
    "seating": ("pdf", {"round": 1}),
    "table-cards": ("pdf", {"round": 1}),
    "badges": ("pdf", {}),
    "fees": ("xlsx", {}),
    "duplicate": ("csv", {"session": 1}),
}
#: who gets what of a published tournament: the public its pages' files, the officials the
#: register too (403 to the others, as the register page), the chief the badges and the
#: payment report (403)
PUBLISHED = {
    "stranger": {"register": 403, "badges": 403, "fees": 403},
    "referee": {"badges": 403, "fees": 403},
    "chief": {},
}


def _cup(published: bool):
    cup, players = seven_players(published=published)
    names = ["Иванов", "Петрова", "Сидоров"]
    duplicate_session(cup, [players[n].pk for n in names], published=True)
    return cup


def _as(client, who, cup):
    if who == "stranger":
        client.force_login(UserFactory())
    elif who == "referee":
        client.force_login(referee_of(cup))
    elif who == "chief":
        client.force_login(referee_of(cup, Role.Kind.CHIEF))


def test_every_exporter_is_there_to_nobody_of_an_unpublished_tournament(client):
    cup = _cup(published=False)
    login = reverse("login")
    for identifier, (fmt, query) in CASES.items():
        client.logout()
        response = client.get(generic(cup, identifier, fmt, **query))
        if identifier in ("badges", "fees"):  # the chief's pages: the sign-in first
            assert response.status_code == 302 and response["Location"].startswith(login)
        else:
            assert response.status_code == 404, identifier
        client.force_login(UserFactory())
        assert client.get(generic(cup, identifier, fmt, **query)).status_code == 404, identifier


@pytest.mark.parametrize("who", list(PUBLISHED))
def test_each_exporter_of_a_published_tournament_keeps_its_pages_right(client, who):
    cup = _cup(published=True)
    _as(client, who, cup)
    got = {
        identifier: client.get(generic(cup, identifier, fmt, **query)).status_code
        for identifier, (fmt, query) in CASES.items()
    }
    assert got == {identifier: PUBLISHED[who].get(identifier, 200) for identifier in CASES}


def test_a_series_download_follows_the_series_page():
    other = TournamentFactory()
    series = Series.objects.create(name="Кубок", slug="kubok", published=False)
    SeriesTournament.objects.create(series=series, tournament=other)
    from django.test import Client

    client = Client()
    assert client.get(reverse("series-xlsx", args=["kubok"])).status_code == 404
    Series.objects.filter(pk=series.pk).update(published=True)
    response = client.get(reverse("series-pdf", args=["kubok"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'inline; filename="kubok.pdf"'
    assert client.get(reverse("series-xlsx", args=["nothing"])).status_code == 404


# --- the API's list ------------------------------------------------------------------------


def _listed(user, cup):
    response = client_for(user).get(f"/api/v1/tournaments/{cup.slug}/exports/")
    return response.status_code, response.json()


def test_the_api_lists_the_exporters_each_reader_may_have():
    cup = _cup(published=True)
    public = ["results", "standings", "federation", "protocol", "case", "seating", "table-cards"]
    public.append("duplicate")
    status, body = _listed(None, cup)
    assert status == 200
    assert [e["identifier"] for e in body] == public
    referee = [e["identifier"] for e in _listed(referee_of(cup), cup)[1]]
    assert set(referee) - set(public) == {"register"}
    chief = [e["identifier"] for e in _listed(referee_of(cup, Role.Kind.CHIEF), cup)[1]]
    assert set(chief) - set(public) == {"register", "badges", "fees"}
    standings = next(e for e in body if e["identifier"] == "standings")
    assert [f["format"] for f in standings["formats"]] == ["csv", "pdf"]
    csv = standings["formats"][0]
    assert csv["url"] == f"http://testserver/t/{cup.slug}/exports/standings.csv"
    assert csv["content_type"] == "text/csv; charset=utf-8"
    assert csv["job"].endswith(f"/api/v1/tournaments/{cup.slug}/exports/standings/csv/job/")
    protocol = next(e for e in body if e["identifier"] == "protocol")
    assert (protocol["parameters"], protocol["formats"][0]["job"]) == (["round", "table"], None)
    # the listed address is the file
    assert client_for().get(csv["url"]).status_code == 200


def test_the_api_lists_nothing_of_an_unpublished_tournament_to_the_public():
    cup = _cup(published=False)
    assert _listed(None, cup)[0] == 404
    assert _listed(UserFactory(), cup)[0] == 404
    assert [e["identifier"] for e in _listed(referee_of(cup), cup)[1]][:2] == [
        "results",
        "standings",
    ]
