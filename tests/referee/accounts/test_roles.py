"""Officials: the chief referee adds and removes referees and assigns them to tables."""

import pytest
from django.contrib.auth import get_user_model

from referee.accounts import services
from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.core.permissions import is_chief, may_enter_deals
from referee.tournaments.models import ActionLog, Tournament

from ..factories import TournamentFactory, UserFactory, referee_of, table_with_players

pytestmark = pytest.mark.django_db

User = get_user_model()


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


def test_a_new_referee_gets_an_account_with_his_password():
    tournament = TournamentFactory()
    role = services.grant_role(
        tournament.pk, "marina", Role.Kind.REFEREE, chief_of(tournament), password="Sochi-2026!"
    )
    marina = User.objects.get(username="marina")
    assert role.user == marina and role.kind == Role.Kind.REFEREE
    assert marina.check_password("Sochi-2026!")
    assert ActionLog.objects.get(action="role.granted").data["new_account"] is True


def test_a_new_account_needs_a_password():
    tournament = TournamentFactory()
    with pytest.raises(ServiceError) as refused:
        services.grant_role(tournament.pk, "marina", Role.Kind.REFEREE, chief_of(tournament))
    assert refused.value.field == "password"
    assert not User.objects.filter(username="marina").exists()


def test_an_existing_user_becomes_a_referee_and_keeps_his_password():
    tournament = TournamentFactory()
    oleg = UserFactory(username="oleg")
    services.grant_role(tournament.pk, "oleg", Role.Kind.REFEREE, chief_of(tournament))
    oleg.refresh_from_db()
    assert oleg.check_password("pass")
    assert Role.objects.get(user=oleg).kind == Role.Kind.REFEREE


def test_the_chief_cannot_reset_an_existing_users_password():
    tournament = TournamentFactory()
    oleg = UserFactory(username="oleg")
    with pytest.raises(ServiceError) as refused:
        services.grant_role(
            tournament.pk, "oleg", Role.Kind.REFEREE, chief_of(tournament), password="taken-over"
        )
    assert refused.value.field == "password"
    oleg.refresh_from_db()
    assert oleg.check_password("pass")
    assert not Role.objects.filter(user=oleg).exists()


def test_a_referee_can_be_made_a_chief_referee():
    tournament = TournamentFactory()
    referee = referee_of(tournament)
    services.grant_role(tournament.pk, referee.username, Role.Kind.CHIEF, chief_of(tournament))
    fresh = User.objects.get(pk=referee.pk)
    assert is_chief(fresh, tournament)
    assert ActionLog.objects.get(action="role.granted").data["was"] == Role.Kind.REFEREE


def test_granting_the_same_role_twice_is_refused():
    tournament = TournamentFactory()
    referee = referee_of(tournament)
    with pytest.raises(ServiceError):
        services.grant_role(
            tournament.pk, referee.username, Role.Kind.REFEREE, chief_of(tournament)
        )


def test_an_invalid_username_is_refused():
    tournament = TournamentFactory()
    with pytest.raises(ServiceError) as refused:
        services.grant_role(
            tournament.pk, "no spaces", Role.Kind.REFEREE, chief_of(tournament), password="x" * 10
        )
    assert refused.value.field == "username"


def test_a_referee_cannot_add_referees():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.grant_role(
            tournament.pk, "friend", Role.Kind.CHIEF, referee_of(tournament), password="pw-123456"
        )
    assert not User.objects.filter(username="friend").exists()


def test_a_stranger_cannot_add_referees():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.grant_role(tournament.pk, UserFactory().username, Role.Kind.REFEREE, UserFactory())


def test_a_referee_is_removed_and_leaves_his_tables():
    table = table_with_players(3)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    chief = chief_of(tournament)
    services.assign_referees(table.pk, [referee.pk], chief)
    services.revoke_role(tournament.pk, referee.username, chief, reason="left early")
    assert not Role.objects.filter(user=referee).exists()
    assert not table.referees.exists()
    assert ActionLog.objects.get(action="role.revoked").reason == "left early"


def test_the_chief_cannot_remove_his_own_role():
    tournament = TournamentFactory()
    chief = chief_of(tournament)
    with pytest.raises(ServiceError):
        services.revoke_role(tournament.pk, chief.username, chief)
    assert Role.objects.filter(user=chief).exists()


def test_removing_someone_without_a_role_is_refused():
    tournament = TournamentFactory()
    with pytest.raises(ServiceError):
        services.revoke_role(tournament.pk, UserFactory().username, chief_of(tournament))


def test_a_referee_cannot_remove_another_referee():
    tournament = TournamentFactory()
    other = referee_of(tournament)
    with pytest.raises(NotAllowed):
        services.revoke_role(tournament.pk, other.username, referee_of(tournament))
    assert Role.objects.filter(user=other).exists()


# -- tables --------------------------------------------------------------------------------


def test_referees_are_assigned_to_a_table_and_may_enter_its_deals():
    table = table_with_players(3, referees_assigned_only=True)
    tournament = table.round.tournament
    assigned, other = referee_of(tournament), referee_of(tournament)
    services.assign_referees(table.pk, [assigned.pk], chief_of(tournament))
    assert list(table.referees.all()) == [assigned]
    assert may_enter_deals(assigned, table)
    assert not may_enter_deals(other, table)
    assert ActionLog.objects.get(action="table.referees").data["referees"] == [assigned.username]


def test_the_named_chief_referee_can_be_assigned_to_a_table():
    table = table_with_players(3)
    tournament = table.round.tournament
    tournament.chief_referee = UserFactory()
    tournament.save()
    services.assign_referees(table.pk, [tournament.chief_referee.pk], tournament.chief_referee)
    assert list(table.referees.all()) == [tournament.chief_referee]


def test_only_officials_of_the_tournament_are_assigned():
    table = table_with_players(3)
    tournament = table.round.tournament
    outsider = referee_of(TournamentFactory())
    with pytest.raises(ServiceError) as refused:
        services.assign_referees(table.pk, [outsider.pk], chief_of(tournament))
    assert refused.value.field == "referees"
    assert not table.referees.exists()


def test_an_empty_list_clears_the_tables_referees():
    table = table_with_players(3)
    tournament = table.round.tournament
    chief = chief_of(tournament)
    services.assign_referees(table.pk, [referee_of(tournament).pk], chief)
    services.assign_referees(table.pk, [], chief)
    assert not table.referees.exists()


def test_a_referee_cannot_assign_himself_to_a_table():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    with pytest.raises(NotAllowed):
        services.assign_referees(table.pk, [referee.pk], referee)
    assert not table.referees.exists()


def test_no_assignments_in_a_finished_tournament():
    table = table_with_players(3, status=Tournament.Status.FINISHED)
    tournament = table.round.tournament
    with pytest.raises(ServiceError):
        services.assign_referees(table.pk, [referee_of(tournament).pk], chief_of(tournament))
