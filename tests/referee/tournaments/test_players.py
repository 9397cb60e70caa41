"""Players: register (new or existing), withdraw after a round, substitute."""

from decimal import Decimal

import pytest

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.seating import services as seating
from referee.tables.models import Seat
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Player, Registration, Round, Tournament
from referee.tournaments.services import PlayerDetails

from ..factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_with_players,
)

pytestmark = pytest.mark.django_db


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


def test_a_new_player_is_registered_with_his_details():
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    entry = services.register_player(
        tournament.pk,
        PlayerDetails(
            "  Пётр   Ильич ",
            city="Тула",
            club="Козырь",
            rating=Decimal("1520.5"),
            federation_id="77-15",
        ),
        chief_of(tournament),
    )
    player = entry.player
    assert (player.name, player.city, player.club, player.rating, player.federation_id) == (
        "Пётр Ильич",
        "Тула",
        "Козырь",
        Decimal("1520.5"),
        "77-15",
    )
    assert entry.status == Registration.Status.ACTIVE
    assert ActionLog.objects.get(action="player.registered").subject == "Пётр Ильич"


def test_an_existing_player_is_registered_without_a_copy():
    tournament = TournamentFactory()
    veteran = PlayerFactory(name="Анна Сергеевна")
    entry = services.register_player(tournament.pk, veteran.pk, chief_of(tournament))
    assert entry.player == veteran
    assert Player.objects.count() == 1


def test_a_player_cannot_be_registered_twice():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    with pytest.raises(ServiceError):
        services.register_player(tournament.pk, entry.player.pk, chief)
    with pytest.raises(ServiceError) as refused:
        services.register_player(
            tournament.pk, PlayerDetails(entry.player.name.upper(), city=""), chief
        )
    assert refused.value.field == "name"
    assert tournament.entries.count() == 1


def test_namesakes_from_different_cities_are_two_players():
    tournament = TournamentFactory()
    chief = chief_of(tournament)
    services.register_player(tournament.pk, PlayerDetails("Иван Петров", city="Москва"), chief)
    services.register_player(tournament.pk, PlayerDetails("Иван Петров", city="Омск"), chief)
    assert tournament.entries.count() == 2


def test_a_known_federation_id_registers_its_player_again():
    veteran = PlayerFactory(name="Олег Носов", federation_id="501")
    tournament = TournamentFactory()
    entry = services.register_player(
        tournament.pk, PlayerDetails("Олег Носов", federation_id="501"), chief_of(tournament)
    )
    assert entry.player == veteran


def test_a_federation_id_of_someone_else_is_refused():
    PlayerFactory(name="Олег Носов", federation_id="501")
    tournament = TournamentFactory()
    with pytest.raises(ServiceError) as refused:
        services.register_player(
            tournament.pk, PlayerDetails("Мария Орлова", federation_id="501"), chief_of(tournament)
        )
    assert refused.value.field == "federation_id"
    assert "Олег Носов" in refused.value.message


def test_a_player_needs_a_name():
    tournament = TournamentFactory()
    with pytest.raises(ServiceError) as refused:
        services.register_player(tournament.pk, PlayerDetails("   "), chief_of(tournament))
    assert refused.value.field == "name"


def test_nobody_registers_in_a_finished_tournament():
    tournament = TournamentFactory(status=Tournament.Status.FINISHED)
    with pytest.raises(ServiceError):
        services.register_player(tournament.pk, PlayerDetails("Поздний"), chief_of(tournament))


def test_a_referee_cannot_register_players():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.register_player(tournament.pk, PlayerDetails("Кто-то"), referee_of(tournament))
    assert not Player.objects.exists()


def test_a_stranger_cannot_register_players():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.register_player(tournament.pk, PlayerDetails("Кто-то"), UserFactory())


# -- withdraw ------------------------------------------------------------------------------


def test_a_player_withdraws_after_the_latest_round_by_default():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.FINISHED)
    entry = RegistrationFactory(tournament=tournament)
    services.withdraw_player(entry.pk, chief_of(tournament), reason="ill")
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN
    assert entry.withdrawn_after_round == 2
    logged = ActionLog.objects.get(action="player.withdrawn")
    assert logged.reason == "ill" and logged.data["after_round"] == 2


def test_a_player_seated_in_a_round_cannot_withdraw_before_it():
    table = table_with_players(3)
    entry = table.seats.first().registration
    tournament = table.round.tournament
    with pytest.raises(ServiceError) as refused:
        services.withdraw_player(entry.pk, chief_of(tournament), after_round=0)
    assert refused.value.field == "after_round"
    entry.refresh_from_db()
    assert entry.status == Registration.Status.ACTIVE


def test_withdrawing_after_a_round_not_yet_seated_is_refused():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    with pytest.raises(ServiceError):
        services.withdraw_player(entry.pk, chief_of(tournament), after_round=3)


def test_a_withdrawn_player_cannot_withdraw_again():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.withdraw_player(entry.pk, chief)
    with pytest.raises(ServiceError):
        services.withdraw_player(entry.pk, chief)


def test_a_withdrawn_player_is_not_seated_in_later_rounds():
    tournament = TournamentFactory()
    entries = [RegistrationFactory(tournament=tournament) for _ in range(7)]
    chief = chief_of(tournament)
    services.withdraw_player(entries[0].pk, chief)
    seating.seat_next_round(tournament.pk, chief, seed=1)
    seated = set(Seat.objects.values_list("registration_id", flat=True))
    assert entries[0].pk not in seated
    assert seated == {e.pk for e in entries[1:]}


def test_a_referee_cannot_withdraw_a_player():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    with pytest.raises(NotAllowed):
        services.withdraw_player(entry.pk, referee_of(tournament))
    entry.refresh_from_db()
    assert entry.status == Registration.Status.ACTIVE


# -- substitute ----------------------------------------------------------------------------


def test_a_substitute_takes_the_place_of_a_withdrawn_player():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    leaver = RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.withdraw_player(leaver.pk, chief)
    substitute = services.substitute_player(leaver.pk, PlayerDetails("Запасной"), chief)
    assert substitute.substitute_for == leaver
    assert substitute.status == Registration.Status.ACTIVE
    logged = ActionLog.objects.get(action="player.substituted")
    assert logged.data["from_round"] == 2 and logged.data["replaces"] == leaver.pk


def test_the_substitute_is_seated_in_the_next_round():
    tournament = TournamentFactory()
    entries = [RegistrationFactory(tournament=tournament) for _ in range(6)]
    chief = chief_of(tournament)
    services.withdraw_player(entries[0].pk, chief)
    substitute = services.substitute_player(entries[0].pk, PlayerDetails("Запасной"), chief)
    seating.seat_next_round(tournament.pk, chief, seed=3)
    seated = set(Seat.objects.values_list("registration_id", flat=True))
    assert substitute.pk in seated and entries[0].pk not in seated


def test_only_a_withdrawn_player_can_be_replaced():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    with pytest.raises(ServiceError):
        services.substitute_player(entry.pk, PlayerDetails("Запасной"), chief_of(tournament))


def test_a_withdrawn_player_is_replaced_only_once():
    tournament = TournamentFactory()
    leaver = RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.withdraw_player(leaver.pk, chief)
    services.substitute_player(leaver.pk, PlayerDetails("Первый"), chief)
    with pytest.raises(ServiceError):
        services.substitute_player(leaver.pk, PlayerDetails("Второй"), chief)


def test_an_existing_player_can_be_the_substitute():
    tournament = TournamentFactory()
    leaver = RegistrationFactory(tournament=tournament)
    chief = chief_of(tournament)
    services.withdraw_player(leaver.pk, chief)
    veteran = PlayerFactory()
    substitute = services.substitute_player(leaver.pk, veteran.pk, chief)
    assert substitute.player == veteran


def test_a_referee_cannot_substitute_a_player():
    tournament = TournamentFactory()
    leaver = RegistrationFactory(tournament=tournament)
    services.withdraw_player(leaver.pk, chief_of(tournament))
    with pytest.raises(NotAllowed):
        services.substitute_player(leaver.pk, PlayerDetails("Запасной"), referee_of(tournament))
    assert tournament.entries.count() == 1


# -- import --------------------------------------------------------------------------------


def test_an_imported_row_with_a_known_federation_id_reuses_that_player():
    veteran = PlayerFactory(name="Олег Носов", federation_id="501")
    tournament = TournamentFactory()
    result = services.import_players(
        tournament.pk,
        [{"line": 2, "name": "Олег Носов", "federation_id": "501"}, {"line": 3, "name": "Вера"}],
        chief_of(tournament),
    )
    assert result.registered[0].player == veteran
    assert Player.objects.count() == 2 and tournament.entries.count() == 2


def test_a_referee_cannot_import_players():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.import_players(
            tournament.pk, [{"line": 2, "name": "Вера"}], referee_of(tournament)
        )
    assert not Player.objects.exists()


def test_a_stranger_cannot_preview_an_import():
    tournament = TournamentFactory()
    with pytest.raises(NotAllowed):
        services.preview_import(tournament, "ФИО\nВера\n".encode(), "x.csv", UserFactory())
