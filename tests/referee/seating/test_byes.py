"""The bye rotates over the stored rounds (TOURNAMENTS §6.2): with five players nobody sits
out twice before everybody has sat out once."""

import pytest

from referee.accounts.models import Role
from referee.seating import services
from referee.tables.models import Table

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def test_five_players_sit_out_in_turn_over_five_rounds():
    tournament = TournamentFactory()
    for _ in range(5):
        RegistrationFactory(tournament=tournament)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    byes = []
    for seed in range(5):
        round_ = services.seat_next_round(tournament.pk, chief, seed=seed)
        byes += round_.byes
        services.start_round(round_.pk, chief)
        Table.objects.filter(round=round_).update(status=Table.Status.LOCKED)
        services.finish_round(round_.pk, chief)
    assert sorted(byes) == sorted(tournament.entries.values_list("pk", flat=True))
    assert services.past_rounds(tournament)[0].byes == (byes[0],)
