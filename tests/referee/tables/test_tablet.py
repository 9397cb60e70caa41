"""A tablet shared by several referees: a queued deal names its author; the server refuses
it from anybody else, unless the chief referee sends it explicitly (recorded with its real
author, logged); the chief's discard is logged; logging out clears the browser's cache."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.api.models import IdempotentRequest
from referee.tables.models import Deal, DealVersion
from referee.tournaments.models import ActionLog

from ..factories import UserFactory, referee_of, table_with_players
from .test_forms import POSTED, SIX_MADE

pytestmark = pytest.mark.django_db


def url(name, table):
    return reverse(name, args=[table.round.tournament.slug, table.round.number, table.number])


@pytest.fixture
def table():
    return table_with_players(3)


@pytest.fixture
def anna(table):
    return referee_of(table.round.tournament, name="anna")


@pytest.fixture
def boris(table):
    return referee_of(table.round.tournament, name="boris")


@pytest.fixture
def chief(table):
    return referee_of(table.round.tournament, Role.Kind.CHIEF, name="chief")


def post_as(client, user, table, **extra):
    client.force_login(user)
    return client.post(url("deal-add", table), {**POSTED, **extra})


def test_the_table_page_says_who_is_signed_in_for_the_outbox(client, table, anna):
    anna.first_name, anna.last_name = "Анна", "Белова"
    anna.save()
    client.force_login(anna)
    page = client.get(url("table", table)).content.decode()
    assert f'data-user="{anna.pk}"' in page
    assert 'data-user-name="Анна Белова"' in page
    assert 'data-chief="no"' in page
    assert 'id="tablet-aside"' in page


def test_a_deal_queued_by_another_referee_is_refused_and_nothing_is_stored(
    client, table, anna, boris
):
    response = post_as(client, boris, table, entered_by=str(anna.pk), idempotency_key="k-1")
    assert response.status_code == 403
    assert Deal.objects.count() == 0
    assert IdempotentRequest.objects.count() == 0  # the key stays free for its author
    # his own, and a form posted without the outbox, are his
    assert post_as(client, boris, table, entered_by=str(boris.pk)).status_code == 302
    assert DealVersion.objects.get().author == boris


def test_an_author_that_is_not_a_user_id_is_refused(client, table, boris):
    response = post_as(client, boris, table, entered_by="1; drop")
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def test_a_referee_cannot_take_the_chiefs_path(client, table, anna, boris):
    response = post_as(client, boris, table, entered_by=str(anna.pk), on_behalf="yes")
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def test_the_chief_sends_a_referees_deal_explicitly_recorded_with_its_real_author_and_logged(
    client, table, anna, chief
):
    response = post_as(
        client, chief, table, entered_by=str(anna.pk), on_behalf="yes", idempotency_key="k-a"
    )
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert deal.data == SIX_MADE
    assert DealVersion.objects.get(deal=deal).author == anna
    recorded = ActionLog.objects.get(action="deal.recorded")
    assert recorded.user == anna
    sent = ActionLog.objects.get(action="deal.sent_for_author")
    assert sent.user == chief and sent.data == {"author": anna.pk}
    assert sent.subject_id == deal.pk
    # the key is the author's: had his first post reached the server, it would be replayed
    assert IdempotentRequest.objects.get().user == anna


def test_the_chiefs_resend_of_a_deal_whose_first_answer_was_lost_is_stored_once(
    client, table, anna, chief
):
    first = post_as(client, anna, table, entered_by=str(anna.pk), idempotency_key="k-lost")
    assert first.status_code == 302
    again = post_as(
        client, chief, table, entered_by=str(anna.pk), on_behalf="yes", idempotency_key="k-lost"
    )
    assert again.status_code == 302 and again["Idempotent-Replayed"] == "true"
    assert Deal.objects.count() == 1
    assert not ActionLog.objects.filter(action="deal.sent_for_author").exists()


def test_the_chief_cannot_send_for_somebody_who_is_not_a_referee_of_the_table(client, table, chief):
    stranger = UserFactory()
    response = post_as(client, chief, table, entered_by=str(stranger.pk), on_behalf="yes")
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def discard(client, user, table, author, deals=("A: 6♠",)):
    client.force_login(user)
    return client.post(url("queue-discard", table), {"entered_by": author, "deal": list(deals)})


def test_the_chiefs_discard_of_a_referees_queued_deals_is_logged(client, table, anna, chief):
    response = discard(client, chief, table, str(anna.pk), ["A: 6♠", "распасы"])
    assert response.status_code == 200 and response.json() == {"discarded": 2}
    logged = ActionLog.objects.get(action="deal.queue_discarded")
    assert logged.user == chief and logged.subject_id == table.pk
    assert logged.data == {"author": anna.pk, "count": 2, "deals": ["A: 6♠", "распасы"]}
    # the author himself may discard his own
    assert discard(client, anna, table, str(anna.pk)).status_code == 200


def test_nobody_else_discards_a_referees_queued_deals(client, table, anna, boris):
    assert discard(client, boris, table, str(anna.pk)).status_code == 403
    assert discard(client, boris, table, "x").status_code == 400
    assert discard(client, boris, table, str(boris.pk), deals=()).status_code == 400
    assert discard(client, boris, table, str(boris.pk), deals=["a\x00"]).status_code == 400
    assert not ActionLog.objects.filter(action="deal.queue_discarded").exists()


def test_discarding_needs_a_login(client, table, anna):
    response = client.post(url("queue-discard", table), {"entered_by": str(anna.pk)})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_logging_out_clears_the_browsers_cache_and_the_next_page_empties_the_page_cache(
    client, anna
):
    client.force_login(anna)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache"'
    page = client.get(response["Location"]).content.decode()
    assert "js/signed-out.js" in page
    client.force_login(anna)
    assert "js/signed-out.js" not in client.get("/").content.decode()


def test_the_rule_is_the_services_not_the_pages(table, anna, boris, chief):
    """``record_deal`` itself refuses a deal entered by another referee (whatever calls it:
    the page, a command, a future API field), and takes it from the chief explicitly."""
    from referee.core.errors import NotAllowed
    from referee.tables import services

    with pytest.raises(NotAllowed):
        services.record_deal(table.pk, SIX_MADE, boris, entered_by=anna.pk)
    with pytest.raises(NotAllowed):  # the chief, but not explicitly
        services.record_deal(table.pk, SIX_MADE, chief, entered_by=anna.pk)
    assert not Deal.objects.filter(table=table).exists()
    deal = services.record_deal(table.pk, SIX_MADE, chief, entered_by=anna.pk, on_behalf=True)
    assert deal.versions.get().author == anna
    sent = ActionLog.objects.get(action="deal.sent_for_author")
    assert (sent.user, sent.data) == (chief, {"author": anna.pk})
