"""Deal services: validation through the engine, versions, lifecycle, permissions."""

from fractions import Fraction

import pytest

from referee.accounts.models import Role
from referee.core.errors import InvalidDeal, NotAllowed, ServiceError
from referee.tables import services
from referee.tables.models import Deal, DealVersion, Table
from referee.tables.sheet import build_sheet
from referee.tournaments.models import ActionLog
from tests.scoring.refusals import assert_refusal

from ..factories import UserFactory, referee_of, table_with_players

pytestmark = pytest.mark.django_db

SIX_MADE = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "whist", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 6, "B": 2, "C": 2},
}


def test_a_referee_records_a_deal_and_the_sheet_shows_it():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    services.record_deal(table.pk, SIX_MADE, referee)
    sheet = build_sheet(table, "en")
    # fspr: C(6) = 2 to the pool; W = 4 per trick: B->A 8, C->A 8
    assert sheet.pool == {"A": 2}
    assert sheet.whists == {("B", "A"): 8, ("C", "A"): 8}
    assert (
        sheet.rows[0]
        .lines[1]
        .endswith("writes 8 on " + sheet.names["A"] + ": 2 tricks of his own × 4")
    )
    assert ActionLog.objects.filter(action="deal.recorded").count() == 1


def test_the_running_balance_is_each_deal_settled_and_added_up():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    services.record_deal(table.pk, SIX_MADE, referee)
    services.record_deal(table.pk, {**SIX_MADE, "dealer": "A"}, referee)
    # fspr (Leningrad: a pool point is 2 of mountain), after the first deal: m = g − 2p =
    # (A -4, B 0, C 0), average -4/3, 10 × (average − m) = (80/3, -40/3, -40/3); whists
    # written on A: A -16, B +8, C +8
    first, second = build_sheet(table, "en").running()
    assert first == {"A": Fraction(32, 3), "B": Fraction(-16, 3), "C": Fraction(-16, 3)}
    assert second == {"A": Fraction(64, 3), "B": Fraction(-32, 3), "C": Fraction(-32, 3)}


def test_an_invalid_deal_is_refused_and_nothing_is_saved():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    bad = {**SIX_MADE, "tricks": {"A": 6, "B": 2, "C": 1}}
    with pytest.raises(InvalidDeal) as refused:
        services.record_deal(table.pk, bad, referee)
    assert refused.value.field == "deal 1, tricks"
    assert_refusal(refused.value.engine_error, "deal.tricks_sum", "deal 1, tricks", sum=9)
    assert Deal.objects.count() == 0 and DealVersion.objects.count() == 0


def test_a_stranger_cannot_record_a_deal():
    table = table_with_players(3)
    with pytest.raises(NotAllowed):
        services.record_deal(table.pk, SIX_MADE, UserFactory())
    assert Deal.objects.count() == 0


def test_a_correction_keeps_every_version_with_who_and_why():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    with pytest.raises(ServiceError):
        services.correct_deal(deal.pk, SIX_MADE, referee, reason="  ")
    fixed = {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}
    services.correct_deal(deal.pk, fixed, referee, reason="C had one trick, not two")
    versions = list(deal.versions.order_by("version"))
    assert [v.data["tricks"]["A"] for v in versions] == [6, 7]
    assert versions[1].reason == "C had one trick, not two"
    assert versions[1].author == referee
    deal.refresh_from_db()
    assert deal.version == 2 and deal.data == fixed


def test_a_deleted_deal_leaves_the_sheet_but_not_the_history():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    services.delete_deal(deal.pk, referee, reason="entered twice")
    assert build_sheet(table).rows == []
    assert deal.versions.count() == 2
    services.restore_deal(deal.pk, referee, reason="it was not a duplicate")
    assert len(build_sheet(table).rows) == 1


def test_deleting_a_deal_that_later_deals_depend_on_is_refused():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    raspasy = {
        "dealer": "A",
        "type": "raspasy",
        "play": "closed",
        "tricks": {"A": 3, "B": 3, "C": 4},
    }
    first = services.record_deal(table.pk, raspasy, referee)
    seven = {
        **SIX_MADE,
        "dealer": "B",
        "contract": {"level": 7, "strain": "S"},
        "tricks": {"A": 7, "B": 2, "C": 1},
    }
    services.record_deal(table.pk, seven, referee)
    # without the raspasy the 7 is still legal (minimum 6), so this is allowed
    services.delete_deal(first.pk, referee, reason="not played")
    assert len(build_sheet(table).rows) == 1


def test_sign_off_locks_without_second_confirmation():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED


def test_second_confirmation_is_by_another_referee_and_the_table_is_then_locked():
    table = table_with_players(3, second_confirmation=True)
    tournament = table.round.tournament
    first, second = referee_of(tournament), referee_of(tournament)
    services.record_deal(table.pk, SIX_MADE, first)
    services.submit_table(table.pk, first)
    with pytest.raises(NotAllowed):
        services.confirm_table(table.pk, first)
    services.confirm_table(table.pk, second)
    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED and table.confirmed_by == second


def test_a_locked_table_changes_only_by_a_chief_ruling_with_a_reason():
    table = table_with_players(3)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    services.submit_table(table.pk, referee)
    fixed = {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}
    with pytest.raises(NotAllowed):
        services.correct_deal(deal.pk, fixed, referee, reason="oops")
    with pytest.raises(ServiceError):
        services.record_deal(table.pk, SIX_MADE, chief, reason="")
    services.correct_deal(deal.pk, fixed, chief, reason="ruling: C revoked")
    assert ActionLog.objects.filter(action="deal.corrected", reason="ruling: C revoked").exists()


def test_referees_only_at_assigned_tables_when_the_tournament_says_so():
    table = table_with_players(3, referees_assigned_only=True)
    tournament = table.round.tournament
    assigned, other = referee_of(tournament), referee_of(tournament)
    table.referees.add(assigned)
    with pytest.raises(NotAllowed):
        services.record_deal(table.pk, SIX_MADE, other)
    services.record_deal(table.pk, SIX_MADE, assigned)


def test_deal_cap_is_enforced():
    table = table_with_players(3, deal_cap=1)
    referee = referee_of(table.round.tournament)
    services.record_deal(table.pk, SIX_MADE, referee)
    with pytest.raises(ServiceError) as refused:
        services.record_deal(table.pk, {**SIX_MADE, "dealer": "A"}, referee)
    assert (refused.value.code, refused.value.params) == ("tables.deal.cap_reached", {"cap": 1})


@pytest.mark.parametrize("change", ["delete", "restore"])
def test_a_nul_byte_in_the_reason_of_a_deletion_is_refused_and_changes_nothing(change):
    """PostgreSQL cannot store a NUL byte: the service refuses it before any version is
    written (the hall's form fuzzing found a server error here)."""
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    if change == "restore":
        services.delete_deal(deal.pk, referee, "wrong table")
    versions = deal.versions.count()
    action = services.delete_deal if change == "delete" else services.restore_deal
    with pytest.raises(ServiceError) as refused:
        action(deal.pk, referee, "typo\x00")
    assert refused.value.field == "reason"
    assert deal.versions.count() == versions


def test_a_talon_peekers_whist_on_a_penalty_set_without_play_is_refused():
    # Kodeks 3.4.6 (without 2, no play) with C fined for peeking: his whist is refused as on
    # any deal (SPEC §12.4.1); with his pass the set stands
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    penalty = {
        **SIX_MADE,
        "defence": [
            {"player": "B", "call": "pass", "order": 1},
            {"player": "C", "call": "whist", "order": 2},
        ],
        "play": "none",
        "ruling": {"rule": "kodex-3.4.6", "proven_undertricks": 0},
        "referee_rulings": [{"kind": "talon_peeking", "player": "C"}],
    }
    del penalty["tricks"]
    with pytest.raises(InvalidDeal) as refused:
        services.record_deal(table.pk, penalty, referee)
    assert refused.value.engine_error.code == "deal.peeker_whists"
    assert refused.value.field == "deal 1, defence"
    assert Deal.objects.count() == 0 and DealVersion.objects.count() == 0
    passed = {**penalty, "defence": [{**c, "call": "pass"} for c in penalty["defence"]]}
    services.record_deal(table.pk, passed, referee)
    # fspr: without 2 on a 6, R(6) = 4 → gora A 8; consolation K(6) = 4 × 2 = 8 from B and C
    sheet = build_sheet(table, "en")
    assert sheet.mountain == {"A": 8}
    assert sheet.whists == {("B", "A"): 8, ("C", "A"): 8}
