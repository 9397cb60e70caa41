"""Every setting the pages offer is readable and settable through the API, a round is
published through the API as on the standings settings page (the same service and right),
and a body naming a field the API does not know is refused at that field, on every
writable endpoint (one mechanism: ``referee.api.strict.Strict``)."""

from __future__ import annotations

import pytest
import yaml
from django.test import Client

from referee.api.resources.standings import StandingsSettingsSerializer
from referee.api.resources.tournaments import TournamentSerializer, TournamentUpdateSerializer
from referee.core.permissions import is_chief
from referee.seating.format_forms import FormatForm
from referee.standings import services as standings
from referee.standings.forms import SettingsForm as StandingsForm
from referee.tournaments.forms import SettingsForm
from referee.tournaments.models import Tournament
from referee.tournaments.services import FORMAT_FIELDS, SETTINGS_FIELDS
from tests.referee.factories import UserFactory, referee_of

from .conftest import client_for, make_organiser

pytestmark = pytest.mark.django_db

BASE = "/api/v1/tournaments/api-cup/"


# -- every setting of the pages ----------------------------------------------------------


def test_every_field_of_the_settings_and_format_pages_is_read_and_written_by_the_api():
    page = set(SettingsForm().fields) | set(FormatForm.base_fields)
    written = set(TournamentUpdateSerializer().fields)
    read = set(TournamentSerializer().fields)
    assert page - written == set(), "settable on a page, not through the API"
    assert page - read == set(), "shown on a page, not read through the API"
    assert set(SETTINGS_FIELDS) | set(FORMAT_FIELDS) <= written & read  # the services' lists


def test_every_field_of_the_standings_settings_page_is_read_and_written_by_the_api():
    # the page's own inputs; the chain's selects (tie_0…) and each method's parameter
    # inputs are how the page edits tie_breaks and params, both in the API
    page = set(StandingsForm.base_fields) | {"params"}
    api = set(StandingsSettingsSerializer().fields)
    assert page - api == set()
    assert api == set(standings.EDITABLE)


def a_draft(organiser):
    api = client_for(organiser)
    created = api.post(
        "/api/v1/tournaments/",
        {"name": "Кубок API", "slug": "api-cup", "starts_on": "2026-12-01",
         "ends_on": "2026-12-02", "published": True},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    return api


def test_the_format_and_the_discipline_settings_are_set_and_read_through_the_api():
    api = a_draft(make_organiser())
    changed = api.patch(
        BASE,
        {"yellow_cards_to_disqualify": 2, "yellow_card_days": 3, "bye_value": "fixed",
         "bye_points": "5/2", "unfinished_pulka": "finish_lap",
         "lap_at_time_limit": "under_way", "players_confirm": True},
        format="json",
    )  # fmt: skip
    assert changed.status_code == 200, changed.json()
    body = api.get(BASE).json()
    assert body["yellow_cards_to_disqualify"] == 2 and body["yellow_card_days"] == 3
    assert (body["bye_value"], body["bye_points"]) == ("fixed", "5/2")
    assert (body["unfinished_pulka"], body["lap_at_time_limit"]) == ("finish_lap", "under_way")
    assert body["players_confirm"] is True
    stored = Tournament.objects.get(slug="api-cup")
    assert stored.yellow_cards_to_disqualify == 2 and stored.bye_points == "5/2"
    refused = api.patch(BASE, {"yellow_card_days": 0}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "yellow_card_days"


def test_the_format_is_frozen_once_play_starts_as_on_the_page():
    organiser = make_organiser()
    api = a_draft(organiser)
    api.post(BASE + "players/", [{"name": f"p{i}"} for i in range(4)], format="json")
    assert api.post(BASE + "start/").status_code == 200
    refused = api.patch(BASE, {"yellow_cards_to_disqualify": 3}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "format"
    assert Tournament.objects.get(slug="api-cup").yellow_cards_to_disqualify is None


def test_the_chief_referee_is_set_by_username_and_an_unknown_one_is_refused_at_its_field():
    api = a_draft(make_organiser())
    UserFactory(username="glavny")
    assert (
        api.patch(BASE, {"chief_referee": "glavny"}, format="json").json()["chief_referee"]
        == "glavny"
    )
    refused = client_for(Tournament.objects.get(slug="api-cup").chief_referee).patch(
        BASE, {"chief_referee": "nobody"}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "chief_referee"


def test_a_creator_naming_another_chief_keeps_his_tournament_and_the_other_shares_it():
    organiser = make_organiser()
    colleague = UserFactory(username="chief")
    api = client_for(organiser)
    created = api.post(
        "/api/v1/tournaments/",
        {"name": "Кубок API", "slug": "api-cup", "starts_on": "2026-12-01",
         "ends_on": "2026-12-02", "chief_referee": "chief"},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    assert created.json()["chief_referee"] == "organiser"
    assert api.get(BASE).status_code == 200  # unpublished, and still his
    tournament = Tournament.objects.get(slug="api-cup")
    assert is_chief(organiser, tournament) and is_chief(colleague, tournament)
    assert client_for(colleague).patch(BASE, {"venue": "Тула"}, format="json").status_code == 200


def test_the_standings_settings_are_read_by_officials_and_changed_by_the_chief():
    organiser = make_organiser()
    api = a_draft(organiser)
    body = api.get(BASE + "standings/settings/").json()
    assert body["method"] == "raw_whists" and body["published_through"] is None
    changed = api.patch(
        BASE + "standings/settings/",
        {"elimination_threshold": -1000, "elimination_action": "flag"},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    assert changed.json()["elimination_threshold"] == -1000
    tournament = Tournament.objects.get(slug="api-cup")
    referee = client_for(referee_of(tournament))
    assert referee.get(BASE + "standings/settings/").status_code == 200
    assert (
        referee.patch(
            BASE + "standings/settings/", {"count_adjustments": False}, format="json"
        ).status_code
        == 403
    )
    assert client_for().get(BASE + "standings/settings/").status_code in (401, 403)
    refused = api.patch(BASE + "standings/settings/", {"tie_breaks": []}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "tie_breaks"
    repeated = api.patch(
        BASE + "standings/settings/", {"tie_breaks": ["whists", "whists"]}, format="json"
    )
    assert repeated.status_code == 400 and "once" in repeated.json()["message"]


# -- publishing a round ----------------------------------------------------------------------

# a table of 4: A orders 6♠, B and C pass, no play; D deals and sits out
PASS_PASS = {
    "dealer": "D", "type": "game", "declarer": "A", "contract": {"level": 6, "strain": "S"},
    "defence": [{"player": "B", "call": "pass", "order": 1},
                {"player": "C", "call": "pass", "order": 2}],
    "play": "none",
}  # fmt: skip


def test_a_tournament_run_through_the_api_alone_is_public_once_its_round_is_published():
    organiser = make_organiser()
    api = a_draft(organiser)
    players = [{"name": f"Игрок {i}"} for i in range(1, 5)]
    assert api.post(BASE + "players/", players, format="json").status_code == 201
    assert api.post(BASE + "start/").status_code == 200
    seated = api.post(BASE + "rounds/", {"method": "random", "seed": 1}, format="json").json()
    assert api.post(BASE + "rounds/1/start/").status_code == 200
    table = BASE + f"rounds/1/tables/{seated['tables'][0]['number']}/"
    assert api.post(table + "deals/", PASS_PASS, format="json").status_code == 201
    assert api.post(table + "sign-off/").status_code == 200
    assert api.post(BASE + "rounds/1/finish/").status_code == 200

    public = client_for()
    assert public.get(BASE + "standings/").json()["rows"] == []  # nothing public yet
    page = Client().get("/t/api-cup/standings/").content.decode()
    assert "Игрок 1" not in page

    tournament = Tournament.objects.get(slug="api-cup")
    referee = client_for(referee_of(tournament))
    assert referee.post(BASE + "rounds/1/publish/").status_code == 403  # the chief's right
    assert public.post(BASE + "rounds/1/publish/").status_code in (401, 403)
    assert public.get(BASE + "standings/").json()["rows"] == []

    published = api.post(BASE + "rounds/1/publish/")
    assert published.status_code == 200, published.json()
    assert published.json()["published_through"] == 1
    # the same effect as the page: the standings settings say so, the log has it
    assert standings.settings_of(tournament).published_through == 1
    assert tournament.log.filter(action="standings.settings_changed").exists()
    rows = public.get(BASE + "standings/").json()["rows"]
    # 6♠ passed out: A's pool 2, m = -4, 0, 0, 0, average -1: A +30, the others -10
    assert sorted(float(r["points"]) for r in rows) == [-10, -10, -10, 30]
    assert "Игрок 1" in Client().get("/t/api-cup/standings/").content.decode()


def test_publishing_an_earlier_round_keeps_the_later_ones_public():
    api = a_draft(make_organiser())
    api.post(BASE + "players/", [{"name": f"p{i}"} for i in range(4)], format="json")
    api.post(BASE + "start/")
    api.post(BASE + "rounds/", {"method": "random", "seed": 1}, format="json")
    api.patch(BASE + "standings/settings/", {"published_through": 3}, format="json")
    assert api.post(BASE + "rounds/1/publish/").json()["published_through"] == 3
    assert api.post(BASE + "rounds/9/publish/").status_code == 404


# -- unknown fields ----------------------------------------------------------------------------


def test_a_patch_naming_an_unknown_field_is_refused_at_it_and_changes_nothing():
    api = a_draft(make_organiser())
    refused = api.patch(BASE, {"venue": "Тула", "publishd": False}, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "publishd"
    assert refused.json()["code"] == "unknown_field"
    assert Tournament.objects.get(slug="api-cup").venue == ""
    read_only = api.patch(BASE, {"status": "finished"}, format="json")  # read, never written
    assert read_only.status_code == 400 and read_only.json()["field"] == "status"
    settings = api.patch(BASE + "standings/settings/", {"lots": {"1": 2}}, format="json")
    assert settings.status_code == 400 and settings.json()["field"] == "lots"


def test_a_list_of_players_names_the_item_and_field_at_fault():
    api = a_draft(make_organiser())
    refused = api.post(
        BASE + "players/", [{"name": "p1"}, {"name": "p2", "rank": 3}], format="json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "[1].rank"
    assert Tournament.objects.get(slug="api-cup").entries.count() == 0


def test_a_nested_unknown_field_is_refused_too():
    organiser = make_organiser()
    api = a_draft(organiser)
    api.post(BASE + "players/", [{"name": f"p{i}"} for i in range(4)], format="json")
    api.post(BASE + "start/")
    seated = api.post(BASE + "rounds/", {"method": "random", "seed": 1}, format="json").json()
    api.post(BASE + "rounds/1/start/")
    table = BASE + f"rounds/1/tables/{seated['tables'][0]['number']}/"
    deal = {**PASS_PASS, "defence": [{**PASS_PASS["defence"][0], "colour": "red"},
                                     PASS_PASS["defence"][1]]}  # fmt: skip
    refused = api.post(table + "deals/", deal, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "defence[0].colour"
    sign_off = api.post(table + "sign-off/", {"agreement": []}, format="json")
    assert sign_off.status_code == 400 and sign_off.json()["field"] == "agreement"


def test_every_request_body_of_the_schema_is_closed():
    """The schema says what the API does: every writable endpoint's body admits only its
    fields (each input serializer is ``Strict``), so schemathesis and clients know it."""
    schema = yaml.safe_load(Client().get("/api/schema/").content)
    components = schema["components"]["schemas"]
    bodies = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                found = media["schema"]
                found = found.get("items", found)
                ref = found.get("$ref", "")
                bodies.append((f"{method} {path}", components.get(ref.split("/")[-1], found)))
    assert len(bodies) > 15
    assert [name for name, body in bodies if body.get("additionalProperties") is not False] == []
