"""Entry rules the server enforces: the dealer rotation, confirming by the assignment rule,
bounds on texts and numbers (a refusal, never a server error; nothing changes)."""

from __future__ import annotations

import pytest

from referee.core.errors import NotAllowed, ServiceError
from referee.tables import services
from referee.tables.models import Deal, Table
from referee.tables.rotation import expected_dealers
from referee.tournaments.models import ActionLog

from ..factories import referee_of, table_with_players

pytestmark = [pytest.mark.django_db, pytest.mark.rotation]


def six(dealer: str | None, *, four: bool = False) -> dict:
    defenders = ["B", "C"]
    data = {
        "type": "game",
        "declarer": "A",
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": defenders[0], "call": "whist", "order": 1},
            {"player": defenders[1], "call": "pass", "order": 2},
        ],
        "play": "open",
        "tricks": {"A": 6, "B": 3, "C": 1},
    }
    if four and dealer == "A":
        # the dealer sits out: someone else declares
        data |= {
            "declarer": "B",
            "defence": [
                {"player": "C", "call": "whist", "order": 1},
                {"player": "D", "call": "pass", "order": 2},
            ],
            "tricks": {"B": 6, "C": 3, "D": 1},
        }
    elif four:
        others = [p for p in "ABCD" if p != dealer]
        data |= {
            "declarer": others[0],
            "defence": [
                {"player": others[1], "call": "whist", "order": 1},
                {"player": others[2], "call": "pass", "order": 2},
            ],
            "tricks": {others[0]: 6, others[1]: 3, others[2]: 1},
        }
    if dealer is not None:
        data["dealer"] = dealer
    return data


def test_the_rotation_is_clockwise_from_the_first_dealer():
    assert expected_dealers("ABC", "B", None, False) == ("B",)
    assert expected_dealers("ABC", "A", {"dealer": "C"}, False) == ("A",)
    assert expected_dealers("ABCD", "A", {"dealer": "D"}, False) == ("A",)
    assert expected_dealers("ABCD", "A", {"dealer": "B", "type": "raspasy"}, False) == ("C",)
    assert expected_dealers("ABCD", "A", {"dealer": "B", "type": "raspasy"}, True) == ("B", "C")


@pytest.mark.parametrize("size", [3, 4])
def test_ten_deals_in_a_row_by_one_dealer_are_refused_naming_the_expected_one(size):
    table = table_with_players(size)
    referee = referee_of(table.round.tournament)
    four = size == 4
    services.record_deal(table.pk, six("A", four=four), referee)
    names = {s.position: s.registration.player.name for s in table.seats.all()}
    with pytest.raises(ServiceError) as refused:
        services.record_deal(table.pk, six("A", four=four), referee)
    assert refused.value.field == "dealer"
    assert names[2] in refused.value.message
    assert Deal.objects.filter(table=table).count() == 1
    for dealer in "BCDA"[: size - 1] + ("A" if size == 3 else ""):
        services.record_deal(table.pk, six(dealer, four=four), referee)
    assert Deal.objects.filter(table=table).count() == size + (1 if size == 3 else 0)


def test_the_first_deal_is_the_first_dealer_s():
    table = table_with_players(3)
    table.seats.update(first_dealer=False)
    table.seats.filter(position=3).update(first_dealer=True)
    referee = referee_of(table.round.tournament)
    with pytest.raises(ServiceError):
        services.record_deal(table.pk, six("A"), referee)
    services.record_deal(table.pk, six("C"), referee)


def test_a_correction_may_not_move_the_deal_to_another_dealer():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, six("A"), referee)
    with pytest.raises(ServiceError):
        services.correct_deal(deal.pk, six("B"), referee, "typo")
    services.correct_deal(deal.pk, six("A") | {"play": "closed"}, referee, "typo")


def test_an_unassigned_referee_can_neither_enter_nor_confirm_where_assignment_is_required():
    table = table_with_players(3, referees_assigned_only=True, second_confirmation=True)
    tournament = table.round.tournament
    assigned, other, stranger = (referee_of(tournament) for _ in range(3))
    table.referees.add(assigned, other)
    services.record_deal(table.pk, six("A"), assigned)
    services.submit_table(table.pk, assigned)
    with pytest.raises(NotAllowed):
        services.confirm_table(table.pk, stranger)
    table.refresh_from_db()
    assert table.status == Table.Status.SUBMITTED
    services.confirm_table(table.pk, other)
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED


@pytest.mark.parametrize("reason", ["bad\x00byte", "x" * 100_000], ids=["nul", "oversized"])
def test_a_nul_byte_or_an_endless_reason_is_refused_and_changes_nothing(reason):
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, six("A"), referee)
    logged = ActionLog.objects.count()
    with pytest.raises(ServiceError) as refused:
        services.correct_deal(deal.pk, six("A") | {"play": "closed"}, referee, reason)
    assert refused.value.field == "reason"
    deal.refresh_from_db()
    assert deal.version == 1 and ActionLog.objects.count() == logged


@pytest.mark.parametrize(
    "data",
    [
        {"dealer": "A\x00"},
        {"tricks": {"A": 99999999999999999999}},
        {"note": "x" * 70_000},
        {"tricks": {"A": float("nan")}},
    ],
    ids=["nul", "huge-int", "huge-text", "nan"],
)
def test_deal_data_out_of_bounds_is_refused(data):
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    with pytest.raises(ServiceError):
        services.record_deal(table.pk, six("A") | data, referee)
    assert not Deal.objects.filter(table=table).exists()
