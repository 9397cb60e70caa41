"""The chief referee resolves a player's dispute of his table's totals: dismissed (the totals
stand) or upheld (the table is reopened for correction); who may, what is recorded and
logged, what the dashboard, the table page and the protocol show, in Russian too."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.seating.dashboard import round_disputes
from referee.standings.models import StandingsSettings
from referee.tables import services
from referee.tables.agreements import Verdict, agreements_of, resolve_dispute, sign_off, words_of
from referee.tables.models import Agreement, Deal, Table
from referee.tournaments.actions import ACTIONS
from referee.tournaments.models import ActionLog, Tournament

from ..factories import (
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_with_players,
)
from .test_forms import SIX_MADE

pytestmark = pytest.mark.django_db

DISPUTE = "deal 1 was a seven, not a six"
LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def table():
    tournament = TournamentFactory(players_confirm=True, published=True)
    return table_with_players(3, round=RoundFactory(tournament=tournament, number=1))


def text_of(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", page).split())


@pytest.fixture
def referee(table):
    user = UserFactory(username="ref-ivanova", first_name="Анна", last_name="Иванова")
    Role.objects.create(tournament=table.round.tournament, user=user, kind=Role.Kind.REFEREE)
    return user


@pytest.fixture
def chief(table):
    user = UserFactory(username="chief-petrov", first_name="Пётр", last_name="Петров")
    Role.objects.create(tournament=table.round.tournament, user=user, kind=Role.Kind.CHIEF)
    return user


def seats_of(table):
    return list(table.seats.order_by("position").select_related("registration__player"))


def signed_with_a_dispute(table, referee) -> Agreement:
    """One deal; the first two players agree, the third disputes; the table locks."""
    services.record_deal(table.pk, SIX_MADE, referee)
    a, b, c = seats_of(table)
    verdicts = {a.pk: Verdict(True), b.pk: Verdict(True), c.pk: Verdict(False, DISPUTE)}
    sign_off(table.pk, referee, verdicts)
    return Agreement.objects.get(table=table, seat=c)


def resolved_entries():
    return ActionLog.objects.filter(action="table.dispute_resolved")


def page_url(name, table, *extra):
    t = table.round.tournament
    return reverse(name, args=[t.slug, table.round.number, table.number, *extra])


# -- the service ------------------------------------------------------------------------------


def test_dismissed_the_totals_stand_and_the_decision_is_recorded_and_logged(table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    deals_before = list(Deal.objects.filter(table=table).values_list("data", flat=True))
    resolve_dispute(word.pk, chief, "dismissed", "  the referee's record shows a six  ")
    word.refresh_from_db()
    table.refresh_from_db()
    assert (word.resolution, word.resolution_reason) == (
        "dismissed",
        "the referee's record shows a six",
    )
    assert word.resolved_by == chief and word.resolved_at is not None
    assert word.at <= word.resolved_at  # when it was recorded is kept
    assert table.status == Table.Status.LOCKED
    assert list(Deal.objects.filter(table=table).values_list("data", flat=True)) == deals_before
    [entry] = resolved_entries()
    player = seats_of(table)[2].registration.player.name
    assert entry.user == chief and entry.reason == "the referee's record shows a six"
    assert entry.data == {"player": player, "decision": "dismissed"}
    assert list(ActionLog.objects.about(table).filter(action="table.dispute_resolved")) == [entry]
    assert not ActionLog.objects.filter(action="table.reopened").exists()


def test_upheld_reopens_the_table_for_correction_and_a_new_sign_off_keeps_the_record(
    table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    resolve_dispute(word.pk, chief, "upheld", "the declarer took seven tricks")
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert table.submitted_by is None and table.locked_at is None
    reopened = ActionLog.objects.get(action="table.reopened")
    assert reopened.reason == "the declarer took seven tricks" and reopened.user == chief
    assert resolved_entries().get().data["decision"] == "upheld"
    # the referee corrects the deal and signs off again: every player agrees this time
    deal = Deal.objects.get(table=table, number=1)
    services.correct_deal(deal.pk, {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}, referee, "7")
    sign_off(table.pk, referee, {s.pk: Verdict(True) for s in seats_of(table)})
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED
    assert all(w.agreed for w in agreements_of(table).values())
    words = words_of(table)
    assert len(words) == 6  # three words at each sign-off
    [earlier] = [w for w in words if w.disputed]
    assert earlier.superseded and earlier.resolution == "upheld"


def test_upholding_a_dispute_on_a_table_open_already_reopens_nothing(table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    services.reopen_table(table.pk, chief, "the chief looks at deal 1")
    resolve_dispute(word.pk, chief, "upheld", "deal 1 was a seven")
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert ActionLog.objects.filter(action="table.reopened").count() == 1  # the chief's own
    word.refresh_from_db()
    assert word.resolution == "upheld"


@pytest.mark.parametrize("who", ["referee", "anonymous", "other-chief", "other-named-chief"])
def test_only_this_tournament_s_chief_resolves(table, referee, chief, who):
    word = signed_with_a_dispute(table, referee)
    other = TournamentFactory()
    user = {
        "referee": referee,
        "anonymous": AnonymousUser(),
        "other-chief": referee_of(other, Role.Kind.CHIEF),
        "other-named-chief": None,
    }[who]
    if user is None:  # the chief of another tournament by name, not by role
        user = UserFactory()
        Tournament.objects.filter(pk=other.pk).update(chief_referee=user)
    with pytest.raises(NotAllowed):
        resolve_dispute(word.pk, user, "upheld", "no")
    word.refresh_from_db()
    table.refresh_from_db()
    assert word.resolution == "" and word.resolved_by is None
    assert table.status == Table.Status.LOCKED
    assert not resolved_entries().exists()


def test_a_dispute_is_resolved_once(table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    resolve_dispute(word.pk, chief, "dismissed", "a six it was")
    with pytest.raises(ServiceError) as refused:
        resolve_dispute(word.pk, chief, "upheld", "changed my mind")
    assert refused.value.code == "tables.dispute.resolved"
    word.refresh_from_db()
    table.refresh_from_db()
    assert word.resolution == "dismissed" and word.resolution_reason == "a six it was"
    assert table.status == Table.Status.LOCKED
    assert resolved_entries().count() == 1


def test_a_dispute_of_an_earlier_sign_off_is_not_resolved_any_more(table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    services.reopen_table(table.pk, chief, "recount")
    sign_off(table.pk, referee, {s.pk: Verdict(True) for s in seats_of(table)})
    with pytest.raises(ServiceError) as refused:
        resolve_dispute(word.pk, chief, "dismissed", "late")
    assert refused.value.code == "tables.dispute.superseded"
    assert not resolved_entries().exists()


def test_an_agreement_is_no_dispute_to_resolve(table, referee, chief):
    signed_with_a_dispute(table, referee)
    agreed = Agreement.objects.filter(table=table, agreed=True).first()
    with pytest.raises(ServiceError) as refused:
        resolve_dispute(agreed.pk, chief, "dismissed", "nothing to decide")
    assert refused.value.code == "tables.dispute.agreed"


@pytest.mark.parametrize(
    ("decision", "reason", "field"),
    [
        ("upheld", "   ", "reason"),
        ("upheld", "bad\x00byte", "reason"),
        ("upheld", "x" * 2001, "reason"),
        ("reopen", "a reason", "decision"),
        ("", "a reason", "decision"),
    ],
)
def test_a_decision_needs_an_offered_value_and_a_reason_and_changes_nothing_without(
    table, referee, chief, decision, reason, field
):
    word = signed_with_a_dispute(table, referee)
    with pytest.raises(ServiceError) as refused:
        resolve_dispute(word.pk, chief, decision, reason)
    assert refused.value.field == field
    word.refresh_from_db()
    table.refresh_from_db()
    assert word.resolution == "" and table.status == Table.Status.LOCKED
    logged = ActionLog.objects.filter(action__in=["table.reopened", "table.dispute_resolved"])
    assert not logged.exists()


def test_the_action_has_a_russian_label():
    with translation.override("ru"):
        assert (
            str(ACTIONS["table.dispute_resolved"].label) == "принято решение по возражению игрока"
        )


# -- the dashboard ----------------------------------------------------------------------------


def dashboard(client, table):
    t = table.round.tournament
    return client.get(reverse("round-dashboard", args=[t.slug, table.round.number]))


def test_the_dashboard_lists_the_open_dispute_and_counts_it_until_it_is_resolved(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    client.force_login(chief)
    response = dashboard(client, table)
    page = response.content.decode()
    [line] = response.context["lines"]
    assert (line.disputes, line.resolved) == (1, 0)
    assert "1 dispute awaits your decision" in page
    assert DISPUTE in page and word.seat.registration.player.name in page
    assert "recorded by Анна Иванова" in page  # who recorded it, by full name, and when
    assert page_url("table-dispute", table, word.pk) in page
    resolve_dispute(word.pk, chief, "dismissed", "a six it was")
    response = dashboard(client, table)
    page = response.content.decode()
    [line] = response.context["lines"]
    assert (line.disputes, line.resolved) == (0, 1)
    assert (
        "awaits your decision" not in page and page_url("table-dispute", table, word.pk) not in page
    )
    assert "1 resolved" in page


def test_the_round_s_disputes_are_those_of_the_latest_sign_offs(table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    assert round_disputes(table.round) == [word]
    services.reopen_table(table.pk, chief, "recount")
    sign_off(table.pk, referee, {s.pk: Verdict(True) for s in seats_of(table)})
    assert round_disputes(table.round) == []


# -- the table page and the decision page -----------------------------------------------------


def test_the_chief_sees_the_dispute_on_the_table_page_with_its_decision_link(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    client.force_login(chief)
    page = client.get(page_url("table", table)).content.decode()
    assert 'id="disputes"' in page and DISPUTE in page and "recorded by Анна Иванова" in page
    assert page_url("table-dispute", table, word.pk) in page
    client.force_login(referee)
    page = client.get(page_url("table", table)).content.decode()
    assert DISPUTE in page and "awaiting the chief referee" in page
    assert page_url("table-dispute", table, word.pk) not in page  # referees do not decide
    client.logout()
    StandingsSettings.objects.create(tournament=table.round.tournament, published_through=1)
    response = client.get(page_url("table", table))
    assert response.status_code == 200
    assert DISPUTE not in response.content.decode()  # the public reads it in the protocol


def test_the_decision_page_shows_the_dispute_and_the_totals_and_records_the_decision(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    client.force_login(chief)
    url = page_url("table-dispute", table, word.pk)
    page = client.get(url).content.decode()
    assert DISPUTE in page and "Анна Иванова" in page
    assert 'name="decision"' in page and 'value="upheld"' in page and "<textarea" in page
    assert "The totals disputed" in page
    response = client.post(url, {"decision": "upheld", "reason": "seven tricks"}, follow=True)
    assert response.redirect_chain[-1][0] == page_url("table", table) + "#disputes"
    page = text_of(response.content.decode())
    assert "The dispute is upheld: the table is open for correction." in page
    assert "upheld — the table is reopened for correction: seven tricks" in page
    assert "decided by Пётр Петров" in page
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert 'name="decision"' not in client.get(url).content.decode()  # resolved: no form


def test_a_decision_without_a_reason_is_a_form_error_that_keeps_the_choice(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    client.force_login(chief)
    response = client.post(page_url("table-dispute", table, word.pk), {"decision": "upheld"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "error-summary" in page and "Reason: This field is required." in page
    assert re.search(r'<input[^>]*value="upheld"[^>]*checked', page)  # the choice is kept
    word.refresh_from_db()
    table.refresh_from_db()
    assert word.resolution == "" and table.status == Table.Status.LOCKED


def test_a_second_decision_through_the_page_is_refused_with_a_message(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    resolve_dispute(word.pk, chief, "dismissed", "a six it was")
    client.force_login(chief)
    url = page_url("table-dispute", table, word.pk)
    response = client.post(url, {"decision": "upheld", "reason": "again"}, follow=True)
    assert "This dispute is resolved already." in response.content.decode()
    word.refresh_from_db()
    assert word.resolution == "dismissed"


def test_the_decision_page_is_the_chief_s_only(client, table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    url = page_url("table-dispute", table, word.pk)
    posted = {"decision": "upheld", "reason": "no"}
    response = client.post(url, posted)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(referee)
    assert client.get(url).status_code == 403
    assert client.post(url, posted).status_code == 403
    client.force_login(referee_of(TournamentFactory(), Role.Kind.CHIEF))
    assert client.get(url).status_code == 404  # a round of another's he may not even see
    StandingsSettings.objects.create(
        tournament=table.round.tournament, published_through=table.round.number
    )
    assert client.get(url).status_code == 403  # once he may see it, still not his to decide
    assert client.post(url, posted).status_code == 403
    word.refresh_from_db()
    assert word.resolution == ""


def test_a_dispute_of_another_table_is_not_found_here(client, table, referee, chief):
    word = signed_with_a_dispute(table, referee)
    other = table_with_players(3, round=table.round, number=2)
    client.force_login(chief)
    assert client.get(page_url("table-dispute", other, word.pk)).status_code == 404


def test_the_decision_page_speaks_russian(client, table, referee, chief, settings):
    settings.LANGUAGE_CODE = "ru"
    word = signed_with_a_dispute(table, referee)
    client.force_login(chief)
    page = client.get(page_url("table-dispute", table, word.pk)).content.decode()
    assert "Возражение за столом 1 тура 1" in page
    assert "отклонено — итоги остаются в силе" in page
    assert "удовлетворено — стол открыт для исправления" in page
    assert "Записать решение" in page
    section = page[page.index('<section class="confirm') : page.index("</section>")]
    text = re.sub(r"<[^>]+>", " ", section).replace(DISPUTE, "")
    assert not LATIN.findall(text), LATIN.findall(text)
    resolve_dispute(word.pk, chief, "dismissed", "шесть взяток")
    page = client.get(page_url("table", table)).content.decode()
    assert "отклонено" in page and "решение: Пётр Петров" in page
    page = dashboard(client, table).content.decode()
    assert "решено: 1" in page


# -- the protocol -----------------------------------------------------------------------------


def test_the_protocol_shows_who_agreed_the_dispute_and_its_resolution(
    client, table, referee, chief
):
    from referee.exports import reports
    from tests.referee.exports.test_reports import pdf_text

    word = signed_with_a_dispute(table, referee)
    resolve_dispute(word.pk, chief, "dismissed", "the record shows a six")
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    text = " ".join("\n".join(pdf_text(reports.protocol_pdf(table, chief))).split())
    assert text.count("agreed with the totals") == 2
    assert DISPUTE in text
    assert "dismissed — the totals stand: the record shows a six" in text
    assert "Пётр Петров" in text and "Анна Иванова" in text


def test_after_an_upheld_dispute_every_player_gives_his_word_anew_at_sign_off(
    client, table, referee, chief
):
    word = signed_with_a_dispute(table, referee)
    resolve_dispute(word.pk, chief, "upheld", "seven tricks")
    client.force_login(referee)
    page = client.get(page_url("table-submit", table)).content.decode()
    assert not re.search(r'<input type="checkbox"[^>]*checked', page)  # nothing carried over
    assert page.count("At the earlier sign-off: agreed.") == 2
    assert f"At the earlier sign-off: disputed “{DISPUTE}”." in page
    assert "Upheld — the table is reopened for correction." in page
    assert f'value="{DISPUTE}"' not in page


def test_a_reopened_table_s_protocol_has_no_word_beside_the_signatures_yet(
    client, table, referee, chief
):
    from referee.exports.hall import protocol_extras

    word = signed_with_a_dispute(table, referee)
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    assert len(protocol_extras(table)["agreements"]) == 3
    resolve_dispute(word.pk, chief, "upheld", "seven tricks")
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    extras = protocol_extras(table)
    assert extras["agreements"] == {}  # the totals may change: nobody has agreed to them yet
    assert [w.resolution for w in extras["disputes"]] == ["upheld"]
