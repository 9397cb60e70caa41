"""The unfinished-pulka policy "finish the lap" (TOURNAMENTS §7): at the deal cap or the
round's time limit the table plays on until the first dealer's turn comes back, then the
pulka is settled as it stands. Numbers by hand from play.py's deal: the winner orders 6♠,
both defenders pass, no play: he writes 2 in his pool; fspr, k = 2: m = -4 a deal for him,
0 for the others; whists = (average m - m) × 10."""

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from referee.core.errors import ServiceError
from referee.seating import services as seating
from referee.standings.services import standings_after
from referee.tables import services as tables
from referee.tables.lap import lap_end, table_lap, turns_of
from referee.tables.models import DealVersion
from referee.tournaments.models import ActionLog, Tournament

from ..format.play import pass_pass, tournament_of

pytestmark = pytest.mark.django_db


def one_table(players, **fields):
    """A running tournament of one table (``players`` = 3 or 4), its round started."""
    tournament, _entries, chief = tournament_of(players, unfinished_pulka="finish_lap", **fields)
    round_ = seating.seat_next_round(tournament.pk, chief, None, 1)
    seating.start_round(round_.pk, chief)
    table = round_.tables.get()
    order = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    return tournament, chief, table, order


def play(table, order, chief, count):
    for _ in range(count):
        tables.record_deal(table.pk, pass_pass(order, order[0]), chief)


def dealt_in_turn(table, number):
    """Deal ``number`` (from 0) of a table of 4 in the dealer rotation: the seat ``number``
    places after the first dealer deals and sits out, the next orders 6♠, both others pass."""
    letters = "ABCD"
    first = table.seats.get(first_dealer=True).position - 1
    dealer = (first + number) % 4
    seat = [letters[(dealer + k) % 4] for k in range(4)]
    return {
        "dealer": seat[0], "type": "game", "declarer": seat[1],
        "contract": {"level": 6, "strain": "S"},
        "defence": [{"player": seat[2], "call": "pass", "order": 1},
                    {"player": seat[3], "call": "pass", "order": 2}],
        "play": "none",
    }  # fmt: skip


@pytest.mark.rotation
def test_with_the_dealer_rotation_enforced_the_lap_ends_when_the_first_dealer_would_deal():
    _tournament, chief, table, _order = one_table(4, deal_cap=5)
    for number in range(8):  # the cap after 5, the lap completed by deals 6, 7, 8
        tables.record_deal(table.pk, dealt_in_turn(table, number), chief)
    with pytest.raises(ServiceError) as refused:
        tables.record_deal(table.pk, dealt_in_turn(table, 8), chief)  # the first dealer's
    assert "5 deals" in str(refused.value)


def page(client, chief, table):
    client.force_login(chief)
    tournament = table.round.tournament
    return client.get(
        reverse("table", args=[tournament.slug, table.round.number, table.number])
    ).content.decode()


def settled(tournament, table, chief):
    tables.submit_table(table.pk, chief)
    seating.finish_round(table.round.pk, chief)
    return {r.registration: r.points for r in standings_after(tournament, viewer=chief).rows}


def test_a_table_of_4_with_a_cap_of_6_deals_plays_on_to_8_and_the_standings_count_8(client):
    tournament, chief, table, order = one_table(4, deal_cap=6)
    play(table, order, chief, 6)  # the cap reached after 6 deals: 1½ laps of 4
    assert table_lap(table).remaining == 2
    assert "2 deals remain" in page(client, chief, table)
    play(table, order, chief, 2)  # deals 7 and 8: every player has dealt twice
    assert table_lap(table).remaining == 0
    assert "The lap is finished: no more deals at this table." in page(client, chief, table)
    with pytest.raises(ServiceError) as refused:
        play(table, order, chief, 1)  # a 9th deal would start a third lap
    assert "6 deals" in str(refused.value)
    assert table.deals.count() == 8
    # 8 deals: the winner's pool 16, m = -32, 0, 0, 0; average -8:
    # the winner (-8 + 32) × 10 = +240, each other (-8 - 0) × 10 = -80
    points = settled(tournament, table, chief)
    assert points == {order[0]: 240, order[1]: -80, order[2]: -80, order[3]: -80}


def test_a_table_of_3_with_a_cap_of_4_deals_plays_on_to_6():
    tournament, chief, table, order = one_table(3, deal_cap=4)
    play(table, order, chief, 4)  # deal 4 begins the second lap of 3
    assert table_lap(table).remaining == 2
    play(table, order, chief, 2)
    with pytest.raises(ServiceError):
        play(table, order, chief, 1)
    # 6 deals: pool 12, m = -24, 0, 0; average -8: +160, -80, -80
    points = settled(tournament, table, chief)
    assert points == {order[0]: 160, order[1]: -80, order[2]: -80}
    assert sum(points.values()) == Fraction(0)


def test_a_cap_at_the_end_of_a_lap_ends_the_pulka_there():
    _tournament, chief, table, order = one_table(3, deal_cap=3)
    play(table, order, chief, 3)
    assert table_lap(table).remaining == 0
    with pytest.raises(ServiceError):
        play(table, order, chief, 1)


def test_without_finish_the_lap_the_cap_is_the_last_deal():
    tournament, _entries, chief = tournament_of(3, deal_cap=4)
    round_ = seating.seat_next_round(tournament.pk, chief, None, 1)
    seating.start_round(round_.pk, chief)
    table = round_.tables.get()
    order = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    play(table, order, chief, 4)
    assert table_lap(table) is None
    with pytest.raises(ServiceError):
        play(table, order, chief, 1)


def time_is_up(table, minutes, recorded_before):
    """Move the round's start ``minutes`` + 1 back; the first ``recorded_before`` deals
    were recorded before the limit, the others after it."""
    now = datetime.datetime.now(datetime.UTC)
    start = now - datetime.timedelta(minutes=minutes + 1)
    ActionLog.objects.filter(action="round.started", subject_id=table.round.pk).update(at=start)
    for deal in table.deals.order_by("number")[:recorded_before]:
        DealVersion.objects.filter(deal=deal).update(at=start + datetime.timedelta(minutes=1))


def test_at_the_time_limit_a_table_of_4_finishes_the_lap_of_the_deals_recorded():
    _tournament, chief, table, order = one_table(4, time_limit_minutes=60)
    play(table, order, chief, 5)
    time_is_up(table, 60, recorded_before=5)  # 5 deals by the limit: the 2nd lap is under way
    lap = table_lap(table)
    assert (lap.limit, lap.remaining) == ("time", 3)
    play(table, order, chief, 3)  # deals 6, 7, 8
    with pytest.raises(ServiceError) as refused:
        play(table, order, chief, 1)
    assert "time is up" in str(refused.value)


def test_a_lap_complete_at_the_time_limit_ends_the_pulka_or_with_under_way_one_lap_more():
    _tournament, chief, table, order = one_table(4, time_limit_minutes=60)
    play(table, order, chief, 4)
    time_is_up(table, 60, recorded_before=4)  # a whole lap recorded by the limit
    with pytest.raises(ServiceError):
        play(table, order, chief, 1)
    Tournament.objects.filter(pk=table.round.tournament_id).update(lap_at_time_limit="under_way")
    table.refresh_from_db()
    table.round.tournament.refresh_from_db()
    assert table_lap(table).remaining == 4  # deal 5 counts as begun: its lap is 5 to 8
    play(table, order, chief, 4)
    with pytest.raises(ServiceError):
        play(table, order, chief, 1)


def test_before_the_time_limit_nothing_is_limited():
    _tournament, chief, table, order = one_table(3, time_limit_minutes=60)
    play(table, order, chief, 4)
    assert table_lap(table) is None


def test_a_dealer_who_deals_again_after_a_raspasy_is_still_in_his_turn():
    raspasy = {"type": "raspasy", "dealer": "A"}
    game = {"type": "game", "dealer": "B"}
    assert turns_of([raspasy, raspasy, game], repeats=True) == [1, 1, 2]
    assert turns_of([raspasy, raspasy, game], repeats=False) == [1, 2, 3]
    assert [lap_end(t, 4) for t in (0, 1, 4, 5, 8)] == [0, 4, 4, 8, 8]
    assert [lap_end(t, 3) for t in (1, 3, 4, 6)] == [3, 3, 6, 6]


def test_the_api_table_says_how_many_deals_remain():
    from tests.referee.api.conftest import client_for

    tournament, chief, table, order = one_table(4, deal_cap=6)
    play(table, order, chief, 6)
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/tables/{table.number}/"
    assert client_for(chief).get(url).json()["lap"] == {"limit": "deals", "remaining": 2}
