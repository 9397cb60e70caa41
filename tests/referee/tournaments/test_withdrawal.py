"""Withdrawing a player: the confirmation says what it does; before the start it can be
undone (``reinstate_player``), after the start it stands."""

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.seating import services as seating
from referee.tables.models import Seat
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Registration, Round, Tournament
from referee.tournaments.services import PlayerDetails

from ..factories import (
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
)

pytestmark = pytest.mark.django_db


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


def draft_with(n=4):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    entries = [RegistrationFactory(tournament=tournament) for _ in range(n)]
    return tournament, entries


def withdrawn(entry, chief):
    services.withdraw_player(entry.pk, chief)
    entry.refresh_from_db()
    return entry


# -- the service -------------------------------------------------------------------------


def test_a_withdrawal_before_the_start_is_undone_and_logged():
    tournament, entries = draft_with()
    chief = chief_of(tournament)
    entry = withdrawn(entries[0], chief)
    services.reinstate_player(entry.pk, chief, reason="came after all")
    entry.refresh_from_db()
    assert entry.status == Registration.Status.ACTIVE and entry.withdrawn_after_round is None
    logged = ActionLog.objects.get(action="player.reinstated")
    assert logged.subject == entry.player.name and logged.reason == "came after all"
    assert (logged.subject_type, logged.subject_id) == ("tournaments.registration", entry.pk)
    assert logged.data == {"registration": entry.pk, "withdrawn_after_round": 0}


def test_a_reinstated_player_is_seated_like_everybody_else():
    tournament, entries = draft_with(6)
    chief = chief_of(tournament)
    services.reinstate_player(withdrawn(entries[0], chief).pk, chief)
    services.start_tournament(tournament.pk, chief)
    seating.seat_next_round(tournament.pk, chief, seed=1)
    assert set(Seat.objects.values_list("registration_id", flat=True)) == {e.pk for e in entries}


def test_the_undo_is_refused_after_the_start():
    tournament, entries = draft_with()
    chief = chief_of(tournament)
    entry = withdrawn(entries[0], chief)
    services.start_tournament(tournament.pk, chief)
    with pytest.raises(ServiceError) as refused:
        services.reinstate_player(entry.pk, chief)
    assert "can no longer be undone" in refused.value.message
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN
    assert not ActionLog.objects.filter(action="player.reinstated").exists()


@pytest.mark.parametrize("who", ["referee", "stranger", "chief of another"])
def test_only_the_chief_referee_may_undo_a_withdrawal(who):
    tournament, entries = draft_with()
    entry = withdrawn(entries[0], chief_of(tournament))
    user = {
        "referee": lambda: referee_of(tournament),
        "stranger": UserFactory,
        "chief of another": lambda: chief_of(TournamentFactory()),
    }[who]()
    with pytest.raises(NotAllowed):
        services.reinstate_player(entry.pk, user)
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN


def test_a_player_who_has_not_withdrawn_is_not_reinstated():
    tournament, entries = draft_with()
    with pytest.raises(ServiceError) as refused:
        services.reinstate_player(entries[0].pk, chief_of(tournament))
    assert refused.value.message == f"{entries[0].player.name} has not withdrawn."


def test_the_undo_is_refused_while_a_round_is_seated_without_him():
    tournament, entries = draft_with(7)
    chief = chief_of(tournament)
    entry = withdrawn(entries[0], chief)
    seating.seat_next_round(tournament.pk, chief, seed=1)  # a draft round, seated before start
    with pytest.raises(ServiceError) as refused:
        services.reinstate_player(entry.pk, chief)
    assert "discard its seating, then reinstate" in refused.value.message
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN


def test_registering_a_withdrawn_player_again_points_to_the_undo():
    tournament, entries = draft_with()
    chief = chief_of(tournament)
    entry = withdrawn(entries[0], chief)
    with pytest.raises(ServiceError) as refused:
        services.register_player(
            tournament.pk, PlayerDetails(entry.player.name, city=entry.player.city), chief
        )
    assert "“Reinstate” puts him back" in refused.value.message


# -- the pages ---------------------------------------------------------------------------


def withdraw_url(entry):
    return reverse("manage-withdraw", args=[entry.tournament.slug, entry.pk])


def test_withdraw_asks_first_and_says_the_undo_is_possible_before_the_start(client):
    tournament, entries = draft_with()
    client.force_login(chief_of(tournament))
    client.cookies["django_language"] = "ru"
    asked = client.post(withdraw_url(entries[0]), {"after_round": "0", "reason": "болен"})
    page = asked.content.decode()
    assert asked.status_code == 200 and 'name="confirmed" value="1"' in page
    assert "Пока турнир не начат, снятие можно отменить" in page
    assert 'name="reason" value="болен"' in page  # carried to the confirmation
    entries[0].refresh_from_db()
    assert entries[0].status == Registration.Status.ACTIVE  # nothing done yet


def test_after_the_start_the_confirmation_says_what_happens_to_his_seat_and_results(client):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    entry = RegistrationFactory(tournament=tournament)
    client.force_login(chief_of(tournament))
    page = client.post(withdraw_url(entry), {"after_round": "1"}).content.decode()
    assert "is not seated from round 2 on" in page
    assert "stay in the standings" in page and "cannot be undone" in page
    assert "Reinstate" not in page


def test_a_get_on_withdraw_shows_the_same_confirmation(client):
    tournament, entries = draft_with()
    client.force_login(chief_of(tournament))
    response = client.get(withdraw_url(entries[0]))
    assert response.status_code == 200
    assert f"Withdraw {entries[0].player.name}?" in response.content.decode()
    entries[0].refresh_from_db()
    assert entries[0].status == Registration.Status.ACTIVE


def test_withdraw_then_reinstate_from_the_players_page(client):
    tournament, entries = draft_with()
    client.force_login(chief_of(tournament))
    client.post(withdraw_url(entries[0]), {"after_round": "0", "confirmed": "1"})
    entries[0].refresh_from_db()
    assert entries[0].status == Registration.Status.WITHDRAWN
    players = reverse("manage-players", args=[tournament.slug])
    reinstate = reverse("manage-reinstate", args=[tournament.slug, entries[0].pk])
    assert f'action="{reinstate}"' in client.get(players).content.decode()
    response = client.post(reinstate, follow=True)
    assert "is back on the list of players" in response.content.decode()
    entries[0].refresh_from_db()
    assert entries[0].status == Registration.Status.ACTIVE


def test_the_players_page_offers_no_undo_after_the_start(client):
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament, status=Registration.Status.WITHDRAWN)
    client.force_login(chief_of(tournament))
    page = client.get(reverse("manage-players", args=[tournament.slug])).content.decode()
    assert reverse("manage-reinstate", args=[tournament.slug, entry.pk]) not in page
    assert reverse("manage-substitute", args=[tournament.slug, entry.pk]) in page


def test_a_referee_cannot_reinstate_through_the_page(client):
    tournament, entries = draft_with()
    entry = withdrawn(entries[0], chief_of(tournament))
    client.force_login(referee_of(tournament))
    reinstate = reverse("manage-reinstate", args=[tournament.slug, entry.pk])
    assert client.post(reinstate).status_code == 403
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN


def test_a_get_on_reinstate_changes_nothing(client):
    tournament, entries = draft_with()
    entry = withdrawn(entries[0], chief_of(tournament))
    client.force_login(chief_of(tournament))
    response = client.get(reverse("manage-reinstate", args=[tournament.slug, entry.pk]))
    assert response.status_code == 302
    assert response.url == reverse("manage-players", args=[tournament.slug])
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN
