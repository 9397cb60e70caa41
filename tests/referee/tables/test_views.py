"""The table page: who sees and who changes what, deals through the form, the lifecycle,
the re-checkable case, and a query count that does not grow with the sheet."""

import json
import re
from fractions import Fraction

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.tables import lots, services
from referee.tables.models import Agreement, Deal, DealVersion, Table
from referee.tournaments.models import ActionLog, Round, Tournament
from scoring.casefile import check_case, run_case

from ..factories import UserFactory, random_deals, referee_of, table_with_players
from .test_forms import POSTED, SIX_MADE

pytestmark = pytest.mark.django_db

RASPASY = {"dealer": "A", "type": "raspasy", "play": "closed", "tricks": {"A": 3, "B": 3, "C": 4}}


def url(name, table, *extra):
    return reverse(
        name, args=[table.round.tournament.slug, table.round.number, table.number, *extra]
    )


@pytest.fixture
def table():
    return table_with_players(3)


@pytest.fixture
def referee(table):
    return referee_of(table.round.tournament)


@pytest.fixture
def chief(table):
    return referee_of(table.round.tournament, Role.Kind.CHIEF)


def signed_in(client, user):
    client.force_login(user)
    return client


def publish(table):
    """Publish the tournament and the table's round (the public sees published rounds)."""
    from referee.standings.models import StandingsSettings

    tournament = table.round.tournament
    tournament.published = True
    tournament.save()
    StandingsSettings.objects.update_or_create(
        tournament=tournament, defaults={"published_through": table.round.number}
    )


# -- seeing the table -----------------------------------------------------------------------


def test_a_referee_sees_the_table_with_the_entry_form_and_the_first_dealer_chosen(
    client, table, referee
):
    response = signed_in(client, referee).get(url("table", table))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["dealer"].value() == "A"  # seat 1 deals first
    assert 'name="tricks_A"' in response.content.decode()


def test_the_next_dealer_is_chosen_clockwise_after_the_last_deal(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)  # C dealt
    response = signed_in(client, referee).get(url("table", table))
    assert response.context["form"]["dealer"].value() == "A"
    services.record_deal(table.pk, {**SIX_MADE, "dealer": "A"}, referee)
    response = client.get(url("table", table))
    assert response.context["form"]["dealer"].value() == "B"


def test_the_minimum_contract_after_raspasy_is_shown_at_the_level(client, table, referee):
    services.record_deal(table.pk, RASPASY, referee)  # fspr: 6-7-7
    response = signed_in(client, referee).get(url("table", table))
    assert response.context["form"].minimum_level == 7
    assert "after raspasy at least 7" in response.content.decode()


def test_the_sheet_shows_pool_mountain_whists_balance_and_every_deal_explained(
    client, table, referee
):
    services.record_deal(table.pk, SIX_MADE, referee)
    response = signed_in(client, referee).get(url("table", table))
    players = response.context["players"]
    assert [p["pool"] for p in players] == ["2", "0", "0"]
    assert [p["whists"] for p in players] == [["", "0", "0"], ["8", "", "0"], ["8", "0", ""]]
    assert sum(p["result"] for p in players) == 0
    page = response.content.decode()
    name = table.seats.get(position=1).registration.player.name
    assert f"{name}: 6♠" in page
    assert "writes 8 on " + name + ": 2 tricks of his own × 4" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="pulka three"' in page


def test_the_explanations_follow_the_language_of_the_request(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    page = signed_in(client, referee).get(url("table", table), HTTP_ACCEPT_LANGUAGE="ru")
    assert "пишет 8 вист. на" in page.content.decode()


def test_player_names_are_escaped_in_the_page_and_the_drawing(client, table, referee):
    player = table.seats.get(position=2).registration.player
    player.name = "<script>x()</script>"
    player.save()
    services.record_deal(table.pk, SIX_MADE, referee)
    page = signed_in(client, referee).get(url("table", table)).content.decode()
    assert "<script>x()" not in page
    assert "&lt;script&gt;x()&lt;/script&gt;" in page


def test_the_public_sees_a_published_table_without_the_form(client, table, referee):
    publish(table)
    services.record_deal(table.pk, SIX_MADE, referee)
    response = client.get(url("table", table))
    assert response.status_code == 200
    assert response.context["form"] is None
    assert "deal-form" not in response.content.decode()
    assert len(response.context["deals"]) == 1


def test_the_public_gets_404_for_an_unpublished_table(client, table):
    assert client.get(url("table", table)).status_code == 404
    stranger = UserFactory()
    assert signed_in(client, stranger).get(url("table", table)).status_code == 404


def test_a_table_that_does_not_exist_is_404(client, table, referee):
    missing = reverse("table", args=[table.round.tournament.slug, table.round.number, 99])
    assert signed_in(client, referee).get(missing).status_code == 404


# -- recording deals ------------------------------------------------------------------------


def test_a_referee_records_a_deal_and_comes_back_to_the_table_with_a_message(
    client, table, referee
):
    response = signed_in(client, referee).post(url("deal-add", table), POSTED)
    assert response.status_code == 302 and response["Location"] == url("table", table)
    assert Deal.objects.get(table=table).data == SIX_MADE
    page = client.get(response["Location"])
    assert "The deal is recorded." in page.content.decode()


def test_an_invalid_deal_shows_the_engine_message_at_the_tricks_and_saves_nothing(
    client, table, referee
):
    response = signed_in(client, referee).post(url("deal-add", table), {**POSTED, "tricks_C": "1"})
    assert response.status_code == 200
    assert response.context["form"].errors["tricks"] == ["tricks sum to 9, not 10"]
    tricks = re.search(r'id="f-tricks".*?</fieldset>', response.content.decode(), re.S)
    assert "tricks sum to 9, not 10" in tricks.group(0)
    assert Deal.objects.count() == 0 and DealVersion.objects.count() == 0


def test_an_impossible_call_is_shown_at_the_calls(client, table, referee):
    posted = {**POSTED, "level": "8", "call_1_call": "pass", "call_2_call": "half_whist"}
    posted.update(play="none", tricks_A="", tricks_B="", tricks_C="")
    response = signed_in(client, referee).post(url("deal-add", table), posted)
    assert response.context["form"].errors["calls"] == ["half-whist is allowed only on 6 and 7"]
    calls = re.search(r'id="f-calls".*?</fieldset>', response.content.decode(), re.S)
    assert "half-whist is allowed only on 6 and 7" in calls.group(0)
    assert Deal.objects.count() == 0


def test_a_contract_below_the_minimum_after_raspasy_is_shown_at_the_level(client, table, referee):
    services.record_deal(table.pk, RASPASY, referee)
    response = signed_in(client, referee).post(url("deal-add", table), POSTED)
    assert response.context["form"].errors["level"] == [
        "contract below the minimum after raspasy: 6 < 7"
    ]
    assert "after raspasy at least 7" in response.content.decode()
    assert Deal.objects.count() == 1


def test_a_form_check_is_shown_at_its_field_and_saves_nothing(client, table, referee):
    response = signed_in(client, referee).post(url("deal-add", table), {**POSTED, "declarer": ""})
    assert response.context["form"].errors["declarer"] == ["Choose a declarer for a game."]
    assert Deal.objects.count() == 0


def test_the_site_draws_the_lot_of_a_disputed_plan_and_records_it(client, table, referee):
    posted = {
        **POSTED,
        "call_2_call": "pass",
        "play": "open",
        "ruling": "kodex-3.8.5.1-qualification",
        "dissenter": "C",
        "alternative_A": "5",
        "alternative_B": "3",
        "alternative_C": "2",
        "draw_lot": "1",
    }
    response = signed_in(client, referee).post(url("deal-add", table), posted, follow=True)
    ruling = Deal.objects.get().data["ruling"]
    assert ruling["lot"] in ("actual", "alternative")
    assert ruling["lot_drawn_by"] == "site"
    drawn = "the actual play" if ruling["lot"] == "actual" else "the other plan"
    assert f"The lot gave the declarer {drawn}." in response.content.decode()


def test_draw_lot_sets_the_drawn_result_and_its_witness():
    data = {**SIX_MADE, "ruling": {"rule": "kodex-3.8.5.1", "mode": "qualification", "lot": None}}
    drawn = lots.draw_lot(data, choose=lambda lots: lots[1])
    assert drawn["ruling"]["lot"] == "alternative"
    assert drawn["ruling"]["lot_drawn_by"] == "site"
    assert data["ruling"]["lot"] is None  # the input is not changed


def test_draw_lot_refuses_a_deal_without_a_qualification_plan():
    with pytest.raises(services.ServiceError):
        lots.draw_lot(SIX_MADE)


# -- who may post -------------------------------------------------------------------------


def test_anonymous_posts_are_sent_to_log_in(client, table):
    publish(table)
    response = client.post(url("deal-add", table), POSTED)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert Deal.objects.count() == 0


def test_a_stranger_cannot_post_to_a_published_table(client, table):
    publish(table)
    response = signed_in(client, UserFactory()).post(url("deal-add", table), POSTED)
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def test_a_stranger_gets_404_when_posting_to_an_unpublished_table(client, table):
    response = signed_in(client, UserFactory()).post(url("deal-add", table), POSTED)
    assert response.status_code == 404


def test_a_referee_of_another_tournament_cannot_post(client, table):
    publish(table)
    other = referee_of(table_with_players(3).round.tournament)
    response = signed_in(client, other).post(url("deal-add", table), POSTED)
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def test_a_referee_of_another_tournament_cannot_delete_or_sign_off(client, table, referee):
    publish(table)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    other = referee_of(table_with_players(3).round.tournament)
    signed_in(client, other)
    assert client.post(url("deal-delete", table, 1), {"reason": "x"}).status_code == 403
    assert client.post(url("table-submit", table)).status_code == 403
    deal.refresh_from_db()
    table.refresh_from_db()
    assert not deal.deleted and table.status == Table.Status.OPEN


def test_a_stranger_cannot_open_the_correction_form(client, table, referee):
    publish(table)
    services.record_deal(table.pk, SIX_MADE, referee)
    response = signed_in(client, UserFactory()).get(url("deal-edit", table, 1))
    assert response.status_code == 403


def test_the_table_page_only_takes_posts_where_it_says_so(client, table, referee):
    assert signed_in(client, referee).get(url("deal-add", table)).status_code == 405


# -- corrections, deletions, history --------------------------------------------------------


def test_the_correction_form_is_prefilled_from_the_stored_deal(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    response = signed_in(client, referee).get(url("deal-edit", table, 1))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["tricks_A"].value() == 6
    assert form["call_2_player"].value() == "C"
    assert form["level"].value() == 6


def test_a_correction_needs_a_reason_and_keeps_the_old_version(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    fixed = {**POSTED, "tricks_A": "7", "tricks_C": "1"}
    signed_in(client, referee)
    response = client.post(url("deal-edit", table, 1), fixed)
    assert response.context["form"].errors["reason"]
    response = client.post(url("deal-edit", table, 1), {**fixed, "reason": "C had one trick"})
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert deal.version == 2 and deal.data["tricks"] == {"A": 7, "B": 2, "C": 1}
    assert deal.versions.get(version=2).reason == "C had one trick"


def test_an_invalid_correction_shows_the_engine_message_and_changes_nothing(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    posted = {**POSTED, "tricks_A": "9", "reason": "typo"}
    response = signed_in(client, referee).post(url("deal-edit", table, 1), posted)
    assert response.context["form"].errors["tricks"] == ["tricks sum to 13, not 10"]
    assert Deal.objects.get().version == 1


def test_a_deal_is_deleted_and_restored_with_reasons(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    signed_in(client, referee)
    client.post(url("deal-delete", table, 1), {"reason": ""})
    assert not Deal.objects.get().deleted
    response = client.post(url("deal-delete", table, 1), {"reason": "entered twice"}, follow=True)
    assert Deal.objects.get().deleted
    assert response.context["deals"] == []
    assert [d["deal"].number for d in response.context["deleted"]] == [1]
    client.post(url("deal-restore", table, 1), {"reason": "it was not a duplicate"})
    deal = Deal.objects.get()
    assert not deal.deleted and deal.version == 3


def test_a_delete_without_a_reason_says_why_it_was_refused(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    response = signed_in(client, referee).post(
        url("deal-delete", table, 1), {"reason": " "}, follow=True
    )
    assert "Say why the deal is deleted." in response.content.decode()


def test_the_history_lists_every_version_with_author_reason_and_marks(client, table, referee):
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    services.correct_deal(deal.pk, {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}, referee, "C")
    services.delete_deal(deal.pk, referee, "twice")
    services.restore_deal(deal.pk, referee, "not twice")
    response = signed_in(client, referee).get(url("deal-history", table, 1))
    assert response.status_code == 200
    versions = response.context["versions"]
    assert [v["change"] for v in versions] == ["recorded", "corrected", "deleted", "restored"]
    assert [v["version"].reason for v in versions] == ["", "C", "twice", "not twice"]
    assert "7 tricks" in versions[1]["summary"]
    assert referee.username in response.content.decode()


def test_the_history_is_for_officials_only(client, table, referee):
    publish(table)
    services.record_deal(table.pk, SIX_MADE, referee)
    anonymous = client.get(url("deal-history", table, 1))
    assert anonymous.status_code == 302
    assert signed_in(client, UserFactory()).get(url("deal-history", table, 1)).status_code == 403


# -- the lifecycle ------------------------------------------------------------------------


def test_signing_off_locks_the_table_and_the_page_says_only_the_chief_may_change_it(
    client, table, referee
):
    services.record_deal(table.pk, SIX_MADE, referee)
    signed_in(client, referee)
    asked = client.post(url("table-submit", table))
    assert "Sign off and lock" in asked.content.decode()  # the totals first
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    response = client.post(url("table-submit", table), {"confirmed": "1"}, follow=True)
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED and table.submitted_by == referee
    assert response.context["form"] is None
    page = response.content.decode()
    assert "Only the chief referee may change it" in page
    assert "signed off by " + referee.username in page


def test_a_signed_off_table_refuses_the_referee_deals(client, table, referee):
    services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    response = signed_in(client, referee).post(url("deal-add", table), {**POSTED, "dealer": "A"})
    assert response.status_code == 403
    assert Deal.objects.count() == 1


def test_the_chief_corrects_a_locked_table_through_the_same_form_with_a_ruling(
    client, table, referee, chief
):
    services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    signed_in(client, chief)
    page = client.get(url("table", table))
    assert page.context["mode"] == "ruling" and page.context["form"].reason_required
    posted = {**POSTED, "tricks_A": "7", "tricks_C": "1", "reason": "ruling: C revoked"}
    response = client.post(url("deal-edit", table, 1), posted)
    assert response.status_code == 302
    assert Deal.objects.get().versions.get(version=2).reason == "ruling: C revoked"


def test_a_referee_opening_a_correction_on_a_locked_table_is_sent_back_with_why(
    client, table, referee
):
    services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    response = signed_in(client, referee).get(url("deal-edit", table, 1), follow=True)
    assert response.redirect_chain == [(url("table", table), 302)]
    assert "This deal cannot be changed now" in response.content.decode()


def test_a_chief_ruling_adding_a_deal_to_a_locked_table_needs_a_reason(client, table, chief):
    services.record_deal(table.pk, SIX_MADE, chief)
    services.submit_table(table.pk, chief)
    signed_in(client, chief)
    response = client.post(url("deal-add", table), {**POSTED, "dealer": "A"})
    assert response.context["form"].errors["reason"]
    client.post(url("deal-add", table), {**POSTED, "dealer": "A", "reason": "missed deal"})
    assert Deal.objects.count() == 2


def test_a_second_referee_confirms_a_signed_off_table(client):
    table = table_with_players(3, second_confirmation=True)
    first, second = referee_of(table.round.tournament), referee_of(table.round.tournament)
    services.record_deal(table.pk, SIX_MADE, first)
    signed_in(client, first).post(url("table-submit", table), {"confirmed": "1"})
    table.refresh_from_db()
    assert table.status == Table.Status.SUBMITTED
    assert client.get(url("table", table)).context["can_confirm"] is False
    assert client.post(url("table-confirm", table)).status_code == 403
    signed_in(client, second)
    assert client.get(url("table", table)).context["can_confirm"] is True
    client.post(url("table-confirm", table), {"confirmed": "1"})
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED and table.confirmed_by == second


def test_only_the_chief_reopens_a_table_and_with_a_reason(client, table, referee, chief):
    services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    assert (
        signed_in(client, referee).post(url("table-reopen", table), {"reason": "x"}).status_code
        == 403
    )
    signed_in(client, chief)
    client.post(url("table-reopen", table), {"reason": ""})
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED
    client.post(url("table-reopen", table), {"reason": "appeal upheld"})
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_an_empty_table_cannot_be_signed_off(client, table, referee):
    response = signed_in(client, referee).post(
        url("table-submit", table), {"confirmed": "1"}, follow=True
    )
    assert "A table with no deals cannot be signed off." in response.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_no_entry_form_before_the_round_is_in_play(client, table, referee):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.DRAFT)
    response = signed_in(client, referee).get(url("table", table))
    assert response.context["form"] is None


# -- the re-checkable case ----------------------------------------------------------------


def test_the_protocol_is_a_pulka_case_that_checks(client, table, referee):
    publish(table)
    for data in random_deals(12):
        services.record_deal(table.pk, data, referee)
    response = client.get(url("table-case", table))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    [case] = json.loads(response.content)
    assert case["kind"] == "pulka" and case["players"] == ["A", "B", "C"]
    assert case["convention"] == "fspr"
    assert case["deals"] == [d.data for d in Deal.objects.order_by("number")]
    assert check_case(case, run_case(case)) == []


RULED = [
    {**SIX_MADE, "referee_rulings": [{"kind": "prikup_refusal", "points": 2}]},
    {
        "dealer": "A",
        "type": "game",
        "declarer": "B",
        "contract": {"level": 6, "strain": "H"},
        "defence": [
            {"player": "C", "call": "whist", "order": 1},
            {"player": "A", "call": "pass", "order": 2},
        ],
        "play": "closed",
        "tricks": {"A": 2, "B": 6, "C": 2},
        "referee_rulings": [{"kind": "talon_peeking", "player": "A"}],
    },
    {
        **RASPASY,
        "dealer": "B",
        "referee_rulings": [
            {"kind": "raspasy_dealer_fine", "points": 2},
            {"kind": "manual", "entry": "gora", "player": "C", "amount": 150, "reason": "late"},
            {
                "kind": "manual",
                "entry": "whist",
                "player": "A",
                "on": "B",
                "amount": 10,
                "reason": "compensation",
            },
        ],
    },
]


def test_the_protocol_carries_every_referee_ruling_and_certifies_the_kept_result(
    client, table, referee
):
    """Issue 13: protocol.json keeps each deal's referee_rulings (SPEC §12.4.1), so the case
    reproduces exactly what the standings use (the table's kept result), and a file without
    them no longer checks."""
    for data in RULED:
        services.record_deal(table.pk, data, referee)
    [case] = signed_in(client, referee).get(url("table-case", table)).json()
    assert case["deals"] == RULED
    assert check_case(case, run_case(case)) == []
    table.refresh_from_db()
    kept = {p: round(float(Fraction(v)), 6) for p, v in table.result["whists"].items()}
    assert case["expected"]["result"] == kept
    # the 150 of the manual mountain entry is in the certified figures
    stripped = {
        **case,
        "deals": [{k: v for k, v in d.items() if k != "referee_rulings"} for d in RULED],
    }
    assert run_case(stripped)["gora"]["C"] <= case["expected"]["gora"]["C"] - 150
    # the file without the rulings, still claiming the kept result, fails the check
    assert check_case(stripped, run_case(stripped)) != []


def test_the_protocol_of_an_unpublished_table_is_for_officials(client, table, referee):
    assert client.get(url("table-case", table)).status_code == 404
    assert signed_in(client, referee).get(url("table-case", table)).status_code == 200


# -- queries ------------------------------------------------------------------------------


def sheet_of(size, **tournament):
    table = table_with_players(3, **tournament)
    for number, data in enumerate(random_deals(size, seed=size), start=1):
        Deal.objects.create(table=table, number=number, data=data)
    return table


@pytest.mark.parametrize("size", [3, 30])
def test_the_table_page_takes_the_same_queries_for_3_and_30_deals_for_a_referee(
    client, django_assert_num_queries, size
):
    table = sheet_of(size, referees_assigned_only=True)
    referee = referee_of(table.round.tournament)
    table.referees.add(referee)
    signed_in(client, referee)
    # session, user, table, roles, assigned (×2), seats, deals, deleted deals, the
    # players' word, substitutions, appeals, the seat draw on record
    with django_assert_num_queries(13):
        response = client.get(url("table", table))
    assert response.status_code == 200
    assert len(response.context["deals"]) == size


@pytest.mark.parametrize("size", [3, 30])
def test_the_table_page_takes_the_same_queries_for_3_and_30_deals_for_the_public(
    client, django_assert_num_queries, size
):
    table = sheet_of(size)
    publish(table)
    # table, the published rounds, seats, deals, the seat draw on record
    with django_assert_num_queries(5):
        response = client.get(url("table", table))
    assert response.status_code == 200
    assert len(response.context["deals"]) == size


def test_a_round_the_organiser_keeps_hidden_is_not_shown_to_the_public(client, table, referee):
    from referee.standings.models import StandingsSettings

    publish(table)
    page = reverse("table", args=[table.round.tournament.slug, table.round.number, table.number])
    assert client.get(page).status_code == 200
    StandingsSettings.objects.filter(tournament=table.round.tournament).update(
        published_through=table.round.number - 1 or None
    )
    assert client.get(page).status_code == 404
    signed_in(client, referee)
    assert client.get(page).status_code == 200


def test_players_confirm_their_totals_before_the_table_locks(client, table, referee):
    Tournament.objects.filter(pk=table.round.tournament_id).update(players_confirm=True)
    services.record_deal(table.pk, SIX_MADE, referee)
    seats = list(table.seats.order_by("position"))
    signed_in(client, referee)
    page = client.get(url("table-submit", table)).content.decode()
    assert "agrees" in page and seats[0].registration.player.name in page
    posted = {"confirmed": "1", f"agree_{seats[0].pk}": "1"}
    response = client.post(url("table-submit", table), posted, follow=True)
    assert "Every player agrees or records a dispute first" in response.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    posted |= {f"agree_{seats[1].pk}": "1", f"dispute_{seats[2].pk}": "deal 1 was 7, not 6"}
    client.post(url("table-submit", table), posted)
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED
    words = {a.seat_id: (a.agreed, a.dispute) for a in Agreement.objects.filter(table=table)}
    assert words[seats[0].pk] == (True, "") and words[seats[2].pk] == (False, "deal 1 was 7, not 6")
    assert ActionLog.objects.filter(action="table.disputed").count() == 1


@pytest.mark.parametrize(
    "ruling", [{"ruling": "kodex-3.4.4", "bid_level": "6"}, {"ruling": "kodex-3.4.6"}]
)
def test_a_talon_peekers_whist_on_a_penalty_set_is_refused_at_the_calls(
    client, table, referee, ruling
):
    # SPEC §12.4.1: C peeked at the talon and may not whist in this deal, even on a
    # Kodeks 3.4.4 / 3.4.6 set without play; nothing is saved
    posted = {**POSTED, **ruling, "call_1_call": "pass", "talon_peeking": "C", "play": "none"}
    posted.update(tricks_A="", tricks_B="", tricks_C="", proven_undertricks="0")
    response = signed_in(client, referee).post(url("deal-add", table), posted)
    assert response.status_code == 200
    assert response.context["form"].errors["calls"] == [
        "C looked at the talon and may not whist in this deal"
    ]
    assert Deal.objects.count() == 0 and DealVersion.objects.count() == 0
