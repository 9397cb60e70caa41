"""Tournament set-up services: settings, convention, start and finish, forbidden pairs."""

import datetime

import pytest

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Registration, Round, Tournament

from ..factories import (
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
)

pytestmark = pytest.mark.django_db


def draft(**fields):
    return TournamentFactory(status=Tournament.Status.DRAFT, **fields)


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


def with_players(tournament, count):
    for _ in range(count):
        RegistrationFactory(tournament=tournament)
    return tournament


# -- settings ------------------------------------------------------------------------------


def test_the_chief_changes_the_settings_and_the_log_keeps_old_and_new():
    tournament = draft(venue="Сочи")
    chief = chief_of(tournament)
    services.update_settings(
        tournament.pk, {"venue": "Москва", "pool_size": 20, "second_confirmation": True}, chief
    )
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.pool_size, tournament.second_confirmation) == (
        "Москва",
        20,
        True,
    )
    entry = ActionLog.objects.get(action="tournament.settings")
    assert entry.data["venue"] == ["Сочи", "Москва"]
    assert entry.user == chief


def test_settings_that_did_not_change_leave_no_log_entry():
    tournament = draft(venue="Сочи")
    services.update_settings(tournament.pk, {"venue": "Сочи"}, chief_of(tournament))
    assert not ActionLog.objects.filter(action="tournament.settings").exists()


def test_a_tournament_cannot_end_before_it_starts():
    tournament = draft()
    with pytest.raises(ServiceError) as refused:
        services.update_settings(
            tournament.pk, {"ends_on": datetime.date(2026, 1, 1)}, chief_of(tournament)
        )
    assert refused.value.field == "ends_on"


def test_a_round_length_of_zero_is_refused():
    tournament = draft()
    with pytest.raises(ServiceError) as refused:
        services.update_settings(tournament.pk, {"deal_cap": 0}, chief_of(tournament))
    assert refused.value.field == "deal_cap"


def test_the_convention_cannot_be_changed_through_the_settings():
    tournament = draft()
    with pytest.raises(ServiceError):
        services.update_settings(tournament.pk, {"convention": "sochi"}, chief_of(tournament))


def test_the_named_chief_referee_can_be_changed():
    tournament = draft()
    successor = UserFactory(username="nina")
    services.update_settings(tournament.pk, {"chief_referee": successor}, chief_of(tournament))
    tournament.refresh_from_db()
    assert tournament.chief_referee == successor
    entry = ActionLog.objects.get(action="tournament.settings")
    assert entry.data["chief_referee"] == [None, "nina"]


def test_a_plain_referee_cannot_change_the_settings():
    tournament = draft(venue="Сочи")
    with pytest.raises(NotAllowed):
        services.update_settings(tournament.pk, {"venue": "Казань"}, referee_of(tournament))
    tournament.refresh_from_db()
    assert tournament.venue == "Сочи"


def test_a_stranger_cannot_change_the_settings():
    tournament = draft()
    with pytest.raises(NotAllowed):
        services.update_settings(tournament.pk, {"venue": "Казань"}, UserFactory())


def test_a_chief_of_another_tournament_cannot_change_the_settings():
    tournament = draft()
    elsewhere = chief_of(draft())
    with pytest.raises(NotAllowed):
        services.update_settings(tournament.pk, {"venue": "Казань"}, elsewhere)


# -- convention ----------------------------------------------------------------------------


def test_the_chief_chooses_a_preset_with_overrides():
    tournament = draft()
    services.set_convention(
        tournament.pk, "sochi", {"whist_sharing": "gentleman"}, chief_of(tournament)
    )
    tournament.refresh_from_db()
    assert tournament.rules().name == "sochi"
    assert tournament.rules().whist_sharing == "gentleman"
    assert ActionLog.objects.get(action="tournament.convention").data["new"] == {
        "convention": "sochi",
        "options": {"whist_sharing": "gentleman"},
    }


def test_an_invalid_option_value_is_refused_with_the_engines_message_at_that_option():
    tournament = draft()
    with pytest.raises(ServiceError) as refused:
        services.set_convention(tournament.pk, "sochi", {"ten_mode": "maybe"}, chief_of(tournament))
    assert refused.value.field == "ten_mode"
    assert refused.value.message == "'maybe' is not one of whisted | checked"
    tournament.refresh_from_db()
    assert tournament.convention == "fspr" and tournament.options == {}


def test_an_unknown_option_is_refused():
    tournament = draft()
    with pytest.raises(ServiceError) as refused:
        services.set_convention(tournament.pk, "fspr", {"rebuy": True}, chief_of(tournament))
    assert refused.value.field == "rebuy"
    assert "unknown option" in refused.value.message


def test_an_unknown_preset_is_refused():
    tournament = draft()
    with pytest.raises(ServiceError) as refused:
        services.set_convention(tournament.pk, "odessa", {}, chief_of(tournament))
    assert refused.value.field == "convention"


def test_the_convention_of_a_running_tournament_cannot_change():
    tournament = TournamentFactory(status=Tournament.Status.RUNNING, convention="fspr")
    with pytest.raises(ServiceError) as refused:
        services.set_convention(tournament.pk, "sochi", {}, chief_of(tournament))
    assert refused.value.field == "convention"
    tournament.refresh_from_db()
    assert tournament.convention == "fspr"


def test_a_referee_cannot_change_the_convention():
    tournament = draft()
    with pytest.raises(NotAllowed):
        services.set_convention(tournament.pk, "sochi", {}, referee_of(tournament))


# -- start and finish ----------------------------------------------------------------------


def test_starting_needs_three_active_players():
    tournament = with_players(draft(), 2)
    with pytest.raises(ServiceError) as refused:
        services.start_tournament(tournament.pk, chief_of(tournament))
    assert "at least 3 players; 2 are registered" in refused.value.message
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


def test_a_withdrawn_player_does_not_count_towards_the_three():
    tournament = with_players(draft(), 2)
    RegistrationFactory(tournament=tournament, status=Registration.Status.WITHDRAWN)
    with pytest.raises(ServiceError):
        services.start_tournament(tournament.pk, chief_of(tournament))


def test_starting_freezes_the_convention_and_records_it():
    tournament = with_players(draft(convention="leningrad", options={"stalingrad": True}), 3)
    chief = chief_of(tournament)
    services.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.frozen
    started = ActionLog.objects.get(action="tournament.started")
    assert started.data["convention"] == "leningrad"
    assert started.data["rules"]["stalingrad"] is True
    assert started.data["rules"]["raspasy_progression"] == [2, 4, 6]
    with pytest.raises(ServiceError):
        services.set_convention(tournament.pk, "leningrad", {}, chief)


def test_a_running_tournament_cannot_start_again():
    tournament = with_players(TournamentFactory(status=Tournament.Status.RUNNING), 3)
    with pytest.raises(ServiceError):
        services.start_tournament(tournament.pk, chief_of(tournament))


def test_a_referee_cannot_start_the_tournament():
    tournament = with_players(draft(), 3)
    with pytest.raises(NotAllowed):
        services.start_tournament(tournament.pk, referee_of(tournament))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


def test_the_tournament_finishes_when_every_round_is_finished():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.FINISHED)
    services.finish_tournament(tournament.pk, chief_of(tournament))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert ActionLog.objects.filter(action="tournament.finished").count() == 1


def test_a_round_in_play_keeps_the_tournament_running():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.STARTED)
    with pytest.raises(ServiceError) as refused:
        services.finish_tournament(tournament.pk, chief_of(tournament))
    assert refused.value.message == "Finish these rounds first: 2."


def test_a_tournament_without_rounds_cannot_finish():
    tournament = TournamentFactory()
    with pytest.raises(ServiceError):
        services.finish_tournament(tournament.pk, chief_of(tournament))


def test_a_draft_tournament_cannot_finish():
    tournament = draft()
    with pytest.raises(ServiceError):
        services.finish_tournament(tournament.pk, chief_of(tournament))


def test_a_stranger_cannot_finish_the_tournament():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    with pytest.raises(NotAllowed):
        services.finish_tournament(tournament.pk, UserFactory())


def test_the_named_chief_referee_and_a_superuser_are_chiefs():
    tournament = with_players(draft(), 3)
    tournament.chief_referee = UserFactory()
    tournament.save()
    services.update_settings(tournament.pk, {"venue": "Тверь"}, tournament.chief_referee)
    admin = UserFactory(is_superuser=True)
    services.start_tournament(tournament.pk, admin)
    tournament.refresh_from_db()
    assert tournament.venue == "Тверь" and tournament.status == Tournament.Status.RUNNING


# -- forbidden pairs -----------------------------------------------------------------------


def test_a_forbidden_pair_is_stored_as_registration_ids():
    tournament = draft()
    a, b = RegistrationFactory(tournament=tournament), RegistrationFactory(tournament=tournament)
    services.add_forbidden_pair(tournament.pk, b.pk, a.pk, chief_of(tournament))
    tournament.refresh_from_db()
    assert tournament.forbidden_pairs == [sorted([a.pk, b.pk])]


def test_a_forbidden_pair_needs_two_players_of_this_tournament():
    tournament = draft()
    a = RegistrationFactory(tournament=tournament)
    outsider = RegistrationFactory()
    chief = chief_of(tournament)
    with pytest.raises(ServiceError):
        services.add_forbidden_pair(tournament.pk, a.pk, outsider.pk, chief)
    with pytest.raises(ServiceError):
        services.add_forbidden_pair(tournament.pk, a.pk, a.pk, chief)


def test_the_same_forbidden_pair_is_not_stored_twice():
    tournament = draft()
    a, b = RegistrationFactory(tournament=tournament), RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.add_forbidden_pair(tournament.pk, a.pk, b.pk, chief)
    with pytest.raises(ServiceError):
        services.add_forbidden_pair(tournament.pk, b.pk, a.pk, chief)


def test_a_forbidden_pair_can_be_removed():
    tournament = draft()
    a, b = RegistrationFactory(tournament=tournament), RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.add_forbidden_pair(tournament.pk, a.pk, b.pk, chief)
    services.remove_forbidden_pair(tournament.pk, b.pk, a.pk, chief)
    tournament.refresh_from_db()
    assert tournament.forbidden_pairs == []


def test_a_referee_cannot_add_a_forbidden_pair():
    tournament = draft()
    a, b = RegistrationFactory(tournament=tournament), RegistrationFactory(tournament=tournament)
    with pytest.raises(NotAllowed):
        services.add_forbidden_pair(tournament.pk, a.pk, b.pk, referee_of(tournament))


def test_the_pool_size_is_frozen_once_play_has_started():
    from referee.core.errors import ServiceError as Refused
    from referee.tournaments import services as tournament_services

    from ..factories import TournamentFactory, referee_of

    cup = TournamentFactory(status="running", pool_size=None)
    chief = referee_of(cup, "chief")
    with pytest.raises(Refused) as refused:
        tournament_services.update_settings(cup.pk, {"pool_size": 20}, chief)
    assert refused.value.code == "tournaments.pool_size.play_started"
    assert refused.value.field == "pool_size"
    cup.refresh_from_db()
    assert cup.pool_size is None


def test_a_convention_refusal_reads_in_russian_on_a_russian_page():
    """The engine's refusal reaches the organiser translated by its code, not in English."""
    from django.utils import translation

    tournament = draft()
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        services.set_convention(tournament.pk, "fspr", {"rebuy": True}, chief_of(tournament))
    assert refused.value.field == "rebuy"
    assert refused.value.message == "неизвестная настройка 'rebuy'"
