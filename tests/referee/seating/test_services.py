"""Round services: seating from the database, hand adjustment, start and finish."""

import pytest

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.seating import services
from referee.tables.models import Seat, Table
from referee.tournaments.models import ActionLog, Round

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def tournament_with(players: int, **fields):
    tournament = TournamentFactory(**fields)
    for _ in range(players):
        RegistrationFactory(tournament=tournament)
    return tournament, referee_of(tournament, Role.Kind.CHIEF)


def test_ten_players_sit_at_a_four_and_two_threes():
    tournament, chief = tournament_with(10)
    round_ = services.seat_next_round(tournament.pk, chief, seed=1)
    sizes = sorted(t.seats.count() for t in round_.tables.all())
    assert sizes == [3, 3, 4]
    assert Seat.objects.filter(table__round=round_).count() == 10
    assert Seat.objects.filter(table__round=round_, first_dealer=True).count() == 3
    assert round_.status == Round.Status.DRAFT and round_.notes
    assert ActionLog.objects.filter(action="round.seated").exists()


def test_the_same_seed_gives_the_same_seating():
    first, chief1 = tournament_with(11)
    second, chief2 = tournament_with(11)
    a = services.seat_next_round(first.pk, chief1, seed=7)
    b = services.seat_next_round(second.pk, chief2, seed=7)

    def shape(round_):
        """Each table's players as their registration order, seat by seat."""
        order = list(round_.tournament.entries.order_by("pk").values_list("pk", flat=True))
        return [
            [order.index(s.registration_id) for s in t.seats.order_by("position")]
            for t in round_.tables.order_by("number")
        ]

    assert shape(a) == shape(b)


def test_only_the_chief_referee_seats_rounds():
    tournament, _ = tournament_with(6)
    with pytest.raises(NotAllowed):
        services.seat_next_round(tournament.pk, referee_of(tournament))
    assert not Round.objects.exists()


def test_the_next_round_waits_for_the_last_to_finish():
    tournament, chief = tournament_with(6)
    services.seat_next_round(tournament.pk, chief, seed=1)
    with pytest.raises(ServiceError) as refused:
        services.seat_next_round(tournament.pk, chief, seed=2)
    assert (refused.value.code, refused.value.params) == ("seating.round.previous_open", {"n": 1})


def test_second_round_avoids_repeated_opponents_when_it_can():
    tournament, chief = tournament_with(9, table_size=3)
    first = services.seat_next_round(tournament.pk, chief, seed=1)
    services.start_round(first.pk, chief)
    first.tables.update(status=Table.Status.LOCKED)
    services.finish_round(first.pk, chief)
    second = services.seat_next_round(tournament.pk, chief, seed=2)
    met = {
        frozenset((a, b))
        for t in first.tables.all()
        for a in t.seats.values_list("registration_id", flat=True)
        for b in t.seats.values_list("registration_id", flat=True)
        if a != b
    }
    for table in second.tables.all():
        ids = list(table.seats.values_list("registration_id", flat=True))
        assert not any(frozenset((a, b)) in met for a in ids for b in ids if a != b)


def test_swap_exchanges_two_players_before_the_round_starts():
    tournament, chief = tournament_with(8)
    round_ = services.seat_next_round(tournament.pk, chief, seed=3)
    t1, t2 = round_.tables.order_by("number")
    a = t1.seats.get(position=1).registration_id
    b = t2.seats.get(position=2).registration_id
    services.swap_players(round_.pk, a, b, chief, reason="relatives")
    assert t1.seats.get(position=1).registration_id == b
    assert t2.seats.get(position=2).registration_id == a
    services.start_round(round_.pk, chief)
    with pytest.raises(ServiceError) as refused:
        services.swap_players(round_.pk, a, b, chief)
    assert refused.value.code == "seating.swap.round_started"


def test_forbidden_pairs_are_never_seated_together():
    tournament, chief = tournament_with(8)
    ids = list(tournament.entries.values_list("pk", flat=True))
    tournament.forbidden_pairs = [[ids[0], ids[1]], [ids[2], ids[3]]]
    tournament.save()
    for seed in range(5):
        round_ = services.seat_next_round(tournament.pk, chief, seed=seed)
        for table in round_.tables.all():
            seated = set(table.seats.values_list("registration_id", flat=True))
            assert not {ids[0], ids[1]} <= seated and not {ids[2], ids[3]} <= seated
        services.discard_round(round_.pk, chief, reason="try again")


def test_a_round_finishes_only_when_every_table_is_locked():
    tournament, chief = tournament_with(7)
    round_ = services.seat_next_round(tournament.pk, chief, seed=1)
    services.start_round(round_.pk, chief)
    with pytest.raises(ServiceError) as refused:
        services.finish_round(round_.pk, chief)
    assert refused.value.code == "seating.round.tables_open"
    round_.tables.update(status=Table.Status.LOCKED)
    assert services.finish_round(round_.pk, chief).status == Round.Status.FINISHED


def test_a_draft_tournament_cannot_start_a_round():
    tournament, chief = tournament_with(6, status="draft")
    round_ = services.seat_next_round(tournament.pk, chief, seed=1)
    with pytest.raises(ServiceError) as refused:
        services.start_round(round_.pk, chief)
    assert refused.value.code == "seating.round.tournament_not_started"
