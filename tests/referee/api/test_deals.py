"""Deals through the API: idempotent POSTs, versions as ETags, If-Match, and errors as
JSON with the engine's codes in the request's language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.api.models import IdempotentRequest
from referee.tables.models import Deal
from tests.referee.factories import referee_of, table_with_players
from tests.referee.tables.test_forms import POSTED

from .conftest import SAMPLE_DEAL, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return table_with_players(3)


@pytest.fixture
def referee(table):
    return referee_of(table.round.tournament)


def deals_url(table) -> str:
    slug = table.round.tournament.slug
    return f"/api/v1/tournaments/{slug}/rounds/{table.round.number}/tables/{table.number}/deals/"


# -- posting ---------------------------------------------------------------------------------


def test_a_posted_deal_answers_its_number_version_entries_and_the_new_totals(table, referee):
    response = client_for(referee).post(deals_url(table), SAMPLE_DEAL, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1 and body["version"] == 1 and response["ETag"] == '"1"'
    assert body["deal"] == SAMPLE_DEAL
    assert body["entries"] and all(e["explanation"] for e in body["entries"])
    assert sum(body["totals"]["result"].values()) == pytest.approx(0, abs=1e-5)
    assert response["Location"].endswith(deals_url(table) + "1/")


def test_explanations_follow_accept_language(table, referee):
    english = client_for(referee, "en").post(deals_url(table), SAMPLE_DEAL, format="json")
    russian = client_for(referee, "ru").get(deals_url(table) + "1/")
    assert "writes" in " ".join(e["explanation"] for e in english.json()["entries"])
    assert "пишет" in " ".join(e["explanation"] for e in russian.json()["entries"])


def test_a_repeat_with_the_same_key_replays_the_first_answer(table, referee):
    api = client_for(referee)
    first = api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="x1")
    again = api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="x1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.content == first.content and again["Idempotent-Replayed"] == "true"
    assert again["ETag"] == first["ETag"] and again["Location"] == first["Location"]
    assert "Idempotent-Replayed" not in first
    assert Deal.objects.filter(table=table).count() == 1


def test_the_same_key_with_another_body_is_refused_with_422(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="x1")
    other = SAMPLE_DEAL | {"tricks": {"A": 7, "B": 2, "C": 1}}
    response = api.post(deals_url(table), other, format="json", HTTP_IDEMPOTENCY_KEY="x1")
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert Deal.objects.filter(table=table).count() == 1


def test_keys_are_per_user(table, referee):
    other = referee_of(table.round.tournament)
    client_for(referee).post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="k")
    client_for(other).post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert Deal.objects.filter(table=table).count() == 2


def test_a_refused_request_leaves_its_key_free_for_the_corrected_one(table, referee):
    api = client_for(referee)
    wrong = SAMPLE_DEAL | {"tricks": {"A": 6, "B": 3, "C": 0}}
    refused = api.post(deals_url(table), wrong, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert refused.status_code == 400
    fixed = api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert fixed.status_code == 201 and "Idempotent-Replayed" not in fixed


def test_a_key_longer_than_200_characters_is_refused(table, referee):
    response = client_for(referee).post(
        deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="k" * 201
    )
    assert response.status_code == 400 and response.json()["field"] == "Idempotency-Key"
    assert not Deal.objects.exists()


def test_keys_are_kept_a_day_at_least_then_purged(table, referee):
    import datetime

    from django.utils import timezone

    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="old")
    IdempotentRequest.objects.update(created_at=timezone.now() - datetime.timedelta(hours=47))
    again = api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="old")
    assert again["Idempotent-Replayed"] == "true"
    IdempotentRequest.objects.update(created_at=timezone.now() - datetime.timedelta(hours=49))
    api.post(deals_url(table), SAMPLE_DEAL, format="json", HTTP_IDEMPOTENCY_KEY="new")
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["new"]


# -- refusals --------------------------------------------------------------------------------


def test_an_impossible_deal_is_a_400_with_the_engine_field_and_nothing_is_saved(table, referee):
    wrong = SAMPLE_DEAL | {"tricks": {"A": 6, "B": 3, "C": 0}}
    response = client_for(referee).post(deals_url(table), wrong, format="json")
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"code", "field", "message", "params"}
    assert "tricks" in body["field"] and "9" in body["message"]
    assert body["code"]
    assert not Deal.objects.exists()


def test_refusals_speak_the_request_language(table, referee):
    table.round.status = "finished"
    table.round.save()
    russian = client_for(referee, "ru").post(deals_url(table), SAMPLE_DEAL, format="json")
    english = client_for(referee, "en").post(deals_url(table), SAMPLE_DEAL, format="json")
    assert russian.status_code == english.status_code == 400
    assert russian.json()["message"] != english.json()["message"]
    assert "round" in english.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        [],
        "a deal",
        {"type": "poker"},
        {"type": "game", "tricks": {"A": "many"}},
        {"type": "game", "tricks": "ten"},
        {"type": "game", "defence": [{"player": "B"}]},
        {"type": "game", "contract": [6]},
        {"type": "game", "secret": 1},
        {"type": "game", "contract": {"level": "x", "strain": None}, "declarer": 5},
        {"type": "raspasy", "talon": ["SA", "SK", "SQ"]},
        {"type": "game", "referee_rulings": [{"kind": "manual"}]},
        {"type": "game", "ruling": {"rule": "kodex-3.4.4", "bid_level": "z"}},
    ],
)
def test_malformed_deals_are_400_never_a_server_error(table, referee, body):
    response = client_for(referee).post(deals_url(table), body, format="json")
    assert response.status_code == 400, response.content
    assert set(response.json()) == {"code", "field", "message", "params"}


def test_a_body_too_large_is_a_json_413(table, referee):
    body = '{"type": "game", "x": "' + "a" * 3_000_000 + '"}'
    for key in ({}, {"HTTP_IDEMPOTENCY_KEY": "k"}):
        response = client_for(referee).post(
            deals_url(table), body, content_type="application/json", **key
        )
        assert response.status_code == 413 and response.json()["code"] == "too_large"


def test_a_body_that_is_not_json_is_a_400(table, referee):
    response = client_for(referee).post(
        deals_url(table), "{not json", content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


# -- versions and conflicts -------------------------------------------------------------------


def test_get_gives_the_version_as_etag(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json")
    response = api.get(deals_url(table) + "1/")
    assert response["ETag"] == '"1"' and response.json()["version"] == 1


def test_put_without_if_match_is_428_and_changes_nothing(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json")
    response = api.put(deals_url(table) + "1/", SAMPLE_DEAL | {"reason": "x"}, format="json")
    assert response.status_code == 428 and response.json()["code"] == "if_match_required"
    assert Deal.objects.get().version == 1


def test_put_with_the_current_version_corrects_and_a_stale_one_gets_412(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json")
    corrected = SAMPLE_DEAL | {"tricks": {"A": 7, "B": 2, "C": 1}, "reason": "A took 7"}
    done = api.put(deals_url(table) + "1/", corrected, format="json", HTTP_IF_MATCH='"1"')
    assert done.status_code == 200 and done["ETag"] == '"2"'
    assert done.json()["deal"]["tricks"]["A"] == 7
    stale = SAMPLE_DEAL | {"tricks": {"A": 8, "B": 1, "C": 1}, "reason": "A took 8"}
    refused = api.put(deals_url(table) + "1/", stale, format="json", HTTP_IF_MATCH='"1"')
    assert refused.status_code == 412
    assert refused.json()["current"]["deal"]["tricks"]["A"] == 7
    assert refused.json()["current"]["version"] == 2
    assert Deal.objects.get().data["tricks"]["A"] == 7


def test_a_correction_needs_a_reason(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json")
    response = api.put(deals_url(table) + "1/", SAMPLE_DEAL, format="json", HTTP_IF_MATCH="1")
    assert response.status_code == 400 and response.json()["field"] == "reason"


def test_delete_needs_if_match_and_strikes_the_deal(table, referee):
    api = client_for(referee)
    api.post(deals_url(table), SAMPLE_DEAL, format="json")
    assert api.delete(deals_url(table) + "1/?reason=dup").status_code == 428
    assert api.delete(deals_url(table) + "1/?reason=dup", HTTP_IF_MATCH='"7"').status_code == 412
    done = api.delete(
        deals_url(table) + "1/", {"reason": "dup"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert done.status_code == 200 and done.json()["deleted"] is True
    assert Deal.objects.get().deleted
    listed = api.get(deals_url(table)).json()
    assert [d["deleted"] for d in listed] == [True]


# -- the HTML form ---------------------------------------------------------------------------


def _form_url(table, name="deal-add", *extra):
    return reverse(
        name, args=[table.round.tournament.slug, table.round.number, table.number, *extra]
    )


def test_the_deal_form_sent_twice_with_its_key_stores_one_deal(client, table, referee):
    client.force_login(referee)
    page = client.get(_form_url(table, "table")).content.decode()
    assert 'name="idempotency_key"' in page
    form = POSTED | {"dealer": "A", "idempotency_key": "form-1"}
    first = client.post(_form_url(table), form)
    second = client.post(_form_url(table), form)
    assert first.status_code == second.status_code == 302
    assert second["Idempotent-Replayed"] == "true"
    assert Deal.objects.filter(table=table).count() == 1
    other = client.post(_form_url(table), form | {"tricks_A": "7", "tricks_B": "1"})
    assert other.status_code == 422
    assert Deal.objects.filter(table=table).count() == 1


def test_each_rendering_of_the_form_has_a_fresh_key(client, table, referee):
    import re

    client.force_login(referee)
    keys = {
        re.search(
            r'name="idempotency_key" value="([^"]+)"',
            client.get(_form_url(table, "table")).content.decode(),
        ).group(1)
        for _ in range(2)
    }
    assert len(keys) == 2


def test_a_stale_edit_shows_the_current_deal_beside_the_referees_and_saves_nothing(
    client, table, referee
):
    from referee.tables import services

    services.record_deal(table.pk, SAMPLE_DEAL, referee)
    deal = Deal.objects.get()
    # somebody else corrects it meanwhile
    services.correct_deal(
        deal.pk, SAMPLE_DEAL | {"tricks": {"A": 7, "B": 2, "C": 1}}, referee, "A took 7"
    )
    client.force_login(referee)
    mine = POSTED | {
        "dealer": "A",
        "tricks_A": "8",
        "tricks_B": "1",
        "tricks_C": "1",
        "call_2_call": "pass",
        "reason": "A took 8",
        "version": "1",
    }
    response = client.post(_form_url(table, "deal-edit", 1), mine)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="conflict"' in page and 'name="version" value="2"' in page
    assert Deal.objects.get().data["tricks"]["A"] == 7 and Deal.objects.get().version == 2
    # saved again against the version shown, it replaces the deal
    again = client.post(_form_url(table, "deal-edit", 1), mine | {"version": "2"})
    assert again.status_code == 302
    assert Deal.objects.get().data["tricks"]["A"] == 8


def test_an_anonymous_form_post_is_not_stored(client, table):
    response = client.post(_form_url(table), POSTED | {"idempotency_key": "k"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not IdempotentRequest.objects.exists()
